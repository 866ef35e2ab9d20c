"""The director's page of a Swiss pairs session: its rounds, the standings by VPs, and
starting the next round (club.services.swiss.start_swiss_round)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from club.models import Session
from club.models.choices import SWISS
from club.permissions import director_required
from club.plan import SessionPlan
from club.services.errors import Refused
from club.services.swiss import start_swiss_round
from club.stats.swiss import swiss_standings

# The first round's draw, as the form posts it.
SEEDED, RANDOM = "seeded", "random"


def swiss_session(session_id):
    session = get_object_or_404(Session, pk=session_id)
    if session.movement != SWISS:
        raise Http404
    return session


@director_required
@require_GET
def swiss_rounds(request, session_id):
    """Every stored round with its results so far (the director sees every board), the
    standings, and the button that starts the next round."""
    session = swiss_session(session_id)
    plan = SessionPlan.load(session)
    standings = swiss_standings(plan)
    started = plan.swiss_rounds_started
    return render(request, "club/swiss/rounds.html", {
        "session": session, **standings.context(), "started": started,
        "next_round": started + 1 if started < session.rounds else None,
        "round_complete": not started or standings.round_complete(started),
        "problems": plan.setup_problems,
    })


@director_required
@require_POST
def swiss_start_round(request, session_id):
    """Start the next round: its pairings, tables and directions are stored at once."""
    session = swiss_session(session_id)
    seeded = request.POST.get("draw", SEEDED) != RANDOM
    try:
        round = start_swiss_round(session.pk, seeded=seeded)
    except Refused as err:
        messages.error(request, " ".join(err.messages))
    else:
        messages.success(request, gettext(
            "Round %(round)d has started: its pairings and tables are on the players' "
            "phones and the public Swiss page.") % {"round": round})
    return redirect("swiss-rounds", session.pk)
