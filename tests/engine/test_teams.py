"""Teams matches (scoring.engine.teams): IMPs from the two rooms, VPs, adjusted and
withdrawn boards, each table's compensation IMPs, and a knockout's winner."""

from decimal import Decimal as D

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import BoardError, score_board
from scoring.engine.adjustments import Adjustment
from scoring.engine.teams import (
    BoardSwing,
    Decision,
    Room,
    Side,
    TeamAdjustment,
    TieBreak,
    compare_board,
    knockout_result,
    score_match,
)

PLUS, AVE, MINUS = Adjustment.AVERAGE_PLUS, Adjustment.AVERAGE, Adjustment.AVERAGE_MINUS


def worked_match():
    """Four boards, worked by hand from Law 77, the IMP scale and the Moscow table.

    Board 1 (nobody vulnerable, NS 25 HCP, so NS owe 300): open 4S= by North, NS +420;
    closed 3S+1 by North, NS +170. Swing 250: 6 IMPs to home. Compensation: open NS
    420 - 300 = +120, 3 IMPs; closed NS 170 - 300 = -130, -4 IMPs.
    Board 2 (NS vulnerable, 20 HCP each: nobody owes): open 1NT= by North, NS +90; closed
    3NT-1 by East (not vulnerable), NS +50. Swing 40: 1 IMP to home. Compensation: open
    NS +90, 3 IMPs; closed NS +50, 2 IMPs.
    Board 3 (EW vulnerable, NS 25 HCP: 300): open 3NT= by North, NS +400 (+100 net, 3 IMPs);
    the closed room could not play it: home Average plus, away Average minus.
    Board 4: fouled, withdrawn (no result in either room).
    """
    boards = [
        compare_board(1, score_board(1, "4S", "N", 10, 25), score_board(1, "3S", "N", 10, 25)),
        compare_board(2, score_board(2, "1NT", "N", 7, 20), score_board(2, "3NT", "E", 8, 20)),
        compare_board(3, score_board(3, "3NT", "N", 9, 25), None, TeamAdjustment(PLUS, MINUS)),
        compare_board(4, None, None),
    ]
    return score_match(boards)


def test_a_worked_match_board_by_board():
    match = worked_match()
    assert [(b.home_imps, b.away_imps) for b in match.boards] == [(6, -6), (1, -1), (3, -3),
                                                                   (0, 0)]
    assert [b.withdrawn for b in match.boards] == [False, False, False, True]
    assert (match.home_imps, match.away_imps) == (10, -10)
    assert match.boards_played == 3 and match.scheduled_boards == 4


def test_the_worked_match_in_victory_points():
    """Four boards: blitz 15 * 2 = 30 IMPs; a margin of a third of it, 10, is exactly
    15.00 VPs (tau^2 + tau = 1, docs/scoring.md)."""
    match = worked_match()
    assert (match.home_vps, match.away_vps) == (D("15.00"), D("5.00"))
    assert match.vps_of(Side.AWAY) == D(5)


def test_each_tables_compensation_beside_the_match_imps():
    match = worked_match()
    # Open room: the home pair NS, boards 1-3: +3, +3, +3.
    assert (match.open_table.ns_imps, match.open_table.boards) == (9, 3)
    assert match.open_table.imps_of(Side.HOME) == 9
    assert match.open_table.imps_of(Side.AWAY) == -9
    # Closed room: the away pair NS, boards 1-2 (board 3 was adjusted): -4, +2.
    assert (match.closed_table.ns_imps, match.closed_table.boards) == (-2, 2)
    assert match.closed_table.ns_team is Side.AWAY
    assert match.closed_table.imps_of(Side.HOME) == 2
    # Board by board, each pair's compensation IMPs beside the board's match IMPs.
    first, _second, third, fourth = match.boards
    assert [first.compensation_imps(room, side) for room in Room for side in Side] == [
        3, -3, 4, -4]  # open: home NS, away EW; closed: home EW, away NS
    assert third.compensation_imps(Room.CLOSED, Side.HOME) is None
    assert fourth.compensation_imps(Room.OPEN, Side.AWAY) is None


