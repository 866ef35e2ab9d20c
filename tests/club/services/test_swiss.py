"""Swiss pairs sessions (issue 19): the director starts each round through
club.services.swiss.start_swiss_round; the pairings are stored as made and become the
session's seatings (club.plan.SessionPlan); a round waits for the last to be complete; no
two pairs meet twice, whatever is corrected later; the standings rank by VPs."""

import math
import random
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.db import IntegrityError, transaction

from club.models import Result, SwissSeat
from club.plan import SessionPlan
from club.services.errors import Refused
from club.services.pairs import withdraw_pair
from club.services.results import contract_values, correct_result, enter_result
from club.services.sessions import change_status, create_session, delete_session
from club.services.swiss import start_swiss_round
from club.stats.swiss import BYE_VPS, swiss_standings
from scoring.engine import parse_result
from tests.factories import make_pair, moscow_table

pytestmark = pytest.mark.django_db


def swiss_session(pairs=6, rounds=3, boards=2, start=True):
    session = create_session({
        "name": "Swiss evening", "date": "2026-12-02", "movement": "swiss",
        "tables": (pairs + 1) // 2, "rounds": rounds, "boards_per_round": boards,
        "compensation_table": moscow_table()})
    for number in range(1, pairs + 1):
        make_pair(session, number)
    if start:
        change_status(session.pk, "start")
    session.refresh_from_db()
    return session


def stored(session, round):
    """{table: (NS, EW)} of a stored round, read straight from the rows."""
    seats = SwissSeat.objects.filter(session=session, round=round, north_south=True)
    return {s.table: (s.pair.number, s.opponents.number) for s in seats}


def enter(session, board, ns, ew, text, hcp=20):
    return enter_result(session.boards.get(number=board).pk,
                        ns_pair_id=session.pairs.get(number=ns).pk,
                        ew_pair_id=session.pairs.get(number=ew).pk,
                        values=contract_values(parse_result(text)), board_hcp=hcp)


def play(session, round, texts):
    """Enter each table's results of `round` ({table: [one shorthand a board]})."""
    per_round = session.boards_per_round
    for table, (ns, ew) in stored(session, round).items():
        for offset, text in enumerate(texts[table]):
            enter(session, (round - 1) * per_round + offset + 1, ns, ew, text)


def test_starting_play_creates_every_rounds_boards_and_the_table_codes():
    session = swiss_session()
    assert session.boards.count() == 6  # 3 rounds of 2 boards
    assert session.table_codes.count() == 3
    assert SessionPlan.load(session).seatings == []  # no round yet


def test_the_first_round_seeded_by_pair_number_is_stored_and_seats_the_tables():
    session = swiss_session()
    assert start_swiss_round(session.pk) == 1
    assert stored(session, 1) == {1: (1, 4), 2: (2, 5), 3: (3, 6)}
    plan = SessionPlan.load(session)
    assert [(s.round, s.table, s.ns, s.ew) for s in plan.seatings] == [
        (1, 1, 1, 4), (1, 2, 2, 5), (1, 3, 3, 6)]
    # Every table plays the round's boards (1 and 2).
    assert all(plan.table_plays(table, 1, board) for table in (1, 2, 3) for board in (1, 2))
    assert not plan.table_plays(1, 1, 3)


def test_a_random_first_round_pairs_everyone_once():
    session = swiss_session(pairs=7, rounds=2)
    start_swiss_round(session.pk, seeded=False, rng=random.Random(7))
    seats = SwissSeat.objects.filter(session=session, round=1)
    assert sorted(s.pair.number for s in seats) == list(range(1, 8))
    byes = [s.pair.number for s in seats if s.opponents_id is None]
    assert len(byes) == 1 and SessionPlan.load(session).sit_out_rounds(byes[0]) == [1]


def test_a_round_waits_for_the_last_one_to_be_complete():
    session = swiss_session()
    start_swiss_round(session.pk)
    play(session, 1, {1: ["pass", "pass"], 2: ["pass", "pass"], 3: ["pass"]})
    with pytest.raises(Refused, match=r"Round 1 is not complete: tables 3 still"):
        start_swiss_round(session.pk)
    assert not SwissSeat.objects.filter(session=session, round=2).exists()


@pytest.mark.parametrize(("status", "message"), [("setup", "Start play first"),
                                                  ("finished", "Start play first")])
def test_rounds_start_only_while_the_session_runs(status, message):
    session = swiss_session(start=False)
    if status == "finished":
        change_status(session.pk, "start")
        change_status(session.pk, "finish")
    with pytest.raises(Refused, match=message):
        start_swiss_round(session.pk)


def test_a_session_that_is_not_swiss_has_no_rounds_to_start():
    session = swiss_session(start=False)
    session.movement = "howell"
    session.save()
    with pytest.raises(Refused, match="Only a Swiss pairs session"):
        start_swiss_round(session.pk)


