"""Director's pages for setting up an evening: sessions, pairs, the movement, table cards.

Every page needs a director (club.permissions); nothing changes data on GET.
"""

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club import movements, services
from club.models import Pair, Session
from club.permissions import director_required
from club.setup_forms import (
    PairForm,
    SessionForm,
    boards_with_results,
    listing,
    movement_message,
    search_players,
)


def _session(session_id):
    return get_object_or_404(Session.objects.select_related("compensation_table"),
                             pk=session_id)


def _pairs(session):
    """The session's pairs with their players, in number order (one query)."""
    return list(session.pairs.select_related("player1", "player2").order_by("number"))


def setup_problems(session, numbers):
    """What still stops the evening from starting, as messages for the director."""
    numbers = sorted(numbers)
    count, seats = len(numbers), 2 * session.tables
    try:
        services.planned_schedule(session, numbers)
    except movements.MovementError as err:
        return [movement_message(err)]
    if services.seated_pairs(session, numbers):
        return []
    if session.movement == "free":
        return [ngettext("%(count)d pair registered; free seating on %(tables)d tables "
                         "takes 2 to %(seats)d pairs.",
                         "%(count)d pairs registered; free seating on %(tables)d tables "
                         "takes 2 to %(seats)d pairs.", count)
                % {"count": count, "tables": session.tables, "seats": seats}]
    if count in (seats - 1, seats):
        missing = sorted(set(range(1, count + 1)) - set(numbers))
        if missing:
            return [gettext("With %(count)d pairs the pairs must be %(first)s to %(last)s "
                            "without a gap; missing: %(missing)s.")
                    % {"count": count, "first": session.pair_label(1),
                       "last": session.pair_label(count),
                       "missing": listing(session.pair_label(n) for n in missing)}]
        try:
            services.session_schedule(session, pairs=count)
        except movements.MovementError as err:
            return [movement_message(err)]
    return [ngettext("%(count)d pair registered; %(tables)d tables need %(seats)d pairs, "
                     "or %(short)d with a sit-out each round.",
                     "%(count)d pairs registered; %(tables)d tables need %(seats)d pairs, "
                     "or %(short)d with a sit-out each round.", count)
            % {"count": count, "tables": session.tables, "seats": seats, "short": seats - 1}]


def _board_range(board_set, boards_per_round):
    boards = movements.boards_of_set(board_set, boards_per_round)
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}–{boards[-1]}"


def schedule_grid(session, pairs):
    """Rounds x tables for the templates: each cell has its seating, the labels and the
    players of its pairs, and its boards ("1–2"); the pairs sitting out are marked."""
    by_number = {p.number: p for p in pairs}
    seatings = services.planned_schedule(session, list(by_number))

    def side(number):
        if number is None:
            return None
        pair = by_number.get(number)
        return {"number": number, "label": session.pair_label(number),
                "players": pair.players if pair else ""}

    rounds = {}
    for seating in seatings:
        rounds.setdefault(seating.round, []).append({
            "table": seating.table, "ns": side(seating.ns), "ew": side(seating.ew),
            "sit_out": seating.is_sit_out,
            "boards": (_board_range(seating.board_set, session.boards_per_round)
                       if seating.board_set else ""),
        })
    return [{"round": r, "cells": cells} for r, cells in sorted(rounds.items())]


# --- pages ----------------------------------------------------------------------------

@director_required
@require_GET
def director_home(request):
    sessions = (Session.objects.annotate(pair_count=Count("pairs"))
                .order_by("-date", "-id"))
    return render(request, "club/director_home.html", {"sessions": sessions})


@director_required
@require_http_methods(["GET", "POST"])
def session_create(request):
    form = SessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        session = form.save()
        messages.success(request, gettext("Session “%(name)s” created; now register the "
                                          "pairs.") % {"name": session.name})
        return redirect("setup-pairs", session.pk)
    return render(request, "club/setup/session_form.html", {"form": form, "session": None})


@director_required
@require_http_methods(["GET", "POST"])
def session_edit(request, session_id):
    session = _session(session_id)
    form = SessionForm(request.POST or None, instance=session)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, gettext("Session saved."))
        return redirect("director-session", session.pk)
    return render(request, "club/setup/session_form.html", {"form": form, "session": session})


@director_required
@require_GET
def session_dashboard(request, session_id):
    session = _session(session_id)
    numbers = list(session.pairs.values_list("number", flat=True))
    return render(request, "club/setup/session.html", {
        "session": session,
        "pair_count": len(numbers),
        "board_count": session.boards.count(),
        "problems": setup_problems(session, numbers),
    })


@director_required
@require_POST
def session_start(request, session_id):
    """Setup is over: the first round starts (the session becomes public)."""
    with transaction.atomic():
        session = get_object_or_404(Session.objects.select_for_update(), pk=session_id)
        problems = setup_problems(session, session.pairs.values_list("number", flat=True))
        if session.status != Session.Status.SETUP:
            messages.error(request, gettext("The session is already %(status)s.")
                           % {"status": session.get_status_display()})
        elif problems:
            messages.error(request, " ".join(problems))
        else:
            session.status = Session.Status.RUNNING
            session.save(update_fields=["status"])
            services.sync_boards(session)
            messages.success(request, gettext("Play has started."))
    return redirect("director-session", session.pk)


