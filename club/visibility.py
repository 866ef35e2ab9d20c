"""Which boards of a session a viewer may see: the one rule that keeps a board's results,
hands and traveller (and anything computed from them, such as a total) from the players
who have not played it yet. Every public page, download and table page asks here.

The public. A session being set up shows nothing. While it runs, a board becomes public
(released) once every table scheduled to play it has a result on it: with a movement,
every seating the schedule gives that board (both of its pairs have a result on the board,
whichever way round they sat); with free seating, as many results as tables can be in play
(the session's tables, or fewer when fewer pairs came). A finished or published session
shows every board.

A table (the phone holding its code). Both pairs now seated there read the same phone, so
it shows the released boards and those that every pair now seated at the table has played
(wherever they played them). The pairs now seated are those of the table's current round:
its first round, in the movement's order, with a board that neither of the round's pairs
has a result on yet; after its last round, the last round's pairs. The current round is
also the only one whose boards the table may enter (club.services.table_phones).

Totals. A total shown to a viewer counts exactly the boards that viewer may see: while
play is on, the public standings, downloads and scorecards count the released boards; a
table's running totals count the boards the table may see.

Directors see everything on their own pages; these rules are for the public pages, the
downloads and the tables' own pages.
"""

from dataclasses import dataclass, field

from club.models import Result, Session
from club.schedule import seating_boards


@dataclass(frozen=True)
class Visibility:
    """The boards a viewer may see: `everything`, or the board numbers in `public`."""

    everything: bool
    public: frozenset = field(default_factory=frozenset)

    def shows(self, number):
        return self.everything or number in self.public

    def __contains__(self, number):
        return self.shows(number)

    @property
    def only(self):
        """The board numbers shown, or None for every board (what the file writers take
        as `only_boards`)."""
        return None if self.everything else self.public


def is_provisional(session):
    """Public but not yet checked and published by the directors."""
    return session.status in (Session.Status.RUNNING, Session.Status.FINISHED)


def is_partial(session):
    """While play is on, totals count the released boards only (see the module)."""
    return session.status == Session.Status.RUNNING


def played_pairs(session, pairs=None):
    """{board number: {numbers of the pairs with a result on it}} (one query). `pairs`:
    every pair of the session, as the caller has loaded them (a SessionPlan's), which
    saves joining the pairs' table twice."""
    results = Result.objects.filter(board__session=session).order_by()
    if pairs is None:
        return played_from(results.values_list("board__number", "ns_pair__number",
                                               "ew_pair__number"))
    return played_from(results.values_list("board__number", "ns_pair_id", "ew_pair_id"),
                       {pair.pk: pair.number for pair in pairs})


def played_from(rows, number_of=None):
    """{board number: {pair numbers}} from (board number, ns pair, ew pair, ...) rows,
    the pairs given by number, or by id when `number_of` ({pair id: number}) is given."""
    played = {}
    for board, ns, ew, *_rest in rows:
        if number_of is not None:
            ns, ew = number_of.get(ns), number_of.get(ew)
        played.setdefault(board, set()).update(p for p in (ns, ew) if p is not None)
    return played


def public_boards(plan, played=None):
    """The boards the public may see now (see the module docstring), from the session's
    plan (club.plan.SessionPlan). `played` (from played_pairs or played_from) saves the
    query when a page has it already."""
    session = plan.session
    if session.status in (Session.Status.FINISHED, Session.Status.PUBLISHED):
        return Visibility(everything=True)
    if session.status != Session.Status.RUNNING:
        return Visibility(everything=False)
    if played is None:
        played = played_pairs(session)
    if not plan.seatings:
        # Free seating, or a movement that cannot seat the pairs: counted as free seating.
        tables_in_play = min(session.tables, plan.pair_count // 2)
        # Each result holds two pairs, and a pair plays a board once.
        public = {number for number, pairs in played.items()
                  if tables_in_play and len(pairs) >= 2 * tables_in_play}
    else:
        public = {number for number, pairs in plan.scheduled_pairs.items()
                  if all({ns, ew} <= played.get(number, set()) for ns, ew in pairs)}
    return Visibility(everything=False, public=frozenset(public))


# --- a table's phone -----------------------------------------------------------------------

def round_done(seating, played, boards_per_round):
    """Every board of the seating has a result holding one of its pairs (a sit-out has
    nothing to play)."""
    pairs = set(seating.pairs)
    return all(pairs & played.get(number, set())
               for number in seating_boards(seating, boards_per_round))


def current_seating(seatings, played, boards_per_round):
    """The round a table is playing now: the first of its `seatings` (in round order) with
    a board still to be entered; None once every round is done."""
    return next((s for s in seatings if not round_done(s, played, boards_per_round)), None)


def seated_now(seatings, played, boards_per_round):
    """The seating whose pairs sit at the table now: its current round, or its last after
    the last round; None without seatings."""
    current = current_seating(seatings, played, boards_per_round)
    return current or (seatings[-1] if seatings else None)


def table_visibility(public, seating, played):
    """What the table's phone may show: the `public` boards and those every pair of
    `seating` (seated_now) has played."""
    if public.everything or seating is None:
        return public
    pairs = set(seating.pairs)
    own = {number for number, seen in played.items() if pairs <= seen}
    return Visibility(everything=False, public=public.public | frozenset(own))


# --- a pair's guide card -----------------------------------------------------------------

def pair_round(plan, number, played):
    """The round pair `number` is in now, while play is on (its guide card's "you are
    here"): its first round with a board it has no result on yet; a round it sits out
    while another table of that round is still playing it. None once it has played every
    round, or when the session is not running."""
    if plan.session.status != Session.Status.RUNNING:
        return None
    per_round = plan.session.boards_per_round
    seatings = plan.seatings_of_pair(number)
    by_round = {}
    for seating in plan.playing_seatings:
        by_round.setdefault(seating.round, []).append(seating)
    for index, seating in enumerate(seatings):
        if seating.is_sit_out:
            later = any(number in played.get(board, ())
                        for s in seatings[index + 1:] for board in plan.boards_of(s))
            room_playing = not all(round_done(s, played, per_round)
                                   for s in by_round.get(seating.round, []))
            if room_playing and not later:
                return seating.round
        elif not all(number in played.get(board, ()) for board in plan.boards_of(seating)):
            return seating.round
    return None
