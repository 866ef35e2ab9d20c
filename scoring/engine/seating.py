"""One table in one round of a movement."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seating:
    """One table in one round.

    ``ns`` and ``ew`` are pair numbers; the phantom's side of a sit-out is
    ``None``, and so is the sit-out's ``board_set``.

    ``ns`` and ``ew`` always name the pairs that sit North-South and East-West
    at the table.  ``switched`` marks an arrow-switch round
    (``movements.arrow_switch``): the two pairs sit the other way round from
    the movement's own directions, so ``ns`` is the pair the movement seats
    East-West (a Mitchell's EW pair) and ``ew`` its stationary NS pair.
    """

    round: int
    table: int
    ns: int | None
    ew: int | None
    board_set: int | None
    switched: bool = False

    @property
    def is_sit_out(self) -> bool:
        return self.ns is None or self.ew is None

    @property
    def pairs(self) -> tuple[int, ...]:
        """The real pairs at the table (one for a sit-out, else two)."""
        return tuple(pair for pair in (self.ns, self.ew) if pair is not None)
