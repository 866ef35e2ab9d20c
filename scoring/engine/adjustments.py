"""Artificial adjusted scores a director gives one side when a board cannot be scored
normally (Laws of Duplicate Bridge, Law 12C2, in IMPs as the club's compensation scoring
uses them): Average plus +3 IMPs, Average 0, Average minus -3 IMPs. Each side gets its own,
so NS Average plus with EW Average minus is possible (docs/scoring.md, "Rulings").

A board that could not be played is typed in the director's shorthand: "A+" (both sides),
"A+/A-" (NS, then EW), also "AVE", "AV" and Russian "Ср" (:func:`parse_adjusted`)."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from .contracts import normalize
from .errors import BoardError, ContractError, _, describe


class Adjustment(StrEnum):
    """An artificial adjusted score for one side; the value is how it is stored."""

    AVERAGE_PLUS = "ave+"
    AVERAGE = "ave"
    AVERAGE_MINUS = "ave-"

    @property
    def imps(self) -> int:
        """The IMPs the side gets instead of its table result."""
        return ADJUSTMENT_IMPS[self]

    @property
    def label(self) -> str:
        """The untranslated name with its IMPs, e.g. "Average plus (+3 IMPs)"."""
        return _LABELS[self]

    @property
    def short(self) -> str:
        """The untranslated short form for tables: "Ave+", "Ave", "Ave−"."""
        return _SHORT[self]

    @classmethod
    def coerce(cls, value: object) -> Adjustment:
        """The Adjustment for a member or its stored value ("ave+", "ave", "ave-")."""
        try:
            return cls(value)
        except ValueError:
            raise BoardError(
                _("Unknown adjusted score %(value)s; use ave+, ave or ave-."),
                value=describe(value),
            ) from None


ADJUSTMENT_IMPS = {
    Adjustment.AVERAGE_PLUS: 3,
    Adjustment.AVERAGE: 0,
    Adjustment.AVERAGE_MINUS: -3,
}
"""IMPs of each adjusted score (docs/scoring.md, "Rulings")."""

_LABELS = {
    Adjustment.AVERAGE_PLUS: _("Average plus (+3 IMPs)"),
    Adjustment.AVERAGE: _("Average (0 IMPs)"),
    Adjustment.AVERAGE_MINUS: _("Average minus (−3 IMPs)"),
}
_SHORT = {
    Adjustment.AVERAGE_PLUS: _("Ave+"),
    Adjustment.AVERAGE: _("Ave"),
    Adjustment.AVERAGE_MINUS: _("Ave−"),
}


def side_imps(adjustment: Adjustment | str | None, table_imps: int) -> int:
    """A side's IMPs: its adjusted score's when it has one, else the table result's."""
    if not adjustment:
        return table_imps
    return Adjustment.coerce(adjustment).imps


class AdjustedScores(NamedTuple):
    """Each side's artificial adjusted score for a board that was not played."""

    ns: Adjustment
    ew: Adjustment


# After normalize(): upper case, no spaces, typographic minus signs made "-".
_WORD = "(?:AVE|AV|A|СР)"
_SIDE = _WORD + "([+-]?)"
_ADJUSTED = re.compile(f"{_SIDE}(?:/{_SIDE})?")
# The shorthand begins with one of the words, not followed by another letter ("AP" is a
# passed-out board, not Average).
_LOOKS_ADJUSTED = re.compile(_WORD + "(?![A-ZА-ЯЁ])")
_BY_SIGN = {"+": Adjustment.AVERAGE_PLUS, "": Adjustment.AVERAGE, "-": Adjustment.AVERAGE_MINUS}
_TOKENS = {
    "ascii": {"+": "A+", "": "A", "-": "A-"},
    "en": {"+": "A+", "": "A", "-": "A−"},
    "ru": {"+": "Ср+", "": "Ср", "-": "Ср−"},
}
_SIGN = {Adjustment.AVERAGE_PLUS: "+", Adjustment.AVERAGE: "", Adjustment.AVERAGE_MINUS: "-"}


def looks_adjusted(text: str) -> bool:
    """Whether ``text`` is meant as adjusted-score shorthand rather than a result: a typo in
    it is then explained by :func:`parse_adjusted`, not by the result parser."""
    return isinstance(text, str) and bool(_LOOKS_ADJUSTED.match(normalize(text, "result")))


def parse_adjusted(text: str) -> AdjustedScores:
    """Read the adjusted scores of a board not played: one token for both sides ("A+",
    "A", "A-") or NS/EW ("A+/A-"); "A", "AV", "AVE" or "Ср" in any case, with "+", "-" or
    "−", spaces anywhere."""
    s = normalize(text, "result")
    if not s:
        raise ContractError(
            _("The adjusted score is empty; write A+, A or A- for both sides, or NS/EW such "
              "as A+/A-.")
        )
    found = _ADJUSTED.fullmatch(s)
    if found is None:
        raise ContractError(
            _(
                'Cannot read the adjusted score "%(text)s": write A+, A or A- (Average plus, '
                "Average, Average minus; Ср+, Ср, Ср− in Russian) for both sides, or NS/EW "
                "such as A+/A-."
            ),
            text=text,
        )
    ns_sign, ew_sign = found.groups()
    ns = _BY_SIGN[ns_sign]
    return AdjustedScores(ns, ns if ew_sign is None else _BY_SIGN[ew_sign])


def format_adjusted(
    ns: Adjustment | str, ew: Adjustment | str, notation: str = "ascii"
) -> str:
    """Write adjusted scores as :func:`parse_adjusted` reads them: "A+" when both sides have
    the same, "A+/A-" otherwise. ``notation`` is "ascii" ("A+/A-"), "en" ("A+/A−", a
    typographic minus) or "ru" ("Ср+/Ср−")."""
    tokens = _TOKENS.get(notation)
    if tokens is None:
        raise ContractError(
            _('Unknown notation %(notation)s; use "ascii", "en" or "ru".'),
            notation=describe(notation),
        )
    ns, ew = Adjustment.coerce(ns), Adjustment.coerce(ew)
    first = tokens[_SIGN[ns]]
    return first if ns is ew else f"{first}/{tokens[_SIGN[ew]]}"
