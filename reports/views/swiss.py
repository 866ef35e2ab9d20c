"""A Swiss pairs session's public page: the standings by victory points, each round's
matches and the latest round's pairings (club.stats.swiss)."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from club.models.choices import SWISS
from club.plan import SessionPlan
from club.stats.swiss import result_figures, swiss_standings
from club.visibility import played_from, public_boards
from reports.views.common import get_session, shown_response


def public_swiss_standings(plan):
    """The Swiss standings counting only the boards the public may see (club.visibility):
    a match shows its IMPs and VPs once each board of its round is public. One query."""
    results = result_figures(plan.session)
    visible = public_boards(plan, played_from(results, {p.pk: p.number for p in plan.pairs}))
    return swiss_standings(plan, results, visible)


@require_safe
def swiss_page(request, session_id):
    """The Swiss standings and rounds: the same few queries whatever the size. What the
    page shows is worked out once per version of the session (cached), so a reload finding
    it unchanged (entries on boards still in play change nothing here) is a 304 after one
    query."""
    session = get_session(request, session_id)
    if session.movement != SWISS:
        raise Http404
    return shown_response(
        request, session, ("swiss",), ("swiss",),
        lambda: public_swiss_standings(SessionPlan.load(session)).context(),
        lambda context: sorted(context.items()),
        lambda context: render(request, "reports/swiss.html", {"session": session,
                                                                **context}))
