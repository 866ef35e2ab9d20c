"""Converting a points difference to IMPs (International Match Points)."""

from __future__ import annotations

from bisect import bisect_right

from .errors import BoardError, _, describe

IMP_SCALE: tuple[tuple[int, int], ...] = (
    (20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8),
    (370, 9), (430, 10), (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15),
    (1300, 16), (1500, 17), (1750, 18), (2000, 19), (2250, 20), (2500, 21), (3000, 22),
    (3500, 23), (4000, 24),
)  # fmt: skip
"""(lowest points difference, IMPs) for each step of the scale; below 20 points is 0 IMPs.

Source: the WBF IMP scale, as printed in the Moscow compensation text (docs/scoring.md,
"From score to IMPs").
"""

_THRESHOLDS = tuple(points for points, _imps in IMP_SCALE)

# Every threshold is a multiple of 10, so IMPs depend only on abs(points) // 10.
IMPS_BY_TEN: tuple[int, ...] = tuple(bisect_right(_THRESHOLDS, 10 * k) for k in range(400))
MAX_IMPS = IMP_SCALE[-1][1]


def imps(points: int) -> int:
    """IMPs for a signed points difference: imps(-x) == -imps(x), 0 up to 19 points, 24 max."""
    if type(points) is not int:
        raise BoardError(
            _("A points difference must be a whole number, got %(value)s."),
            value=describe(points),
        )
    k = abs(points) // 10
    result = IMPS_BY_TEN[k] if k < 400 else MAX_IMPS
    return result if points >= 0 else -result
