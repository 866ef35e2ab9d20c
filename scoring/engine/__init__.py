"""Pure-Python scoring engine for bridge with Moscow compensation (no Django here).

Modules: ``directions`` (seats), ``vulnerability`` (board cycle), ``contracts`` (contracts
and their parser), ``results`` (result shorthand), ``scores`` (Law 77), ``compensation``
(tables), ``imps`` (IMP scale), ``policy``, ``board`` (scoring a board), ``errors``,
``bench`` (``python -m scoring.engine.bench``).
"""

from .board import BoardOutcome, score_board
from .compensation import MOSCOW, MOSCOW_ROWS, CompensationTable
from .contracts import ALL_CONTRACTS, Contract, Doubling, Strain, parse_contract
from .directions import Direction
from .errors import ContractError
from .imps import IMP_SCALE, imps
from .policy import Policy
from .results import ParsedResult, format_result, parse_result
from .scores import SCORE_TABLE, contract_score
from .vulnerability import BOARD_CYCLE, Vulnerability, board_dealer, board_vulnerability

__all__ = [
    "ALL_CONTRACTS",
    "BOARD_CYCLE",
    "IMP_SCALE",
    "MOSCOW",
    "MOSCOW_ROWS",
    "SCORE_TABLE",
    "BoardOutcome",
    "CompensationTable",
    "Contract",
    "ContractError",
    "Direction",
    "Doubling",
    "ParsedResult",
    "Policy",
    "Strain",
    "Vulnerability",
    "board_dealer",
    "board_vulnerability",
    "contract_score",
    "format_result",
    "imps",
    "parse_contract",
    "parse_result",
    "score_board",
]
