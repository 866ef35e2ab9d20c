"""A session's movement, read from its setup: the schedule, the boards it needs, and what
still keeps the evening from starting. Reads only; the services write."""

from django.utils.translation import gettext, ngettext

from club.models.sessions import (  # noqa: F401 (the limits, read here by the file formats)
    MAX_BOARD_NUMBER,
    MAX_BOARDS_PER_ROUND,
    MAX_PAIRS,
    MAX_ROUNDS,
    MAX_TABLES,
)
from club.notation import bridge_message
from scoring.engine import MovementError, MovementKind, boards_of_set, movements


def listing(values, limit=10):
    """"1, 2, 3" (with "…" after `limit` values) for messages."""
    values = [str(v) for v in values]
    return ", ".join(values[:limit]) + (", …" if len(values) > limit else "")


def size_problems(session, pair_numbers, board_numbers):
    """Why a session of this size, with these pairs and boards, cannot be stored ([] when
    it can): the limits of club.models.sessions, and pair numbers within two a table (what
    the pair forms and the archive hold every session to)."""
    problems = []
    for value, largest, message in (
            (session.tables, MAX_TABLES,
             gettext("A session has at most %(max)s tables; this one has %(value)s.")),
            (session.rounds, MAX_ROUNDS,
             gettext("A session has at most %(max)s rounds; this one has %(value)s.")),
            (session.boards_per_round, MAX_BOARDS_PER_ROUND,
             gettext("A session has at most %(max)s boards a round; this one has "
                     "%(value)s."))):
        if not 1 <= value <= largest:
            problems.append(message % {"max": largest, "value": value})
    if problems:
        return problems
    seats = 2 * session.tables
    beyond = sorted(n for n in pair_numbers if not 1 <= n <= seats)
    if beyond:
        problems.append(gettext("Pair numbers go from 1 to %(max)s (two pairs a table); "
                                "found %(numbers)s.")
                        % {"max": seats, "numbers": listing(beyond)})
    beyond = sorted(n for n in board_numbers if not 1 <= n <= MAX_BOARD_NUMBER)
    if beyond:
        problems.append(gettext("Board numbers go from 1 to %(max)s; found %(numbers)s.")
                        % {"max": MAX_BOARD_NUMBER, "numbers": listing(beyond)})
    return problems


def session_schedule(session, pairs=None):
    """The movement's seatings for this session ([] for free seating).

    `pairs` is the number of registered pairs (counted when not given); Howell needs it,
    Mitchell pair numbers follow the tables (NS 1..n, EW n+1..2n).
    """
    if session.movement == MovementKind.FREE:
        return []
    if pairs is None:
        pairs = session.pairs.count()
    return movements.schedule(session.movement, tables=session.tables, pairs=pairs,
                              rounds=session.rounds)


def board_total(session, schedule=None):
    """How many boards the session plays: its board sets times boards per round."""
    if session.movement == MovementKind.FREE:
        return session.rounds * session.boards_per_round
    schedule = session_schedule(session) if schedule is None else schedule
    sets = max((s.board_set for s in schedule if s.board_set), default=0)
    return sets * session.boards_per_round


def seated_pairs(session, numbers):
    """How many pairs the movement is played with, or None while the registered pairs
    (their `numbers`) do not fit it yet.

    Free seating takes 2 to 2 * tables pairs. A Mitchell or Howell takes 2 * tables pairs,
    or one fewer with a sit-out each round; they must be numbered 1..p without gaps (so the
    empty seat of an odd field is the last one, the phantom of the movements module).
    """
    numbers = set(numbers)
    count = len(numbers)
    seats = 2 * session.tables
    if session.movement == MovementKind.FREE:
        return count if 2 <= count <= seats else None
    if count not in (seats - 1, seats) or numbers != set(range(1, count + 1)):
        return None
    try:
        session_schedule(session, pairs=count)
    except MovementError:
        return None  # e.g. 3 pairs on 2 tables: a Howell needs 4
    return count


def planned_schedule(session, numbers=None):
    """The schedule for the registered pairs once they fit the movement, else for the full
    field of 2 * tables pairs (what the room is set up for). Raises MovementError when the
    session's own sizes are impossible."""
    if session.movement == MovementKind.FREE:
        return []
    if numbers is None:
        numbers = session.pairs.values_list("number", flat=True)
    count = seated_pairs(session, numbers) or 2 * session.tables
    return session_schedule(session, pairs=count)


def mitchell_reseating(numbers, old_tables, new_tables):
    """{old number: new number} keeping every pair at its Mitchell seat (kNS, kEW) when
    the number of tables changes: EW pair old_tables + k becomes new_tables + k."""
    return {n: n if n <= old_tables else n - old_tables + new_tables for n in numbers}


def setup_problems(session, numbers):
    """What still stops the evening from starting, as messages for the director ([] when
    play can start). `numbers`: the registered pairs' numbers."""
    numbers = sorted(numbers)
    count, seats = len(numbers), 2 * session.tables
    try:
        planned_schedule(session, numbers)
    except MovementError as err:
        return [bridge_message(err)]
    if seated_pairs(session, numbers):
        return []
    if session.movement == MovementKind.FREE:
        return [ngettext("%(count)d pair registered; free seating on %(tables)d tables "
                         "takes 2 to %(seats)d pairs.",
                         "%(count)d pairs registered; free seating on %(tables)d tables "
                         "takes 2 to %(seats)d pairs.", count)
                % {"count": count, "tables": session.tables, "seats": seats}]
    if count in (seats - 1, seats):
        missing = sorted(set(range(1, count + 1)) - set(numbers))
        if missing:
            return [gettext("With %(count)d pairs the pairs must be %(first)s to %(last)s "
                            "without a gap; missing: %(missing)s.")
                    % {"count": count, "first": session.pair_label(1),
                       "last": session.pair_label(count),
                       "missing": listing(session.pair_label(n) for n in missing)}]
        try:
            session_schedule(session, pairs=count)
        except MovementError as err:
            return [bridge_message(err)]
    return [ngettext("%(count)d pair registered; %(tables)d tables need %(seats)d pairs, "
                     "or %(short)d with a sit-out each round.",
                     "%(count)d pairs registered; %(tables)d tables need %(seats)d pairs, "
                     "or %(short)d with a sit-out each round.", count)
            % {"count": count, "tables": session.tables, "seats": seats, "short": seats - 1}]


def seating_boards(seating, boards_per_round):
    """The board numbers a seating plays (none for a sit-out)."""
    if seating.board_set is None:
        return range(0)
    return boards_of_set(seating.board_set, boards_per_round)
