"""Tests for club.movements (pure Python, no database)."""

import dataclasses
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.errors import english
from scoring.engine.movements import (
    HOWELL_MAX_PAIRS,
    HOWELL_MIN_PAIRS,
    KINDS,
    MITCHELL_MAX_TABLES,
    MITCHELL_MIN_TABLES,
    MovementError,
    Seating,
    _,
    board_sets,
    boards_of_set,
    full_rounds,
    howell,
    mitchell,
    schedule,
)
from tests.engine.movement_checks import (
    check_layout,
    check_no_set_twice,
    check_phantom,
    check_sit_outs,
    distinct_sets_each_round,
    meetings,
    plays_per_set,
    sets_by_round,
    sets_played_by_pair,
)

MITCHELL_SIZES = [*range(MITCHELL_MIN_TABLES, 16), MITCHELL_MAX_TABLES - 1, MITCHELL_MAX_TABLES]
HOWELL_SIZES = range(HOWELL_MIN_PAIRS, HOWELL_MAX_PAIRS + 1)
SHARING_HOWELLS = (4, 5, 6)  # documented: no distinct-sets-per-round Howell exists


# --------------------------------------------------------------------------
# Mitchell


def test_mitchell_three_tables_by_hand():
    # Derived on paper from the rules: EW up one table, boards down one table.
    s = Seating
    assert mitchell(3) == [
        s(1, 1, 1, 4, 1), s(1, 2, 2, 5, 2), s(1, 3, 3, 6, 3),
        s(2, 1, 1, 6, 2), s(2, 2, 2, 4, 3), s(2, 3, 3, 5, 1),
        s(3, 1, 1, 5, 3), s(3, 2, 2, 6, 1), s(3, 3, 3, 4, 2),
    ]
    seat = mitchell(3)[3]
    assert (seat.round, seat.table, seat.ns, seat.ew, seat.board_set) == (2, 1, 1, 6, 2)


def test_mitchell_four_tables_skip_by_hand():
    # Round 3 comes after the skip: EW pairs move up two tables, boards down one.
    s = Seating
    assert mitchell(4) == [
        s(1, 1, 1, 5, 1), s(1, 2, 2, 6, 2), s(1, 3, 3, 7, 3), s(1, 4, 4, 8, 4),
        s(2, 1, 1, 8, 2), s(2, 2, 2, 5, 3), s(2, 3, 3, 6, 4), s(2, 4, 4, 7, 1),
        s(3, 1, 1, 6, 3), s(3, 2, 2, 7, 4), s(3, 3, 3, 8, 1), s(3, 4, 4, 5, 2),
    ]


def test_mitchell_two_tables_is_one_round():
    assert mitchell(2) == [Seating(1, 1, 1, 3, 1), Seating(1, 2, 2, 4, 2)]


@pytest.mark.parametrize("tables", MITCHELL_SIZES)
def test_mitchell_invariants(tables):
    seatings = mitchell(tables)
    rounds = tables if tables % 2 else tables - 1
    assert full_rounds("mitchell", tables=tables, pairs=2 * tables) == rounds
    check_layout(seatings, rounds, tables)
    check_sit_outs(seatings)
    assert not any(s.is_sit_out for s in seatings)

    # NS pairs stay put, EW pairs are tables+1 .. 2*tables.
    ns_pairs = set(range(1, tables + 1))
    ew_pairs = set(range(tables + 1, 2 * tables + 1))
    assert all(s.ns == s.table for s in seatings)
    assert {s.ew for s in seatings} == ew_pairs

    # Opponents: never twice; all NS pairs (odd) or all but the skipped one (even).
    met = meetings(seatings)
    assert set(met.values()) == {1}
    for ew in ew_pairs:
        opponents = {s.ns for s in seatings if s.ew == ew}
        assert len(opponents) == rounds
        if tables % 2:
            assert opponents == ns_pairs

    # Board sets: never twice for a pair, all in play each round, evenly played.
    check_no_set_twice(seatings)
    assert distinct_sets_each_round(seatings)
    assert plays_per_set(seatings) == {k: rounds for k in range(1, tables + 1)}
    assert board_sets("mitchell", tables=tables, pairs=None) == tables

    # Movement rules, round to round.
    where = {(s.round, s.ew): s.table for s in seatings}
    set_at = {(s.round, s.board_set): s.table for s in seatings}
    for rnd in range(1, rounds):
        step = 2 if tables % 2 == 0 and rnd == tables // 2 else 1
        for ew in ew_pairs:
            assert where[rnd + 1, ew] == (where[rnd, ew] - 1 + step) % tables + 1
        for k in range(1, tables + 1):
            assert set_at[rnd + 1, k] == (set_at[rnd, k] - 2) % tables + 1
    for table in range(1, tables + 1):
        assert where[1, tables + table] == table
        assert set_at[1, table] == table


