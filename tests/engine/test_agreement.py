"""Spearman's rank correlation (scoring.engine.agreement), against values worked by hand."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import BoardError
from scoring.engine.agreement import average_ranks, rank_correlation


def test_tied_values_share_the_mean_of_their_ranks():
    assert average_ranks([30, 10, 20, 10]) == [4, F(3, 2), 3, F(3, 2)]


def test_the_same_order_is_one_and_the_reverse_minus_one():
    assert rank_correlation([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1)
    assert rank_correlation([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1)


def test_a_worked_example():
    # Ranks 1 2 3 4 5 against 2 1 4 3 5: d² = 1 + 1 + 1 + 1 + 0 = 4, so
    # 1 - 6 * 4 / (5 * 24) = 0.8 (no ties: the short formula holds).
    assert rank_correlation([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]) == pytest.approx(0.8)


def test_a_worked_example_with_ties():
    # First ranks 1.5 1.5 3 4, second 1 2 3.5 3.5; both means 2.5. Deviations (-1, -1,
    # 0.5, 1.5) and (-1.5, -0.5, 1, 1): covariance 1.5 + 0.5 + 0.5 + 1.5 = 4, spreads
    # 1 + 1 + 0.25 + 2.25 = 4.5 and 2.25 + 0.25 + 1 + 1 = 4.5, so 4 / 4.5.
    assert rank_correlation([5, 5, 7, 9], [1, 2, 8, 8]) == pytest.approx(8 / 9)


def test_an_all_equal_ranking_has_no_correlation():
    assert rank_correlation([3, 3, 3], [1, 2, 3]) is None


def test_rankings_that_cannot_be_compared_are_refused():
    with pytest.raises(BoardError, match="different lengths"):
        rank_correlation([1, 2], [1, 2, 3])
    with pytest.raises(BoardError, match="at least two players; got 1"):
        rank_correlation([1], [1])


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=30), st.randoms())
def test_the_correlation_is_symmetric_and_bounded(values, random):
    other = values[:]
    random.shuffle(other)
    found = rank_correlation(values, other)
    assert found == rank_correlation(other, values)
    assert found is None or -1 - 1e-9 <= found <= 1 + 1e-9
