"""Ranking across sessions: the engine's competition ranking (1, 2, 3=, 3=, 5), as a
session's standings use it, over any score."""

from club.stats.totals import imps_per_board
from scoring.engine.standings import rank

__all__ = ["Ranked", "rank"]


class Ranked:
    """What a ranked row shows from its `rank`, `tied`, `imps` and `boards`."""

    @property
    def rank_label(self):
        """"3", "3=" when shared, "—" when unranked."""
        if self.rank is None:
            return "—"
        return f"{self.rank}=" if self.tied else str(self.rank)

    @property
    def imps_per_board(self):
        return imps_per_board(self.imps, self.boards)
