"""Who owes the compensation on a board."""

from __future__ import annotations

from enum import StrEnum

from .errors import BoardError, _, describe


class Policy(StrEnum):
    """Which line owes compensation (docs/scoring.md, "Two policies").

    ``LINE`` ("line", the default): the line holding 21+ HCP owes it whoever declares.
    ``DECLARER`` ("declarer"): only when the declaring line holds 21+ HCP; a passed-out
    board then owes nothing. Both agree whenever the stronger line declares.
    """

    LINE = "line"
    DECLARER = "declarer"

    @classmethod
    def coerce(cls, value: object) -> Policy:
        """Return the Policy for a member or its value ("line", "declarer", any case)."""
        if isinstance(value, str):
            try:
                return cls(value.strip().lower())
            except ValueError:
                pass
        raise BoardError(
            _('Unknown compensation policy %(value)s; use "line" or "declarer".'),
            value=describe(value),
        )