@pytest.mark.parametrize("tables", MITCHELL_SIZES)
def test_shortened_mitchell_is_a_prefix(tables):
    full = mitchell(tables)
    last = full[-1].round
    for rounds in range(1, last + 1):
        short = mitchell(tables, rounds)
        assert short == [s for s in full if s.round <= rounds]
        assert schedule("mitchell", tables=tables, pairs=2 * tables, rounds=rounds) == short
        assert board_sets("mitchell", tables=tables, pairs=None, rounds=rounds) == tables
    assert mitchell(tables, last) == full


@pytest.mark.parametrize("tables", MITCHELL_SIZES)
def test_mitchell_with_a_phantom(tables):
    pairs = 2 * tables - 1
    full = mitchell(tables)
    seatings = mitchell(tables, pairs=pairs)
    rounds = full[-1].round
    check_phantom(seatings, full, tables)
    assert {p for s in seatings for p in s.pairs} == set(range(1, pairs + 1))
    check_no_set_twice(seatings)
    if tables % 2:  # the phantom skips each set once: still evenly played
        assert set(plays_per_set(seatings).values()) == {rounds - 1}
    assert schedule("mitchell", tables=tables, pairs=pairs) == seatings
    assert mitchell(tables, 1, pairs=pairs) == [s for s in seatings if s.round == 1]


# --------------------------------------------------------------------------
# Howell


def test_howell_four_pairs_by_hand():
    # Circle method on Z_3 plus the stationary pair 4 at table 2, worked out on
    # paper from the module docstring; both tables share the round's set.
    s = Seating
    assert howell(4) == [
        s(1, 1, 2, 3, 1), s(1, 2, 4, 1, 1),
        s(2, 1, 3, 1, 2), s(2, 2, 2, 4, 2),
        s(3, 1, 1, 2, 3), s(3, 2, 4, 3, 3),
    ]


@pytest.mark.parametrize("pairs", HOWELL_SIZES)
def test_howell_invariants(pairs):
    seatings = howell(pairs)
    odd = pairs % 2 == 1
    rounds = pairs if odd else pairs - 1
    tables = (pairs + 1) // 2
    assert full_rounds("howell", tables=tables, pairs=pairs) == rounds
    assert board_sets("howell", tables=None, pairs=pairs) == rounds
    check_layout(seatings, rounds, tables)
    check_sit_outs(seatings)

    # Every pair is seated every round; the phantom never shows up.
    for rnd in range(1, rounds + 1):
        seated = [p for s in seatings if s.round == rnd for p in s.pairs]
        assert sorted(seated) == list(range(1, pairs + 1))

    # Sit-outs: only with an odd number, once per round at the last table,
    # NS side real, and every pair sits out exactly once.
    sit_outs = [s for s in seatings if s.is_sit_out]
    if odd:
        assert [s.round for s in sit_outs] == list(range(1, rounds + 1))
        assert all(s.table == tables and s.ew is None for s in sit_outs)
        assert sorted(s.ns for s in sit_outs) == list(range(1, pairs + 1))
    else:
        assert sit_outs == []

    # Every pair meets every other pair exactly once.
    met = meetings(seatings)
    assert set(met.values()) == {1}
    assert len(met) == pairs * (pairs - 1) // 2

    # Board sets: numbered 1..rounds, no pair twice, evenly played.
    check_no_set_twice(seatings)
    playing_tables = tables - 1 if odd else tables
    assert plays_per_set(seatings) == {k: playing_tables for k in range(1, rounds + 1)}
    for sets in sets_played_by_pair(seatings).values():
        assert len(sets) == (rounds - 1 if odd else rounds)

    # Each pair sits NS in half its games, give or take one.
    ns = Counter(s.ns for s in seatings if not s.is_sit_out)
    ew = Counter(s.ew for s in seatings if not s.is_sit_out)
    for pair in range(1, pairs + 1):
        assert abs(ns[pair] - ew[pair]) <= 1

    if pairs not in SHARING_HOWELLS:
        assert distinct_sets_each_round(seatings)
        first = [s.board_set for s in seatings if s.round == 1 and not s.is_sit_out]
        assert first == list(range(1, playing_tables + 1))
    if not odd:  # the last pair is stationary at the last table
        assert {s.table for s in seatings if pairs in s.pairs} == {tables}