def test_both_teams_may_get_average_plus():
    """Each team's VPs come from its own IMPs: 3 IMPs over 8 boards is 11.27 VPs
    (docs/scoring.md), for both teams, so the match gives 22.54 VPs in all."""
    swing = compare_board(5, None, None, TeamAdjustment("ave+", "ave+"))
    assert (swing.home_imps, swing.away_imps) == (3, 3)
    match = score_match([swing], scheduled_boards=8)
    assert match.home_vps == match.away_vps == D("11.27")


def test_a_board_played_in_one_room_only_needs_a_ruling():
    with pytest.raises(BoardError, match="no result in the closed room; enter it, or give"):
        compare_board(7, score_board(7, "1NT", "S", 7, 22), None)
    with pytest.raises(BoardError, match="no result in the open room"):
        compare_board(7, None, score_board(7, "1NT", "S", 7, 22))


@pytest.mark.parametrize("value", ["ave++", "A+", 3, None])
def test_an_unknown_adjustment_is_refused(value):
    with pytest.raises(BoardError, match="use ave\\+, ave or ave-"):
        TeamAdjustment(value, AVE)


@pytest.mark.parametrize(("board", "open_", "adjusted", "message"), [
    (0, None, None, "board number is a whole number"),
    (1, 420, None, "scored board or None"),
    (1, None, (PLUS, MINUS), "each team an adjusted score"),
])
def test_bad_boards_are_refused(board, open_, adjusted, message):
    with pytest.raises(BoardError, match=message):
        compare_board(board, open_, None, adjusted)


def test_a_match_is_refused_empty_repeated_or_longer_than_scheduled():
    swing = compare_board(1, None, None)
    with pytest.raises(BoardError, match="one or more compared boards"):
        score_match([])
    with pytest.raises(BoardError, match="each board once"):
        score_match([swing, swing])
    too_few = r"scheduled \(1\) must be a whole number, at least the boards of the match \(2\)"
    with pytest.raises(BoardError, match=too_few):
        score_match([swing, compare_board(2, None, None)], scheduled_boards=1)


def test_a_match_so_far_uses_the_scale_of_the_full_match():
    """Board 1 alone, 6 IMPs to home: on the 8-board scale, not the 1-board one."""
    first = compare_board(1, score_board(1, "4S", "N", 10, 25), score_board(1, "3S", "N", 10, 25))
    assert score_match([first], scheduled_boards=8).home_vps < score_match([first]).home_vps


contracts = st.sampled_from(["1NT", "3NT", "4S", "4HX", "6C", "2D", "7NTXX", None])


@st.composite
def room_results(draw, board):
    contract = draw(contracts)
    hcp = draw(st.integers(0, 40))
    if contract is None:
        return score_board(board, None, None, None, hcp)
    return score_board(board, contract, draw(st.sampled_from("NESW")), draw(st.integers(0, 13)),
                       hcp)


@st.composite
def boards(draw):
    count = draw(st.integers(1, 12))
    swings = []
    for board in range(1, count + 1):
        swings.append(compare_board(board, draw(room_results(board)), draw(room_results(board))))
    return swings


@given(boards())
def test_a_match_without_rulings_is_zero_sum_and_swapping_rooms_swaps_the_teams(swings):
    match = score_match(swings)
    assert match.home_imps == -match.away_imps
    assert match.home_vps + match.away_vps == 20
    assert (match.home_vps > 10) == (match.home_imps > 0)
    swapped = score_match([compare_board(s.board, s.closed, s.open) for s in swings])
    assert (swapped.home_imps, swapped.home_vps) == (match.away_imps, match.away_vps)
    assert swapped.open_table.ns_imps == match.closed_table.ns_imps


@given(boards())
def test_the_tables_compensation_is_the_boards_own(swings):
    match = score_match(swings)
    assert match.open_table.ns_imps == sum(s.open.ns_imps for s in swings)
    assert match.closed_table.ns_imps == sum(s.closed.ns_imps for s in swings)
    assert match.open_table.boards == match.closed_table.boards == len(swings)


