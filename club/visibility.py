"""Which boards of a session the public may see: the one rule that keeps a board's results,
hands and traveller from the players who have not played it yet.

A session being set up shows nothing. While it runs, a board becomes public once every
table scheduled to play it has a result on it: with a movement, every seating the schedule
gives that board (both of its pairs have a result on the board, whichever way round they
sat); with free seating, as many results as tables can be in play (the session's tables,
or fewer when fewer pairs came). A finished or published session shows every board.
Directors see everything on their own pages; this rule is for the public pages, the
downloads and the tables' own pages.
"""

from dataclasses import dataclass, field

from club.models import Result, Session
from scoring.engine import boards_of_set


@dataclass(frozen=True)
class Visibility:
    """The public boards of one session: `everything`, or the board numbers in `public`."""

    everything: bool
    public: frozenset = field(default_factory=frozenset)

    def shows(self, number):
        return self.everything or number in self.public

    def __contains__(self, number):
        return self.shows(number)


def is_provisional(session):
    """Public but not yet checked and published by the directors."""
    return session.status in (Session.Status.RUNNING, Session.Status.FINISHED)


def played_pairs(session):
    """{board number: {numbers of the pairs with a result on it}} (one query)."""
    played = {}
    rows = (Result.objects.filter(board__session=session).order_by()
            .values_list("board__number", "ns_pair__number", "ew_pair__number"))
    for board, ns, ew in rows:
        played.setdefault(board, set()).update((ns, ew))
    return played


def scheduled_pairs(session, schedule):
    """{board number: [(ns, ew) of each seating the movement gives it]}."""
    boards = {}
    for seating in schedule:
        if seating.is_sit_out:
            continue
        for number in boards_of_set(seating.board_set, session.boards_per_round):
            boards.setdefault(number, []).append((seating.ns, seating.ew))
    return boards


def board_visibility(session, schedule, *, pair_count, played=None):
    """The session's public boards (see the module docstring). `schedule` is the session's
    movement (club.schedule.session_schedule for `pair_count` pairs): [] for free seating,
    None when the movement cannot seat the field (the boards then count as free seating's).
    `played` (from played_pairs) saves the query when a page has it already."""
    if session.status in (Session.Status.FINISHED, Session.Status.PUBLISHED):
        return Visibility(everything=True)
    if session.status != Session.Status.RUNNING:
        return Visibility(everything=False)
    if played is None:
        played = played_pairs(session)
    if not schedule:
        tables_in_play = min(session.tables, pair_count // 2)
        # Each result holds two pairs, and a pair plays a board once.
        public = {number for number, pairs in played.items()
                  if tables_in_play and len(pairs) >= 2 * tables_in_play}
    else:
        seatings = scheduled_pairs(session, schedule)
        public = {number for number, pairs in seatings.items()
                  if all({ns, ew} <= played.get(number, set()) for ns, ew in pairs)}
    return Visibility(everything=False, public=frozenset(public))