def test_howell_sharing_for_four_five_and_six_pairs():
    # As documented: no Howell of these sizes gives each table its own set.
    assert sets_by_round(howell(4)) == {1: [1, 1], 2: [2, 2], 3: [3, 3]}
    five = sets_by_round(howell(5))
    assert five[5] == [5, 5]
    assert all(len(set(five[r])) == 2 for r in range(1, 5))
    six = sets_by_round(howell(6))
    assert six[5] == [5, 5, 5]
    assert all(len(set(six[r])) == 3 for r in range(1, 5))


def test_howell_is_deterministic_and_returns_fresh_lists():
    first = howell(10)
    first.clear()
    assert howell(10) == howell(10) != []
    assert howell(10) is not howell(10)


def test_howell_for_a_big_field_is_refused():
    with pytest.raises(MovementError) as info:
        howell(60)
    assert "60" in str(info.value)
    assert "Mitchell" in str(info.value)
    assert info.value.params["max"] == HOWELL_MAX_PAIRS


@pytest.mark.parametrize("pairs", [-1, 0, 1, 2, 3, HOWELL_MAX_PAIRS + 1, 60])
def test_howell_bad_sizes(pairs):
    with pytest.raises(MovementError) as info:
        howell(pairs)
    message = str(info.value)
    assert str(pairs) in message
    assert f"{HOWELL_MIN_PAIRS} to {HOWELL_MAX_PAIRS}" in message


# --------------------------------------------------------------------------
# validation


@pytest.mark.parametrize("tables", [-3, 0, 1, MITCHELL_MAX_TABLES + 1, 1000])
def test_mitchell_bad_table_counts(tables):
    with pytest.raises(MovementError) as info:
        mitchell(tables)
    assert str(info.value) == (
        f"A Mitchell needs {MITCHELL_MIN_TABLES} to {MITCHELL_MAX_TABLES} tables; got {tables}."
    )


@pytest.mark.parametrize(("tables", "rounds", "full"), [(3, 4, 3), (4, 4, 3), (7, 8, 7), (2, 2, 1)])
def test_mitchell_too_many_rounds(tables, rounds, full):
    with pytest.raises(MovementError) as info:
        mitchell(tables, rounds)
    noun = "round" if full == 1 else "rounds"
    assert str(info.value) == (
        f"A Mitchell on {tables} tables has at most {full} {noun}; got {rounds}."
    )
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("rounds", [0, -2])
def test_rounds_must_be_positive(rounds):
    with pytest.raises(MovementError, match="at least 1"):
        mitchell(5, rounds)
    with pytest.raises(MovementError, match="at least 1"):
        schedule("howell", tables=None, pairs=8, rounds=rounds)


@pytest.mark.parametrize("bad", ["5", 5.0, True, [5]])
def test_sizes_must_be_whole_numbers(bad):
    with pytest.raises(MovementError, match="number of pairs must be a whole number"):
        howell(bad)
    with pytest.raises(MovementError, match="number of rounds must be a whole number"):
        mitchell(5, bad)
    with pytest.raises(MovementError, match="number of tables must be a whole number"):
        mitchell(bad)
    with pytest.raises(MovementError, match="number of tables must be a whole number"):
        schedule("howell", tables=bad, pairs=10)


def test_none_is_not_a_size():
    with pytest.raises(MovementError, match="number of pairs must be a whole number; got None"):
        howell(None)
    with pytest.raises(MovementError, match="number of tables must be a whole number; got None"):
        schedule("mitchell", tables=None, pairs=10)


def test_mitchell_pairs_must_fit_the_tables():
    for pairs in (4, 6, 9, 11):
        with pytest.raises(MovementError) as info:
            mitchell(4, pairs=pairs)
        assert str(info.value) == (
            f"A Mitchell on 4 tables seats 8 pairs, or 7 with one pair sitting out each round; "
            f"got {pairs} pairs."
        )
    assert len(mitchell(4, pairs=7)) == len(mitchell(4, pairs=8)) == 12
    with pytest.raises(MovementError):
        schedule("mitchell", tables=4, pairs=6)


def test_howell_tables_must_match_pairs():
    assert schedule("howell", tables=4, pairs=7) == howell(7)
    assert schedule("howell", tables=None, pairs=8) == howell(8)
    with pytest.raises(MovementError) as info:
        schedule("howell", tables=3, pairs=8)
    assert str(info.value) == "A Howell for 8 pairs uses 4 tables; got 3."


def test_howell_is_played_in_full():
    assert schedule("howell", tables=4, pairs=8, rounds=7) == howell(8)
    with pytest.raises(MovementError) as info:
        schedule("howell", tables=4, pairs=8, rounds=5)
    assert str(info.value) == "A Howell for 8 pairs is always played in full: 7 rounds; got 5."
    with pytest.raises(MovementError):
        board_sets("howell", tables=4, pairs=8, rounds=5)


