"""The director's pages of an individual session: its players (entering and withdrawing
them, club.services.individual), the standings by player and each player's table card."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.forms.individual import EntryForm
from club.models import IndividualEntry
from club.models.choices import INDIVIDUAL, SEAT_NAMES
from club.permissions import director_required
from club.plan import SessionPlan
from club.schedule import board_range
from club.services.errors import Refused
from club.services.individual import enter_player, withdraw_entry
from club.stats.individual import player_standings
from club.stats.masterpoints import session_masterpoints
from club.views.setup import load_session


def individual_session(session_id):
    session = load_session(session_id)
    if session.movement != INDIVIDUAL:
        raise Http404
    return session


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def entry_list(request, session_id):
    """The players entered and the form to enter the next one."""
    session = individual_session(session_id)
    plan = SessionPlan.load(session)
    form = EntryForm(request.POST or None, session=session, entries=plan.entries)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            entry = enter_player(session.pk, data["number"], data["player"])
        except Refused as err:
            form.add_error(None, err)
        else:
            messages.success(request, gettext("Player %(number)d entered: %(name)s.")
                             % {"number": entry.number, "name": entry.player.name})
            return redirect("individual-players", session.pk)
    return render(request, "club/individual/players.html", {
        "session": session, "entries": plan.entries, "form": form,
        "problems": plan.setup_problems})


@director_required
@require_POST
def entry_withdraw(request, session_id, entry_id):
    session = individual_session(session_id)
    entry = get_object_or_404(IndividualEntry.objects.select_related("player"),
                              pk=entry_id, session=session)
    try:
        withdraw_entry(entry.pk)
    except Refused as err:
        messages.error(request, " ".join(err.messages))
    else:
        messages.success(request, gettext("Player %(number)d (%(name)s) withdrawn.")
                         % {"number": entry.number, "name": entry.player.name})
    return redirect("individual-players", session.pk)


@director_required
@require_GET
def standings(request, session_id):
    """The standings by player over every result entered (the director sees every
    board; the public page counts only the released ones)."""
    session = individual_session(session_id)
    plan = SessionPlan.load(session)
    return render(request, "club/individual/standings.html", {
        "session": session, "rows": player_standings(plan),
        "masterpoints": session_masterpoints(session), "problems": plan.setup_problems})


@director_required
@require_GET
def table_cards(request, session_id):
    """Each player's table card, printable: table, seat and boards in every round, or the
    round they sit out (the engine's card, scoring.engine.individual)."""
    session = individual_session(session_id)
    plan = SessionPlan.load(session)
    movement, per_round = plan.individual_movement, session.boards_per_round
    cards = []
    for entry in plan.entries if movement else ():
        lines = [(line, SEAT_NAMES[line.seat] if line.seat else "",
                  "" if line.sits_out else board_range(line.board_set, per_round))
                 for line in movement.card(entry.number)]
        cards.append((entry, lines))
    return render(request, "club/individual/cards.html", {
        "session": session, "cards": cards, "problems": plan.setup_problems})
