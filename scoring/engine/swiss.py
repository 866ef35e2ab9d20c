"""Swiss pairs: IMP margins to victory points on the WBF 2013 continuous scale, and each
round's pairings by the running score (docs/scoring.md, "Swiss pairs").

Compensation needs no field: each result is scored against the cards, so a pair's IMPs in
a round are a margin over its opponents like a teams match's, and pairs can be paired round
by round by their running score, as teams are in a Swiss.

**Victory points.** For a round of ``boards`` boards the blitz margin is ``15 * sqrt(boards)``
IMPs; with tau the golden ratio's conjugate, ``(sqrt(5) - 1) / 2``, the winner of a
margin ``m`` below the blitz gets ``10 + 10 * (1 - tau ** (3 * m / blitz)) / (1 - tau ** 3)``
VPs, to two decimals, and 20.00 from the blitz on; the loser gets the rest of 20. Rounded
to hundredths, a scale could give one IMP more than the IMP before it; the WBF's tables
remove that by raising such a value by 0.01 until no IMP is worth more than the one before
(:func:`vp_scale`).

**Pairings.** The first round is seeded (the first half of the list against the second:
1 v n/2+1, 2 v n/2+2 ...) or drawn at random. Later rounds pair the pairs in order of
their running score (ties: the lower number first): the highest unpaired pair meets the
next one it has not met, and when that leaves the rest unpairable the choice moves down
(backtracking), so no two pairs meet twice while it can be avoided. With an odd number of
pairs the lowest-placed pair that has not had a bye sits out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Hashable, Mapping, Sequence
from decimal import Decimal
from functools import cache

from .errors import BoardError, _, describe

TAU = (math.sqrt(5) - 1) / 2
MAX_VP = Decimal(20)


def blitz(boards: int) -> float:
    """The margin (IMPs) that wins 20.00 VPs in a round of ``boards`` boards."""
    return 15 * math.sqrt(_boards(boards))


def _boards(boards: int) -> int:
    if type(boards) is not int or boards < 1:
        raise BoardError(_("A round has a whole number of boards, 1 or more; got %(value)s."),
                         value=describe(boards))
    return boards


@cache
def vp_scale(boards: int) -> tuple[Decimal, ...]:
    """The winner's VPs for each whole IMP margin from 0 to the first that reaches 20.00."""
    top = blitz(boards)
    hundredths = []
    for margin in range(math.ceil(top) + 1):
        exact = 1000 + 1000 * (1 - TAU ** (3 * margin / top)) / (1 - TAU ** 3)
        hundredths.append(min(2000, math.floor(exact + 0.5)))
    # No IMP may be worth more than the one before: raise a value by 0.01 where the step
    # after it is bigger than the step before it, until none is.
    changed = True
    while changed:
        changed = False
        for i in range(1, len(hundredths) - 1):
            if hundredths[i + 1] - hundredths[i] > hundredths[i] - hundredths[i - 1]:
                hundredths[i] += 1
                changed = True
    return tuple(Decimal(value) / 100 for value in hundredths)


def victory_points(margin: int, boards: int) -> tuple[Decimal, Decimal]:
    """(VPs of the side with this IMP margin, VPs of its opponents) for a round of
    ``boards`` boards; a negative margin is a loss. The two add up to 20.00."""
    if type(margin) is not int:
        raise BoardError(_("An IMP margin is a whole number; got %(value)s."),
                         value=describe(margin))
    scale = vp_scale(_boards(boards))
    winner = scale[min(abs(margin), len(scale) - 1)]
    return (winner, MAX_VP - winner) if margin >= 0 else (MAX_VP - winner, winner)


# --------------------------------------------------------------------------
# pairings

Pairing = tuple[Hashable, Hashable]


def first_round(pairs: Sequence[Hashable], *, seeded: bool = True,
                rng: random.Random | None = None) -> tuple[list[Pairing], Hashable | None]:
    """(the first round's pairings, the pair with the bye or None). ``pairs`` in seeding
    order; seeded: 1 v n/2+1, 2 v n/2+2 ...; else a random draw (``rng``). With an odd
    number the last pair in the order (after the draw) has the bye."""
    pairs = list(pairs)
    _check_pairs(pairs)
    if not seeded:
        (rng or random.Random()).shuffle(pairs)
    bye = pairs.pop() if len(pairs) % 2 else None
    half = len(pairs) // 2
    return list(zip(pairs[:half], pairs[half:], strict=True)), bye


def next_round(scores: Mapping[Hashable, object], met: Collection[frozenset],
               byes: Collection[Hashable] = ()) -> tuple[list[Pairing], Hashable | None]:
    """(the next round's pairings, the pair with the bye or None) from each pair's
    running score (``scores``: pair -> a comparable total, e.g. VPs), the pairs that have
    met (``met``: frozensets of two pairs) and those that have had a bye. No two pairs
    meet again while the field can avoid it; when it cannot, the rematches fall to the
    lowest-placed pairs."""
    order = sorted(scores, key=lambda pair: (-scores[pair], pair))
    _check_pairs(order)
    met = {frozenset(pair) for pair in met}
    bye = None
    if len(order) % 2:
        bye = next((pair for pair in reversed(order) if pair not in byes), order[-1])
        order.remove(bye)
    for allowed_rematches in range(len(order) // 2 + 1):
        found = _pair_down(order, met, allowed_rematches)
        if found is not None:
            return found, bye
    raise AssertionError("unreachable: any even list pairs with rematches allowed")


def _pair_down(order: list, met: set, rematches: int) -> list[Pairing] | None:
    """The pairings of ``order`` (best first), each pair meeting the highest unpaired pair
    below it that it has not met, backtracking when the rest cannot be paired; up to
    ``rematches`` meetings may repeat (the last resort). None when there is none."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        again = frozenset((first, other)) in met
        if again and not rematches:
            continue
        remaining = rest[:index] + rest[index + 1:]
        below = _pair_down(remaining, met, rematches - again)
        if below is not None:
            return [(first, other), *below]
    return None


def _check_pairs(pairs: Sequence) -> None:
    if len(pairs) < 2 or len(set(pairs)) != len(pairs):
        raise BoardError(_("A Swiss round needs two or more different pairs; got %(value)s."),
                         value=describe(list(pairs)))
