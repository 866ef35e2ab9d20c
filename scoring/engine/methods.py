"""The other pairs scoring methods, on one board's results: matchpoints (with Neuberg's
formula for a board played fewer times than the field), Butler (IMPs against a datum) and
cross-IMPs (IMPs against every other result). Moscow compensation stays the product's own
method (scoring.engine.board); these let the same results be shown as other clubs and
federations score them (docs/scoring.md, "Other methods").

A board's results are given in a fixed order, each either North-South's table score (an
int, a multiple of 10) or an artificial adjusted score (:class:`Adjusted`, one adjustment
for each side). Every function returns one value per result, in the same order, as a pair
(North-South's, East-West's). Arithmetic is exact (``Fraction``) where a method divides.

Adjusted scores (Law 12C2): in matchpoints Average plus, Average and Average minus are 60,
50 and 40 percent of the top, each side on its own; the board's other results are
matchpointed among themselves and scaled to the whole field by Neuberg's formula. In the
IMP methods they are +3, 0 and -3 IMPs (as in compensation scoring) and take no part in the
datum or the comparisons.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .adjustments import Adjustment
from .errors import BoardError, _, describe, ngettext
from .imps import imps

# The percentage of the top an adjusted side gets in matchpoints (Law 12C2).
ADJUSTED_PERCENT = {
    Adjustment.AVERAGE_PLUS: 60,
    Adjustment.AVERAGE: 50,
    Adjustment.AVERAGE_MINUS: 40,
}


@dataclass(frozen=True)
class Adjusted:
    """An artificial adjusted score: each side's adjustment."""

    ns: Adjustment
    ew: Adjustment


Entry = int | Adjusted


def _checked(entries: Sequence[Entry]) -> list[Entry]:
    checked = []
    for entry in entries:
        if isinstance(entry, Adjusted):
            checked.append(Adjusted(Adjustment.coerce(entry.ns), Adjustment.coerce(entry.ew)))
        elif type(entry) is int and entry % 10 == 0:
            checked.append(entry)
        else:
            raise BoardError(
                _("A table score is a whole number of points, a multiple of 10, or an "
                  "adjusted score; got %(value)s."),
                value=describe(entry),
            )
    return checked


# --------------------------------------------------------------------------
# matchpoints


def matchpoints(entries: Sequence[Entry], *, field: int | None = None
                ) -> list[tuple[Fraction, Fraction]]:
    """Each result's matchpoints (NS, EW): two for every score beaten, one for every tie,
    so the top is ``2 * (field - 1)`` and a side's two numbers add up to the top.

    ``field`` is the number of results the board should have (default: the results
    given); the scores actually there (``n`` of them, adjusted ones left out) are
    matchpointed among themselves and scaled by Neuberg's formula,
    ``(mp + 1) * field / n - 1``, which keeps the board's total and a result's average.
    An adjusted side gets 60, 50 or 40 percent of the top."""
    entries = _checked(entries)
    if not entries and field is None:
        return []
    field = len(entries) if field is None else field
    if type(field) is not int or field < len(entries) or field < 1:
        raise BoardError(
            ngettext("A board's field is a whole number at least as large as its "
                     "%(count)s result; got %(value)s.",
                     "A board's field is a whole number at least as large as its "
                     "%(count)s results; got %(value)s.", "count"),
            count=len(entries), value=describe(field),
        )
    top = 2 * (field - 1)
    scores = sorted(entry for entry in entries if not isinstance(entry, Adjusted))
    played = len(scores)
    by_score = {}  # equal scores get equal matchpoints: each worked out once
    values = []
    for entry in entries:
        if isinstance(entry, Adjusted):
            values.append((Fraction(top * ADJUSTED_PERCENT[entry.ns], 100),
                           Fraction(top * ADJUSTED_PERCENT[entry.ew], 100)))
            continue
        if entry not in by_score:
            # Two for each score beaten, one for each tie but itself.
            beaten = bisect_left(scores, entry)
            ties = bisect_right(scores, entry) - beaten
            ns = Fraction((2 * beaten + ties) * field, played) - 1
            by_score[entry] = (ns, top - ns)
        values.append(by_score[entry])
    return values


