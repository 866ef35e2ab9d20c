"""Even-table Mitchells (skip; relay and bye stand) and arrow-switch rounds."""

from collections import Counter, defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.errors import english
from scoring.engine.movements import (
    ARRANGEMENTS,
    MITCHELL_MAX_TABLES,
    MITCHELL_MIN_TABLES,
    MovementError,
    Seating,
    arrow_switch,
    board_sets,
    bye_stand_set,
    even_mitchell,
    even_mitchell_full_rounds,
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
    sets_by_round,
    sets_played_by_pair,
)

EVEN_SIZES = range(MITCHELL_MIN_TABLES, MITCHELL_MAX_TABLES + 1, 2)


def relay(tables, rounds=None, **kwargs):
    return even_mitchell(tables, rounds, arrangement="relay", **kwargs)


# --------------------------------------------------------------------------
# worked by hand


def test_relay_four_tables_by_hand():
    # Worked on paper from the rules: EW up one table a round; sets down one
    # place along relay (tables 1 and 4) -> 3 -> bye stand -> 2 -> relay.
    s = Seating
    assert relay(4) == [
        s(1, 1, 1, 5, 1), s(1, 2, 2, 6, 2), s(1, 3, 3, 7, 4), s(1, 4, 4, 8, 1),
        s(2, 1, 1, 8, 2), s(2, 2, 2, 5, 3), s(2, 3, 3, 6, 1), s(2, 4, 4, 7, 2),
        s(3, 1, 1, 7, 3), s(3, 2, 2, 8, 4), s(3, 3, 3, 5, 2), s(3, 4, 4, 6, 3),
        s(4, 1, 1, 6, 4), s(4, 2, 2, 7, 1), s(4, 3, 3, 8, 3), s(4, 4, 4, 5, 4),
    ]
    assert [bye_stand_set(4, rnd) for rnd in (1, 2, 3, 4)] == [3, 4, 1, 2]


def test_relay_two_tables_share_the_set_and_the_other_waits():
    s = Seating
    assert relay(2) == [s(1, 1, 1, 3, 1), s(1, 2, 2, 4, 1), s(2, 1, 1, 4, 2), s(2, 2, 2, 3, 2)]
    assert [bye_stand_set(2, rnd) for rnd in (1, 2)] == [2, 1]


def test_relay_six_tables_first_round_by_hand():
    # Tables 1-3 play sets 1-3, the stand holds 4, tables 4-5 play 5-6, table 6 relays set 1.
    assert sets_by_round(relay(6, 1)) == {1: [1, 2, 3, 5, 6, 1]}
    assert bye_stand_set(6, 1) == 4


# --------------------------------------------------------------------------
# skip: the plain Mitchell on an even number of tables


