"""An event's public page: its standings over its published sessions, one column per
session, with the carry-over (page and downloads)."""

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.io.exports import EXPORT_FORMATS
from club.models import Event
from club.stats.events import event_sessions, event_standings
from reports.season_grids import EventTable
from reports.views.common import table_download_or_page
from reports.views.players import player_prefix


@require_safe
def event_page(request, event_id):
    event = get_object_or_404(Event.objects.select_related("season"), pk=event_id)
    sessions, pending = event_sessions(event)
    table = EventTable(event_standings(event, sessions), sessions=sessions,
                       player_prefix=player_prefix())
    download = table_download_or_page(request, table, _("Event standings"),
                                      f"event-{event.pk}")
    if download is not None:
        return download
    return render(request, "reports/seasons/event.html", {
        "event": event, "table": table, "sessions": sessions,
        "pending": pending,
        "export_formats": EXPORT_FORMATS,
    })
