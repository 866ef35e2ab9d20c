"""The schedule and the setup services: the boards follow the setup, the registered pairs are
checked against the movement, pairs are renumbered safely."""

import pytest

from club.plan import SessionPlan
from club.schedule import mitchell_reseating, ranges
from club.services.boards import sync_boards
from club.services.sessions import renumber_pairs
from tests.factories import make_pair, make_result, make_session

pytestmark = pytest.mark.django_db


def numbers(session):
    return list(session.boards.order_by("number").values_list("number", flat=True))


def test_missing_boards_are_created():
    session = make_session(tables=4, boards=False, status="setup")
    assert sync_boards(session) == []
    assert numbers(session) == list(range(1, 9))  # 4 sets of 2 boards


def test_a_bigger_setup_adds_boards_and_keeps_the_existing_ones():
    session = make_session(tables=4, status="setup")
    board = session.boards.get(number=3)
    board.ns_hcp = 24
    board.save()
    session.tables, session.rounds, session.boards_per_round = 5, 5, 3
    session.save()
    sync_boards(session)
    assert numbers(session) == list(range(1, 16))  # 5 sets of 3 boards
    assert session.boards.get(number=3).ns_hcp == 24


def test_extra_boards_go_unless_they_have_results():
    session = make_session(tables=3, movement="free", rounds=4, status="running")
    make_result(session, 7, 1, 2, "4S= N")
    session.rounds = 2
    session.save()
    assert sync_boards(session) == [7]
    assert numbers(session) == [1, 2, 3, 4, 7]


def test_a_howell_needs_the_same_boards_with_or_without_its_sit_out():
    # 3 tables: 6 pairs play 5 rounds; 5 pairs play 5 rounds with a sit-out; 5 sets each.
    for pairs in (6, 5, 2):  # 2 registered so far: set up for the full field
        session = make_session(tables=3, movement="howell", rounds=5, pairs=pairs,
                               boards=False, status="setup")
        sync_boards(session)
        assert numbers(session) == list(range(1, 11)), pairs


@pytest.mark.parametrize(("movement", "tables", "registered", "seated"), [
    ("mitchell", 4, range(1, 9), 8),
    ("mitchell", 4, range(1, 8), 7),          # 4EW empty: it is the phantom
    ("mitchell", 4, [1, 2, 3, 4, 5, 6, 8], None),  # 3EW empty: the numbers have a gap
    ("mitchell", 4, range(1, 7), None),       # 6 pairs cannot fill 4 tables
    ("howell", 3, range(1, 6), 5),
    ("howell", 2, range(1, 4), None),         # a Howell needs 4 pairs
    ("free", 2, [3, 9, 12], 3),
    ("free", 2, [1], None),
    ("free", 2, range(1, 6), None),           # 2 tables seat 4 pairs
])
def test_registered_pairs_fit_the_movement_or_not(movement, tables, registered, seated):
    rounds = 2 * tables - 1 if movement == "howell" else 3
    session = make_session(tables=tables, movement=movement, rounds=rounds, pairs=0,
                           boards=False)
    assert SessionPlan.of_numbers(session, registered).seated == seated


def test_the_planned_schedule_is_for_the_full_room_until_the_pairs_fit():
    session = make_session(tables=3, pairs=2, boards=False, status="setup")
    seatings = SessionPlan.load(session).planned
    # The full Mitchell on 3 tables: 3 rounds x 3 tables, nobody sits out.
    assert len(seatings) == 9
    assert not any(s.is_sit_out for s in seatings)
    make_pair(session, 3)
    make_pair(session, 4)
    make_pair(session, 5)  # 5 pairs: 3EW (6) is the phantom, its NS opponent sits out
    sit_outs = [(s.round, s.table, s.ns) for s in SessionPlan.load(session).planned if s.is_sit_out]
    # EW pair 6 starts at table 3 and moves up: tables 3, 1, 2.
    assert sit_outs == [(1, 3, 3), (2, 1, 1), (3, 2, 2)]


def test_mitchell_reseating_keeps_the_seats():
    # 4 -> 5 tables: 1EW (5) becomes 6, 4EW (8) becomes 9; NS keep their numbers.
    assert mitchell_reseating([1, 4, 5, 8], 4, 5) == {1: 1, 4: 4, 5: 6, 8: 9}
    assert mitchell_reseating([1, 5, 6], 4, 3) == {1: 1, 5: 4, 6: 5}


def test_pairs_can_swap_numbers():
    session = make_session(tables=2, status="setup")
    before = {p.number: p.pk for p in session.pairs.all()}
    renumber_pairs(session, {1: 2, 2: 1, 3: 4, 4: 3})
    after = {p.number: p.pk for p in session.pairs.all()}
    assert after == {2: before[1], 1: before[2], 4: before[3], 3: before[4]}


def test_pairs_are_renumbered_within_the_pair_number_limit():
    # 49 -> 50 tables: EW pairs 50..98 become 51..99, with no number above 100 on the way
    # (the database refuses one) and none taken twice.
    session = make_session(tables=49, status="setup", boards=False)
    before = {p.number: p.pk for p in session.pairs.all()}
    renumber_pairs(session, mitchell_reseating(list(before), 49, 50))
    after = {p.number: p.pk for p in session.pairs.all()}
    assert after == {(n if n <= 49 else n + 1): pk for n, pk in before.items()}
    # A swap passes through a number nobody holds (50 or 100 here).
    renumber_pairs(session, {1: 2, 2: 1})
    swapped = {p.number: p.pk for p in session.pairs.all()}
    assert swapped == after | {1: after[2], 2: after[1]}


@pytest.mark.parametrize("numbers,written", [
    ([], ""),
    ([5], "5"),
    ([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], "13–24"),
    ([12, 9, 1, 2, 3, 7, 10, 11, 3], "1–3, 7, 9–12"),
    ([4, 6], "4, 6"),
])
def test_ranges_write_runs_of_numbers_short(numbers, written):
    assert ranges(numbers) == written