@given(st.data())
def test_the_match_imps_do_not_depend_on_the_hcp_but_the_compensation_does(data):
    """The same table results with other HCP: the same swing, compensation IMPs apart."""
    plays = [(data.draw(contracts), data.draw(st.sampled_from("NESW")),
              data.draw(st.integers(0, 13))) for _room in Room]
    hcp = data.draw(st.lists(st.integers(0, 40), min_size=2, max_size=2, unique=True))

    def scored(ns_hcp):
        return [score_board(6, c, None if c is None else d, None if c is None else t, ns_hcp)
                for c, d, t in plays]

    first, second = compare_board(6, *scored(hcp[0])), compare_board(6, *scored(hcp[1]))
    assert first.home_imps == second.home_imps
    high, low = (first, second) if hcp[0] > hcp[1] else (second, first)
    assert high.open.ns_imps <= low.open.ns_imps  # more HCP, more owed


# --------------------------------------------------------------------------
# knockout


def swings(*home_imps):
    """Bare board swings for the knockout tests: only their IMPs matter."""
    return [BoardSwing(n, None, None, None, imps, -imps) for n, imps in enumerate(home_imps, 1)]


def test_the_carry_over_counts_with_the_match():
    match = score_match(swings(3, -5))  # away wins the match by 2
    won = knockout_result(match, carry_over=5)
    assert (won.home_lead, won.winner, won.decided_by) == (D(3), Side.HOME, Decision.IMPS)
    lost = knockout_result(match, carry_over=1)
    assert (lost.home_lead, lost.winner) == (D(-1), Side.AWAY)


def test_adjusted_scores_that_do_not_cancel_count_by_half_in_the_lead():
    """Home Average plus (+3), away Average (0): a lead of 1.5 IMPs."""
    board = compare_board(1, None, None, TeamAdjustment(PLUS, AVE))
    assert knockout_result(score_match([board])).home_lead == D("1.5")
    both_plus = compare_board(1, None, None, TeamAdjustment(PLUS, PLUS))
    assert knockout_result(score_match([both_plus])).home_lead == 0


def test_a_half_imp_carry_over_rules_out_a_tie():
    match = score_match(swings(4, -4))
    assert knockout_result(match, carry_over=D("0.5")).winner is Side.HOME
    assert knockout_result(match, carry_over=D("-0.5")).winner is Side.AWAY


def test_a_tie_counted_back_from_the_last_board():
    # Level; the last board a push; the last two: -3 for home, so away wins.
    match = score_match(swings(2, 1, -3, 0))
    result = knockout_result(match, tie_break=TieBreak.LAST_BOARDS)
    assert (result.winner, result.decided_by) == (Side.AWAY, Decision.LAST_BOARDS)
    assert knockout_result(match, tie_break="last boards", carry_over=0).winner is Side.AWAY
    every_board_a_push = score_match(swings(0, 0))
    assert knockout_result(every_board_a_push, tie_break="last boards").winner is None


def test_a_tie_decided_by_a_set_of_extra_boards_then_board_by_board():
    match = score_match(swings(5, -5))
    # Home ahead after one extra board, but the set of three is not over: undecided.
    assert knockout_result(match, extra=swings(2)).winner is None
    # The set ends level: play on.
    level = knockout_result(match, extra=swings(2, -1, -1))
    assert (level.winner, level.decided_by) == (None, None)
    # The next board decides.
    decided = knockout_result(match, extra=swings(2, -1, -1, -6))
    assert (decided.winner, decided.decided_by) == (Side.AWAY, Decision.EXTRA_BOARDS)
    # A set of two: home ahead after it.
    assert knockout_result(match, extra=swings(2, 1), extra_set=2).winner is Side.HOME


def test_the_extra_boards_are_not_read_when_the_match_is_won():
    result = knockout_result(score_match(swings(1)), extra=swings(-20, -20, -20))
    assert (result.winner, result.decided_by) == (Side.HOME, Decision.IMPS)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"carry_over": 1.5}, "carry-over is a number of IMPs"),
    ({"carry_over": True}, "carry-over is a number of IMPs"),
    ({"tie_break": "coin"}, 'use "extra boards" or "last boards"'),
    ({"extra_set": 0}, "1 or more boards"),
    ({"extra": [3]}, "Extra boards are compared boards"),
])
def test_bad_knockout_input_is_refused(kwargs, message):
    with pytest.raises(BoardError, match=message):
        knockout_result(score_match(swings(0)), **kwargs)
