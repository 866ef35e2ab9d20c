"""A teams session's matches and standings, computed from the stored results when asked
(docs/teams-and-individuals.md, "In the product: teams events"): each board compares the
two rooms' NS scores into IMPs to the home team (scoring.engine.teams.compare_board), a
match's IMPs become VPs on the WBF 2013 scale for its length, and the teams are ranked by
VPs (scoring.engine.team_events.team_standings). Each room's results are ordinary pairs
results, so each table's Moscow compensation IMPs stand beside the match's IMPs.

A fixed number of queries whatever the size: the teams and their players, the matches, the
results (and the plan's pairs and match rows, loaded by the caller). Nothing here writes."""

from dataclasses import dataclass, field

from django.db.models import F

from club.models import Result, Team, TeamMatch
from scoring.engine import BoardOutcome, boards_of_set
from scoring.engine.team_events import BYE_VPS, PlayedMatch, team_standings
from scoring.engine.teams import (
    Room,
    Side,
    TeamAdjustment,
    compare_board,
    knockout_result,
    score_match,
)


@dataclass
class BoardLine:
    """One board of a match: each room's stored result (None: not entered, or hidden from
    the viewer) and, once both rooms have one (or the director adjusted it), the swing."""

    number: int
    open: Result | None = None
    closed: Result | None = None
    swing: object = None  # scoring.engine.teams.BoardSwing

    @property
    def open_comp(self):
        """The open room's NS pair's (the home team's) compensation IMPs; None when the
        room has no result or did not play the board."""
        return None if self.open is None or self.open.not_played else self.open.ns_imps

    @property
    def closed_comp(self):
        """The closed room's NS pair's (the away team's) compensation IMPs."""
        return None if self.closed is None or self.closed.not_played else self.closed.ns_imps

    @property
    def rooms(self):
        """(result, NS compensation IMPs) of the open room, then the closed room."""
        return [(self.open, self.open_comp), (self.closed, self.closed_comp)]


@dataclass
class MatchLine:
    """A match with its boards and score so far (`score`: over the boards both rooms have
    played, on the VP scale of the whole match; None before the first). A bye has no
    away team and no boards."""

    match: TeamMatch
    boards: list = field(default_factory=list)
    score: object = None  # scoring.engine.teams.MatchScore

    @property
    def complete(self):
        return (not self.match.is_bye and bool(self.boards)
                and all(line.swing is not None for line in self.boards))

    @property
    def boards_scored(self):
        return sum(line.swing is not None for line in self.boards)

    def imps_of(self, side):
        return self.score.imps_of(Side(side)) if self.score else 0


@dataclass
class TeamRow:
    """A team's line in the standings (the engine's row and the team)."""

    team: Team
    row: object  # scoring.engine.team_events.TeamStandingRow
    byes: int = 0
    masterpoints: object = None  # each of its players' award (TeamsStandings.award)


@dataclass
class TeamsStandings:
    rows: list
    rounds: dict  # {round: [MatchLine]} (a bye last)
    teams: dict  # {team id: Team}
    knockout: object = None  # KnockoutLine of a knockout session
    # {team number: the masterpoints each of its players who played was awarded}: a
    # published, awarded session's (club.stats.masterpoints.session_masterpoints).
    masterpoints: dict = field(default_factory=dict)

    def match(self, match_id):
        return next((line for lines in self.rounds.values() for line in lines
                     if line.match.pk == match_id), None)

    def award(self, masterpoints):
        """Show `masterpoints` ({team number: points}) beside the teams; returns self."""
        self.masterpoints = masterpoints
        for line in self.rows:
            line.masterpoints = masterpoints.get(line.team.number)
        return self

    def context(self):
        return {"standings": self, "rounds": sorted(self.rounds.items()),
                "bye_vps": BYE_VPS, "knockout": self.knockout,
                "masterpoints": self.masterpoints}

    def shown(self):
        """What the public teams pages show, as plain values (for their ETag: a model
        instance's repr names only its __str__): the teams, the rows,
        every match board by board (each room's result, all its fields) and its score, the
        knockout's setup and result, the masterpoints awarded."""
        def team(team):  # the pages name a team, not its players
            return team and (team.number, team.name)

        def result(result):
            return result and [getattr(result, f.attname) for f in result._meta.concrete_fields]

        knockout = self.knockout and (self.knockout.knockout.carry_over,
                                      self.knockout.knockout.tie_break, self.knockout.result)
        return ([(team(line.team), line.row, line.byes) for line in self.rows],
                [(line.match.round, line.match.number, team(line.match.home),
                  team(line.match.away), line.score,
                  [(board.number, result(board.open), result(board.closed))
                   for board in line.boards])
                 for lines in self.rounds.values() for line in lines], knockout,
                sorted(self.masterpoints.items()))


# The first extra boards are played as a set before any single board decides (the engine's
# extra_set); a shorter round of extra boards is one set.
EXTRA_SET = 3


@dataclass
class KnockoutLine:
    """A knockout session's result: its TeamKnockout, its match (round 1), the extra boards'
    match (round 2, or None) and the engine's KnockoutResult once the match is complete
    (None before). `undecided`: level after every board so far, extra boards needed."""

    knockout: object  # club.models.TeamKnockout
    match: MatchLine
    extra: MatchLine | None
    result: object = None  # scoring.engine.teams.KnockoutResult

    @property
    def undecided(self):
        return self.result is not None and self.result.winner is None

    @property
    def margin(self):
        return abs(self.result.home_lead) if self.result else None

    @property
    def winner(self):
        if self.result is None or self.result.winner is None:
            return None
        side = self.result.winner
        return self.match.match.home if side is Side.HOME else self.match.match.away


