"""An individual session's public standings by player (club.stats.individual), counting
only the boards the public may see, and their downloads (CSV, XLSX, JSON)."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.models.choices import INDIVIDUAL
from club.plan import SessionPlan
from club.stats.individual import player_standings
from club.stats.swiss import result_figures
from club.visibility import played_from, public_boards
from reports.grids import PlayerStandingsTable
from reports.views.common import export_format, export_response, get_session


def public_player_standings(plan):
    """(the standings by player over the boards the public may see, those boards): the
    hidden-board rule of the pairs' standings (club.visibility). One query."""
    results = result_figures(plan.session)
    visible = public_boards(plan, played_from(results, {p.pk: p.number for p in plan.pairs}))
    return player_standings(plan, results, visible), visible


@require_safe
def individual_page(request, session_id):
    """The standings by player, or their download (?_export=csv|xlsx|json): the same few
    queries whatever the number of players."""
    session = get_session(request, session_id)
    if session.movement != INDIVIDUAL:
        raise Http404
    plan = SessionPlan.load(session)
    rows, visible = public_player_standings(plan)
    fmt = export_format(request)
    if fmt:
        return export_response(PlayerStandingsTable(rows), fmt, _("Standings"),
                               f"standings-{session.date}-{session.id}")
    return render(request, "reports/individual.html", {
        "session": session, "rows": rows, "total": plan.played_board_total,
        "counted": None if visible.everything else len(visible.public)})
