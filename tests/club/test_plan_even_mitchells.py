"""The plan of a Mitchell on an even number of tables (skip, relay and bye stand) and of an
arrow-switched last round: which pairs play which boards at every table, round by round,
as the session's setup asks (club.plan.SessionPlan)."""

import pytest

from club.plan import SessionPlan
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def by_round(plan):
    """{round: [(table, ns, ew, boards) ...]} of the plan's schedule."""
    rounds = {}
    for s in plan.schedule:
        rounds.setdefault(s.round, []).append((s.table, s.ns, s.ew, list(plan.boards_of(s))))
    return rounds


def skip_expected(tables, rounds):
    # Written from the rules (docs/movements.md): EW pairs move up one table a round and
    # two after round tables / 2; board set t starts at table t and moves down one table.
    expected = {}
    for rnd in range(1, rounds + 1):
        moved = rnd - 1 if rnd <= tables // 2 else rnd
        expected[rnd] = [(t, t, tables + (t - 1 - moved) % tables + 1,
                          [(t - 1 + rnd - 1) % tables + 1]) for t in range(1, tables + 1)]
    return expected


def relay_expected(tables, rounds):
    # The sets' places in round 1's order: relay (tables 1 and last), tables 2 .. half, the
    # stand, tables half + 1 .. last - 1; every set moves one place back a round.
    half = tables // 2
    places = [1, *range(2, half + 1), "stand", *range(half + 1, tables)]
    expected, stands = {}, {}
    for rnd in range(1, rounds + 1):
        at = {place: (i + rnd - 1) % tables + 1 for i, place in enumerate(places)}
        at[tables] = at[1]
        stands[rnd] = at["stand"]
        expected[rnd] = [(t, t, tables + (t - 1 - (rnd - 1)) % tables + 1, [at[t]])
                         for t in range(1, tables + 1)]
    return expected, stands


def test_a_relay_and_bye_stand_on_four_tables_by_hand():
    session = make_session(tables=4, rounds=4, boards_per_round=2, arrangement="relay")
    plan = SessionPlan.load(session)
    assert plan.setup_problems == []
    # docs/movements.md's table: sets 1, 2, 4, 1 (stand 3), then each moves along.
    assert by_round(plan)[1] == [(1, 1, 5, [1, 2]), (2, 2, 6, [3, 4]), (3, 3, 7, [7, 8]),
                                 (4, 4, 8, [1, 2])]
    assert by_round(plan)[4] == [(1, 1, 6, [7, 8]), (2, 2, 7, [1, 2]), (3, 3, 8, [5, 6]),
                                 (4, 4, 5, [7, 8])]
    # Every board is played: 4 sets of 2, each by four pairs of tables, twice in the round
    # it sits at the relay.
    assert (plan.board_total, plan.played_board_total, plan.board_sets) == (8, 8, [1, 2, 3, 4])
    assert [(s.round, s.table) for s in plan.seatings_of_board(1)] == [
        (1, 1), (1, 4), (2, 3), (4, 2)]
    assert plan.rounds_of_board(1) == [1, 2, 4]


@pytest.mark.parametrize("tables", [4, 6, 8])
def test_relay_and_bye_stand(tables):
    session = make_session(tables=tables, rounds=tables, boards_per_round=1,
                           arrangement="relay")
    plan = SessionPlan.load(session)
    expected, _stands = relay_expected(tables, tables)
    assert by_round(plan) == expected
    assert plan.board_total == tables and plan.board_sets == list(range(1, tables + 1))


def test_relay_and_bye_stand_six_tables_by_hand():
    session = make_session(tables=6, rounds=6, boards_per_round=1, arrangement="relay")
    sets = {rnd: [boards[0] for *_pairs, boards in row]
            for rnd, row in by_round(SessionPlan.load(session)).items()}
    assert sets == {1: [1, 2, 3, 5, 6, 1], 2: [2, 3, 4, 6, 1, 2], 3: [3, 4, 5, 1, 2, 3],
                    4: [4, 5, 6, 2, 3, 4], 5: [5, 6, 1, 3, 4, 5], 6: [6, 1, 2, 4, 5, 6]}


@pytest.mark.parametrize("tables", [4, 6, 8])
@pytest.mark.parametrize("arrangement", ["plain", "skip"])
def test_skip(tables, arrangement):
    session = make_session(tables=tables, rounds=tables - 1, boards_per_round=1,
                           arrangement=arrangement)
    plan = SessionPlan.load(session)
    assert by_round(plan) == skip_expected(tables, tables - 1)


@pytest.mark.parametrize("tables", [4, 6, 8])
@pytest.mark.parametrize("arrangement", ["skip", "relay"])
def test_arrow_switch_of_the_last_round(tables, arrangement):
    rounds = tables - 1 if arrangement == "skip" else tables
    session = make_session(tables=tables, rounds=rounds, boards_per_round=1,
                           arrangement=arrangement, arrow_switch="last")
    plan = SessionPlan.load(session)
    expected = (skip_expected(tables, rounds) if arrangement == "skip"
                else relay_expected(tables, rounds)[0])
    # The last round's EW pairs sit North-South: same tables and boards, sides exchanged.
    expected[rounds] = [(t, ew, ns, boards) for t, ns, ew, boards in expected[rounds]]
    assert by_round(plan) == expected
    assert all(s.switched == (s.round == rounds) for s in plan.schedule)
    # Board visibility and the checks go by the pairs as they sit.
    last = plan.seating_for(1, rounds)
    assert (last.ns, last.ew) == (expected[rounds][0][1], 1)


def test_a_relay_with_a_sit_out_each_round():
    session = make_session(tables=4, rounds=4, boards_per_round=1, arrangement="relay",
                           pairs=7)
    plan = SessionPlan.load(session)
    assert plan.seated == 7 and plan.setup_problems == []
    assert [s.round for s in plan.schedule if s.is_sit_out] == [1, 2, 3, 4]
    assert len(plan.sit_out_rounds(1)) == 1  # NS 1 meets the phantom EW 8 once


def test_a_shortened_relay_counts_only_the_boards_it_plays():
    # One round of a 4-table relay: sets 1, 2 and 4 are played, set 3 waits on the stand;
    # the room still has every set, and the standings count the boards played.
    session = make_session(tables=4, rounds=1, boards_per_round=2, arrangement="relay")
    plan = SessionPlan.load(session)
    assert plan.board_sets == [1, 2, 4]
    assert (plan.board_total, plan.played_board_total) == (8, 6)