def session_knockout(session, teams):
    """The session's TeamKnockout, or None; asked only of a session of two teams."""
    return getattr(session, "knockout", None) if len(teams) == 2 else None


def knockout_line(knockout, rounds, per_round):
    """The knockout match's result over the boards scored (`rounds`: {round: [MatchLine]}):
    the carry-over plus half the match's net IMPs; when level, the tie-break (the extra
    boards scored so far, in board order up to the first not yet scored)."""
    match = rounds[1][0]
    extra = rounds.get(2, [None])[0]
    line = KnockoutLine(knockout, match, extra)
    if match.complete:
        swings = []
        for board in extra.boards if extra else ():
            if board.swing is None:
                break
            swings.append(board.swing)
        line.result = knockout_result(match.score, carry_over=knockout.carry_over,
                                      tie_break=knockout.tie_break, extra=swings,
                                      extra_set=min(EXTRA_SET, per_round))
    return line


def team_results(session):
    """Every result of the session with its board's number and deal (one query; the deal
    for the USEBIO file's hands)."""
    return list(Result.objects.filter(board__session=session).order_by()
                .annotate(board_number=F("board__number"), board_deal=F("board__deal")))


def _outcome(result):
    """The room's outcome as the engine compares it; None when the board was not played
    there (its adjusted scores then adjust the board for the match)."""
    if result is None or result.not_played:
        return None
    return BoardOutcome(*result.outcome)


def _adjustment(line):
    """The match's adjusted board from a room not played (the open room's first): each team
    gets the adjusted score its pair got at that table; None when both rooms played."""
    for room, result in ((Room.OPEN, line.open), (Room.CLOSED, line.closed)):
        if result is not None and result.not_played:
            home, away = result.ns_adjustment, result.ew_adjustment
            if room is Room.CLOSED:  # the home team sits EW there
                home, away = away, home
            return TeamAdjustment(home, away)
    return None


def teams_standings(plan, results=None, visible=None):
    """The matches of the session of `plan` board by board, and the teams ranked by VPs,
    then by the VPs of their matches among themselves (when they all met), then by net
    IMPs (the engine's team_standings). A match counts in the standings once every board
    of it is scored; a bye scores BYE_VPS once the rest of its round is complete.
    `results`: team_results (loaded when None); `visible`: the boards the viewer may see
    (club.visibility), None for all: a hidden board shows no result in either room."""
    session = plan.session
    if results is None:
        results = team_results(session)
    teams = {team.pk: team for team in session.teams.select_related("captain")
             .prefetch_related("members__player")}
    matches = list(session.team_matches.order_by("round", "number"))
    number_of = {pair.pk: pair.number for pair in plan.pairs}
    by_board = {}
    for result in results:
        if visible is None or result.board_number in visible:
            result.ns_pair = plan.by_id.get(result.ns_pair_id)
            result.ew_pair = plan.by_id.get(result.ew_pair_id)
            by_board.setdefault(result.board_number, {})[
                number_of.get(result.ns_pair_id), number_of.get(result.ew_pair_id)] = result
    rounds = {}
    for match in matches:
        match.home = teams[match.home_id]
        match.away = teams.get(match.away_id)
        line = MatchLine(match)
        if not match.is_bye:
            _fill(line, match, number_of, by_board, session.boards_per_round)
        rounds.setdefault(match.round, []).append(line)
    for lines in rounds.values():
        lines.sort(key=lambda line: (line.match.is_bye, line.match.number))
    played = [PlayedMatch(line.match.home.number, line.match.away.number,
                          line.score.home_vps, line.score.away_vps,
                          line.score.home_imps, line.score.away_imps)
              for lines in rounds.values() for line in lines if line.complete]
    byes = [line.match.home.number for lines in rounds.values() for line in lines
            if line.match.is_bye and all(other.complete for other in lines
                                         if not other.match.is_bye)]
    by_number = {team.number: team for team in teams.values()}
    rows = [TeamRow(by_number[row.team], row, byes.count(row.team))
            for row in team_standings(sorted(by_number), played, byes)]
    # Only a knockout has matches of two teams (a round robin or a Swiss needs three), so
    # other sessions spend no query on it.
    knockout = session_knockout(session, teams) if rounds else None
    return TeamsStandings(rows, rounds, teams, knockout and knockout_line(
        knockout, rounds, session.boards_per_round))


def board_swing(board):
    """The engine's BoardSwing of a BoardLine once both rooms have a scored result or a room
    did not play the board (an adjusted board for the match), else None. The USEBIO teams
    reader asks it of the rooms it read, scored but not saved."""
    adjusted = _adjustment(board)
    if adjusted is None and (board.open is None or board.closed is None):
        return None
    return compare_board(board.number, _outcome(board.open), _outcome(board.closed),
                         adjusted)


def _fill(line, match, numbers, by_board, per_round):
    """The match's boards: each room's result (found by the room's two pairs; `numbers`:
    {pair id: number}) and the swing of each board both rooms played (or adjusted); its
    score over those boards."""
    rooms = {Room.OPEN: (numbers.get(match.open_ns_id), numbers.get(match.open_ew_id)),
             Room.CLOSED: (numbers.get(match.closed_ns_id), numbers.get(match.closed_ew_id))}
    for number in boards_of_set(match.round, per_round):
        found = by_board.get(number, {})
        board = BoardLine(number, found.get(rooms[Room.OPEN]), found.get(rooms[Room.CLOSED]))
        board.swing = board_swing(board)
        line.boards.append(board)
    swings = [board.swing for board in line.boards if board.swing is not None]
    if swings:
        line.score = score_match(swings, scheduled_boards=per_round)
