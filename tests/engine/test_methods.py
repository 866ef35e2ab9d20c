"""The other pairs methods on one board (scoring.engine.methods): worked examples computed
by hand from the methods' definitions (docs/scoring.md, "Other methods"), and properties
every board keeps."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import Adjustment, BoardError
from scoring.engine.methods import (
    Adjusted,
    butler,
    butler_datum,
    cross_imps,
    matchpoints,
    percentages,
)

# Five tables on one board: two 4S= (+420), one 4S+1 (+450), 4S-1 (-50), 3S= (+170)... as
# North-South's scores.
BOARD = [420, 420, 450, -50, 170]
AVE_PLUS_MINUS = Adjusted(Adjustment.AVERAGE_PLUS, Adjustment.AVERAGE_MINUS)


def ns(values):
    return [value[0] for value in values]


def test_matchpoints_two_for_a_score_beaten_one_for_a_tie():
    # Top 8 (two for each of the four other tables): 450 beats all four; each 420 beats
    # -50 and 170 and ties the other 420; 170 beats -50.
    assert ns(matchpoints(BOARD)) == [5, 5, 8, 0, 2]
    assert [ew for _ns, ew in matchpoints(BOARD)] == [3, 3, 0, 8, 6]
    assert ns(percentages(BOARD)) == [F(125, 2), F(125, 2), 100, 0, 25]


def test_neuberg_scales_a_board_played_fewer_times():
    # Six results expected, five there: (mp + 1) * 6 / 5 - 1 on a top of 10.
    assert ns(matchpoints(BOARD, field=6)) == [F(31, 5), F(31, 5), F(49, 5), F(1, 5),
                                               F(13, 5)]


def test_an_adjusted_score_gets_its_percentage_and_the_others_neuberg():
    values = matchpoints([420, 420, 450, -50, AVE_PLUS_MINUS])
    # Top 8: Ave+ is 60 % (4.8) for NS, Ave- 40 % (3.2) for EW; the four scores compared
    # among themselves (450: 6, 420: 3, -50: 0) and scaled to five: (mp + 1) * 5 / 4 - 1.
    assert values[4] == (F(24, 5), F(16, 5))
    assert ns(values[:4]) == [4, 4, F(31, 4), F(1, 4)]


def test_butler_against_the_datum_without_the_top_and_bottom():
    # Dropping 450 and -50: (170 + 420 + 420) / 3 = 336.7, datum 340.
    assert butler_datum(BOARD) == 340
    # 420: +80 = 2 IMPs; 450: +110 = 3; -50: -390 = -9; 170: -170 = -5.
    assert butler(BOARD) == [(2, -2), (2, -2), (3, -3), (-9, 9), (-5, 5)]
    # Nothing dropped: (420 + 420 + 450 - 50 + 170) / 5 = 282, datum 280.
    assert butler_datum(BOARD, drop=0) == 280


def test_a_butler_datum_rounds_halves_away_from_zero():
    assert butler_datum([420, 430]) == 430  # 425
    assert butler_datum([-420, -430]) == -430
    assert butler_datum([410, 420, 430, 440], drop=1) == 430  # 425, the middle two


def test_cross_imps_average_every_comparison():
    # 450: +30 twice (1 + 1), +500 (11), +280 (7) = 20 over 4 comparisons.
    # 420: 0, -30 (-1), +470 (10), +250 (6) = 15; 170: -250 twice (-12), -280 (-7),
    # +220 (6) = -13; -50: -470 twice (-20), -500 (-11), -220 (-6) = -37.
    assert ns(cross_imps(BOARD)) == [F(15, 4), F(15, 4), 5, F(-37, 4), F(-13, 4)]


def test_adjusted_scores_in_the_imp_methods():
    assert butler([420, AVE_PLUS_MINUS, 450])[1] == (3, -3)
    assert cross_imps([420, AVE_PLUS_MINUS, 450])[1] == (3, -3)
    both = Adjusted(Adjustment.AVERAGE, Adjustment.AVERAGE)
    assert butler([both]) == [(0, 0)] and matchpoints([both]) == [(0, 0)]


@pytest.mark.parametrize("bad", [425, 4.2, "420", None])
def test_a_score_that_is_no_table_score_is_refused(bad):
    for method in (matchpoints, butler, cross_imps):
        with pytest.raises(BoardError, match="multiple of 10"):
            method([420, bad])


def test_a_board_without_results_has_no_values():
    for method in (matchpoints, percentages, butler, cross_imps):
        assert method([]) == []


def test_a_field_smaller_than_the_results_is_refused():
    with pytest.raises(BoardError, match="at least as large as its 1 result;"):
        matchpoints([420], field=0)
    with pytest.raises(BoardError, match="its 5 results;"):
        matchpoints(BOARD, field=4)


scores = st.integers(-760, 760).map(lambda tens: 10 * tens)
adjustments = st.sampled_from(list(Adjustment))
entries = st.lists(st.one_of(scores, scores, scores, st.builds(Adjusted, adjustments,
                                                                adjustments)),
                   min_size=1, max_size=14)


def scored(board):
    return [i for i, entry in enumerate(board) if not isinstance(entry, Adjusted)]


@given(entries, st.integers(0, 4))
def test_matchpoints_of_a_board_sum_to_a_fixed_total(board, missing):
    field = len(board) + missing
    values = matchpoints(board, field=field)
    top = 2 * (field - 1)
    assert all(values[i][0] + values[i][1] == top for i in scored(board))
    played = scored(board)
    assert sum(values[i][0] for i in played) == len(played) * (field - 1)
    assert all(0 <= values[i][0] <= top for i in played)


@given(entries)
def test_cross_imps_are_antisymmetric(board):
    values = cross_imps(board)
    assert sum(values[i][0] for i in scored(board)) == 0
    assert all(values[i][1] == -values[i][0] for i in scored(board))


@given(scores, st.integers(0, 3))
def test_butler_with_one_result_is_zero(score, drop):
    assert butler([score], drop=drop) == [(0, 0)]


@given(entries, st.integers(-50, 50))
def test_every_method_ignores_a_shift_of_every_score(board, tens):
    """Matchpoints and cross-IMPs compare scores only. Butler too, except where the datum's
    mean falls exactly halfway between two tens: halves round away from zero, so +5 and -5
    part (the price of treating North-South and East-West alike, the next test)."""
    shifted = [entry if isinstance(entry, Adjusted) else entry + 10 * tens
               for entry in board]
    assert matchpoints(shifted) == matchpoints(board)
    assert cross_imps(shifted) == cross_imps(board)
    scores = sorted(entry for entry in board if not isinstance(entry, Adjusted))
    cut = min(1, (len(scores) - 1) // 2)
    kept = scores[cut:len(scores) - cut]
    if not kept or (sum(kept) / len(kept)) % 10 != 5:
        assert butler(shifted) == butler(board)


@given(entries)
def test_butler_treats_north_south_and_east_west_alike(board):
    """Every score seen from the other side (negated) gives each side the other's IMPs."""
    mirrored = [Adjusted(entry.ew, entry.ns) if isinstance(entry, Adjusted) else -entry
                for entry in board]
    assert butler(mirrored) == [(ew, ns) for ns, ew in butler(board)]
    # Kept 0 and 10 (mean 5, datum 10): -10 is -20 (-1 IMP), 30 is +20 (+1). Seen from the
    # other side, kept -10 and 0 (mean -5, datum -10): the same IMPs, the sides exchanged.
    assert butler([-10, 0, 10, 30]) == [(-1, 1), (0, 0), (0, 0), (1, -1)]
    assert butler([10, 0, -10, -30]) == [(1, -1), (0, 0), (0, 0), (-1, 1)]


@given(entries, st.randoms())
def test_every_method_follows_the_results_in_any_order(board, random):
    order = list(range(len(board)))
    random.shuffle(order)
    shuffled = [board[i] for i in order]
    for method in (matchpoints, butler, cross_imps):
        assert method(shuffled) == [method(board)[i] for i in order]


@given(entries)
def test_a_better_score_never_gets_less(board):
    played = scored(board)
    for method in (matchpoints, butler, cross_imps):
        values = method(board)
        for i in played:
            for j in played:
                if board[i] > board[j]:
                    assert values[i][0] >= values[j][0]
