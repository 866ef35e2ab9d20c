"""The WBF IMP scale and the WBF 2013 continuous VP scale written out again, for tests that
check the product's IMPs and VPs against an independent computation."""

import math
from decimal import ROUND_HALF_UP, Decimal

# The lowest difference in points that wins 1, 2, ... 24 IMPs.
IMP_SCALE = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100,
             1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000]


def imps(difference):
    won = sum(1 for low in IMP_SCALE if abs(difference) >= low)
    return won if difference >= 0 else -won


def wbf_vps(margin, boards):
    """The winner's VPs by the WBF 2013 formula (blitz 15 * sqrt(boards)), two decimals;
    the loser's the rest of 20. The margins here are small enough to need no monotonicity
    step (tests/engine/test_swiss.py checks the published tables)."""
    blitz = 15 * math.sqrt(boards)
    tau = (math.sqrt(5) - 1) / 2
    winner = Decimal(20)
    if abs(margin) < blitz:
        exact = 10 + 10 * (1 - tau ** (3 * abs(margin) / blitz)) / (1 - tau ** 3)
        winner = Decimal(repr(exact)).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return winner if margin >= 0 else Decimal(20) - winner
