"""The club's data: players, sessions with their pairs and boards, results, and the seasons
and events that add sessions up."""

from club.models.analysis import AnalysisJob
from club.models.choices import (
    ADJUSTMENTS,
    ARRANGEMENTS,
    ARROW_SWITCHES,
    DOUBLINGS,
    MOVEMENTS,
    POLICIES,
    RANKINGS,
    SEATS,
    STRAINS,
    VULNERABILITIES,
)
from club.models.individual import IndividualEntry
from club.models.masterpoints import AwardScheme, MasterpointAward
from club.models.players import Player
from club.models.results import (
    ASSIGNED_FIELDS,
    CONTRACT_FIELDS,
    OUTCOME_FIELDS,
    BoardPlay,
    Result,
)
from club.models.seasons import CarryOver, Event, EventScoring, Season
from club.models.sessions import Board, Pair, Session, SessionStatus
from club.models.swiss import SwissSeat
from club.models.table_phones import DirectorCall, TableCode, TableEntry
from club.models.teams import Team, TeamKnockout, TeamMatch, TeamMember

__all__ = [
    "ADJUSTMENTS",
    "ARRANGEMENTS",
    "ARROW_SWITCHES",
    "ASSIGNED_FIELDS",
    "CONTRACT_FIELDS",
    "DOUBLINGS",
    "MOVEMENTS",
    "OUTCOME_FIELDS",
    "POLICIES",
    "RANKINGS",
    "SEATS",
    "STRAINS",
    "VULNERABILITIES",
    "AnalysisJob",
    "AwardScheme",
    "Board",
    "BoardPlay",
    "DirectorCall",
    "CarryOver",
    "Event",
    "IndividualEntry",
    "EventScoring",
    "MasterpointAward",
    "Pair",
    "Player",
    "Result",
    "Season",
    "Session",
    "SessionStatus",
    "SwissSeat",
    "TableCode",
    "TableEntry",
    "Team",
    "TeamKnockout",
    "TeamMatch",
    "TeamMember",
]
