"""The director's pages of an individual session: its players (entering and withdrawing
them, club.services.individual), the standings by player and each player's table card."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from club.forms.individual import EntryForm
from club.models import IndividualEntry
from club.models.choices import INDIVIDUAL
from club.permissions import director_required
from club.plan import SessionPlan
from club.services.errors import Refused
from club.services.individual import enter_player, withdraw_entry
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
