"""The list of sessions and a session's standings (page and downloads)."""

from django.core.paginator import Paginator
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.queries import session_standings
from club.stats.seasons import season_groups
from reports.tables import EXPORT_FORMATS, StandingsTable
from reports.views.common import (
    export_format,
    export_response,
    get_session,
    url_prefix,
    visible_sessions,
)

SESSIONS_PER_PAGE = 30


@require_safe
def session_list(request):
    """The sessions, newest first, a page at a time and grouped under their seasons: the
    same few queries whatever the number of sessions."""
    sessions = visible_sessions(request.user).order_by("-date", "-id")
    page = Paginator(sessions, SESSIONS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "reports/session_list.html", {
        "page": page, "groups": season_groups(list(page)),
        "standings_prefix": reverse("standings", args=[0])[:-2],
        "season_prefix": reverse("season", args=[0])[:-2],
    })


@require_safe
def standings(request, session_id):
    session = get_session(request, session_id)
    table = StandingsTable(session_standings(session),
                           scorecard_prefix=url_prefix("pair-scorecard", session.id))
    # django-tables2's ?sort=, limited to the table's columns (anything else is ignored).
    sort = request.GET.get("sort", "")
    if sort.removeprefix("-") in {column.name for column in table.columns}:
        table.order_by = sort
    fmt = export_format(request)
    if fmt:
        return export_response(table, fmt, _("Standings"),
                               f"standings-{session.date}-{session.id}")
    return render(request, "reports/standings.html", {
        "session": session, "table": table, "export_formats": EXPORT_FORMATS,
    })
