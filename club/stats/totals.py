"""Each pair's boards and IMPs, summed by the database, and the evenings they make for each
player: the building block of ladders, events and player pages."""

from dataclasses import dataclass

from django.db.models import Count, Max, Sum

from club.models import Pair, Result, Session
from club.stats.kept import kept


def published_sessions():
    """The sessions the public figures count: published ones only."""
    return Session.objects.filter(status=Session.Status.PUBLISHED)


def published_state():
    """What the published results change with (their sessions' number, ids, versions and
    latest creation time), in one query: every write to a published session's results,
    pairs or status, and every rename of one of its players, bumps its version."""
    return tuple(published_sessions().order_by().aggregate(
        count=Count("id"), ids=Sum("id"), versions=Sum("version"),
        created=Max("created_at")).values())


def pair_totals(pairs):
    """{pair id: (boards, IMPs)} for the pairs of `pairs` (a Pair queryset, read as a
    subquery), each side summed by the database: two grouped queries, whatever the number
    of results."""
    totals = {}
    for side in ("ns", "ew"):
        rows = (Result.objects.filter(**{f"{side}_pair__in": pairs.values("id")}).order_by()
                .values_list(f"{side}_pair_id")
                .annotate(boards=Count("id"), imps=Sum(f"{side}_imps")))
        for pair_id, boards, imps in rows:
            before = totals.get(pair_id, (0, 0))
            totals[pair_id] = (before[0] + boards, before[1] + imps)
    return totals


def sessions_pair_totals(sessions):
    """pair_totals of the pairs of `sessions` (loaded Session objects), kept under the
    sessions' state (ids, creation times, versions): every write to a session's results or
    pairs bumps its version, so a season's pages sum their results once per change, not
    once per visitor."""
    state = sorted((s.pk, s.created_at.timestamp(), s.version) for s in sessions)
    return kept("pair-totals", state,
                lambda: pair_totals(pairs_of_sessions([s.pk for s in sessions])))


def imps_per_board(imps, boards):
    """IMPs per board to 2 decimals; None before the first board."""
    return round(imps / boards, 2) if boards else None


@dataclass(slots=True)
class PlayerEvening:
    """One player's (or partnership's) session: the pair, the partner and the figures."""

    session_id: int
    pair_id: int
    number: int
    player_id: int
    partner_id: int
    boards: int
    imps: int
    date: object = None  # the session's date, name and setup: when loaded with details
    session_name: str = ""
    movement: str = ""
    tables: int = 0
    sections: str = ""

    @property
    def imps_per_board(self):
        return imps_per_board(self.imps, self.boards)

    @property
    def sort_key(self):
        """Best first: IMPs per board (exactly), then more boards, then the earlier
        session."""
        return (-self.imps / self.boards, -self.boards, self.session_id)

    @property
    def label(self):
        """How the room knew the pair: "3NS" in a Mitchell, "5" otherwise (with its
        section's letter first: "B3NS")."""
        return Session(movement=self.movement, tables=self.tables,
                       sections=self.sections).pair_label(self.number)


PAIR_FIELDS = ("id", "session_id", "number", "player1_id", "player2_id", "player1__name",
               "player2__name", "partnership")
SESSION_FIELDS = ("session__date", "session__name", "session__movement", "session__tables",
                  "session__sections")


def evenings(pairs, *, details=False, totals=None):
    """(evenings, names): a PlayerEvening for each player of each pair of `pairs` (a Pair
    queryset) that played a board, and {player id: name}; with `details`, each evening
    knows its session's date, name and setup, and they come oldest first. Three queries;
    one when the pairs' `totals` (pair_totals) are given.

    In an individual a player has a new partner each round: the partnerships' figures
    make one evening of the player (its boards and IMPs summed, `partner_id` None), so
    that a ladder counts the evening once and its IMPs per board over every board."""
    rows = list(pairs.order_by().values_list(*PAIR_FIELDS, *(SESSION_FIELDS if details
                                                            else ())))
    if totals is None:
        totals = pair_totals(pairs)
    found, names, individual = [], {}, {}
    for (pair_id, session_id, number, first, second, first_name, second_name, partnership,
         *session) in rows:
        names[first], names[second] = first_name, second_name
        boards, imps = totals.get(pair_id, (0, 0))
        if not boards:
            continue
        for player, partner in ((first, second), (second, first)):
            if not partnership:
                found.append(PlayerEvening(session_id, pair_id, number, player, partner,
                                           boards, imps, *session))
            elif (session_id, player) in individual:
                evening = individual[session_id, player]
                evening.boards += boards
                evening.imps += imps
            else:
                individual[session_id, player] = PlayerEvening(
                    session_id, pair_id, number, player, None, boards, imps, *session)
    found.extend(individual.values())
    if details:
        found.sort(key=lambda e: (e.date, e.session_id))
    return found, names


def pairs_of_sessions(session_ids):
    return Pair.objects.filter(session_id__in=session_ids)


def sessions_evenings(sessions):
    """evenings of the pairs of `sessions` (loaded Session objects), their totals from
    sessions_pair_totals: one query when those are kept, three when not."""
    return evenings(pairs_of_sessions([s.pk for s in sessions]),
                    totals=sessions_pair_totals(sessions))
