"""A season's ladder: each player's IMPs per board over the season's published sessions,
with a minimum number of sessions to qualify and, optionally, only the best N evenings
counted (docs/seasons.md)."""

from dataclasses import dataclass, field
from fractions import Fraction

from club.stats.ranking import Ranked, rank
from club.stats.totals import published_sessions, sessions_evenings


def season_sessions(season):
    """The published sessions a season counts, oldest first (a queryset)."""
    return published_sessions().filter(season.session_filter()).order_by("date", "id")


@dataclass
class LadderRow(Ranked):
    player_id: int
    name: str
    played: list  # every PlayerEvening of the season, oldest first
    counted: list  # the PlayerEvenings that count (the best N, or all)
    qualified: bool
    rank: int | None = None
    tied: bool = False
    boards: int = field(init=False)
    imps: int = field(init=False)
    score: Fraction = field(init=False)  # what the ladder ranks by, exactly

    def __post_init__(self):
        self.boards = sum(e.boards for e in self.counted)
        self.imps = sum(e.imps for e in self.counted)
        self.score = Fraction(self.imps, self.boards)

    @property
    def sessions(self):
        return len(self.played)

    @property
    def counted_sessions(self):
        return len(self.counted)

    @property
    def rank_sort(self):
        """Qualified players by rank, then the others."""
        return (self.rank is None, self.rank or 0, -self.score, self.name.casefold())


def ladder_rows(played, names, min_sessions, best_of=None):
    """The ladder from PlayerEvenings (`played`, each a player's session): players with at least
    `min_sessions` sessions ranked by IMPs per board over their counted evenings (the
    best `best_of` by IMPs per board, or all), then the others, unranked."""
    by_player = {}
    for evening in played:
        by_player.setdefault(evening.player_id, []).append(evening)
    rows = []
    for player_id, own in by_player.items():
        counted = own if best_of is None else sorted(own, key=lambda e: e.sort_key)[:best_of]
        rows.append(LadderRow(player_id, names[player_id], own, counted,
                              qualified=len(own) >= min_sessions))
    order = sorted(rows, key=lambda r: (not r.qualified, -r.score, -r.boards,
                                        r.name.casefold(), r.player_id))
    rank([r for r in order if r.qualified], lambda r: r.score)
    return order


def season_ladder(season, sessions):
    """The ladder of `season` over `sessions` (its published sessions, loaded)."""
    played, names = sessions_evenings(sessions)
    return ladder_rows(played, names, season.min_sessions, season.best_of)
