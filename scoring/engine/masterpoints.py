"""Masterpoints: what each place of a ranked field earns under an award scale
(docs/masterpoints.md). Plain Decimal arithmetic; the club stores the awards.

A scale gives the top award (a fixed part plus a part for each table the field filled),
how many places score (a share of the field, and at most as many places as a place table
has), how the scoring places step down from the top award (in equal steps, or in
proportion to a place table), a minimum award for every scoring place, points for every
entry below them, and a bonus for the winner. Entries that tie share the awards of the
places they cover equally."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .errors import BoardError, _

ZERO = Decimal(0)


@dataclass(frozen=True)
class AwardScale:
    """How a field's places earn points.

    `top_fixed` + `top_per_table` x tables is the winner's place award (`top_cap`, when
    set, caps it); `scoring_share` of the field (a fraction: 1/3 for the top third),
    rounded down and at least one place, score; `place_table`, when given, sets each
    scoring place's award relative to the first (20, 17, 15...: the second place earns
    17/20 of the top award) and limits the scoring places to its length; without it the
    awards fall in equal steps (top x (K - k + 1) / K for place k of K). Every scoring
    place earns at least `minimum`; every entry below them earns `others`; the winner
    gets `win_bonus` on top. Awards are rounded half up to `decimals` places."""

    top_fixed: Decimal = ZERO
    top_per_table: Decimal = ZERO
    top_cap: Decimal | None = None
    scoring_share: Fraction = Fraction(1)
    place_table: tuple[Decimal, ...] = ()
    minimum: Decimal = ZERO
    others: Decimal = ZERO
    win_bonus: Decimal = ZERO
    decimals: int = 2

    def __post_init__(self):
        figures = [self.top_fixed, self.top_per_table, self.minimum, self.others,
                   self.win_bonus, *self.place_table]
        if any(figure < 0 for figure in figures) or not 0 < self.scoring_share <= 1:
            raise BoardError(_("An award scale needs figures of 0 or more and a scoring "
                               "share above 0 and at most the whole field."))
        if self.place_table and not self.place_table[0] > 0:
            raise BoardError(_("A place table starts with the winner's figure, above 0."))

    def top_award(self, tables: Decimal) -> Decimal:
        top = self.top_fixed + self.top_per_table * tables
        return min(top, self.top_cap) if self.top_cap is not None else top

    def scoring_places(self, field: int) -> int:
        places = int(field * Fraction(self.scoring_share))  # rounded down
        places = max(1, min(field, places))
        return min(places, len(self.place_table)) if self.place_table else places

    def place_awards(self, field: int, tables: Decimal) -> list[Decimal]:
        """What places 1 to `field` earn before ties share them (unrounded), in a field
        that filled `tables` tables."""
        if field < 1:
            return []
        top = self.top_award(tables)
        scoring = self.scoring_places(field)
        if self.place_table:
            first = self.place_table[0]
            steps = [top * figure / first for figure in self.place_table[:scoring]]
        else:
            steps = [top * (scoring - k) / scoring for k in range(scoring)]
        awards = [max(step, self.minimum) for step in steps]
        awards += [self.others] * (field - scoring)
        awards[0] += self.win_bonus
        return awards


def award_field(scale: AwardScale, ranks: Sequence[tuple[Hashable, int]],
                tables: Decimal | None = None) -> dict:
    """{entry: points} for a field ranked by standard competition ranking: `ranks` holds
    (entry, rank) for every entry of the field (1, 2, 3, 3, 5: entries sharing a rank tie
    for the places from that rank on). `tables`: the tables the field filled (by default
    a field of pairs: half its entries). Tied entries share the awards of the places they
    cover equally; each award is rounded half up to the scale's decimals."""
    if tables is None:
        tables = Decimal(len(ranks)) / 2
    awards = scale.place_awards(len(ranks), tables)
    tied: dict[int, int] = {}
    for _entry, rank in ranks:
        tied[rank] = tied.get(rank, 0) + 1
    quantum = Decimal(1).scaleb(-scale.decimals)
    result = {}
    for entry, rank in ranks:
        if not 1 <= rank <= len(ranks) or rank + tied[rank] - 1 > len(ranks):
            raise BoardError(_("Ranks must run from 1 to the size of the field, ties "
                               "sharing the first of the places they cover."))
        shared = awards[rank - 1:rank - 1 + tied[rank]]
        result[entry] = (sum(shared, ZERO) / len(shared)).quantize(quantum, ROUND_HALF_UP)
    return result
