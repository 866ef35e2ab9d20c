"""Individual movements (scoring.engine.individual): the invariants a club relies on,
checked for every supported size, in full and cut short."""

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import MovementError
from scoring.engine.directions import Direction
from scoring.engine.individual import (
    INDIVIDUAL_SIZES,
    full_individual_rounds,
    individual,
    individual_standings,
)

WHIST_SIZES = [size for size in INDIVIDUAL_SIZES if size % 4 in (0, 1)]
PHANTOM_SIZES = [size for size in INDIVIDUAL_SIZES if size % 4 == 3]


def partners_and_opponents(movement):
    partners, opponents = Counter(), Counter()
    for game in movement.games:
        for line in (game.ns, game.ew):
            partners[frozenset(line)] += 1
        for a, b in itertools.product(game.ns, game.ew):
            opponents[frozenset((a, b))] += 1
    return partners, opponents


def check_layout(movement):
    """Tables 1..t in every round, each player once a round (at a table or sitting out)."""
    assert movement.players in INDIVIDUAL_SIZES
    everyone = list(range(1, movement.players + 1))
    keys = [(game.round, game.table) for game in movement.games]
    assert keys == [(r, t) for r in range(1, movement.rounds + 1)
                    for t in range(1, movement.tables + 1)]
    assert len(movement.sit_outs) == movement.rounds
    for number in range(1, movement.rounds + 1):
        seated = [p for game in movement.round_tables(number) for p in game.players]
        assert sorted(seated + list(movement.sit_outs[number - 1])) == everyone


def check_repeats(movement):
    partners, opponents = partners_and_opponents(movement)
    assert max(partners.values()) == 1
    assert max(opponents.values()) <= 2
    for player in range(1, movement.players + 1):
        sets = [line.board_set for line in movement.card(player) if not line.sits_out]
        assert len(sets) == len(set(sets))


@pytest.mark.parametrize("players", INDIVIDUAL_SIZES)
def test_every_size_keeps_every_invariant(players):
    movement = individual(players)
    assert movement.rounds == full_individual_rounds(players)
    assert movement.tables == players // 4
    assert movement.board_sets == movement.rounds
    check_layout(movement)
    check_repeats(movement)


@pytest.mark.parametrize("players", WHIST_SIZES)
def test_a_full_movement_partners_everyone_once_and_opposes_everyone_twice(players):
    partners, opponents = partners_and_opponents(individual(players))
    every_pair = {frozenset(pair) for pair in itertools.combinations(range(1, players + 1), 2)}
    assert set(partners) == every_pair and set(partners.values()) == {1}
    assert set(opponents) == every_pair and set(opponents.values()) == {2}


@pytest.mark.parametrize("players", INDIVIDUAL_SIZES)
def test_sit_outs_are_shared_equally(players):
    movement = individual(players)
    counts = Counter(player for out in movement.sit_outs for player in out)
    expected = {0: 0, 1: 1, 3: 3}[players % 4]  # per player, over the full movement
    assert [counts[p] for p in range(1, players + 1)] == [expected] * players
    # A round has as many sitting out as the tables cannot seat.
    assert {len(out) for out in movement.sit_outs} == {players % 4}


@pytest.mark.parametrize("players", INDIVIDUAL_SIZES)
def test_every_moving_player_sits_north_south_half_the_time_give_or_take_one(players):
    movement = individual(players)
    for player in range(1, players + 1):
        seats = [line.seat for line in movement.card(player) if not line.sits_out]
        ns = sum(seat.is_ns for seat in seats)
        if players % 4 == 0 and player == players:
            continue  # the stationary player keeps one seat, as in a published movement
        assert abs(ns - (len(seats) - ns)) <= 1


@given(st.sampled_from(INDIVIDUAL_SIZES), st.data())
def test_a_shortened_movement_keeps_the_invariants(players, data):
    rounds = data.draw(st.integers(1, full_individual_rounds(players)))
    movement = individual(players, rounds)
    assert movement.rounds == rounds
    check_layout(movement)
    check_repeats(movement)
    # It is the full movement's first rounds.
    full = individual(players)
    assert movement.games == full.games[:len(movement.games)]
    assert movement.sit_outs == full.sit_outs[:rounds]


@given(st.sampled_from(INDIVIDUAL_SIZES), st.data())
def test_a_card_says_where_the_player_sits(players, data):
    movement = individual(players)
    player = data.draw(st.integers(1, players))
    card = movement.card(player)
    assert [line.round for line in card] == list(range(1, movement.rounds + 1))
    for line in card:
        if line.sits_out:
            assert player in movement.sit_outs[line.round - 1]
            assert line.seat is None and line.board_set is None
        else:
            game = movement.round_tables(line.round)[line.table - 1]
            seat_player = {Direction.N: game.north, Direction.S: game.south,
                           Direction.E: game.east, Direction.W: game.west}
            assert seat_player[line.seat] == player
            assert line.board_set == game.board_set == line.round