def test_more_rounds_than_the_field_can_play_without_a_rematch_cannot_start():
    session = swiss_session(pairs=4, rounds=4, start=False)
    with pytest.raises(Refused, match="4 pairs can play at most 3 rounds"):
        change_status(session.pk, "start")


def test_the_next_round_pairs_by_the_standings_without_rematches():
    session = swiss_session()
    start_swiss_round(session.pk)
    # 1 beats 4 by a lot, 5 beats 2 by a little, 3 and 6 draw (passed out, 20 HCP each).
    play(session, 1, {1: ["4S= N", "4S= N"], 2: ["2S= E", "2S= E"], 3: ["pass", "pass"]})
    assert start_swiss_round(session.pk) == 2
    # Standings 1, 5, 3 (10 VPs, ties with 6 broken by number), 6, 2, 4: 1 meets 5; 3 has
    # met 6, so meets 2; 6 meets 4.
    assert stored(session, 2) == {1: (1, 5), 2: (3, 2), 3: (6, 4)}


def test_stored_pairings_never_change_and_no_pair_meets_twice_after_corrections():
    session = swiss_session()
    start_swiss_round(session.pk)
    play(session, 1, {1: ["4S= N", "4S= N"], 2: ["2S= E", "2S= E"], 3: ["pass", "pass"]})
    start_swiss_round(session.pk)
    round_two = stored(session, 2)
    # A correction to round 1 turns the standings round: 4 now beats 1 by a lot.
    for result in (r for b in session.boards.filter(number__in=[1, 2])
                   for r in b.results.filter(ns_pair__number=1)):
        correct_result(result.pk, result.version, contract_values(parse_result("4S-4 N")))
    assert stored(session, 2) == round_two
    play(session, 2, {1: ["pass", "pass"], 2: ["pass", "pass"], 3: ["pass", "pass"]})
    start_swiss_round(session.pk)
    meetings = [frozenset(p) for r in (1, 2, 3) for p in stored(session, r).values()]
    assert len(meetings) == len(set(meetings)) == 9
    with pytest.raises(Refused, match="All 3 rounds have been started"):
        start_swiss_round(session.pk)


def test_the_database_refuses_a_rematch_and_a_pair_twice_in_a_round():
    session = swiss_session()
    start_swiss_round(session.pk)
    one, four, five = (session.pairs.get(number=n) for n in (1, 4, 5))
    with pytest.raises(IntegrityError), transaction.atomic():
        SwissSeat.objects.create(session=session, round=2, pair=one, opponents=four,
                                 table=1, north_south=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        SwissSeat.objects.create(session=session, round=1, pair=one, opponents=five,
                                 table=4, north_south=True)


def wbf_vps(margin, boards):
    """The WBF 2013 continuous scale written out again here, from its published formula
    (the winner's VPs to two decimals; these margins need no monotonicity step)."""
    blitz = 15 * math.sqrt(boards)
    tau = (math.sqrt(5) - 1) / 2
    if abs(margin) >= blitz:
        winner = Decimal("20.00")
    else:
        exact = 10 + 10 * (1 - tau ** (3 * abs(margin) / blitz)) / (1 - tau ** 3)
        winner = Decimal(repr(exact)).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return winner if margin >= 0 else Decimal(20) - winner


def test_standings_by_vps_from_each_matchs_imps_and_the_bye():
    session = swiss_session(pairs=5, rounds=2)
    start_swiss_round(session.pk)
    assert stored(session, 1) == {1: (1, 3), 2: (2, 4)}  # 5 has the bye
    play(session, 1, {1: ["2S+1 N", "pass"], 2: ["1NT= E", "2H= E"]})
    imps = {}
    for result in Result.objects.filter(board__session=session):
        for pair, side in ((result.ns_pair.number, result.ns_imps),
                           (result.ew_pair.number, result.ew_imps)):
            imps[pair] = imps.get(pair, 0) + side
    standings = swiss_standings(SessionPlan.load(session))
    expected = {number: wbf_vps(imps[number], 2) for number in (1, 2, 3, 4)}
    expected[5] = BYE_VPS
    assert {row.number: row.vps for row in standings.rows} == expected
    assert [row.number for row in standings.rows] == sorted(
        expected, key=lambda n: (-expected[n], -imps.get(n, 0), n))


def test_a_paired_pair_cannot_be_withdrawn_but_the_session_can_be_deleted():
    session = swiss_session()
    start_swiss_round(session.pk)
    pair = session.pairs.get(number=4)
    with pytest.raises(Refused, match="Pair 4 is in the pairings of Swiss round 1"):
        withdraw_pair(pair.pk)
    assert SwissSeat.objects.filter(session=session).count() == 6
    delete_session(session.pk)
    assert not SwissSeat.objects.exists()
