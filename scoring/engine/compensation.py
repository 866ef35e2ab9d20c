"""Compensation tables: the points a line is expected to score with the HCP it holds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .errors import BoardError, CompensationTableError, _, describe
from .vulnerability import Vulnerability

MIN_HCP = 21
MAX_HCP = 40


class CompensationTable:
    """An immutable, validated compensation table for 21 to 40 HCP.

    Built from a mapping ``{hcp: (not_vulnerable, vulnerable)}`` or with
    :meth:`from_rows`. Rules (each broken rule raises CompensationTableError naming the row):
    exactly the rows 21..40; whole numbers, multiples of 10, not negative; never
    decreasing as HCP rise (in each column); vulnerable at least not vulnerable.
    """

    __slots__ = ("_rows", "line_by_vul", "ns_part_by_vul", "ew_part_by_vul")

    def __init__(self, rows: Mapping[int, tuple[int, int]]) -> None:
        if not isinstance(rows, Mapping):
            raise CompensationTableError(
                _(
                    "A compensation table is built from a mapping of HCP to (not vulnerable, "
                    "vulnerable), got %(value)s."
                ),
                value=describe(rows),
            )
        checked = _validate(rows)
        object.__setattr__(self, "_rows", checked)
        # Lookups for score_board, indexed by NS HCP 0..40, one tuple per vulnerability:
        # what NS owe (>= 0), what EW owe seen from NS (<= 0), and their sum (LINE policy).
        ns_part: dict[Vulnerability, tuple[int, ...]] = {}
        ew_part: dict[Vulnerability, tuple[int, ...]] = {}
        line: dict[Vulnerability, tuple[int, ...]] = {}
        for vul in Vulnerability:
            ns_part[vul] = tuple(self.compensation(h, vul.ns_vulnerable) for h in range(41))
            ew_part[vul] = tuple(-self.compensation(40 - h, vul.ew_vulnerable) for h in range(41))
            line[vul] = tuple(a + b for a, b in zip(ns_part[vul], ew_part[vul], strict=True))
        object.__setattr__(self, "ns_part_by_vul", ns_part)
        object.__setattr__(self, "ew_part_by_vul", ew_part)
        object.__setattr__(self, "line_by_vul", line)

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[int, int, int]]) -> CompensationTable:
        """Build a table from ``(hcp, not_vulnerable, vulnerable)`` triples."""
        mapping: dict[int, tuple[int, int]] = {}
        try:
            items = list(rows)
        except TypeError:
            items = None
        if items is None:
            raise CompensationTableError(
                _(
                    "Compensation table rows must be (HCP, not vulnerable, vulnerable) "
                    "triples, got %(value)s."
                ),
                value=describe(rows),
            )
        for row in items:
            if not isinstance(row, (tuple, list)) or len(row) != 3:
                raise CompensationTableError(
                    _(
                        "Compensation table rows must be (HCP, not vulnerable, vulnerable) "
                        "triples, got %(value)s."
                    ),
                    value=describe(row),
                )
            hcp, not_vul, vul = row
            if type(hcp) is not int:
                raise CompensationTableError(
                    _(
                        "The compensation table has a row for %(hcp)s HCP; rows must be exactly "
                        "21 to 40 HCP (20 or fewer owe nothing)."
                    ),
                    hcp=describe(hcp),
                )
            if hcp in mapping:
                raise CompensationTableError(
                    _("The compensation table has two rows for %(hcp)s HCP."), hcp=hcp
                )
            mapping[hcp] = (not_vul, vul)
        return cls(mapping)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CompensationTable is immutable")

    def rows(self) -> tuple[tuple[int, int, int], ...]:
        """The 20 rows ``(hcp, not_vulnerable, vulnerable)`` for 21..40 HCP, in order."""
        return self._rows

    def compensation(self, hcp: int, vulnerable: bool) -> int:
        """What a line holding ``hcp`` (0-40) owes at its vulnerability; 0 for 20 or fewer."""
        if type(hcp) is not int or not 0 <= hcp <= 40:
            raise BoardError(
                _("HCP must be a whole number from 0 to 40, got %(hcp)s."), hcp=describe(hcp)
            )
        if vulnerable is not True and vulnerable is not False:
            raise BoardError(
                _("Vulnerable must be True or False, got %(value)s."), value=describe(vulnerable)
            )
        if hcp < MIN_HCP:
            return 0
        return self._rows[hcp - MIN_HCP][2 if vulnerable else 1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CompensationTable):
            return NotImplemented
        return self._rows == other._rows

    def __hash__(self) -> int:
        return hash(self._rows)

    def __repr__(self) -> str:
        return f"CompensationTable.from_rows({list(self._rows)!r})"


def _validate(rows: Mapping[int, tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
    for hcp in rows:
        if type(hcp) is not int or not MIN_HCP <= hcp <= MAX_HCP:
            raise CompensationTableError(
                _(
                    "The compensation table has a row for %(hcp)s HCP; rows must be exactly "
                    "21 to 40 HCP (20 or fewer owe nothing)."
                ),
                hcp=describe(hcp),
            )
    checked: list[tuple[int, int, int]] = []
    previous: tuple[int, int, int] | None = None
    for hcp in range(MIN_HCP, MAX_HCP + 1):
        if hcp not in rows:
            raise CompensationTableError(
                _(
                    "The compensation table has no row for %(hcp)s HCP; it must cover every "
                    "HCP from 21 to 40."
                ),
                hcp=hcp,
            )
        pair = rows[hcp]
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise CompensationTableError(
                _(
                    "The row for %(hcp)s HCP must be a pair (not vulnerable, vulnerable), "
                    "got %(value)s."
                ),
                hcp=hcp,
                value=describe(pair),
            )
        not_vul, vul = pair
        for value in pair:
            if type(value) is not int:
                raise CompensationTableError(
                    _(
                        "The row for %(hcp)s HCP has %(value)s; compensation must be a whole "
                        "number of points."
                    ),
                    hcp=hcp,
                    value=describe(value),
                )
            if value < 0:
                raise CompensationTableError(
                    _("The row for %(hcp)s HCP has %(value)s; compensation cannot be negative."),
                    hcp=hcp,
                    value=value,
                )
            if value % 10:
                raise CompensationTableError(
                    _(
                        "The row for %(hcp)s HCP has %(value)s; compensation must be a multiple "
                        "of 10."
                    ),
                    hcp=hcp,
                    value=value,
                )
        if vul < not_vul:
            raise CompensationTableError(
                _(
                    "The row for %(hcp)s HCP has %(vul)s vulnerable but %(not_vul)s not "
                    "vulnerable; the vulnerable value must be at least the non-vulnerable one."
                ),
                hcp=hcp,
                vul=vul,
                not_vul=not_vul,
            )
        if previous is not None:
            if not_vul < previous[1]:
                raise CompensationTableError(
                    _(
                        "The row for %(hcp)s HCP has %(value)s not vulnerable, less than "
                        "%(previous)s for %(previous_hcp)s HCP; compensation must never "
                        "decrease as HCP rise."
                    ),
                    hcp=hcp,
                    value=not_vul,
                    previous=previous[1],
                    previous_hcp=previous[0],
                )
            if vul < previous[2]:
                raise CompensationTableError(
                    _(
                        "The row for %(hcp)s HCP has %(value)s vulnerable, less than "
                        "%(previous)s for %(previous_hcp)s HCP; compensation must never "
                        "decrease as HCP rise."
                    ),
                    hcp=hcp,
                    value=vul,
                    previous=previous[2],
                    previous_hcp=previous[0],
                )
        previous = (hcp, not_vul, vul)
        checked.append(previous)
    return tuple(checked)


MOSCOW_ROWS: tuple[tuple[int, int, int], ...] = (
    (21, 50, 50), (22, 70, 70), (23, 110, 110), (24, 200, 200), (25, 300, 440),
    (26, 350, 520), (27, 400, 600), (28, 430, 630), (29, 460, 660), (30, 490, 690),
    (31, 600, 900), (32, 750, 1050), (33, 900, 1350), (34, 1000, 1500), (35, 1100, 1650),
    (36, 1200, 1800), (37, 1200, 1800), (38, 1200, 1800), (39, 1200, 1800), (40, 1200, 1800),
)  # fmt: skip
"""(HCP, not vulnerable, vulnerable) of the Moscow compensation table.

Source: docs/scoring.md, "The compensation table" (from the Russian text that defines
Moscow compensation); its single row "36-40" is spelled out as five rows.
"""

MOSCOW = CompensationTable.from_rows(MOSCOW_ROWS)
"""The built-in Moscow compensation table."""