def percentages(entries: Sequence[Entry], *, field: int | None = None
                ) -> list[tuple[Fraction, Fraction]]:
    """Each result's matchpoints as a percentage of the top (NS, EW); a board with one
    result in its field gives 50 each (there is nothing to compare)."""
    values = matchpoints(entries, field=field)
    top = 2 * ((len(values) if field is None else field) - 1)
    if top == 0:
        return [(Fraction(50), Fraction(50)) for _value in values]
    # matchpoints gives equal scores one shared pair: each pair is converted once.
    by_pair = {}
    for pair in values:
        if id(pair) not in by_pair:
            by_pair[id(pair)] = (pair[0] * 100 / top, pair[1] * 100 / top)
    return [by_pair[id(pair)] for pair in values]


# --------------------------------------------------------------------------
# IMPs: Butler and cross-IMPs


def _adjusted_imps(entry: Adjusted) -> tuple[int, int]:
    return entry.ns.imps, entry.ew.imps


def butler_datum(scores: Sequence[int], *, drop: int = 1) -> int:
    """The datum of a board's NS scores: their mean after dropping the ``drop`` highest and
    the ``drop`` lowest (fewer when that would leave nothing: at least one score stays),
    rounded to the nearest 10, halves away from zero."""
    if type(drop) is not int or drop < 0:
        raise BoardError(_("The number of scores dropped from each end of a Butler datum "
                           "is a whole number from 0 up; got %(value)s."),
                         value=describe(drop))
    scores = sorted(_checked(scores))
    if not scores or any(isinstance(score, Adjusted) for score in scores):
        raise BoardError(_("A Butler datum needs at least one table score; got %(value)s."),
                         value=describe(scores))
    cut = min(drop, (len(scores) - 1) // 2)
    kept = scores[cut:len(scores) - cut]
    mean = Fraction(sum(kept), len(kept))
    tens, rest = divmod(abs(mean), 10)
    rounded = 10 * (int(tens) + (1 if rest >= 5 else 0))
    return rounded if mean >= 0 else -rounded


def butler(entries: Sequence[Entry], *, drop: int = 1) -> list[tuple[int, int]]:
    """Each result's IMPs (NS, EW) against the board's datum (:func:`butler_datum` of its
    table scores); an adjusted side gets +3, 0 or -3 IMPs."""
    entries = _checked(entries)
    scores = [entry for entry in entries if not isinstance(entry, Adjusted)]
    datum = butler_datum(scores, drop=drop) if scores else 0
    values = []
    for entry in entries:
        if isinstance(entry, Adjusted):
            values.append(_adjusted_imps(entry))
        else:
            ns = imps(entry - datum)
            values.append((ns, -ns))
    return values


def cross_imps(entries: Sequence[Entry]) -> list[tuple[Fraction, Fraction]]:
    """Each result's IMPs (NS, EW) against every other table score of the board, averaged
    over those comparisons (0 when it is the only one); an adjusted side gets +3, 0 or -3
    IMPs."""
    entries = _checked(entries)
    scores = Counter(entry for entry in entries if not isinstance(entry, Adjusted))
    played = sum(scores.values())
    by_score = {}  # equal scores get equal IMPs: each worked out once
    values = []
    for entry in entries:
        if isinstance(entry, Adjusted):
            values.append(tuple(Fraction(side) for side in _adjusted_imps(entry)))
            continue
        if entry not in by_score:
            # Every other score: the result itself compares with itself once, at 0 IMPs.
            total = sum(count * imps(entry - other) for other, count in scores.items())
            ns = Fraction(total, played - 1) if played > 1 else Fraction(0)
            by_score[entry] = (ns, -ns)
        values.append(by_score[entry])
    return values
