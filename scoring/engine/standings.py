"""Standings: each pair's total IMPs over the boards it played, NS and EW ranked together
(compensation makes their results comparable), or a Mitchell's two lines ranked apart
(:func:`rank_apart`: two winners). Plain arithmetic over plain tuples; the pages and
exports load the figures and call :func:`compute_standings`."""

from __future__ import annotations

from collections.abc import Iterable
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
    def rank_label(self) -> str:
        """ "3" or "3=" when several pairs share the rank."""
        return f"{self.rank}=" if self.tied else str(self.rank)

    @property
    def imps_per_board(self) -> float | None:
        """Total IMPs divided by boards played (2 decimals); None before the first board."""
        return round(self.imps / self.boards, 2) if self.boards else None


def compute_standings(
    pairs: Iterable[tuple[object, int, str, str]],
    results: Iterable[tuple[object, object, int, int]],
) -> list[StandingRow]:
    """Rank the pairs by total IMPs, highest first; equal totals share a rank ("3=").

    `pairs`: (pair key, number, label, players) for each pair.
    `results`: (ns pair key, ew pair key, ns IMPs, ew IMPs) for each result.
    A pair gets the IMPs of its side on every result it played; a sit-out is simply no
    result, so it counts 0 and is not a board played. Rows come in rank order, then by
    pair number.
    """
    rows = {key: StandingRow(0, False, number, label, players, 0, 0)
            for key, number, label, players in pairs}
    for ns_key, ew_key, ns_imps, ew_imps in results:
        for key, imps in ((ns_key, ns_imps), (ew_key, ew_imps)):
            row = rows[key]
            row.boards += 1
            row.imps += imps
    ordered = sorted(rows.values(), key=lambda r: (-r.imps, r.number))
    return rank(ordered, _imps)


def rank(rows, score):
    """Standard competition ranking (1, 2, 3=, 3=, 5): set `rank` and `tied` on `rows`
    (already in order, best first), `score(row)` giving what they are ranked by; equal
    scores share a rank. Returns the rows."""
    previous = None
    for position, row in enumerate(rows, start=1):
        if previous is not None and score(previous) == score(row):
            row.rank = previous.rank
            row.tied = previous.tied = True
        else:
            row.rank, row.tied = position, False
        previous = row
    return rows


def rank_apart(rows, in_first_line):
    """Two winners: `rows` (from :func:`compute_standings`, in its order) split into the
    pairs for which `in_first_line(row)` holds (a Mitchell's NS line) and the others, each
    list ranked on its own. Returns (first line, second line)."""
    first = [row for row in rows if in_first_line(row)]
    second = [row for row in rows if not in_first_line(row)]
    return rank(first, _imps), rank(second, _imps)


def _imps(row):
    return row.imps
