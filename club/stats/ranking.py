"""Ranking across sessions: the engine's competition ranking (1, 2, 3=, 3=, 5), as a
session's standings use it, over any score."""

from scoring.engine.standings import rank

__all__ = ["rank", "rank_label"]


def rank_label(row):
    """"3", "3=" when shared, "—" when unranked."""
    if row.rank is None:
        return "—"
    return f"{row.rank}=" if row.tied else str(row.rank)