def _save_pair(form):
    """Save a valid pair form; None (with a form error) when another request took the
    number or a player in between (the database refuses the duplicate)."""
    try:
        return form.save()
    except IntegrityError:
        form.add_error(None, gettext("Another change to this session's pairs was saved "
                                     "meanwhile; check the pairs and try again."))
        return None


@director_required
@require_http_methods(["GET", "POST"])
def pair_list(request, session_id):
    """The registered pairs and the form to register the next one."""
    session = _session(session_id)
    pairs = _pairs(session)
    form = PairForm(request.POST or None, session=session, pairs=pairs)
    if request.method == "POST" and form.is_valid() and (saved := _save_pair(form)):
        messages.success(request, gettext("Pair %(label)s registered: %(players)s.")
                         % {"label": saved.label, "players": saved.players})
        return redirect("setup-pairs", session.pk)
    return render(request, "club/setup/pairs.html", {
        "session": session, "pairs": pairs, "form": form,
        "problems": setup_problems(session, [p.number for p in pairs]),
    })


@director_required
@require_http_methods(["GET", "POST"])
def pair_edit(request, session_id, pair_id):
    session = _session(session_id)
    pairs = _pairs(session)
    pair = next((p for p in pairs if p.pk == pair_id), None)
    if pair is None:
        raise Http404
    form = PairForm(request.POST or None, session=session, pairs=pairs, pair=pair)
    if request.method == "POST" and form.is_valid() and (saved := _save_pair(form)):
        messages.success(request, gettext("Pair %(label)s saved: %(players)s.")
                         % {"label": saved.label, "players": saved.players})
        return redirect("setup-pairs", session.pk)
    return render(request, "club/setup/pair_form.html",
                  {"session": session, "pair": pair, "form": form})


def withdrawal_refusal(session, pair):
    """Why this pair cannot be withdrawn, or "" when it can."""
    if session.is_locked:
        return gettext("This session is %(status)s: reopen it before changing its pairs.") % {
            "status": session.get_status_display()}
    own = sorted({n for n in pair.ns_results.values_list("board__number", flat=True)}
                 | {n for n in pair.ew_results.values_list("board__number", flat=True)})
    if own:
        return gettext("Pair %(label)s has results on boards %(boards)s and cannot be "
                       "withdrawn.") % {"label": pair.label, "boards": listing(own)}
    played = boards_with_results(session)
    if played:
        return gettext("Results exist on boards %(boards)s, so the number of pairs can no "
                       "longer change.") % {"boards": listing(played)}
    return ""


@director_required
@require_http_methods(["GET", "POST"])
def pair_delete(request, session_id, pair_id):
    """Withdraw a pair before play starts: a confirmation page, then a POST."""
    session = _session(session_id)
    pair = get_object_or_404(Pair.objects.select_related("player1", "player2"),
                             pk=pair_id, session=session)
    pair.session = session
    refusal = withdrawal_refusal(session, pair)
    if request.method == "POST":
        if refusal:
            messages.error(request, refusal)
        else:
            label, players = pair.label, pair.players
            with transaction.atomic():
                pair.delete()
                services.sync_boards(session)
            messages.success(request, gettext("Pair %(label)s (%(players)s) withdrawn.")
                             % {"label": label, "players": players})
        return redirect("setup-pairs", session.pk)
    return render(request, "club/setup/pair_delete.html",
                  {"session": session, "pair": pair, "refusal": refusal})


@director_required
@require_GET
def player_search(request):
    """htmx: <option>s of the active players matching what is typed (q, or the value of
    the player field that asks)."""
    term = next((request.GET[k] for k in ("q", "player1", "player2") if request.GET.get(k)),
                "")
    return render(request, "club/setup/player_options.html",
                  {"players": search_players(term), "term": term})


def _schedule_context(session):
    pairs = _pairs(session)
    numbers = [p.number for p in pairs]
    context = {"session": session, "pairs": pairs, "grid": [], "error": "",
               "problems": []}
    if session.movement == Session.Movement.FREE:
        return context
    try:
        context["grid"] = schedule_grid(session, pairs)
    except movements.MovementError as err:
        context["error"] = movement_message(err)
        return context
    context["problems"] = setup_problems(session, numbers)
    context["tables"] = range(1, len(context["grid"][0]["cells"]) + 1) if context[
        "grid"] else []
    return context


@director_required
@require_GET
def schedule(request, session_id):
    """The movement as a table: rounds down, tables across."""
    return render(request, "club/setup/schedule.html", _schedule_context(_session(session_id)))


@director_required
@require_GET
def table_cards(request, session_id):
    """A printable card per table: for each round, the NS and EW pairs and the boards."""
    context = _schedule_context(_session(session_id))
    cards = {}
    for row in context["grid"]:
        for cell in row["cells"]:
            cards.setdefault(cell["table"], []).append(dict(cell, round=row["round"]))
    context["cards"] = sorted(cards.items())
    context["one_per_page"] = request.GET.get("layout") == "page"
    return render(request, "club/setup/table_cards.html", context)
