"""A teams match: two rooms on the same boards, IMPs per board, the match's IMPs and victory
points, each table's compensation IMPs beside them, and a knockout's winner
(docs/teams-and-individuals.md, "Teams matches").

**Rooms.** The *home* team sits North-South in the open room and East-West in the closed
room; the *away* team the other way round. A board's result in a room is the
:class:`~scoring.engine.board.BoardOutcome` that :func:`~scoring.engine.board.score_board`
gives it, so one scoring serves pairs and teams: the match IMPs come from the two NS table
scores (``imps(open NS score - closed NS score)`` to the home team, on the WBF scale of
``imps``), and each table's Moscow compensation IMPs from the same outcomes, unchanged.

**Boards that were not played normally.**

* Adjusted: the director gives each team an artificial adjusted score for the board
  (:class:`TeamAdjustment`: Average plus +3 IMPs, Average 0, Average minus -3, the IMPs of
  :mod:`~scoring.engine.adjustments`). The teams get those IMPs instead of the swing, each
  its own (both may get +3); a room that did play keeps its table's compensation IMPs.
* Withdrawn: a board with no result in either room and no adjustment (a fouled board
  cancelled) counts 0 IMPs for both teams and is left out of the boards played; the VP
  scale stays the one for the scheduled length.
* A board with a result in one room only and no adjustment is refused: the director must
  either enter the other room's result or adjust it.

**IMPs and victory points.** A team's IMPs on a board are signed: the swing it won (or,
negative, lost), or its adjusted score's IMPs. A team's match IMPs are the sum over the
boards, so the two teams' IMPs are opposite unless adjusted scores that do not cancel were
given (both Average plus: +3 each). Each team's VPs are its own match IMPs on the WBF 2013
continuous scale for the scheduled number of boards
(:func:`scoring.engine.swiss.victory_points`): the two add up to 20 except after such
adjustments.

**Knockout** (:func:`knockout_result`): the home team's lead is its carry-over plus half
the difference of the two teams' match IMPs (the plain swing total when no adjustments
broke the balance), and the team ahead wins. A tie is broken by :class:`TieBreak`: ``EXTRA_BOARDS``
(the default) plays a set of extra boards (``extra_set`` of them, usually 3 or 4) and, if
still level, further boards one at a time until a board leaves one team ahead;
``LAST_BOARDS`` counts back from the last board of the match: the team with more IMPs over
the last board, else the last two, and so on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from .adjustments import Adjustment
from .board import BoardOutcome
from .errors import BoardError, _, describe
from .imps import imps
from .swiss import victory_points


class Side(StrEnum):
    """A team of a match: home sits North-South in the open room, away in the closed room."""

    HOME = "home"
    AWAY = "away"

    @property
    def other(self) -> Side:
        return Side.AWAY if self is Side.HOME else Side.HOME


class Room(StrEnum):
    """The match's two tables."""

    OPEN = "open"
    CLOSED = "closed"

    @property
    def ns_team(self) -> Side:
        """The team that sits North-South in this room."""
        return Side.HOME if self is Room.OPEN else Side.AWAY


@dataclass(frozen=True, slots=True)
class TeamAdjustment:
    """Each team's artificial adjusted score on a board of the match."""

    home: Adjustment
    away: Adjustment

    def __post_init__(self) -> None:
        object.__setattr__(self, "home", Adjustment.coerce(self.home))
        object.__setattr__(self, "away", Adjustment.coerce(self.away))


@dataclass(frozen=True, slots=True)
class BoardSwing:
    """One board of a match: each room's outcome (None where it was not played), the
    adjustment if any, and the IMPs each team scores on it (:func:`compare_board`)."""

    board: int
    open: BoardOutcome | None
    closed: BoardOutcome | None
    adjusted: TeamAdjustment | None
    home_imps: int
    away_imps: int

    @property
    def withdrawn(self) -> bool:
        """No result in either room and no adjustment: the board does not count."""
        return self.open is None and self.closed is None and self.adjusted is None

    def imps_of(self, side: Side) -> int:
        return self.home_imps if side is Side.HOME else self.away_imps

    def outcome(self, room: Room) -> BoardOutcome | None:
        return self.open if room is Room.OPEN else self.closed

    def compensation_imps(self, room: Room, side: Side) -> int | None:
        """The Moscow compensation IMPs of ``side``'s pair at the ``room`` table on this
        board (shown beside the match IMPs), or None when that table has no result."""
        outcome = self.outcome(room)
        if outcome is None:
            return None
        return outcome.ns_imps if side is room.ns_team else outcome.ew_imps


