"""Seasons on the public pages: the list of seasons and events, and a season's page with
its rules and its ladder (page and downloads)."""

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.io.exports import EXPORT_FORMATS
from club.models import Event, Season
from club.stats.ladder import season_ladder, season_sessions
from club.stats.masterpoints import season_masterpoints
from reports.presenters import season_rules
from reports.season_grids import LadderTable
from reports.views.common import table_download_or_page
from reports.views.players import player_prefix


@require_safe
def season_list(request):
    return render(request, "reports/seasons/list.html", {
        "seasons": Season.objects.order_by("-id"),
        "events": Event.objects.select_related("season").order_by("-id"),
    })


@require_safe
def season_page(request, season_id):
    """The rules at the top, then the ladder (sortable, downloadable), the sessions it
    counts and its events. Only published sessions count."""
    season = get_object_or_404(Season, pk=season_id)
    sessions = list(season_sessions(season))
    table = LadderTable(season_ladder(season, sessions), player_prefix=player_prefix())
    download = table_download_or_page(request, table, _("Ladder"), f"ladder-{season.pk}")
    if download is not None:
        return download
    return render(request, "reports/seasons/season.html", {
        "season": season, "rules": season_rules(season), "table": table,
        "sessions": sessions[::-1], "events": season.events.order_by("-id"),
        "export_formats": EXPORT_FORMATS, "masterpoints": season_masterpoints(season),
        "player_prefix": player_prefix(),
    })