def test_eight_players_the_last_one_stays_put():
    """A worked example: seven rounds of two tables, player 8 in the West seat of table 2
    throughout; the first round seats 1-2 against 3-5 and 4-7 against 6-8."""
    movement = individual(8)
    assert movement.rounds == 7 and movement.tables == 2
    first = movement.round_tables(1)
    assert (first[0].ns, first[0].ew) == ((1, 2), (3, 5))
    assert (first[1].ns, first[1].ew) == ((4, 7), (6, 8))
    assert {(line.table, line.seat) for line in movement.card(8)} == {(2, Direction.W)}
    # The others move by one number a round: player k sits where player k - 1 sat.
    second = movement.round_tables(2)
    assert (second[0].ns, second[0].ew) == ((2, 3), (4, 6))


def test_seven_players_three_sit_out_at_the_phantoms_table():
    movement = individual(7)
    assert movement.tables == 1 and movement.rounds == 7
    assert movement.sit_outs[0] == (4, 6, 7)  # they sat with player 8 at table 2 of the 8
    assert movement.games[0].players == (1, 2, 3, 5)


def test_nine_players_player_k_sits_out_round_k():
    assert individual(9).sit_outs == tuple((k,) for k in range(1, 10))


@pytest.mark.parametrize("players", [0, 6, 10, 14, 18, 22, "8", 8.0, None, True])
def test_an_unsupported_size_is_refused_with_the_sizes_that_work(players):
    sizes = "7, 8, 9, 11, 12, 13, 15, 16, 17, 19, 20, 21"
    with pytest.raises(MovementError, match=f"made for {sizes} players"):
        individual(players)


@pytest.mark.parametrize("rounds", [0, 8, -1, 2.0, "3"])
def test_rounds_beyond_the_movement_are_refused(rounds):
    with pytest.raises(MovementError, match=r"8 players has 1 to 7 rounds"):
        individual(8, rounds)


@pytest.mark.parametrize("player", [0, 9, "1"])
def test_a_card_for_a_player_who_is_not_there_is_refused(player):
    with pytest.raises(MovementError, match="numbered 1 to 8"):
        individual(8).card(player)


def test_individual_standings_give_each_line_its_imps():
    """Round 1 of the 8-player movement, one board a table: table 1 (1-2 v 3-5) NS +5 IMPs,
    table 2 (4-7 v 6-8) NS -2 IMPs; then player 1 North again on a second board, +1."""
    players = [(p, p, f"Player {p}") for p in range(1, 9)]
    results = [(1, 2, 3, 5, 5), (4, 7, 6, 8, -2), (1, 3, 2, 4, 1)]
    rows = individual_standings(players, results)
    by_player = {row.number: (row.imps, row.boards) for row in rows}
    assert by_player == {1: (6, 2), 2: (4, 2), 3: (-4, 2), 4: (-3, 2), 5: (-5, 1),
                         6: (2, 1), 7: (-2, 1), 8: (2, 1)}
    assert [(row.rank_label, row.number) for row in rows][:3] == [("1", 1), ("2", 2), ("3=", 6)]
    assert rows[0].label == rows[0].players == "Player 1"


def test_individual_standings_take_ew_imps_that_are_not_the_opposite():
    """Adjusted scores: Average plus (+3) to both lines of a board not played."""
    players = [(p, p, f"Player {p}") for p in range(1, 5)]
    rows = individual_standings(players, [(1, 2, 3, 4, 3, 3), (1, 2, 3, 4, 2)])
    assert {row.number: (row.imps, row.boards) for row in rows} == {
        1: (5, 2), 2: (5, 2), 3: (1, 2), 4: (1, 2)}


@pytest.mark.parametrize("players", INDIVIDUAL_SIZES)
def test_sit_outs_stay_even_after_every_round(players):
    """After any round no player has sat out more rounds than another plus one (one
    sitting out a round), or plus two (three a round; with 7 players any two rounds'
    sit-outs share a player, so after two rounds someone has sat out twice and someone
    never)."""
    allowed = {0: 0, 1: 1, 3: 2}[players % 4]
    counts = Counter()
    for out in individual(players).sit_outs:
        counts.update(out)
        values = [counts[player] for player in range(1, players + 1)]
        assert max(values) - min(values) <= allowed
