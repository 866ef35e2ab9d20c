"""What a club's results say about its compensation table: the plain mean score of the line
holding each HCP count, and a proposed table built from those means (no Django here).

The means are noisy, thin at the edges (few hands hold 38 HCP) and need not rise with the
HCP, while a compensation table must: whole tens, never falling as HCP rise, vulnerable
never below not vulnerable (``CompensationTable``'s rules). So :func:`propose`

1. keeps the table's value in thin cells: a cell with fewer than ``min_results`` results
   says too little to move the table, so it keeps the table's value (with almost no
   weight: only the order below can move it) and is marked thin, rather than borrowing a
   value from its neighbours;
2. smooths with weighted isotonic regression under both orders at once (HCP rising, and
   vulnerable over not vulnerable): Dykstra's alternating projections between
   pool-adjacent-violators on each column and pairwise pooling of each HCP's two cells,
   which converges to the least-squares fit that obeys both orders (a thin cell moves only
   where the cells with enough results around it require it, to keep the table valid);
3. rounds to tens, never below zero.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from .compensation import MAX_HCP, MIN_HCP, CompensationTable
from .errors import BoardError, _, describe

HCP_RANGE = tuple(range(MIN_HCP, MAX_HCP + 1))
# Fewer results than this and a cell keeps the table's value.
MIN_RESULTS = 20
# The weight of a thin cell: the table's value, barely held.
THIN_WEIGHT = 1e-6
TOLERANCE = 1e-9
MAX_ROUNDS = 10_000

# HCP bands of the stronger line for the average net: part-scores, games, slams.
BANDS = (
    ("part-score", _("part-score (21-24 HCP)"), 21, 24),
    ("game", _("game (25-32 HCP)"), 25, 32),
    ("slam", _("slam (33-40 HCP)"), 33, 40),
)


def band_of(hcp: int) -> str | None:
    """The key of the band a stronger line's HCP falls in; None below 21."""
    for key, _label, low, high in BANDS:
        if low <= hcp <= high:
            return key
    return None


@dataclass(frozen=True)
class Proposal:
    """One cell of the calibration: HCP and vulnerability of the line holding them."""

    hcp: int
    vulnerable: bool
    results: int
    mean_score: float | None  # the plain mean; None without results
    table: int  # the value in the table in use
    proposed: int
    thin: bool  # too few results to move the table: its value kept (but for the order)

    def as_dict(self) -> dict:
        return {
            "hcp": self.hcp,
            "vulnerable": self.vulnerable,
            "results": self.results,
            "mean_score": None if self.mean_score is None else round(self.mean_score, 1),
            "table": self.table,
            "proposed": self.proposed,
            "thin": self.thin,
        }


def round_to_ten(value: float) -> int:
    """The nearest multiple of ten, halves up (285 -> 290, -5 -> 0)."""
    return int(math.floor(value / 10 + 0.5)) * 10


def pava(values: list[float], weights: list[float]) -> list[float]:
    """Weighted least-squares non-decreasing fit (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, weight, length]
    for value, weight in zip(values, weights, strict=True):
        blocks.append([value, weight, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            value2, weight2, length2 = blocks.pop()
            value1, weight1, length1 = blocks[-1]
            total = weight1 + weight2
            blocks[-1] = [(value1 * weight1 + value2 * weight2) / total, total,
                          length1 + length2]
    fitted: list[float] = []
    for value, _weight, length in blocks:
        fitted.extend([value] * length)
    return fitted


def _columns_monotone(x, w):
    half = len(x) // 2
    return pava(x[:half], w[:half]) + pava(x[half:], w[half:])


def _vulnerable_at_least(x, w):
    half = len(x) // 2
    out = list(x)
    for i in range(half):
        j = half + i
        if out[j] < out[i]:
            out[i] = out[j] = (x[i] * w[i] + x[j] * w[j]) / (w[i] + w[j])
    return out


def fit_both_orders(values: list[float], weights: list[float]) -> list[float]:
    """The weighted least-squares fit of `values` (not vulnerable 21..40, then vulnerable
    21..40) that rises with HCP in each half and keeps vulnerable at least not
    vulnerable: Dykstra's algorithm alternating the two projections."""
    x = list(values)
    p = [0.0] * len(x)
    q = [0.0] * len(x)
    for _round in range(MAX_ROUNDS):
        u = _columns_monotone([a + b for a, b in zip(x, p, strict=True)], weights)
        p = [a + b - c for a, b, c in zip(x, p, u, strict=True)]
        new = _vulnerable_at_least([a + b for a, b in zip(u, q, strict=True)], weights)
        q = [a + b - c for a, b, c in zip(u, q, new, strict=True)]
        done = max(abs(a - b) for a, b in zip(new, x, strict=True)) < TOLERANCE
        x = new
        if done:
            break
    return x


def _check_cells(cells):
    for key, value in cells.items():
        hcp, _vulnerable = key
        if hcp not in HCP_RANGE:
            raise BoardError(_("HCP %(hcp)s is outside the compensation table (21 to 40)."),
                             hcp=describe(hcp))
        results, _total = value
        if type(results) is not int or results < 0:
            raise BoardError(_("A number of results must be a whole number of 0 or more, "
                               "got %(value)s."), value=describe(results))


def propose(cells: Mapping[tuple[int, bool], tuple[int, float]], table: CompensationTable,
            min_results: int = MIN_RESULTS) -> list[Proposal]:
    """The calibration of `table` against the club's results.

    `cells`: {(hcp, vulnerable): (results, sum of the line's scores)} for the line holding
    21..40 HCP (missing cells have no results). Returns one Proposal per HCP and
    vulnerability, not vulnerable first, 21 to 40.
    """
    _check_cells(cells)
    keys = [(h, v) for v in (False, True) for h in HCP_RANGE]
    counts = [cells.get(k, (0, 0))[0] for k in keys]
    totals = [cells.get(k, (0, 0))[1] for k in keys]
    half = len(HCP_RANGE)
    # A cell without a result is thin whatever the minimum.
    thin = [count < max(min_results, 1) for count in counts]
    values = [table.compensation(*key) if is_thin else total / count
              for key, count, total, is_thin in zip(keys, counts, totals, thin, strict=True)]
    weights = [THIN_WEIGHT if is_thin else count
               for count, is_thin in zip(counts, thin, strict=True)]
    fitted = [max(0.0, round(value, 6)) for value in fit_both_orders(values, weights)]
    rounded = [round_to_ten(value) for value in fitted]
    # Rounding keeps both orders; this only absorbs floating-point noise at a tie.
    for i in range(1, half):
        for j in (i, half + i):
            rounded[j] = max(rounded[j], rounded[j - 1])
    for i in range(half):
        rounded[half + i] = max(rounded[half + i], rounded[i])
    return [
        Proposal(hcp=hcp, vulnerable=vulnerable, results=counts[i],
                 mean_score=totals[i] / counts[i] if counts[i] else None,
                 table=table.compensation(hcp, vulnerable), proposed=rounded[i],
                 thin=thin[i])
        for i, (hcp, vulnerable) in enumerate(keys)
    ]


def proposed_rows(proposals: list[Proposal]) -> list[tuple[int, int, int]]:
    """(hcp, not vulnerable, vulnerable) rows of the proposed table."""
    by_key = {(p.hcp, p.vulnerable): p.proposed for p in proposals}
    return [(h, by_key[(h, False)], by_key[(h, True)]) for h in HCP_RANGE]