def test_unknown_kind():
    for helper in (schedule, full_rounds, board_sets):
        with pytest.raises(MovementError) as info:
            helper("swiss", tables=4, pairs=8)
        assert str(info.value) == "Unknown movement 'swiss'; accepted: mitchell, howell, free."


# --------------------------------------------------------------------------
# dispatch helpers


def test_schedule_dispatches():
    assert schedule("mitchell", tables=5, pairs=10) == mitchell(5)
    assert schedule("mitchell", tables=5, pairs=None, rounds=3) == mitchell(5, 3)
    assert schedule("howell", tables=5, pairs=10) == howell(10)
    assert schedule("free", tables=7, pairs=14) == []
    assert schedule("free", tables=None, pairs=None, rounds=None) == []
    assert set(KINDS) == {"mitchell", "howell", "free"}


@pytest.mark.parametrize(
    ("kind", "tables", "pairs", "rounds", "sets"),
    [
        ("mitchell", 3, 6, 3, 3),
        ("mitchell", 4, 8, 3, 4),
        ("mitchell", 7, 13, 7, 7),
        ("mitchell", 10, None, 9, 10),
        ("howell", 4, 8, 7, 7),
        ("howell", None, 7, 7, 7),
        ("howell", 2, 4, 3, 3),
        ("howell", None, 13, 13, 13),
        ("free", None, None, 0, 0),
        ("free", 5, 10, 0, 0),
    ],
)
def test_full_rounds_and_board_sets(kind, tables, pairs, rounds, sets):
    assert full_rounds(kind, tables=tables, pairs=pairs) == rounds
    assert board_sets(kind, tables=tables, pairs=pairs) == sets
    seatings = schedule(kind, tables=tables, pairs=pairs)
    assert len({s.round for s in seatings}) == rounds
    assert len({s.board_set for s in seatings} - {None}) == sets


def test_full_rounds_validates():
    with pytest.raises(MovementError):
        full_rounds("mitchell", tables=1, pairs=None)
    with pytest.raises(MovementError):
        full_rounds("howell", tables=None, pairs=60)


# --------------------------------------------------------------------------
# boards_of_set


def test_boards_of_set_examples():
    assert boards_of_set(1, 3) == range(1, 4)
    assert list(boards_of_set(2, 3)) == [4, 5, 6]
    assert list(boards_of_set(5, 1)) == [5]


@given(st.integers(1, 40), st.integers(1, 8))
def test_boards_of_set_tiles_the_boards(sets, per_round):
    boards = [b for k in range(1, sets + 1) for b in boards_of_set(k, per_round)]
    assert boards == list(range(1, sets * per_round + 1))
    assert len(boards_of_set(sets, per_round)) == per_round


@pytest.mark.parametrize(("board_set", "per_round"), [(0, 3), (-1, 3), (1, 0), (2, -4), ("1", 3),
                                                      (1, 2.0)])
def test_boards_of_set_validates(board_set, per_round):
    with pytest.raises(MovementError):
        boards_of_set(board_set, per_round)


# --------------------------------------------------------------------------
# errors and data


def test_error_keeps_template_and_params():
    with pytest.raises(MovementError) as info:
        mitchell(1)
    err = info.value
    assert err.template == "A Mitchell needs %(min)d to %(max)d tables; got %(tables)d."
    assert err.params == {"min": MITCHELL_MIN_TABLES, "max": MITCHELL_MAX_TABLES, "tables": 1}
    assert str(err) == english(err.template, err.params)
    copy = pickle.loads(pickle.dumps(err))
    assert (type(copy), copy.template, copy.params, str(copy)) == (
        MovementError, err.template, err.params, str(err))


def test_translation_marker_is_a_no_op():
    assert _("Some text %(x)s") == "Some text %(x)s"


sizes = st.one_of(st.none(), st.integers(-5, 70), st.text(max_size=3), st.floats(0, 10))


@given(st.sampled_from([*KINDS, "other"]), sizes, sizes, sizes)
def test_only_movement_errors_escape(kind, tables, pairs, rounds):
    try:
        seatings = schedule(kind, tables=tables, pairs=pairs, rounds=rounds)
    except MovementError as err:
        assert str(err) == english(err.template, err.params)
        return
    assert all(isinstance(s, Seating) for s in seatings)
    if kind != "free":
        assert seatings
        assert board_sets(kind, tables=tables, pairs=pairs, rounds=rounds) >= 1


def test_seating_is_frozen():
    seating = Seating(1, 2, 3, None, None)
    assert seating.is_sit_out and seating.pairs == (3,)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seating.table = 4
