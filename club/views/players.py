"""The director's player registry: the list with a search, adding and changing a player
(name, membership and federation numbers, active flag) and merging two records of one
person. Every change goes through club.services.players."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.forms.players import MergeForm, PlayerForm, PlayerSearchForm
from club.models import Pair, Player
from club.permissions import director_required
from club.services.errors import Refused
from club.services.players import merge_players, merge_preview, save_player

PAGE_SIZE = 50
SUGGESTIONS = 10


@director_required
@require_GET
def player_list(request):
    search = PlayerSearchForm(request.GET)
    page = Paginator(search.players(), PAGE_SIZE).get_page(request.GET.get("page"))
    term = search.cleaned_data.get("q", "") if search.is_valid() else ""
    return render(request, "club/players/list.html", {
        "search": search, "page": page,
        "extra": f"&{urlencode({'q': term})}" if term else ""})


def saved(form, player=None):
    """The player saved through the service; None (with the form's errors) if refused."""
    try:
        return save_player(form.player_fields(), player_id=player.pk if player else None)
    except ValidationError as err:  # Refused, or a number taken meanwhile
        form.add_error(None, err)
    return None


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_create(request):
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and (player := saved(form)):
        messages.success(request, gettext("Player “%(name)s” added.") % {"name": player.name})
        return redirect("director-players")
    return render(request, "club/players/form.html", {"form": form, "player": None})


def pair_count(player):
    return Pair.objects.filter(Q(player1=player) | Q(player2=player)).count()


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def player_edit(request, player_id):
    player = get_object_or_404(Player, pk=player_id)
    form = PlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid() and saved(form, player):
        messages.success(request, gettext("Player saved."))
        return redirect("director-player", player.pk)
    if request.method == "POST":
        player.refresh_from_db()  # the form wrote what was typed into it; show the stored
    return render(request, "club/players/form.html", {
        "form": form, "player": player, "sessions": pair_count(player),
        "history": player.history.select_related("history_user")[:20],
        "merge_form": MergeForm(player=player)})


def duplicates(player):
    """Records that may be the same person: the same name in another case or spacing,
    or a name sharing the surname (the last word)."""
    words = player.name.split()
    condition = Q(name__iexact=player.name)
    if words:
        condition |= Q(name__icontains=words[-1])
    return (Player.objects.filter(condition).exclude(pk=player.pk)
            .order_by("name", "id")[:SUGGESTIONS])


@director_required
@require_http_methods(["GET", "HEAD"])
def player_merge(request, player_id):
    """Pick the other record (and which stays); the page shows what the merge would do
    and refuses early, then a POST to `player_merge_confirm` makes it."""
    player = get_object_or_404(Player, pk=player_id)
    form = MergeForm(request.GET or None, player=player)
    preview = None
    if form.is_bound and form.is_valid():
        both = {player.pk: player, form.cleaned_data["other"].pk: form.cleaned_data["other"]}
        keep_id, merged_id = form.ids()
        refusal, counts = merge_preview(both[keep_id], both[merged_id])
        preview = {"keep": both[keep_id], "merged": both[merged_id], "refusal": refusal,
                   "keep_sessions": counts.get(keep_id, 0),
                   "merged_sessions": counts.get(merged_id, 0)}
    return render(request, "club/players/merge.html", {
        "player": player, "form": form, "preview": preview,
        "suggestions": duplicates(player)})


@director_required
@require_POST
def player_merge_confirm(request, player_id):
    player = get_object_or_404(Player, pk=player_id)
    form = MergeForm(request.POST, player=player)
    if not form.is_valid():
        return render(request, "club/players/merge.html", {
            "player": player, "form": form, "preview": None,
            "suggestions": duplicates(player)})
    keep_id, merged_id = form.ids()
    try:
        kept = merge_players(keep_id, merged_id)
    except Refused as err:
        messages.error(request, " ".join(err.messages))
        return redirect("director-player", player.pk)
    messages.success(request, gettext("The two records are one now: “%(name)s” (#%(id)s) "
                                      "has every pair and result of both.")
                     % {"name": kept.name, "id": kept.pk})
    return redirect("director-player", kept.pk)
