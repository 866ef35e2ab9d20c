"""The club's data: players, sessions with their pairs and boards, and results."""

from club.models.choices import (
    ADJUSTMENTS,
    DOUBLINGS,
    MOVEMENTS,
    POLICIES,
    SEATS,
    STRAINS,
    VULNERABILITIES,
)
from club.models.players import Player
from club.models.results import (
    ASSIGNED_FIELDS,
    CONTRACT_FIELDS,
    OUTCOME_FIELDS,
    BoardPlay,
    Result,
)
from club.models.sessions import Board, Pair, Session, SessionStatus

__all__ = [
    "ADJUSTMENTS",
    "ASSIGNED_FIELDS",
    "CONTRACT_FIELDS",
    "DOUBLINGS",
    "MOVEMENTS",
    "OUTCOME_FIELDS",
    "POLICIES",
    "SEATS",
    "STRAINS",
    "VULNERABILITIES",
    "Board",
    "BoardPlay",
    "Pair",
    "Player",
    "Result",
    "Session",
    "SessionStatus",
]
