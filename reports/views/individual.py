"""An individual session's public standings by player (club.stats.individual), counting
only the boards the public may see, their downloads (CSV, XLSX, JSON), and the block the
page fetches again while play is on (answered 304 while the session is unchanged)."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.io.exports import EXPORT_FORMATS
from club.models.choices import INDIVIDUAL
from club.plan import SessionPlan
from club.stats.individual import player_standings
from club.stats.masterpoints import session_masterpoints
from club.stats.swiss import result_figures
from club.visibility import is_partial, is_provisional, played_from, public_boards
from reports.grids import PlayerStandingsTable
from reports.views.common import (
    LIVE_PART,
    export_format,
    export_response,
    get_session,
    live_response,
    recent_live_block,
)


def public_player_standings(plan):
    """(the standings by player over the boards the public may see, those boards): the
    hidden-board rule of the pairs' standings (club.visibility). One query."""
    results = result_figures(plan.session)
    visible = public_boards(plan, played_from(results, {p.pk: p.number for p in plan.pairs}))
    return player_standings(plan, results, visible), visible


def standings_block(session):
    """The standings block (templates/reports/individual_block.html), as HTML: while the
    session is provisional it fetches itself again every 15 seconds and says how many
    boards the totals count."""
    plan = SessionPlan.load(session)
    rows, visible = public_player_standings(plan)
    provisional = is_provisional(session)
    return render_to_string("reports/individual_block.html", {
        "rows": rows, "boards": plan.played_board_total,
        "masterpoints": session_masterpoints(session),
        "counted": len(visible.public) if is_partial(session) else None,
        "live": {"provisional": provisional, "updated": timezone.now(),
                 "poll_url": reverse("individual-standings", args=[session.pk])
                 + f"?part={LIVE_PART}" if provisional else ""}})


@require_safe
def individual_page(request, session_id):
    """The standings by player, their download (?_export=csv|xlsx|json) or the live block
    (?part=table): the same few queries whatever the number of players, one for a poll
    that finds the session unchanged."""
    if answer := recent_live_block(request):
        return answer
    session = get_session(request, session_id)
    if session.movement != INDIVIDUAL:
        raise Http404
    fmt = export_format(request)
    if fmt:
        rows, _visible = public_player_standings(SessionPlan.load(session))
        return export_response(PlayerStandingsTable(
            rows, masterpoints_of=session_masterpoints(session)), fmt, _("Standings"),
                               f"standings-{session.date}-{session.id}")
    part = request.GET.get("part") == LIVE_PART
    state = ("individual", session.version, session.status, get_language(), part)

    def respond():
        block = standings_block(session)
        if part:
            return HttpResponse(block)
        return render(request, "reports/individual.html", {
            "session": session, "standings": block, "export_formats": EXPORT_FORMATS})

    return live_response(request, session, state, part, respond)
