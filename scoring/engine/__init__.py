"""Pure-Python bridge logic for club scoring with Moscow compensation (no Django here).

Modules: ``directions`` (seats), ``vulnerability`` (board cycle), ``contracts`` (contracts
and their parser), ``results`` (result shorthand), ``scores`` (Law 77), ``compensation``
(tables), ``imps`` (IMP scale), ``policy``, ``adjustments`` (Average plus/minus, boards
not played), ``board`` (scoring a board), ``standings``, ``movements`` (Mitchell, with the
skip or the relay and bye stand on an even number of tables, Howell, arrow-switch rounds;
``howell`` builds the Howell, ``seating`` is one table in one round), ``individual``
(individual movements), ``teams`` (a teams match, knockouts), ``team_events`` (round
robin, Swiss teams, teams standings), ``swiss`` (VPs, Swiss pairings), ``deals``
(PBN deals and HCP), ``errors``, ``bench`` (``python -m scoring.engine.bench``).
"""

from .adjustments import (
    ADJUSTMENT_IMPS,
    AdjustedScores,
    Adjustment,
    format_adjusted,
    looks_adjusted,
    parse_adjusted,
    side_imps,
)
from .board import BoardOutcome, score_board
from .compensation import MAX_HCP, MIN_HCP, MOSCOW, MOSCOW_ROWS, CompensationTable
from .contracts import (
    ALL_CONTRACTS,
    MAX_LEVEL,
    MAX_TRICKS,
    MIN_LEVEL,
    Contract,
    Doubling,
    Strain,
    parse_contract,
)
from .deals import deal_hcp, deal_ns_hcp, format_deal, hand_hcp, parse_deal, random_deal
from .directions import Direction
from .errors import (
    BoardError,
    BridgeError,
    CompensationTableError,
    ContractError,
    DealError,
    MovementError,
    Plural,
    SeatError,
)
from .imps import IMP_SCALE, MAX_IMPS, imps
from .movements import MovementKind, Seating, boards_of_set
from .policy import Policy
from .results import ParsedResult, format_result, parse_result
from .scores import SCORE_TABLE, contract_score
from .standings import StandingRow, compute_standings, rank_apart
from .vulnerability import BOARD_CYCLE, Vulnerability, board_dealer, board_vulnerability

__all__ = [
    "ADJUSTMENT_IMPS",
    "ALL_CONTRACTS",
    "BOARD_CYCLE",
    "IMP_SCALE",
    "MAX_HCP",
    "MAX_IMPS",
    "MAX_LEVEL",
    "MAX_TRICKS",
    "MIN_HCP",
    "MIN_LEVEL",
    "MOSCOW",
    "MOSCOW_ROWS",
    "SCORE_TABLE",
    "AdjustedScores",
    "Adjustment",
    "BoardError",
    "BoardOutcome",
    "BridgeError",
    "CompensationTable",
    "CompensationTableError",
    "Contract",
    "ContractError",
    "DealError",
    "Direction",
    "Doubling",
    "MovementError",
    "Plural",
    "MovementKind",
    "ParsedResult",
    "Policy",
    "Seating",
    "SeatError",
    "StandingRow",
    "Strain",
    "Vulnerability",
    "board_dealer",
    "board_vulnerability",
    "boards_of_set",
    "compute_standings",
    "rank_apart",
    "contract_score",
    "deal_hcp",
    "deal_ns_hcp",
    "format_adjusted",
    "format_deal",
    "format_result",
    "hand_hcp",
    "imps",
    "looks_adjusted",
    "parse_adjusted",
    "parse_contract",
    "parse_deal",
    "parse_result",
    "random_deal",
    "score_board",
    "side_imps",
]
