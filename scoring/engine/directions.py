"""The four seats at a bridge table."""

from __future__ import annotations

from enum import StrEnum

from .errors import ContractError, SeatError, _, describe


class Direction(StrEnum):
    """A seat: North, East, South or West. The value is the English letter.

    Being a ``str`` enum, ``Direction.N == "N"``, so it can be stored as plain text.
    """

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def is_ns(self) -> bool:
        """True for North and South."""
        return self is Direction.N or self is Direction.S

    @property
    def partner(self) -> Direction:
        """The seat opposite."""
        return _PARTNER[self]

    def display(self, notation: str = "en") -> str:
        """The seat letter in English ("N") or Russian ("С") notation."""
        if notation == "ru":
            return _RUSSIAN[self]
        if notation in ("en", "ascii"):
            return self.value
        raise ContractError(
            _('Unknown notation "%(notation)s"; use "en" or "ru".'), notation=notation
        )

    @classmethod
    def coerce(cls, value: object) -> Direction:
        """Return the seat for a Direction or a letter: N/E/S/W in either case, or С/В/Ю/З."""
        try:
            return SEATS[value]
        except (KeyError, TypeError):
            pass
        if value is None:
            raise SeatError(
                _("Missing declarer; give the seat N, E, S or W (С, В, Ю, З).")
            ) from None
        raise SeatError(
            _("Unknown seat %(seat)s; use N, E, S or W (Russian С, В, Ю, З)."),
            seat=describe(value),
        ) from None


_PARTNER = {
    Direction.N: Direction.S,
    Direction.S: Direction.N,
    Direction.E: Direction.W,
    Direction.W: Direction.E,
}

_RUSSIAN = {Direction.N: "С", Direction.E: "В", Direction.S: "Ю", Direction.W: "З"}

SEATS: dict[str, Direction] = {}
"""Every accepted spelling of a seat (English letters in either case, Cyrillic С/В/Ю/З)."""
for _seat in Direction:
    for _spelling in (_seat.value, _RUSSIAN[_seat]):
        SEATS[_spelling] = _seat
        SEATS[_spelling.lower()] = _seat
del _seat, _spelling
