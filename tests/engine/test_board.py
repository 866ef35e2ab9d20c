"""Seats, the board cycle, and score_board's behaviour and validation."""

import pytest

from scoring.engine import (
    MOSCOW,
    BoardError,
    BoardOutcome,
    BridgeError,
    CompensationTable,
    Contract,
    Direction,
    Policy,
    SeatError,
    Strain,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    score_board,
)

N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W
NONE, NS, EW, ALL = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH

# docs/scoring.md, "Dealer and vulnerability", typed in again from the source.
CYCLE = {
    1: (N, NONE), 2: (E, NS), 3: (S, EW), 4: (W, ALL), 5: (N, NS), 6: (E, EW), 7: (S, ALL),
    8: (W, NONE), 9: (N, EW), 10: (E, ALL), 11: (S, NONE), 12: (W, NS), 13: (N, ALL),
    14: (E, NONE), 15: (S, NS), 16: (W, EW),
}  # fmt: skip


@pytest.mark.parametrize("board", range(1, 17))
def test_board_cycle(board):
    assert (board_dealer(board), board_vulnerability(board)) == CYCLE[board]
    assert (board_dealer(board + 16), board_vulnerability(board + 16)) == CYCLE[board]


def test_board_17_and_32():
    assert (board_dealer(17), board_vulnerability(17)) == (N, NONE)
    assert (board_dealer(32), board_vulnerability(32)) == (W, EW)


@pytest.mark.parametrize("board", [0, -1, 1.0, "1", None, True])
def test_bad_board_number(board):
    with pytest.raises(BoardError, match="Board number .* is not valid"):
        board_dealer(board)
    with pytest.raises(BoardError, match="Board number .* is not valid"):
        board_vulnerability(board)
    with pytest.raises(BoardError, match="Board number .* is not valid"):
        score_board(board, "4S", "N", 10, 20)


def test_direction_helpers():
    assert [d.value for d in Direction] == ["N", "E", "S", "W"]
    assert Direction.N == "N" and str(Direction.W) == "W"
    assert [d.is_ns for d in Direction] == [True, False, True, False]
    assert [d.partner for d in Direction] == [S, W, N, E]
    assert [d.display() for d in Direction] == ["N", "E", "S", "W"]
    assert [d.display(notation="ru") for d in Direction] == ["С", "В", "Ю", "З"]
    for spelling, seat in [("n", N), ("E", E), ("С", N), ("в", E), ("Ю", S), ("з", W), (W, W)]:
        assert Direction.coerce(spelling) is seat


@pytest.mark.parametrize("seat", ["Q", "", "NS", 1, ["N"]])
def test_unknown_seat(seat):
    with pytest.raises(SeatError, match="Unknown seat"):
        Direction.coerce(seat)


def test_vulnerability_helpers():
    assert [v.value for v in Vulnerability] == ["None", "NS", "EW", "All"]
    assert [NS.is_vulnerable(seat) for seat in "NESW"] == [True, False, True, False]
    assert [EW.is_vulnerable(seat) for seat in "nesw"] == [False, True, False, True]
    assert not any(NONE.is_vulnerable(seat) for seat in Direction)
    assert all(ALL.is_vulnerable(seat) for seat in Direction)
    assert Vulnerability.coerce("all") is ALL and Vulnerability.coerce("Both") is ALL
    assert ALL.display(notation="ru") == "Все"
    with pytest.raises(BoardError, match="Unknown vulnerability"):
        Vulnerability.coerce("some")


def test_outcome_is_a_light_named_tuple():
    outcome = score_board(1, "4S", "N", 10, 20)
    assert isinstance(outcome, BoardOutcome) and isinstance(outcome, tuple)
    assert outcome._fields == ("ns_score", "ns_compensation", "ns_net", "ns_imps", "ew_imps")
    assert (outcome.ew_score, outcome.ew_compensation, outcome.ew_net) == (-420, 0, -420)


def test_ew_imps_is_plain_zero():
    outcome = score_board(1, None, None, None, 20)
    assert outcome.ns_imps == 0 and outcome.ew_imps == 0
    assert str(outcome.ew_imps) == "0" and type(outcome.ew_imps) is int


