"""Double-dummy analysis and par of a deal, computed by endplay (Bo Haglund's DDS solver).

The double-dummy table gives the tricks each declarer takes in each strain when all four
hands are seen and everyone plays perfectly. Par is the result when both sides also bid
perfectly against each other: the side that can make the higher score bids to it, and the
other side sacrifices while that costs less. Convention (DDS's dealer-aware par): the
score is from North-South's side; when both sides could reach the same score, the dealer's
side gets it (it bids first); a par contract is the cheapest contract that reaches the
score, and every declarer and strain that reaches it is listed.

DDS solves the deals of one call on every core: endplay has it configure one solver thread
a core (SetMaxThreads(0)) when it loads the library. A call takes at most SOLVER_DEALS
deals, so more are solved a chunk at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass

from endplay.dds import calc_all_tables
from endplay.dds import par as endplay_par
from endplay.types import Deal, Denom, Penalty, Player, Vul

from .contracts import Contract, Doubling, Strain
from .deals import format_deal, parse_deal
from .directions import Direction
from .errors import DealError, _
from .results import format_result
from .vulnerability import Vulnerability

STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
# DDS's CalcAllTables solves at most 200 deal-and-strain problems in one call (MAXNOOFBOARDS),
# so 40 deals with all five strains; a 41st is refused ("Too many DD tables requested").
SOLVER_DEALS = 200 // len(STRAINS)
# DDS keeps one working memory per solver thread, shared by every call in the process: two
# calls at once (two requests in a threaded server) would overwrite each other's.
_SOLVER = threading.Lock()
SEATS = (Direction.N, Direction.E, Direction.S, Direction.W)
_DENOM = {Strain.C: Denom.clubs, Strain.D: Denom.diamonds, Strain.H: Denom.hearts,
          Strain.S: Denom.spades, Strain.NT: Denom.nt}
_STRAIN = {denom: strain for strain, denom in _DENOM.items()}
_PLAYER = {Direction.N: Player.north, Direction.E: Player.east, Direction.S: Player.south,
           Direction.W: Player.west}
_SEAT = {player: seat for seat, player in _PLAYER.items()}
_VUL = {Vulnerability.NONE: Vul.none, Vulnerability.NS: Vul.ns, Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both}
_DOUBLING = {Penalty.passed: Doubling.UNDOUBLED, Penalty.doubled: Doubling.DOUBLED,
             Penalty.redoubled: Doubling.REDOUBLED}


@dataclass(frozen=True)
class DoubleDummy:
    """Tricks for each strain (C, D, H, S, NT) and declarer (N, E, S, W)."""

    tricks: tuple[tuple[int, ...], ...]

    def tricks_for(self, strain: Strain | str, declarer: Direction | str) -> int:
        return self.tricks[STRAINS.index(Strain(strain))][SEATS.index(Direction(declarer))]

    @property
    def text(self) -> str:
        """20 hexadecimal digits, strains C, D, H, S, NT each for N, E, S, W: how the
        table is stored."""
        return "".join(f"{n:x}" for row in self.tricks for n in row)

    @classmethod
    def from_text(cls, text: str) -> DoubleDummy:
        if len(text) != 20:
            raise DealError(_("A double-dummy table has 20 figures; got %(count)s."),
                            count=len(text))
        figures = [int(char, 16) for char in text]
        return cls(tuple(tuple(figures[i:i + 4]) for i in range(0, 20, 4)))


@dataclass(frozen=True)
class ParContract:
    contract: Contract
    declarer: Direction
    tricks: int

    @property
    def text(self) -> str:
        """The par contract in the director's shorthand, e.g. "4SX-1 N"."""
        return format_result(self.contract, self.declarer, self.tricks, notation="ascii")


@dataclass(frozen=True)
class Par:
    score: int  # from North-South's side
    contracts: tuple[ParContract, ...]

    @property
    def text(self) -> str:
        return ", ".join(c.text for c in self.contracts) or "PASS"


@dataclass(frozen=True)
class Analysis:
    double_dummy: DoubleDummy
    par: Par


def analyse(deals: Iterable[tuple[str, Direction | str, Vulnerability | str]]) -> list[Analysis]:
    """The double-dummy table and par of each (PBN deal, dealer, vulnerability), solved
    SOLVER_DEALS at a time (DDS shares each call out among its threads); DealError for an
    unreadable deal, or when the solver fails."""
    items = [(format_deal(parse_deal(text)), Direction.coerce(dealer),
              Vulnerability.coerce(vulnerability)) for text, dealer, vulnerability in deals]
    analyses = []
    for start in range(0, len(items), SOLVER_DEALS):
        chunk = items[start:start + SOLVER_DEALS]
        try:
            with _SOLVER:
                tables = list(calc_all_tables([Deal(text) for text, _dealer, _vul in chunk]))
            analyses += [Analysis(_double_dummy(table), _par(table, dealer, vulnerability))
                         for table, (_text, dealer, vulnerability)
                         in zip(tables, chunk, strict=True)]
        except RuntimeError as err:  # endplay's DDSError, or its own check of the count
            raise DealError(_("The double-dummy solver failed: %(problem)s."),
                            problem=str(err)) from None
    return analyses


def _double_dummy(table) -> DoubleDummy:
    rows = table.to_list()  # [denom in endplay's order S, H, D, C, NT][player N, E, S, W]
    by_denom = {Denom(index): row for index, row in enumerate(rows)}
    return DoubleDummy(tuple(tuple(by_denom[_DENOM[strain]]) for strain in STRAINS))


def _par(table, dealer: Direction, vulnerability: Vulnerability) -> Par:
    found = endplay_par(table, _VUL[vulnerability], _PLAYER[dealer])
    contracts = []
    for item in found:
        contract = Contract(item.level, _STRAIN[item.denom], _DOUBLING[item.penalty])
        contracts.append(ParContract(contract, _SEAT[item.declarer],
                                     contract.level + 6 + item.result))
    return Par(found.score, tuple(contracts))
