"""Ranking across sessions: standard competition ranking (1, 2, 3=, 3=, 5), as a session's
standings do it (scoring.engine.standings), over any score."""


def rank(rows, score):
    """Set `rank` and `tied` on `rows` (already in order, best first) where `score(row)`
    gives what they are ranked by; equal scores share a rank."""
    previous = None
    for position, row in enumerate(rows, start=1):
        if previous is not None and score(previous) == score(row):
            row.rank = previous.rank
            row.tied = previous.tied = True
        else:
            row.rank, row.tied = position, False
        previous = row
    return rows


def rank_label(row):
    """"3", "3=" when shared, "—" when unranked."""
    if row.rank is None:
        return "—"
    return f"{row.rank}=" if row.tied else str(row.rank)
