"""The movement as the director sees it: the schedule (rounds by tables) and the printable
table cards, with how many copies of each board set the room needs."""

from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from club.models import Session
from club.notation import bridge_message
from club.permissions import director_required
from club.plan import SessionPlan
from club.qr import public_address
from club.schedule import board_range
from club.views.setup import load_session
from scoring.engine import MovementError


def schedule_grid(plan):
    """Rounds x tables for the templates: each cell has its seating, the labels and the
    players of its pairs, its boards ("1–2"), whether it is a relay table or an
    arrow-switched round, and where its pairs and boards go next (the table cards' guide);
    the pairs sitting out are marked, and each round says which boards rest on the bye
    stand. Raises MovementError when the session's own sizes are impossible."""
    session, by_number = plan.session, plan.by_number
    per_round = session.boards_per_round
    seatings = plan.planned

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
            "sit_out": seating.is_sit_out, "board_set": seating.board_set,
            "boards": (board_range(seating.board_set, per_round)
                       if seating.board_set else ""),
            "relay": seating.table in plan.relay_tables, "switched": seating.switched,
            "next": _next_places(plan, seating),
        })
    grid = []
    for number, cells in sorted(rounds.items()):
        stand = plan.bye_stand_set(number)
        grid.append({"round": number, "cells": cells,
                     "bye_stand": board_range(stand, per_round) if stand else ""})
    return grid


def _next_places(plan, seating):
    """Where the seating's pairs and boards go next round, for the table cards: each pair
    with its table (or sitting out), the tables its boards go to, or the bye stand; None
    after the last round."""
    places = plan.next_places(seating)
    if places is None:
        return None
    seats, tables, resting = places
    session = plan.session
    pairs = [{"label": session.pair_label(number), "table": seat.table,
              "sit_out": seat.is_sit_out, "stays": seat.table == seating.table}
             for number, seat in seats.items() if seat is not None]
    return {"pairs": pairs, "tables": tables, "bye_stand": resting}


def _schedule_context(session):
    plan = SessionPlan.load(session)
    context = {"session": session, "pairs": plan.pairs, "grid": [], "error": "",
               "problems": []}
    if session.movement == Session.Movement.FREE:
        return context
    try:
        context["grid"] = schedule_grid(plan)
    except MovementError as err:
        context["error"] = bridge_message(err)
        return context
    context["problems"] = plan.setup_problems
    context["copies"] = plan.board_copies(plan.planned)
    context["relay"] = plan.relay
    context["tables"] = range(1, len(context["grid"][0]["cells"]) + 1) if context[
        "grid"] else []
    return context


@director_required
@require_GET
def schedule(request, session_id):
    """The movement as a table: rounds down, tables across."""
    return render(request, "club/setup/schedule.html", _schedule_context(load_session(session_id)))


def _guide_addresses(request, session, first):
    """The guide card addresses of the pairs starting at a table (its first round's
    cell), for the printed card: under the club's PUBLIC_URL, like the QR codes."""
    return [{"label": side["label"],
             "url": public_address(request, reverse("pair-guide",
                                                    args=[session.pk, side["number"]]))}
            for side in (first["ns"], first["ew"]) if side]


@director_required
@require_GET
def table_cards(request, session_id):
    """A printable card per table: for each round, the NS and EW pairs and the boards."""
    session = load_session(session_id)
    context = _schedule_context(session)
    cards = {}
    for row in context["grid"]:
        for cell in row["cells"]:
            cards.setdefault(cell["table"], []).append(dict(cell, round=row["round"]))
    context["cards"] = [(table, rounds, _guide_addresses(request, session, rounds[0]))
                        for table, rounds in sorted(cards.items())]
    context["one_per_page"] = request.GET.get("layout") == "page"
    return render(request, "club/setup/table_cards.html", context)
