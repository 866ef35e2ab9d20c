"""How well one ranking agrees with another: Spearman's rank correlation, for comparing
scoring methods by how consistently they rank the same players (docs/scoring.md, "Which
method ranks most consistently")."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .errors import BoardError, _


def average_ranks(values: Sequence[Fraction | float | int]) -> list[Fraction]:
    """Each value's rank (1 for the smallest); tied values share the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [Fraction(0)] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        shared = Fraction(start + end + 2, 2)  # the mean of ranks start+1 .. end+1
        for position in range(start, end + 1):
            ranks[order[position]] = shared
        start = end + 1
    return ranks


def rank_correlation(first: Sequence, second: Sequence) -> float | None:
    """Spearman's rank correlation of two equally long lists of scores (the Pearson
    correlation of their average ranks): 1 when both order everyone alike, -1 when exactly
    reversed, near 0 when unrelated. None when either list ranks everyone equal."""
    if len(first) != len(second):
        raise BoardError(_("Two rankings of different lengths cannot be compared: "
                           "%(first)s and %(second)s."), first=len(first), second=len(second))
    if len(first) < 2:
        raise BoardError(_("A rank correlation needs at least two players; got %(count)s."),
                         count=len(first))
    xs, ys = average_ranks(first), average_ranks(second)
    mean = Fraction(len(xs) + 1, 2)  # the mean of any list of average ranks
    covariance = sum((x - mean) * (y - mean) for x, y in zip(xs, ys, strict=True))
    spread_x = sum((x - mean) ** 2 for x in xs)
    spread_y = sum((y - mean) ** 2 for y in ys)
    if not spread_x or not spread_y:
        return None
    return float(covariance) / (float(spread_x) * float(spread_y)) ** 0.5
