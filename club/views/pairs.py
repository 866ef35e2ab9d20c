"""Director's pages for a session's pairs: the list with the form to register the next
pair, changing a pair, withdrawing one, and the player search behind the name fields."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from club.forms.setup import PairForm
from club.models import Pair
from club.models.choices import INDIVIDUAL
from club.permissions import director_required
from club.plan import SessionPlan, session_pairs
from club.queries import search_players
from club.services.errors import Refused
from club.services.pairs import save_pair, withdraw_pair, withdrawal_refusal
from club.views.setup import load_session


def saved_pair(form, pair=None):
    """Save a valid pair form through the service; None (with the form's errors) when the
    service refuses, e.g. another director took the number or a player in between."""
    data = form.cleaned_data
    try:
        return save_pair(form.session.pk, data["number"], data["player1"], data["player2"],
                         pair_id=pair.pk if pair else None)
    except Refused as err:
        form.add_error(None, err)
        return None


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def pair_list(request, session_id):
    """The registered pairs and the form to register the next one."""
    session = load_session(session_id)
    if session.movement == INDIVIDUAL:  # players enter, not pairs
        return redirect("individual-players", session.pk)
    plan = SessionPlan.load(session)
    pairs = plan.pairs
    form = PairForm(request.POST or None, session=session, pairs=pairs)
    if request.method == "POST" and form.is_valid() and (saved := saved_pair(form)):
        messages.success(request, gettext("Pair %(label)s registered: %(players)s.")
                         % {"label": saved.label, "players": saved.players})
        return redirect("setup-pairs", session.pk)
    return render(request, "club/setup/pairs.html", {
        "session": session, "pairs": pairs, "form": form,
        "problems": plan.setup_problems,
    })


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def pair_edit(request, session_id, pair_id):
    session = load_session(session_id)
    pairs = session_pairs(session)
    pair = next((p for p in pairs if p.pk == pair_id), None)
    if pair is None:
        raise Http404
    form = PairForm(request.POST or None, session=session, pairs=pairs, pair=pair)
    if request.method == "POST" and form.is_valid() and (saved := saved_pair(form, pair)):
        messages.success(request, gettext("Pair %(label)s saved: %(players)s.")
                         % {"label": saved.label, "players": saved.players})
        return redirect("setup-pairs", session.pk)
    return render(request, "club/setup/pair_form.html",
                  {"session": session, "pair": pair, "form": form})


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def pair_delete(request, session_id, pair_id):
    """Withdraw a pair before play starts: a confirmation page, then a POST."""
    session = load_session(session_id)
    pair = get_object_or_404(Pair.objects.select_related("player1", "player2"),
                             pk=pair_id, session=session)
    pair.session = session
    if request.method == "POST":
        try:
            withdraw_pair(pair.pk)
        except Refused as err:
            messages.error(request, " ".join(err.messages))
        else:
            messages.success(request, gettext("Pair %(label)s (%(players)s) withdrawn.")
                             % {"label": pair.label, "players": pair.players})
        return redirect("setup-pairs", session.pk)
    return render(request, "club/setup/pair_delete.html", {
        "session": session, "pair": pair, "refusal": withdrawal_refusal(session, pair)})


@director_required
@require_GET
def player_search(request):
    """htmx: <option>s of the active players matching what is typed (q, or the value of
    the player field that asks)."""
    term = next((request.GET[k] for k in ("q", "player1", "player2") if request.GET.get(k)),
                "")
    return render(request, "club/setup/player_options.html",
                  {"players": search_players(term), "term": term})
