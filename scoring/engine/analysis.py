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
from functools import cache
from types import SimpleNamespace

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


# endplay is imported on first use: importing it loads the DDS library, numpy and
# matplotlib (about a second), which every process that never solves a deal (each command,
# each test worker) would otherwise pay at startup.
def calc_all_tables(deals):
    from endplay.dds import calc_all_tables as solve

    return solve(deals)


def endplay_par(table, vulnerability, dealer):
    from endplay.dds import par

    return par(table, vulnerability, dealer)


@cache
def _endplay():
    """endplay's Deal and the maps between its enums and the engine's."""
    from endplay.types import Deal, Denom, Penalty, Player, Vul

    denom = {Strain.C: Denom.clubs, Strain.D: Denom.diamonds, Strain.H: Denom.hearts,
             Strain.S: Denom.spades, Strain.NT: Denom.nt}
    player = {Direction.N: Player.north, Direction.E: Player.east, Direction.S: Player.south,
              Direction.W: Player.west}
    return SimpleNamespace(
        Deal=Deal, Denom=Denom, denom=denom, player=player,
        strain={endplay: strain for strain, endplay in denom.items()},
        seat={endplay: seat for seat, endplay in player.items()},
        vul={Vulnerability.NONE: Vul.none, Vulnerability.NS: Vul.ns,
             Vulnerability.EW: Vul.ew, Vulnerability.BOTH: Vul.both},
        doubling={Penalty.passed: Doubling.UNDOUBLED, Penalty.doubled: Doubling.DOUBLED,
                  Penalty.redoubled: Doubling.REDOUBLED},
    )


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
                tables = list(calc_all_tables([_endplay().Deal(text)
                                                for text, _dealer, _vul in chunk]))
            analyses += [Analysis(_double_dummy(table), _par(table, dealer, vulnerability))
                         for table, (_text, dealer, vulnerability)
                         in zip(tables, chunk, strict=True)]
        except RuntimeError as err:  # endplay's DDSError, or its own check of the count
            raise DealError(_("The double-dummy solver failed: %(problem)s."),
                            problem=str(err)) from None
    return analyses


def _double_dummy(table) -> DoubleDummy:
    endplay = _endplay()
    rows = table.to_list()  # [denom in endplay's order S, H, D, C, NT][player N, E, S, W]
    by_denom = {endplay.Denom(index): row for index, row in enumerate(rows)}
    return DoubleDummy(tuple(tuple(by_denom[endplay.denom[strain]]) for strain in STRAINS))


def _par(table, dealer: Direction, vulnerability: Vulnerability) -> Par:
    endplay = _endplay()
    found = endplay_par(table, endplay.vul[vulnerability], endplay.player[dealer])
    contracts = []
    for item in found:
        if item.level == 0:  # endplay's par of a deal nobody makes: passed out, no contract
            continue
        contract = Contract(item.level, endplay.strain[item.denom],
                            endplay.doubling[item.penalty])
        contracts.append(ParContract(contract, endplay.seat[item.declarer],
                                     contract.level + 6 + item.result))
    return Par(found.score, tuple(contracts))
