"""A player's published evenings (with whom, how many boards, how many IMPs), the partners
behind them and the best evenings; and a partnership's evenings."""

from dataclasses import dataclass

from django.db.models import Q

from club.models import Pair
from club.stats.totals import evenings, imps_per_board, published_sessions

BEST_EVENINGS = 5


def player_evenings(player_id):
    """(evenings of the player, {player id: name}), oldest first; three queries."""
    pairs = Pair.objects.filter(Q(player1_id=player_id) | Q(player2_id=player_id),
                                session__in=published_sessions())
    played, names = evenings(pairs, details=True)
    return [e for e in played if e.player_id == player_id], names


def partnership_evenings(player_id, partner_id):
    """(evenings of the two together, from `player_id`'s side; names); three queries."""
    pairs = Pair.objects.filter(Q(player1_id=player_id, player2_id=partner_id)
                                | Q(player1_id=partner_id, player2_id=player_id),
                                session__in=published_sessions())
    played, names = evenings(pairs, details=True)
    return [e for e in played if e.player_id == player_id], names


@dataclass
class Totals:
    sessions: int
    boards: int
    imps: int

    @property
    def imps_per_board(self):
        return imps_per_board(self.imps, self.boards)


def totals(played):
    return Totals(len({e.session_id for e in played}), sum(e.boards for e in played),
                  sum(e.imps for e in played))


@dataclass
class Partner:
    partner_id: int
    name: str
    totals: Totals
    last: object  # the date of their latest evening together


def partners(played, names):
    """Each partner with the figures of their evenings together: most sessions first."""
    by_partner = {}
    for evening in played:
        if evening.partner_id is not None:  # an individual has no partner to list
            by_partner.setdefault(evening.partner_id, []).append(evening)
    found = [Partner(pid, names[pid], totals(own), max(e.date for e in own))
             for pid, own in by_partner.items()]
    found.sort(key=lambda p: (-p.totals.sessions, -p.totals.boards, p.name.casefold()))
    return found


def best_evenings(played, count=BEST_EVENINGS):
    """The evenings with the most IMPs per board (more boards, then the earlier first on
    a tie)."""
    return sorted(played, key=lambda e: e.sort_key)[:count]