def test_argument_spellings_give_the_same_outcome():
    expected = score_board(2, Contract(3, Strain.NT), Direction.E, 9, 15)
    assert score_board(2, "3nt", "e", 9, 15) == expected
    assert score_board(2, "3БК", "В", 9, 15) == expected
    assert score_board(2, "3NT", "E", 9, 15, policy="line") == expected
    assert score_board(2, "3NT", "E", 9, 15, policy="DECLARER") == expected
    assert score_board(18, "3NT", "E", 9, 15) == expected  # board 18 is board 2 again
    assert score_board(1, "3NT", "E", 9, 15, vulnerability="NS") == expected
    assert score_board(1, "pass", None, None, 20) == (0, 0, 0, 0, 0)


def test_vulnerability_override_changes_the_score():
    assert score_board(1, "4S", "N", 10, 20).ns_score == 420
    assert score_board(1, "4S", "N", 10, 20, vulnerability=ALL).ns_score == 620
    assert score_board(4, "4S", "N", 10, 20, vulnerability=NONE).ns_score == 420


def test_custom_table():
    rows = [(hcp, 10 * hcp, 20 * hcp) for hcp in range(21, 41)]
    table = CompensationTable.from_rows(rows)
    assert score_board(1, "4S", "N", 10, 25, table=table).ns_compensation == 250
    assert score_board(1, "4S", "E", 10, 10, table=table).ns_compensation == -300


def test_declarer_policy_charges_only_the_declaring_line():
    # NS hold 25, EW declare: nothing owed under DECLARER, NS owe under LINE.
    line = score_board(1, "2S", "E", 8, 25)
    declarer = score_board(1, "2S", "E", 8, 25, policy=Policy.DECLARER)
    assert (line.ns_compensation, declarer.ns_compensation) == (300, 0)
    # EW hold 25 and declare: both charge EW.
    assert score_board(1, "2S", "E", 8, 15, policy=Policy.DECLARER).ns_compensation == -300


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((1, "4S", None, 10, 20), {}, "Missing declarer"),
        ((1, "4S", "Q", 10, 20), {}, "Unknown seat 'Q'"),
        ((1, "4S", "N", None, 20), {}, "Tricks taken must be a whole number from 0 to 13"),
        ((1, "4S", "N", 14, 20), {}, "Tricks taken must be a whole number from 0 to 13, got 14"),
        ((1, "4S", "N", -1, 20), {}, "Tricks taken must be a whole number from 0 to 13, got -1"),
        ((1, "4S", "N", 10, 41), {}, "HCP must be a whole number from 0 to 40, got 41"),
        ((1, "4S", "N", 10, -1), {}, "HCP must be a whole number from 0 to 40, got -1"),
        ((1, "4S", "N", 10, None), {}, "HCP must be a whole number from 0 to 40"),
        ((1, "8S", "N", 10, 20), {}, "level must be 1 to 7"),
        ((1, "4Z", "N", 10, 20), {}, 'Unknown strain "Z"'),
        ((1, 4, "N", 10, 20), {}, "A contract must be a Contract"),
        ((1, None, "N", None, 20), {}, "passed-out board has no declarer"),
        ((1, None, None, 0, 20), {}, "passed-out board has no declarer and no tricks"),
        ((1, "pass", "N", 7, 20), {}, "passed-out board has no declarer"),
        ((1, "4S", "N", 10, 20), {"policy": "loose"}, "Unknown compensation policy"),
        ((1, "4S", "N", 10, 20), {"table": {}}, "must be a CompensationTable"),
        ((1, "4S", "N", 10, 20), {"vulnerability": "red"}, "Unknown vulnerability"),
        ((0, "4S", "N", 10, 20), {"vulnerability": "NS"}, "Board number 0 is not valid"),
    ],
)
def test_bad_input(args, kwargs, message):
    with pytest.raises(BridgeError, match=message):
        score_board(*args, **kwargs)


def test_default_table_is_moscow():
    assert score_board(1, "4S", "N", 10, 33).ns_compensation == MOSCOW.compensation(33, False)
