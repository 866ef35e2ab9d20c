"""One read model of a session's movement: `SessionPlan`, its pairs, the schedule the
movement gives them, the boards it needs, which table plays which board in which round,
and what keeps play from starting.

Every page, check, service and report that needs the movement loads one plan per request
(`SessionPlan.load`: one query for the pairs, one more for the boards when asked) and
passes it down; what is derived from it is computed once, on first use. The movement's
seatings are computed here alone (scoring.engine.movements.schedule; a test keeps it so),
from club.schedule's building blocks. Nothing here writes.
"""

from collections import Counter
from dataclasses import replace
from functools import cached_property

from django.utils.translation import gettext, ngettext

from club.models.choices import INDIVIDUAL, LAST_ROUND, SWISS, TEAMS
from club.models.sessions import partnership_numbers
from club.notation import bridge_message
from club.schedule import board_total, listing, seating_boards, section_message
from scoring.engine import MovementError, MovementKind, Seating, boards_of_set, movements
from scoring.engine.individual import INDIVIDUAL_SIZES, individual
from scoring.engine.movements import Arrangement


def session_pairs(session):
    """The session's pairs with their players (one query), by number."""
    return list(session.pairs.select_related("player1", "player2").order_by("number"))


def swiss_rows(session):
    """The stored Swiss rounds of `session` (club.models.SwissSeat; one query): (round,
    table, pair number, opponents' number or None, North-South) of each pair."""
    return list(session.swiss_seats.order_by("round", "table")
                .values_list("round", "table", "pair__number", "opponents__number",
                             "north_south"))


def once_per_count(schedules, count, compute):
    """`compute()`'s seatings for `count` pairs, kept in `schedules` so that each count is
    computed once; a MovementError is kept too and raised again on each call."""
    if count not in schedules:
        try:
            schedules[count] = compute()
        except MovementError as err:
            schedules[count] = err
    found = schedules[count]
    if isinstance(found, MovementError):
        raise found
    return found


def team_match_rows(session):
    """The stored matches of a teams session (club.models.TeamMatch; one query): (round,
    match number, whether it is a bye, and the numbers of its open NS, open EW, closed NS
    and closed EW pairs, None until the line-ups are set)."""
    return list(session.team_matches.order_by("round", "number")
                .values_list("round", "number", "away_id", "open_ns__number",
                             "open_ew__number", "closed_ns__number", "closed_ew__number"))
def individual_entries(session):
    """An individual session's entrants with their players (one query), by number."""
    return list(session.individual_entries.select_related("player").order_by("number"))