@pytest.mark.parametrize("tables", EVEN_SIZES)
def test_skip_is_the_plain_mitchell(tables):
    assert even_mitchell_full_rounds(tables, "skip") == tables - 1
    for rounds in (None, 1, tables // 2, tables - 1):
        assert even_mitchell(tables, rounds, arrangement="skip") == mitchell(tables, rounds)
    assert (even_mitchell(tables, arrangement="skip", pairs=2 * tables - 1)
            == mitchell(tables, pairs=2 * tables - 1))


@pytest.mark.parametrize("tables", [2, 4, 6, 50])
def test_skip_refuses_the_round_that_would_meet_an_opponent_again(tables):
    with pytest.raises(MovementError) as info:
        even_mitchell(tables, tables, arrangement="skip")
    assert str(info.value) == (
        f"A skip Mitchell on {tables} tables ends with round {tables - 1} (one more would meet "
        f"an opponent again); got {tables} rounds. The relay and bye stand plays {tables} rounds."
    )


# --------------------------------------------------------------------------
# invariants for every even size and every number of rounds


def check_even_mitchell(seatings, tables, rounds):
    check_layout(seatings, rounds, tables)
    check_sit_outs(seatings)
    assert not any(s.is_sit_out for s in seatings)
    seated = defaultdict(list)
    opponents = defaultdict(set)
    for s in seatings:
        seated[s.round].extend(s.pairs)
        opponents[s.ew].add(s.ns)
    all_pairs = list(range(1, 2 * tables + 1))
    assert all(sorted(seated[rnd]) == all_pairs for rnd in range(1, rounds + 1))
    assert all(s.ns == s.table for s in seatings)

    assert set(meetings(seatings).values()) == {1}
    assert set(opponents) == set(range(tables + 1, 2 * tables + 1))
    assert all(len(ns) == rounds for ns in opponents.values())

    check_no_set_twice(seatings)
    for sets in sets_played_by_pair(seatings).values():
        assert len(sets) == rounds


@pytest.mark.parametrize("arrangement", ARRANGEMENTS)
@pytest.mark.parametrize("tables", EVEN_SIZES)
def test_even_mitchell_invariants(arrangement, tables):
    full_rounds = even_mitchell_full_rounds(tables, arrangement)
    full = even_mitchell(tables, arrangement=arrangement)
    # Every shorter movement is the full one's first rounds, so the full one's
    # invariants hold for each; they are checked again on every count up to 16
    # tables and on the counts around the skip above (all of them: 5 s more).
    checked = set(range(1, full_rounds + 1)) if tables <= 16 else {
        1, 2, tables // 2, tables // 2 + 1, full_rounds - 1, full_rounds}
    for rounds in range(1, full_rounds + 1):
        seatings = even_mitchell(tables, rounds, arrangement=arrangement)
        assert seatings == full[:rounds * tables]
        if rounds in checked:
            check_even_mitchell(seatings, tables, rounds)
    assert {s.board_set for s in full} == set(range(1, tables + 1))


@pytest.mark.parametrize("tables", EVEN_SIZES)
def test_skip_plays_every_set_every_round(tables):
    seatings = even_mitchell(tables, arrangement="skip")
    assert distinct_sets_each_round(seatings)
    for sets in sets_by_round(seatings).values():
        assert sorted(sets) == list(range(1, tables + 1))


@pytest.mark.parametrize("tables", EVEN_SIZES)
def test_relay_and_bye_stand_invariants(tables):
    seatings = relay(tables)
    assert even_mitchell_full_rounds(tables, "relay") == tables
    check_even_mitchell(seatings, tables, tables)

    for rnd in range(1, tables + 1):
        at_table = {s.table: s.board_set for s in seatings if s.round == rnd}
        plays = Counter(at_table.values())
        # Only the relay tables share, always, and nobody plays the stand's set.
        assert at_table[1] == at_table[tables]
        assert max(plays.values()) <= 2
        shared = [k for k, count in plays.items() if count == 2]
        assert all({t for t, k in at_table.items() if k == set_} == {1, tables}
                   for set_ in shared)
        assert set(plays) == set(range(1, tables + 1)) - {bye_stand_set(tables, rnd)}

    # The full movement: every pair meets every set, and every EW pair every NS pair, once.
    for sets in sets_played_by_pair(seatings).values():
        assert sorted(sets) == list(range(1, tables + 1))
    for ew in range(tables + 1, 2 * tables + 1):
        assert {s.ns for s in seatings if s.ew == ew} == set(range(1, tables + 1))


def next_place_down(place, tables):
    """Where the boards at ``place`` (a table, or "stand") go next round, from the
    rules: down one table, through the stand between the middle tables, the relay
    (tables 1 and ``tables``) passing on to ``tables - 1``."""
    half = tables // 2
    if place == "stand":
        return half if half > 1 else 1
    if place == 1:
        return tables - 1 if tables > 2 else "stand"
    if place == half + 1:
        return "stand"
    return place - 1


@pytest.mark.parametrize("tables", EVEN_SIZES)
def test_relay_moves(tables):
    seatings = relay(tables)
    where_ew = {(s.round, s.ew): s.table for s in seatings}
    for rnd in range(1, tables):
        for ew in range(tables + 1, 2 * tables + 1):
            assert where_ew[rnd + 1, ew] == where_ew[rnd, ew] % tables + 1
        places = {s.board_set: s.table for s in seatings if s.round == rnd and s.table < tables}
        places[bye_stand_set(tables, rnd)] = "stand"
        later = {s.board_set: s.table for s in seatings if s.round == rnd + 1 and s.table < tables}
        later[bye_stand_set(tables, rnd + 1)] = "stand"
        assert later == {k: next_place_down(place, tables) for k, place in places.items()}


@pytest.mark.parametrize("tables", EVEN_SIZES)
def test_relay_with_a_phantom(tables):
    pairs = 2 * tables - 1
    full = relay(tables)
    seatings = relay(tables, pairs=pairs)
    check_phantom(seatings, full, tables)
    check_no_set_twice(seatings)
    assert relay(tables, 2, pairs=pairs) == [s for s in seatings if s.round <= 2]


# --------------------------------------------------------------------------
# validation


@pytest.mark.parametrize("tables", [3, 5, 49])
def test_odd_tables_are_refused(tables):
    for arrangement in ARRANGEMENTS:
        with pytest.raises(MovementError) as info:
            even_mitchell(tables, arrangement=arrangement)
        assert str(info.value) == (
            f"The skip and the relay and bye stand are for an even number of tables; got "
            f"{tables}. On an odd number a plain Mitchell plays every board."
        )


@pytest.mark.parametrize("tables", [0, 1, MITCHELL_MAX_TABLES + 2, "4", 4.0, True, None])
def test_bad_table_counts(tables):
    with pytest.raises(MovementError):
        even_mitchell(tables, arrangement="relay")
    with pytest.raises(MovementError):
        bye_stand_set(tables, 1)


def test_unknown_arrangement():
    with pytest.raises(MovementError) as info:
        even_mitchell(4, arrangement="howell")
    assert str(info.value) == (
        "Unknown arrangement 'howell' for an even-table Mitchell; accepted: skip, relay."
    )


def test_too_many_rounds_for_the_relay():
    with pytest.raises(MovementError) as info:
        relay(8, 9)
    assert str(info.value) == (
        "A relay and bye stand Mitchell on 8 tables has at most 8 rounds; got 9."
    )
    with pytest.raises(MovementError, match="at most 8 rounds; got 9"):
        bye_stand_set(8, 9)
    for bad in (0, -1, "2", 2.0):
        with pytest.raises(MovementError):
            relay(8, bad)
        with pytest.raises(MovementError):
            bye_stand_set(8, bad)


def test_pairs_must_fit_the_tables():
    with pytest.raises(MovementError, match="seats 8 pairs, or 7"):
        relay(4, pairs=6)


sizes = st.one_of(st.none(), st.integers(-3, 60), st.text(max_size=2), st.floats(0, 10))


@given(st.sampled_from([*ARRANGEMENTS, "other", None]), sizes, sizes, sizes)
def test_only_movement_errors_escape(arrangement, tables, rounds, pairs):
    try:
        seatings = even_mitchell(tables, rounds, arrangement=arrangement, pairs=pairs)
    except MovementError as err:
        assert str(err) == english(err.template, err.params)
        return
    assert seatings
    assert all(isinstance(s, Seating) for s in seatings)


# --------------------------------------------------------------------------
# arrow-switch


def test_arrow_switch_last_round_by_hand():
    s = Seating
    assert arrow_switch(mitchell(3)) == [
        *mitchell(3, 2),
        s(3, 1, 5, 1, 3, switched=True), s(3, 2, 6, 2, 1, switched=True),
        s(3, 3, 4, 3, 2, switched=True),
    ]


def test_arrow_switch_chosen_rounds():
    plain = relay(4)
    switched = arrow_switch(plain, rounds={1, 3})
    assert [s.round for s in switched if s.switched] == [1] * 4 + [3] * 4
    for before, after in zip(plain, switched, strict=True):
        if before.round in (1, 3):
            assert (after.ns, after.ew) == (before.ew, before.ns)
            assert (after.round, after.table, after.board_set) == (
                before.round, before.table, before.board_set)
        else:
            assert after == before
    assert arrow_switch(plain, rounds=[]) == plain


def test_arrow_switch_twice_is_no_switch():
    plain = mitchell(5)
    once = arrow_switch(plain, rounds=[2, 5])
    assert once != plain
    assert arrow_switch(once, rounds=[2, 5]) == plain


def test_arrow_switch_leaves_sit_outs_alone():
    plain = mitchell(4, pairs=7)
    switched = arrow_switch(plain)
    for before, after in zip(plain, switched, strict=True):
        if before.is_sit_out:
            assert after == before
    last = [s for s in switched if s.round == 3]
    assert sum(s.switched for s in last) == 3
    assert sum(s.is_sit_out for s in last) == 1


def test_arrow_switch_of_any_schedule():
    assert arrow_switch([]) == []
    assert arrow_switch(iter(mitchell(2))) == [
        Seating(1, 1, 3, 1, 1, switched=True), Seating(1, 2, 4, 2, 2, switched=True)]
    seatings = arrow_switch(howell(6))
    check_layout(seatings, 5, 3)
    assert set(meetings(seatings).values()) == {1}


@pytest.mark.parametrize("rounds", [[0], [4], [1, 7], ["1"], [1.0], [None]])
def test_arrow_switch_rounds_must_be_in_the_movement(rounds):
    with pytest.raises(MovementError):
        arrow_switch(mitchell(3), rounds=rounds)


def test_arrow_switch_names_the_missing_round():
    with pytest.raises(MovementError) as info:
        arrow_switch(mitchell(3), rounds=[2, 6, 4])
    assert str(info.value) == "Round 4 is not in the movement."


@pytest.mark.parametrize("arrangement", ARRANGEMENTS)
@pytest.mark.parametrize("tables", EVEN_SIZES)
def test_arrow_switch_keeps_the_invariants(arrangement, tables):
    plain = even_mitchell(tables, arrangement=arrangement)
    last = plain[-1].round
    seatings = arrow_switch(plain)
    check_layout(seatings, last, tables)
    check_sit_outs(seatings)
    assert set(meetings(seatings).values()) == {1}
    check_no_set_twice(seatings)
    assert sets_played_by_pair(seatings) == sets_played_by_pair(plain)
    # The EW line sits NS in the last round only, and the NS line EW.
    ew_line = set(range(tables + 1, 2 * tables + 1))
    for s in seatings:
        assert s.switched == (s.round == last)
        assert (s.ns in ew_line) == s.switched
        assert (s.ew in ew_line) != s.switched


# --------------------------------------------------------------------------
# the dispatcher: schedule, full_rounds and board_sets with an arrangement


def test_schedule_dispatches_the_arrangements_and_the_arrow_switch():
    assert schedule("mitchell", tables=4, pairs=8, arrangement="relay") == relay(4)
    assert schedule("mitchell", tables=4, pairs=7, rounds=2, arrangement="skip") == (
        even_mitchell(4, 2, arrangement="skip", pairs=7))
    switched = schedule("mitchell", tables=4, pairs=8, arrangement="relay",
                        arrow_switch_rounds=(4,))
    assert switched == arrow_switch(relay(4), [4])
    last = [(s.table, s.ns, s.ew, s.switched) for s in switched if s.round == 4]
    assert last == [(1, 6, 1, True), (2, 7, 2, True), (3, 8, 3, True), (4, 5, 4, True)]
    # An odd Mitchell may be switched too; without an arrangement it is the plain one.
    assert schedule("mitchell", tables=3, pairs=6, arrow_switch_rounds=(3,)) == (
        arrow_switch(mitchell(3), [3]))


def test_the_dispatcher_counts_rounds_and_sets_with_the_arrangement():
    assert full_rounds("mitchell", tables=6, pairs=None, arrangement="relay") == 6
    assert full_rounds("mitchell", tables=6, pairs=None, arrangement="skip") == 5
    assert full_rounds("mitchell", tables=6, pairs=None) == 5
    assert board_sets("mitchell", tables=6, pairs=None, rounds=6, arrangement="relay") == 6
    with pytest.raises(MovementError, match="skip Mitchell on 6 tables ends with round 5"):
        board_sets("mitchell", tables=6, pairs=None, rounds=6, arrangement="skip")
    with pytest.raises(MovementError, match="even number of tables; got 7"):
        full_rounds("mitchell", tables=7, pairs=None, arrangement="relay")


@pytest.mark.parametrize("kind", ["howell", "free"])
def test_the_arrangements_and_the_arrow_switch_are_for_a_mitchell(kind):
    with pytest.raises(MovementError, match=f"arrangements of a Mitchell; a {kind} has none"):
        schedule(kind, tables=4, pairs=8, arrangement="relay")
    with pytest.raises(MovementError, match=f"a {kind} has none"):
        schedule(kind, tables=4, pairs=8, arrow_switch_rounds=(1,))
    with pytest.raises(MovementError, match="arrangements of a Mitchell"):
        board_sets(kind, tables=4, pairs=8, arrangement="skip")