def compare_board(board: int, open: BoardOutcome | None, closed: BoardOutcome | None,
                  adjusted: TeamAdjustment | None = None) -> BoardSwing:
    """Score board ``board`` of a match from each room's outcome (None: not played there),
    or from the director's adjustment. Refused: a result in one room only with no
    adjustment, or anything else than outcomes and a TeamAdjustment."""
    if type(board) is not int or board < 1:
        raise BoardError(_("A board number is a whole number, 1 or more; got %(value)s."),
                         value=describe(board))
    for room in (open, closed):
        if room is not None and not isinstance(room, BoardOutcome):
            raise BoardError(_("A room's result must be a scored board or None; got "
                               "%(value)s."), value=describe(room))
    if adjusted is not None:
        if not isinstance(adjusted, TeamAdjustment):
            raise BoardError(_("An adjusted board gives each team an adjusted score; got "
                               "%(value)s."), value=describe(adjusted))
        return BoardSwing(board, open, closed, adjusted, adjusted.home.imps,
                          adjusted.away.imps)
    if open is None and closed is None:
        return BoardSwing(board, None, None, None, 0, 0)
    if open is None:
        raise BoardError(
            _("Board %(board)s has no result in the open room; enter it, or give each "
              "team an adjusted score (Average plus, Average or Average minus)."),
            board=board,
        )
    if closed is None:
        raise BoardError(
            _("Board %(board)s has no result in the closed room; enter it, or give each "
              "team an adjusted score (Average plus, Average or Average minus)."),
            board=board,
        )
    home = imps(open.ns_score - closed.ns_score)
    return BoardSwing(board, open, closed, None, home, -home)


