"""The IMP scale."""

import pytest

from scoring.engine import (
    IMP_SCALE,
    BoardError,
    imps,
)

# docs/scoring.md, "From score to IMPs": (lowest, highest, IMPs), typed in again from the source.
DOCUMENTED_SCALE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "expected"), DOCUMENTED_SCALE)
def test_scale_rows(low, high, expected):
    for points in range(low, high + 1, 10):
        assert imps(points) == expected
        assert imps(-points) == -expected


@pytest.mark.parametrize("points", [4000, 4010, 7600, 10_000, 10**12])
def test_24_is_the_maximum(points):
    assert imps(points) == 24
    assert imps(-points) == -24


@pytest.mark.parametrize(("points", "expected"), [(11, 0), (19, 0), (49, 1), (89, 2), (3999, 23)])
def test_points_between_the_steps_use_the_lower_bound(points, expected):
    assert imps(points) == expected
    assert imps(-points) == -expected


def test_scale_table_matches_domain():
    assert IMP_SCALE == tuple((low, i) for low, _high, i in DOCUMENTED_SCALE[1:]) + ((4000, 24),)


@pytest.mark.parametrize("points", [None, 1.5, "100", True])
def test_non_integer_is_rejected(points):
    with pytest.raises(BoardError, match="points difference must be a whole number"):
        imps(points)
