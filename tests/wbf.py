"""The WBF 2013 continuous VP scale written out again, for tests that check the product's
VPs against an independent computation."""

import math
from decimal import ROUND_HALF_UP, Decimal


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
