"""The building blocks of a session's movement that need no pairs: its size limits and what
they refuse, the even-table arrangement, arrow-switch and ranking its movement allows, the
boards a schedule needs and a seating plays, the Mitchell reseating when the tables change.
club.plan builds a session's schedule from them. Reads only."""

from django.utils.translation import gettext, ngettext

from club.models.choices import NO_ARROW_SWITCH, ONE_WINNER, PLAIN, SWISS
from club.models.sessions import (  # noqa: F401 (the limits, read here by the file formats)
    MAX_BOARD_NUMBER,
    MAX_BOARDS_PER_ROUND,
    MAX_PAIRS,
    MAX_ROUNDS,
    MAX_TABLES,
    Session,
)
from scoring.engine import MovementKind, boards_of_set


def listing(values, limit=10):
    """"1, 2, 3" (with "…" after `limit` values) for messages."""
    values = [str(v) for v in values]
    return ", ".join(values[:limit]) + (", …" if len(values) > limit else "")


def ranges(numbers):
    """"1–3, 7, 9–12": sorted numbers with each run of consecutive ones written as a
    range, so that a message naming many boards stays short."""
    runs = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(str(first) if first == last else f"{first}–{last}"
                     for first, last in runs)


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


def movement_option_problems(session):
    """{field: [messages]} for the session's even-table arrangement, arrow-switch and
    ranking that do not fit its movement and tables ({} when they all do): the skip and
    the relay and bye stand are for a Mitchell on an even number of tables, arrow-switch for
    a Mitchell, and two winners for a Mitchell whose pairs keep their line all evening (or
    free seating whose pairs 1 to tables sit North-South all evening)."""
    problems = {}
    movement = session.get_movement_display()
    mitchell = session.movement == Session.Movement.MITCHELL
    if session.arrangement != PLAIN and not (mitchell and session.tables % 2 == 0):
        problems["arrangement"] = [ngettext(
            "The skip and the relay and bye stand are for a Mitchell on an even number of "
            "tables; this session: %(movement)s, %(count)d table. Choose the plain "
            "movement.",
            "The skip and the relay and bye stand are for a Mitchell on an even number of "
            "tables; this session: %(movement)s, %(count)d tables. Choose the plain "
            "movement.", session.tables) % {"movement": movement, "count": session.tables}]
    if session.arrow_switch != NO_ARROW_SWITCH and not mitchell:
        problems["arrow_switch"] = [gettext(
            "Arrow-switch is for a Mitchell, whose pairs otherwise keep their direction all "
            "evening; this session's movement: %(movement)s.") % {"movement": movement}]
    if session.ranking != ONE_WINNER:
        # Free seating may keep its pairs in two lines (pairs 1 to tables North-South), as
        # a results file ranked with two winners says.
        if not (mitchell or session.movement == Session.Movement.FREE):
            problems["ranking"] = [gettext(
                "Two winners need the two lines of a Mitchell; this session's movement, "
                "%(movement)s, ranks its pairs in one list (one winner).")
                % {"movement": movement}]
        elif session.arrow_switch != NO_ARROW_SWITCH:
            problems["ranking"] = [gettext(
                "With an arrow-switched round every pair plays in both directions, so there "
                "are no lines to rank apart: choose one winner, or no arrow-switch.")]
    return problems


def board_total(session, schedule):
    """How many boards the session plays with this `schedule` (club.plan computes it): its
    board sets times boards per round; free seating and Swiss pairs (whose rounds are made
    as play goes) play rounds times boards per round."""
    if session.movement in (MovementKind.FREE, SWISS):
        return session.rounds * session.boards_per_round
    sets = max((s.board_set for s in schedule if s.board_set), default=0)
    return sets * session.boards_per_round


def mitchell_reseating(numbers, old_tables, new_tables):
    """{old number: new number} keeping every pair at its Mitchell seat (kNS, kEW) when
    the number of tables changes: EW pair old_tables + k becomes new_tables + k."""
    return {n: n if n <= old_tables else n - old_tables + new_tables for n in numbers}


def seating_boards(seating, boards_per_round):
    """The board numbers a seating plays (none for a sit-out)."""
    if seating.board_set is None:
        return range(0)
    return boards_of_set(seating.board_set, boards_per_round)


def board_range(board_set, boards_per_round):
    """A board set's boards as the room reads them: "3" or "3–4"."""
    boards = boards_of_set(board_set, boards_per_round)
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}–{boards[-1]}"