@dataclass(frozen=True, slots=True)
class TableCompensation:
    """Moscow compensation IMPs at one table of a match: the NS pair's total over the
    boards that table played normally (EW scored the opposite)."""

    room: Room
    ns_imps: int
    boards: int

    @property
    def ns_team(self) -> Side:
        return self.room.ns_team

    @property
    def ew_imps(self) -> int:
        return -self.ns_imps

    def imps_of(self, side: Side) -> int:
        """The compensation IMPs of ``side``'s pair at this table."""
        return self.ns_imps if side is self.ns_team else self.ew_imps


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A whole match: its boards, each team's IMPs and VPs, and each table's compensation
    IMPs (``open_table``: the home pair NS; ``closed_table``: the away pair NS)."""

    boards: tuple[BoardSwing, ...]
    scheduled_boards: int
    home_imps: int
    away_imps: int
    home_vps: Decimal
    away_vps: Decimal
    open_table: TableCompensation
    closed_table: TableCompensation

    @property
    def boards_played(self) -> int:
        """Boards that count (all but the withdrawn ones)."""
        return sum(not swing.withdrawn for swing in self.boards)

    def imps_of(self, side: Side) -> int:
        return self.home_imps if side is Side.HOME else self.away_imps

    def vps_of(self, side: Side) -> Decimal:
        return self.home_vps if side is Side.HOME else self.away_vps


def score_match(boards: Iterable[BoardSwing], scheduled_boards: int | None = None) -> MatchScore:
    """Add up a match's boards (:func:`compare_board`, each board number once) into IMPs
    and VPs. ``scheduled_boards`` (default: the boards given) chooses the VP scale; a
    match of fewer boards so far is scored as it stands, on the scale of the full match."""
    swings = tuple(boards)
    if not swings or not all(isinstance(swing, BoardSwing) for swing in swings):
        raise BoardError(_("A match needs one or more compared boards; got %(value)s."),
                         value=describe(swings))
    numbers = [swing.board for swing in swings]
    if len(set(numbers)) != len(numbers):
        raise BoardError(_("A match has each board once; got boards %(value)s."),
                         value=describe(numbers))
    if scheduled_boards is None:
        scheduled_boards = len(swings)
    elif type(scheduled_boards) is not int or scheduled_boards < len(swings):
        raise BoardError(
            _("The boards scheduled (%(value)s) must be a whole number, at least the boards "
              "of the match (%(count)s)."),
            count=len(swings), value=describe(scheduled_boards),
        )
    home = sum(swing.home_imps for swing in swings)
    away = sum(swing.away_imps for swing in swings)
    home_vps = victory_points(home, scheduled_boards)[0]
    away_vps = victory_points(away, scheduled_boards)[0]
    return MatchScore(swings, scheduled_boards, home, away, home_vps, away_vps,
                      _table(Room.OPEN, swings), _table(Room.CLOSED, swings))


def _table(room: Room, swings: Sequence[BoardSwing]) -> TableCompensation:
    outcomes = [swing.outcome(room) for swing in swings]
    played = [outcome for outcome in outcomes if outcome is not None]
    return TableCompensation(room, sum(outcome.ns_imps for outcome in played), len(played))


# --------------------------------------------------------------------------
# knockout


class TieBreak(StrEnum):
    """How a knockout match level after its boards is decided."""

    EXTRA_BOARDS = "extra boards"
    LAST_BOARDS = "last boards"


class Decision(StrEnum):
    """What decided a knockout match."""

    IMPS = "imps"
    EXTRA_BOARDS = "extra boards"
    LAST_BOARDS = "last boards"


@dataclass(frozen=True, slots=True)
class KnockoutResult:
    """The home team's lead after the match (negative: the away team leads), the winner
    and what decided it; ``winner`` and ``decided_by`` are None while the match is still
    level (more extra boards are needed)."""

    home_lead: Decimal
    winner: Side | None
    decided_by: Decision | None


def knockout_result(match: MatchScore, *, carry_over: int | Decimal = 0,
                    tie_break: TieBreak | str = TieBreak.EXTRA_BOARDS,
                    extra: Sequence[BoardSwing] = (), extra_set: int = 3) -> KnockoutResult:
    """The winner of a knockout match. ``carry_over`` is the home team's head start in IMPs
    (negative: the away team's; a fraction such as 0.5 is allowed, to rule out a tie).
    Level totals go to ``tie_break``: with ``EXTRA_BOARDS``, ``extra`` holds the extra
    boards played so far, in order, and the match is decided once the first ``extra_set``
    of them, or any later board, leaves one team ahead; with ``LAST_BOARDS`` the match's
    own boards are counted back from the last."""
    if not isinstance(carry_over, (int, Decimal)) or isinstance(carry_over, bool):
        raise BoardError(_("A carry-over is a number of IMPs; got %(value)s."),
                         value=describe(carry_over))
    try:
        tie_break = TieBreak(tie_break)
    except ValueError:
        raise BoardError(_('Unknown tie-break %(value)s; use "extra boards" or "last boards".'),
                         value=describe(tie_break)) from None
    if type(extra_set) is not int or extra_set < 1:
        raise BoardError(_("A set of extra boards has 1 or more boards; got %(value)s."),
                         value=describe(extra_set))
    lead = Decimal(carry_over) + Decimal(match.home_imps - match.away_imps) / 2
    if lead:
        return KnockoutResult(lead, Side.HOME if lead > 0 else Side.AWAY, Decision.IMPS)
    if tie_break is TieBreak.LAST_BOARDS:
        ahead = _leader_counting_back(match.boards)
        return KnockoutResult(lead, ahead, Decision.LAST_BOARDS if ahead else None)
    difference = 0
    for played, swing in enumerate(extra, start=1):
        if not isinstance(swing, BoardSwing):
            raise BoardError(_("Extra boards are compared boards; got %(value)s."),
                             value=describe(swing))
        difference += swing.home_imps - swing.away_imps
        if played >= extra_set and difference:
            winner = Side.HOME if difference > 0 else Side.AWAY
            return KnockoutResult(lead, winner, Decision.EXTRA_BOARDS)
    return KnockoutResult(lead, None, None)


def _leader_counting_back(swings: Sequence[BoardSwing]) -> Side | None:
    """The team ahead over the last board, else the last two, ...; None if never."""
    difference = 0
    for swing in reversed(swings):
        difference += swing.home_imps - swing.away_imps
        if difference:
            return Side.HOME if difference > 0 else Side.AWAY
    return None
