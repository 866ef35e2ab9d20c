"""Artificial adjusted scores a director gives one side when a board cannot be scored
normally (Laws of Duplicate Bridge, Law 12C2, in IMPs as the club's compensation scoring
uses them): Average plus +3 IMPs, Average 0, Average minus -3 IMPs. Each side gets its own,
so NS Average plus with EW Average minus is possible (docs/scoring.md, "Rulings")."""

from __future__ import annotations

from enum import StrEnum

from .errors import BoardError, _, describe


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