def individual_sizes(tables):
    """The numbers of players an individual on `tables` tables takes (the engine's sizes
    whose movement has that many tables: 12, 13 or 15 players on 3 tables, the 15th
    player's phantom leaving one table idle each round)."""
    return [size for size in INDIVIDUAL_SIZES if size // 4 == tables]


class SessionPlan:
    """A session's movement for its registered pairs (see the module docstring)."""

    def __init__(self, session, pairs=(), *, numbers=None, swiss=(), matches=(), entries=()):
        """`pairs`: the session's Pair rows; or only their `numbers`, for a setup that is
        not stored (a form's change, a file being read). `swiss`: a Swiss session's stored
        rounds (swiss_rows); `matches`: a teams session's (team_match_rows); `entries`: an
        individual session's entrants (individual_entries)."""
        self.session = session
        self.swiss_rows = list(swiss)
        self.match_rows = list(matches)
        self.entries = list(entries)
        self.pairs = list(pairs)
        self.by_number = {pair.number: pair for pair in self.pairs}
        self.by_id = {pair.pk: pair for pair in self.pairs}
        self.numbers = sorted(set(self.by_number if numbers is None else numbers))
        self._schedules = {}

    @classmethod
    def load(cls, session, pairs=None):
        """The plan of a stored session (one query: its pairs with their players, or
        `pairs` when the caller loaded them otherwise; one more for a Swiss session's
        stored rounds, a teams session's matches or an individual session's entrants)."""
        swiss = swiss_rows(session) if session.movement == SWISS else ()
        matches = team_match_rows(session) if session.movement == TEAMS else ()
        entries = individual_entries(session) if session.movement == INDIVIDUAL else ()
        return cls(session, session_pairs(session) if pairs is None else pairs, swiss=swiss,
                   matches=matches, entries=entries)

    @classmethod
    def of_numbers(cls, session, numbers):
        """The plan of `session` with pairs numbered `numbers` (no query; one for a stored
        individual session's entrants)."""
        individual = session.pk and session.movement == INDIVIDUAL
        return cls(session, numbers=numbers,
                   entries=individual_entries(session) if individual else ())

    @property
    def pair_count(self):
        return len(self.numbers)

    @property
    def free(self):
        return self.session.movement == MovementKind.FREE

    # --- Swiss pairs ------------------------------------------------------------------------

    @property
    def swiss(self):
        """Whether the session is Swiss pairs: its seatings are the rounds stored so far."""
        return self.session.movement == SWISS

    @cached_property
    def swiss_seatings(self):
        """The stored Swiss rounds as seatings: each round plays board set `round` at every
        table (the same boards everywhere, as in a Swiss teams match); the pair with the
        bye has no seating (swiss_byes)."""
        return [Seating(round, table, pair, opponents, round)
                for round, table, pair, opponents, north_south in self.swiss_rows
                if north_south]

    @cached_property
    def swiss_byes(self):
        """{round: the number of the pair with the bye} of the stored Swiss rounds."""
        return {round: pair for round, _table, pair, opponents, _ns in self.swiss_rows
                if opponents is None}

    @property
    def swiss_rounds_started(self):
        """How many Swiss rounds the director has started."""
        return max((row[0] for row in self.swiss_rows), default=0)

    # --- teams ------------------------------------------------------------------------------

    @property
    def teams(self):
        """Whether the session is a teams event: its seatings are its matches' rooms."""
        return self.session.movement == TEAMS

    @cached_property
    def team_seatings(self):
        """Each room of the stored matches whose line-up is set, as a seating: match m of
        round r plays board set r at tables 2m - 1 (open) and 2m (closed)."""
        seatings = []
        for round, number, away, open_ns, open_ew, closed_ns, closed_ew in self.match_rows:
            if away is None:
                continue
            for table, ns, ew in ((2 * number - 1, open_ns, open_ew),
                                  (2 * number, closed_ns, closed_ew)):
                if ns is not None and ew is not None:
                    seatings.append(Seating(round, table, ns, ew, round))
        return sorted(seatings, key=lambda s: (s.round, s.table))

    @cached_property
    def rooms_without_line_up(self):
        """{board set: how many rooms of its matches have no line-up yet}: such a room
        has no seating, yet its boards stay hidden until it has played them."""
        waiting = Counter()
        for round, _number, away, *pairs in self.match_rows:
            if away is not None:
                waiting[round] += (None in pairs[:2]) + (None in pairs[2:])
        return {round: count for round, count in waiting.items() if count}

    @property
    def team_rounds_made(self):
        """How many rounds of matches are stored."""
        return max((row[0] for row in self.match_rows), default=0)
    # --- individual events -----------------------------------------------------------------

    @property
    def individual(self):
        """Whether the session is an individual: players enter, and the engine's individual
        movement forms the partnerships (Pair rows marked `partnership`) each round."""
        return self.session.movement == INDIVIDUAL

    @cached_property
    def entries_by_number(self):
        return {entry.number: entry for entry in self.entries}

    @cached_property
    def individual_movement(self):
        """The engine's individual movement for the entrants (scoring.engine.individual),
        or None while they do not fit it (individual_problems says why)."""
        if self.individual_problems:
            return None
        return individual(len(self.entries), self.session.rounds)

    @cached_property
    def individual_problems(self):
        """Why the entrants cannot play the session's individual movement ([] when they
        can): a number of players the movement is made for on the session's tables,
        numbered 1..N without a gap, and no more rounds than the movement has."""
        session, count = self.session, len(self.entries)
        sizes = individual_sizes(session.tables)
        if count not in sizes:
            return [ngettext("%(count)d player entered; an individual on %(tables)d tables "
                             "takes %(sizes)s players.",
                             "%(count)d players entered; an individual on %(tables)d tables "
                             "takes %(sizes)s players.", count)
                    % {"count": count, "tables": session.tables,
                       "sizes": ", ".join(map(str, sizes)) or "—"}]
        missing = sorted(set(range(1, count + 1)) - set(self.entries_by_number))
        if missing:
            return [gettext("With %(count)d players the players must be numbered 1 to "
                            "%(count)d without a gap; missing: %(missing)s.")
                    % {"count": count, "missing": listing(str(n) for n in missing)}]
        try:
            individual(count, session.rounds)
        except MovementError as err:
            return [bridge_message(err)]
        return []

    @cached_property
    def individual_seatings(self):
        """The individual movement as seatings of its partnerships (partnership_numbers),
        each round playing board set `round` at every table; [] while the entrants do not
        fit it. The players who sit out a round have no seating."""
        movement = self.individual_movement
        if movement is None:
            return []
        return [Seating(game.round, game.table,
                        *partnership_numbers(movement.tables, game.round, game.table),
                        game.board_set)
                for game in movement.games]

    @cached_property
    def individual_tables(self):
        """{(round, table): the engine's IndividualTable} of the individual movement."""
        movement = self.individual_movement
        return {(game.round, game.table): game for game in movement.games} if movement else {}

    # --- the schedule ---------------------------------------------------------------------

    def schedule_for(self, count):
        """The movement's seatings for `count` pairs ([] for free seating), computed once
        per count. Raises MovementError when the movement cannot seat them (Howell needs
        the pairs; Mitchell pair numbers follow the tables: NS 1..n, EW n+1..2n)."""
        if self.free:
            return []
        if self.swiss:
            return self.swiss_seatings
        if self.teams:
            return self.team_seatings
        if self.individual:
            return self.individual_seatings
        if self.sections:
            return self.planned  # each section's own count (SectionPlan.schedule_for)
        session = self.session
        return once_per_count(self._schedules, count, lambda: movements.schedule(
            session.movement, tables=session.tables, pairs=count, rounds=session.rounds,
            arrangement=session.engine_arrangement,
            arrow_switch_rounds=session.arrow_switch_rounds))

    @cached_property
    def _registered(self):
        """(seatings, "") for the registered pairs, or (None, why not)."""
        if self.individual:
            problems = self.individual_problems
            return (None, problems[0]) if problems else (self.individual_seatings, "")
        try:
            if self.sections:
                return self._sections_schedule(lambda part: part.registered), ""
            return self.schedule_for(self.pair_count), ""
        except MovementError as err:
            return None, movement_message(err)

    @property
    def schedule(self):
        """The seatings of the registered pairs ([] for free seating), or None when the
        movement cannot seat them (`schedule_error` says why)."""
        return self._registered[0]

    @property
    def schedule_error(self):
        """Why the movement cannot seat the registered pairs ("" when it can)."""
        return self._registered[1]

    @property
    def seatings(self):
        """The schedule, or [] when the movement cannot seat the registered pairs: what
        the entry pages, the checks and the tables' phones go by then."""
        return self.schedule or []

    @cached_property
    def seated(self):
        """How many pairs the movement is played with, or None while the registered pairs
        do not fit it yet.

        Free seating takes 2 to 2 * tables pairs. A Mitchell or Howell takes 2 * tables
        pairs, or one fewer with a sit-out each round; they must be numbered 1..p without
        gaps (so the empty seat of an odd field is the last one, the phantom of the
        movements module)."""
        count, seats = self.pair_count, 2 * self.session.tables
        if self.sections:
            seated = [part.seated for part in self.sections]
            return None if None in seated else count
        if self.free or self.swiss:
            return count if 2 <= count <= seats else None
        if self.teams:
            return count  # the line-ups' pairs, made as the matches need them
        if self.individual:
            return None if self.individual_problems else count
        if count not in (seats - 1, seats) or self.numbers != list(range(1, count + 1)):
            return None
        try:
            self.schedule_for(count)
        except MovementError:
            return None  # e.g. 3 pairs on 2 tables: a Howell needs 4
        return count

    @property
    def planned(self):
        """The schedule for the registered pairs once they fit the movement, else for the
        full room of 2 * tables pairs (what the room is set up for). Raises MovementError
        when the session's own sizes are impossible."""
        if self.sections:
            return self._sections_schedule(lambda part: part.planned)
        if self.individual:
            return self.individual_seatings
        return self.schedule_for(self.seated or 2 * self.session.tables)

    # --- sections ---------------------------------------------------------------------------

    @cached_property
    def sections(self):
        """One SectionPlan per section of the session ([] for a session in one field):
        each section's movement, pairs and seatings, in the session's numbering."""
        return [SectionPlan(self, section) for section in self.session.section_list]

    def _sections_schedule(self, schedule_of):
        """The sections' schedules (`schedule_of(section plan)`) as one, by round and
        table. A section's MovementError names its section."""
        seatings = []
        for part in self.sections:
            try:
                seatings.extend(schedule_of(part))
            except MovementError as err:
                raise SectionMovementError(part.section.letter, err) from err
        return sorted(seatings, key=lambda s: (s.round, s.table))

    def section_plan(self, letter):
        """The plan of section `letter`, or None."""
        return next((part for part in self.sections if part.section.letter == letter), None)

    # --- boards -----------------------------------------------------------------------------

    @property
    def board_total(self):
        """How many boards the session needs: the board sets of the planned schedule
        times boards per round (what club.services.boards.sync_boards creates). Raises
        MovementError when the session's own sizes are impossible."""
        return board_total(self.session, self.planned)

    @property
    def played_board_total(self):
        """How many boards the registered pairs' schedule plays (what the standings count
        out of); as many as free seating's when the movement cannot seat them. A relay and
        bye stand cut short never plays a set that only sat on the stand."""
        if self.schedule is None or self.free or self.swiss or self.teams:
            return self.session.rounds * self.session.boards_per_round
        return len(self.board_sets) * self.session.boards_per_round

    @cached_property
    def board_sets(self):
        """The board sets the registered pairs' schedule plays, in order."""
        return sorted({s.board_set for s in self.seatings if s.board_set})

    @cached_property
    def boards(self):
        """The session's stored boards, by number (one query, on first use)."""
        boards = {board.number: board for board in self.session.boards.order_by("number")}
        for board in boards.values():
            board.session = self.session
        return boards

    def boards_of(self, seating):
        """The board numbers a seating plays (none for a sit-out)."""
        return seating_boards(seating, self.session.boards_per_round)

    # --- the relay and the bye stand -------------------------------------------------------

    @property
    def relay(self):
        """Whether the movement is a relay and bye stand Mitchell."""
        return (self.session.movement == MovementKind.MITCHELL
                and self.session.arrangement == Arrangement.RELAY)

    @property
    def relay_tables(self):
        """The two tables that share a board set every round (none without a relay)."""
        return (1, self.session.tables) if self.relay else ()

    def bye_stand_set(self, round):
        """The board set resting on the bye stand in `round`, or None (no relay)."""
        if not self.relay:
            return None
        return movements.bye_stand_set(self.session.tables, round)

    def board_copies(self, seatings):
        """How many copies of each board set the room needs for `seatings` (a schedule):
        the most tables playing one set in one round, the relay tables counting once
        (they pass one copy between them)."""
        counts = Counter((s.round, s.board_set) for s in seatings
                         if s.board_set and s.table not in self.relay_tables[1:])
        return max(counts.values(), default=1)

    @cached_property
    def _seatings_by_round(self):
        """The planned schedule by round (the registered pairs' once they fit it)."""
        try:
            planned = self.planned
        except MovementError:
            planned = []
        by_round = {}
        for seating in planned:
            by_round.setdefault(seating.round, []).append(seating)
        return by_round

    def next_places(self, seating):
        """Where the pairs and the boards of `seating` go in the next round: ({pair: its
        next seating}, [the tables playing the seating's set], whether the set rests on
        the bye stand); None after the last round."""
        later = self._seatings_by_round.get(seating.round + 1)
        if not later:
            return None
        pairs = {number: next((s for s in later if number in s.pairs), None)
                 for number in seating.pairs}
        section = self.session.section_of_table(seating.table)
        tables = [s.table for s in later if s.board_set and s.board_set == seating.board_set
                  and self.session.section_of_table(s.table) == section]
        resting = (seating.board_set is not None
                   and self.bye_stand_set(seating.round + 1) == seating.board_set)
        return pairs, tables, resting

    # --- who plays what, where ------------------------------------------------------------

    @cached_property
    def playing_seatings(self):
        """The seatings that play boards (no sit-outs), by round and table."""
        return [s for s in self.seatings if not s.is_sit_out]

    @cached_property
    def seatings_by_table(self):
        """{table: its seatings, in round order} ({} for free seating)."""
        by_table = {}
        for seating in self.seatings:
            by_table.setdefault(seating.table, []).append(seating)
        return by_table

    def seatings_of_table(self, table):
        """The table's seatings, in round order ([] for free seating)."""
        return list(self.seatings_by_table.get(table, []))

    def seating_for(self, table, round):
        """The seating at `table` in `round` (a sit-out included), or None."""
        return next((s for s in self.seatings if s.table == table and s.round == round),
                    None)

    def table_plays(self, table, round, board):
        """Whether `table` plays board number `board` in `round`."""
        seating = self.seating_for(table, round)
        return (seating is not None and not seating.is_sit_out
                and board in self.boards_of(seating))

    @cached_property
    def _seatings_by_board(self):
        by_board = {}
        for seating in self.playing_seatings:
            for number in self.boards_of(seating):
                by_board.setdefault(number, []).append(seating)
        return by_board

    def seatings_of_board(self, number):
        """The seatings that play board `number`, by round and table."""
        return self._seatings_by_board.get(number, [])

    def rounds_of_board(self, number):
        """The rounds in which board `number` is played, in order."""
        return sorted({s.round for s in self.seatings_of_board(number)})

    @cached_property
    def scheduled_pairs(self):
        """{board number: [(ns, ew) of each seating the movement gives it]}; a teams
        room without its line-up counts as (None, None), which has played nothing."""
        scheduled = {number: [(s.ns, s.ew) for s in seatings]
                     for number, seatings in self._seatings_by_board.items()}
        per_round = self.session.boards_per_round
        for board_set, count in (self.rooms_without_line_up if self.teams else {}).items():
            for number in boards_of_set(board_set, per_round):
                scheduled.setdefault(number, []).extend([(None, None)] * count)
        return scheduled

    def seatings_of_pair(self, number):
        """Pair `number`'s seatings, in round order (its sit-outs included; [] for free
        seating or a movement that cannot seat the registered pairs)."""
        return [s for s in self.seatings if number in s.pairs]

    def sit_out_rounds(self, number):
        """The rounds in which pair `number` sits out (a Swiss pair: has the bye)."""
        if self.swiss:
            return [round for round, pair in self.swiss_byes.items() if pair == number]
        return [s.round for s in self.seatings if s.is_sit_out and number in (s.ns, s.ew)]

    # --- before play ------------------------------------------------------------------------

    @cached_property
    def setup_problems(self):
        """What still stops the evening from starting, as messages for the director ([]
        when play can start)."""
        session = self.session
        try:
            self.planned  # noqa: B018 (the session's own sizes)
        except MovementError as err:
            return [movement_message(err)]
        if self.swiss:
            return self._swiss_problems()
        if self.teams:
            return [] if self.match_rows else [gettext(
                "A teams event starts once its schedule is made: register the teams and "
                "make the schedule on the session's Teams page.")]
        if self.individual:
            return self.individual_problems
        if self.seated:
            return []
        if self.sections:
            return [section_message(part.section.letter, problem)
                    for part in self.sections for problem in part.setup_problems]
        if self.free:
            return [free_seating_problem(self.pair_count, session.tables)]
        return seating_problems(session, self.numbers, 1, session.tables, self.schedule_for)


    def _swiss_problems(self):
        """What stops a Swiss pairs session from starting: 2 to 2 * tables pairs, and no
        more rounds than the pairs can play without meeting twice."""
        session, count = self.session, self.pair_count
        seats = 2 * session.tables
        if not self.seated:
            return [ngettext("%(count)d pair registered; Swiss pairs on %(tables)d tables "
                             "takes 2 to %(seats)d pairs.",
                             "%(count)d pairs registered; Swiss pairs on %(tables)d tables "
                             "takes 2 to %(seats)d pairs.", count)
                    % {"count": count, "tables": session.tables, "seats": seats}]
        # Each pair meets a different pair every round (an odd field: one bye each).
        most = count - 1 + count % 2
        if session.rounds > most:
            return [ngettext("%(count)d pairs can play at most %(most)d round without "
                             "meeting twice; the session has %(rounds)d.",
                             "%(count)d pairs can play at most %(most)d rounds without "
                             "meeting twice; the session has %(rounds)d.", most)
                    % {"count": count, "most": most, "rounds": session.rounds}]
        return []


def seating_problems(session, numbers, first, tables, schedule_for):
    """Why the pairs numbered `numbers` do not fit a movement on `tables` tables whose
    seats are numbered from `first` (1, or a section's first pair): two pairs a table, or
    one fewer, without a gap, and a schedule the movement can give them."""
    count, seats = len(numbers), 2 * tables
    if count in (seats - 1, seats):
        missing = sorted(set(range(first, first + count)) - set(numbers))
        if missing:
            return [gettext("With %(count)d pairs the pairs must be %(first)s to "
                            "%(last)s without a gap; missing: %(missing)s.")
                    % {"count": count, "first": session.pair_label(first),
                       "last": session.pair_label(first + count - 1),
                       "missing": listing(session.pair_label(n) for n in missing)}]
        try:
            schedule_for(count)
        except MovementError as err:
            return [bridge_message(err)]
    return [ngettext("%(count)d pair registered; %(tables)d tables need %(seats)d "
                     "pairs, or %(short)d with a sit-out each round.",
                     "%(count)d pairs registered; %(tables)d tables need %(seats)d "
                     "pairs, or %(short)d with a sit-out each round.", count)
            % {"count": count, "tables": tables, "seats": seats, "short": seats - 1}]


def free_seating_problem(count, tables):
    return (ngettext("%(count)d pair registered; free seating on %(tables)d tables takes 2 "
                     "to %(seats)d pairs.",
                     "%(count)d pairs registered; free seating on %(tables)d tables takes 2 "
                     "to %(seats)d pairs.", count)
            % {"count": count, "tables": tables, "seats": 2 * tables})


def movement_message(err):
    """A MovementError for the director, naming its section when it has one."""
    if isinstance(err, SectionMovementError):
        return section_message(err.letter, bridge_message(err.error))
    return bridge_message(err)


class SectionMovementError(MovementError):
    """A section's movement cannot be played: the engine's error, its section named."""

    def __init__(self, letter, error):
        self.letter, self.error = letter, error
        super().__init__(error.template, **error.params)


class SectionPlan:
    """One section's movement within a session's plan: the section's registered pairs and
    its schedule, in the session's numbering of tables and pairs (club.models.Section)."""

    def __init__(self, plan, section):
        self.plan, self.section = plan, section
        self.numbers = [n for n in plan.numbers if n in section.pair_numbers]
        self._schedules = {}

    @property
    def pairs(self):
        return [self.plan.by_number[n] for n in self.numbers if n in self.plan.by_number]

    def schedule_for(self, count):
        """The section's seatings for `count` pairs (its own movement: the session's kind
        on the section's tables and rounds), renumbered into the session's tables and
        pairs; computed once per count. Raises MovementError."""
        session, section = self.plan.session, self.section
        switched = (section.rounds,) if session.arrow_switch == LAST_ROUND else ()
        return once_per_count(self._schedules, count, lambda: [
            self._renumbered(seating) for seating in movements.schedule(
                session.movement, tables=section.tables, pairs=count, rounds=section.rounds,
                arrow_switch_rounds=switched)])

    def _renumbered(self, seating):
        table_shift, pair_shift = self.section.first_table - 1, self.section.first_pair - 1
        return replace(seating, table=seating.table + table_shift,
                       ns=None if seating.ns is None else seating.ns + pair_shift,
                       ew=None if seating.ew is None else seating.ew + pair_shift)

    @property
    def registered(self):
        return self.schedule_for(len(self.numbers))

    @cached_property
    def seated(self):
        """How many of the section's pairs play its movement, or None while they do not
        fit it (2 a table, or one fewer, numbered from the section's first seat)."""
        count, seats = len(self.numbers), 2 * self.section.tables
        first = self.section.first_pair
        if self.plan.free:
            return count if 2 <= count <= seats else None
        if count not in (seats - 1, seats) or self.numbers != list(range(first, first + count)):
            return None
        try:
            self.schedule_for(count)
        except MovementError:
            return None
        return count

    @property
    def planned(self):
        return self.schedule_for(self.seated or 2 * self.section.tables)

    @cached_property
    def seatings(self):
        """The section's seatings in the session's plan."""
        tables = self.section.table_numbers
        return [s for s in self.plan.seatings if s.table in tables]

    @cached_property
    def setup_problems(self):
        """What stops this section's play from starting ([] when nothing does)."""
        if self.seated:
            return []
        section = self.section
        if self.plan.free:
            return [free_seating_problem(len(self.numbers), section.tables)]
        return seating_problems(self.plan.session, self.numbers, section.first_pair,
                                section.tables, self.schedule_for)
