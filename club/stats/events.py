"""An event's standings: each partnership's (or each player's) IMPs added up over the
event's published sessions, one column per session, plus the carry-over a director set."""

from dataclasses import dataclass, field
from decimal import Decimal

from club.models import CarryOver, Session
from club.stats.ranking import Ranked, rank
from club.stats.totals import sessions_evenings


def event_sessions(event):
    """(published sessions, how many others): the event's sessions that count, oldest
    first, and the number not published yet. One query."""
    every = list(event.sessions.order_by("date", "id"))
    published = [s for s in every if s.status == Session.Status.PUBLISHED]
    return published, len(every) - len(published)


@dataclass
class EventEntry(Ranked):
    key: tuple  # (player id,) or (lower id, higher id)
    names: list
    carry: Decimal = Decimal(0)
    by_session: dict = field(default_factory=dict)  # session id -> IMPs
    boards: int = 0
    imps: int = 0
    rank: int | None = None
    tied: bool = False

    @property
    def total(self):
        return self.carry + self.imps

    @property
    def sessions(self):
        return len(self.by_session)


def entry_key(event, player_id, partner_id):
    if event.by_pair:
        return tuple(sorted((player_id, partner_id)))
    return (player_id,)


def event_standings(event, sessions):
    """The standings of `event` over `sessions` (its published sessions, loaded), best
    total first; equal totals share a rank. Four queries, two when the pairs' totals are
    kept (club.stats.totals.sessions_pair_totals)."""
    played, names = sessions_evenings(sessions)
    entries = {}

    def entry(key):
        if key not in entries:
            entries[key] = EventEntry(key, [names[k] for k in key])
        return entries[key]

    for evening in played:
        if event.by_pair and evening.partner_id is None:
            continue  # an individual evening has no pair to count it for
        if event.by_pair and evening.player_id > evening.partner_id:
            continue  # one PlayerEvening per pair is enough
        row = entry(entry_key(event, evening.player_id, evening.partner_id))
        row.by_session[evening.session_id] = (row.by_session.get(evening.session_id, 0)
                                              + evening.imps)
        row.boards += evening.boards
        row.imps += evening.imps
    for carry in CarryOver.objects.filter(event=event).select_related("player", "partner"):
        for player in (carry.player, carry.partner):
            if player is not None:
                names.setdefault(player.pk, player.name)
        entry(carry.key).carry += carry.imps
    order = sorted(entries.values(), key=lambda e: (-e.total, [n.casefold() for n in e.names]))
    return rank(order, lambda e: e.total)
