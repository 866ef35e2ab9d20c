"""Each pair's boards and IMPs, summed by the database, and the evenings they make for each
player: the building block of ladders, events and player pages."""

from dataclasses import dataclass

from django.db.models import Count, Sum

from club.models import Pair, Result, Session


def published_sessions():
    """The sessions the public figures count: published ones only."""
    return Session.objects.filter(status=Session.Status.PUBLISHED)


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
               "player2__name")
SESSION_FIELDS = ("session__date", "session__name", "session__movement", "session__tables",
                  "session__sections")


def evenings(pairs, *, details=False):
    """(evenings, names): a PlayerEvening for each player of each pair of `pairs` (a Pair
    queryset) that played a board, and {player id: name}; with `details`, each evening
    knows its session's date, name and setup, and they come oldest first. Three queries."""
    rows = list(pairs.order_by().values_list(*PAIR_FIELDS, *(SESSION_FIELDS if details
                                                            else ())))
    totals = pair_totals(pairs)
    found, names = [], {}
    for pair_id, session_id, number, first, second, first_name, second_name, *session in rows:
        names[first], names[second] = first_name, second_name
        boards, imps = totals.get(pair_id, (0, 0))
        if not boards:
            continue
        for player, partner in ((first, second), (second, first)):
            found.append(PlayerEvening(session_id, pair_id, number, player, partner, boards,
                                       imps, *session))
    if details:
        found.sort(key=lambda e: (e.date, e.session_id))
    return found, names


def pairs_of_sessions(session_ids):
    return Pair.objects.filter(session_id__in=session_ids)
