"""Building a Howell movement (every pair meets every other pair once) for 4 to 32 pairs.

Construction: the pairs other than the last one are the elements of the
cyclic group ``Z_m`` (``m`` = number of rounds) and the last pair is a fixed
point.  A *starter* (pairs ``{x, y}`` of non-zero elements whose differences
``±(x - y)`` cover every non-zero element once) gives round ``r`` as the
games ``{x + r, y + r}`` plus the last pair against ``r``; an *adder* (one
distinct non-zero shift ``a`` per starter pair, with the shifted differences
``a - x`` and ``a - y`` all distinct and non-zero) gives that game board set
``r + a`` and the last pair's game set ``r``.  The circle method (the starter
``{k, -k}``) works for every size but 9 and 10 pairs, which take the first
other starter that has an adder; 4, 5 and 6 pairs have no adder at all and use
the small sharing tables below.  Board sets are finally numbered in order of
first appearance, so in round 1 table ``t`` plays set ``t``.  The result is
deterministic and computed in milliseconds (then cached).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import chain

from .seating import Seating

# Board sets for the sizes that have no adder, as indices per round: first the
# last table (the fixed pair's, or the sit-out's: None), then the tables of the
# circle starter {1, m - 1}, {2, m - 2}, ...  Found by an exhaustive search,
# with any forced sharing put in the last round.
_SHARED_SETS: dict[int, tuple[tuple[int | None, ...], ...]] = {
    4: ((0, 0), (1, 1), (2, 2)),
    5: ((None, 0, 1), (None, 0, 2), (None, 3, 1), (None, 3, 2), (None, 4, 4)),
    6: ((0, 1, 2), (2, 1, 3), (3, 0, 2), (1, 0, 3), (4, 4, 4)),
}

_Starter = tuple[tuple[int, int], ...]


def _circle_starter(m: int) -> _Starter:
    return tuple((k, m - k) for k in range(1, (m + 1) // 2))


def _starters(m: int) -> Iterator[_Starter]:
    """Every starter of ``Z_m``, in lexicographic order."""

    def extend(left: tuple[int, ...], used: frozenset[int], chosen: _Starter):
        if not left:
            yield chosen
            return
        first, rest = left[0], left[1:]
        for second in rest:
            difference = min((second - first) % m, (first - second) % m)
            if difference not in used:
                yield from extend(
                    tuple(x for x in rest if x != second),
                    used | {difference},
                    (*chosen, (first, second)),
                )

    yield from extend(tuple(range(1, m)), frozenset(), ())


def _adder(m: int, starter: _Starter) -> tuple[int, ...] | None:
    """The first adder for ``starter`` in lexicographic order, or None."""
    shifts: list[int] = []
    used_shifts = {0}
    used_columns = {0}

    def extend(i: int) -> bool:
        if i == len(starter):
            return True
        x, y = starter[i]
        for shift in range(1, m):
            if shift in used_shifts:
                continue
            columns = {(shift - x) % m, (shift - y) % m}
            if used_columns & columns:
                continue
            used_shifts.add(shift)
            used_columns.update(columns)
            shifts.append(shift)
            if extend(i + 1):
                return True
            shifts.pop()
            used_shifts.discard(shift)
            used_columns.difference_update(columns)
        return False

    return tuple(shifts) if extend(0) else None


def _starter_and_sets(pairs: int) -> tuple[_Starter, tuple[tuple[int | None, ...], ...]]:
    """The starter and the board-set index of every (round, table) of a Howell."""
    m = pairs if pairs % 2 else pairs - 1
    if pairs in _SHARED_SETS:
        return _circle_starter(m), _SHARED_SETS[pairs]
    for starter in chain([_circle_starter(m)], _starters(m)):
        adder = _adder(m, starter)
        if adder is not None:
            break
    else:  # pragma: no cover - starters with adders exist for every odd m >= 7
        raise AssertionError(f"no starter-adder for Z_{m}")
    sit_out = bool(pairs % 2)
    sets = tuple(
        (None if sit_out else r, *((r + shift) % m for shift in adder)) for r in range(m)
    )
    return starter, sets


@cache
def howell_seatings(pairs: int) -> tuple[Seating, ...]:
    """The complete Howell for ``pairs`` pairs (4 to 32, checked by the caller)."""
    m = pairs if pairs % 2 else pairs - 1  # rounds; pair m + 1 is fixed (the phantom if odd)
    last_table = (m + 1) // 2
    starter, sets = _starter_and_sets(pairs)
    labels: dict[int, int] = {}  # set index -> set number, in order of first appearance

    def label(index: int | None) -> int | None:
        if index is None:
            return None
        return labels.setdefault(index, len(labels) + 1)

    seatings = []
    for r in range(m):
        row = sets[r]
        for table, (x, y) in enumerate(starter, start=1):
            ns, ew = (x + r) % m + 1, (y + r) % m + 1
            seatings.append(Seating(r + 1, table, ns, ew, label(row[table])))
        if pairs % 2:
            seatings.append(Seating(r + 1, last_table, r + 1, None, None))
        elif r % 2:
            seatings.append(Seating(r + 1, last_table, r + 1, m + 1, label(row[0])))
        else:
            seatings.append(Seating(r + 1, last_table, m + 1, r + 1, label(row[0])))
    return tuple(seatings)


