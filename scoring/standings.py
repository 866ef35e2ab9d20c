"""Standings: each pair's total IMPs over the boards it played, NS and EW ranked together.

`compute_standings` is a plain function (no database) used by the standings page, the
exports and the JSON archive; `session_standings` loads what it needs in two queries.
"""

from dataclasses import dataclass


@dataclass
class StandingRow:
    rank: int
    tied: bool
    number: int
    label: str
    players: str
    boards: int
    imps: int

    @property
    def rank_label(self):
        """ "3" or "3=" when several pairs share the rank."""
        return f"{self.rank}=" if self.tied else str(self.rank)

    @property
    def imps_per_board(self):
        """Total IMPs divided by boards played (2 decimals); None before the first board."""
        return round(self.imps / self.boards, 2) if self.boards else None


def compute_standings(pairs, results):
    """Rank the pairs by total IMPs, highest first; equal totals share a rank ("3=").

    `pairs`: iterable of (pair_id, number, label, players).
    `results`: iterable of (ns_pair_id, ew_pair_id, ns_imps, ew_imps).
    A pair gets the IMPs of its side on every result it played; a sit-out is simply no
    result, so it counts 0 and is not a board played. Rows come in rank order, then by
    pair number.
    """
    rows = {pid: StandingRow(0, False, number, label, players, 0, 0)
            for pid, number, label, players in pairs}
    for ns_id, ew_id, ns_imps, ew_imps in results:
        for pid, imps in ((ns_id, ns_imps), (ew_id, ew_imps)):
            row = rows[pid]
            row.boards += 1
            row.imps += imps
    ordered = sorted(rows.values(), key=lambda r: (-r.imps, r.number))
    # Standard competition ranking: 1, 2, 3=, 3=, 5.
    for position, row in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        if previous is not None and previous.imps == row.imps:
            row.rank = previous.rank
            row.tied = previous.tied = True
        else:
            row.rank = position
    return ordered


def pair_entries(session, pairs):
    """(pair_id, number, label, players) for pairs loaded with their players."""
    return [(p.id, p.number, session.pair_label(p.number), p.players) for p in pairs]


def session_pairs(session):
    """The session's pairs with their players (one query), by number."""
    return list(session.pairs.select_related("player1", "player2").order_by("number"))


def result_imps(session):
    """(ns_pair_id, ew_pair_id, ns_imps, ew_imps) of every result of the session (one query)."""
    from club.models import Result

    return list(Result.objects.filter(board__session=session).order_by()
                .values_list("ns_pair_id", "ew_pair_id", "ns_imps", "ew_imps"))


def session_standings(session, pairs=None):
    """The standings of a session (two queries, or one when `pairs` are given)."""
    if pairs is None:
        pairs = session_pairs(session)
    return compute_standings(pair_entries(session, pairs), result_imps(session))
