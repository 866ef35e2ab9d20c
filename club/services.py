"""Work that spans several club models: the schedule of a session and its boards."""

from club import movements
from club.models import Board


def pair_count(session):
    return session.pairs.count()


def session_schedule(session, pairs=None):
    """The movement's seatings for this session ([] for free seating).

    `pairs` is the number of registered pairs (counted when not given); Howell needs it,
    Mitchell pair numbers follow the tables (NS 1..n, EW n+1..2n).
    """
    if session.movement == "free":
        return []
    if pairs is None:
        pairs = pair_count(session)
    return movements.schedule(session.movement, tables=session.tables, pairs=pairs,
                              rounds=session.rounds)


def board_total(session, schedule=None):
    """How many boards the session plays: its board sets times boards per round."""
    if session.movement == "free":
        return session.rounds * session.boards_per_round
    schedule = session_schedule(session) if schedule is None else schedule
    sets = max((s.board_set for s in schedule if s.board_set), default=0)
    return sets * session.boards_per_round


def create_boards(session):
    """Create the session's missing boards (numbered from 1); returns all its boards."""
    total = board_total(session)
    existing = set(session.boards.values_list("number", flat=True))
    Board.objects.bulk_create(
        Board(session=session, number=n) for n in range(1, total + 1) if n not in existing
    )
    return list(session.boards.order_by("number"))
