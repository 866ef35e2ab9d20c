"""Masterpoints read back (docs/masterpoints.md): a player's totals per season and for
life, a season's totals per player, and a season's awards one by one for the federation
(the only reader of federation numbers here: the director's export). Each in a fixed
number of queries."""

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Sum

from club.models import MasterpointAward, Season
from club.stats.totals import published_sessions

CENT = Decimal("0.01")


def tidy(points):
    """Points to 2 decimals at most, without trailing zeros (24, 7.5, 0.25): the database
    sums may come back with any number of decimals (SQLite) or a fixed two (PostgreSQL)."""
    points = Decimal(points).quantize(CENT)
    return points.quantize(Decimal(1)) if points == points.to_integral_value() \
        else points.normalize()


def awards_of(season):
    """The awards of the published sessions the season counts (a queryset)."""
    return MasterpointAward.objects.filter(
        session__in=published_sessions().filter(season.session_filter()))


def session_masterpoints(session):
    """{pair number: the masterpoints each of its players was awarded} of a published
    session ({} before publication: no query then, and no award exists), for its
    standings; one query."""
    if session.status != session.Status.PUBLISHED:
        return {}
    return {number: tidy(points) for number, points in
            MasterpointAward.objects.filter(session=session).order_by()
            .values_list("pair_number", "points").distinct()}


@dataclass
class SeasonPoints:
    season: Season
    points: Decimal
    sessions: int


def player_masterpoints(player_id):
    """(lifetime total, [SeasonPoints of each season the player earned points in, the
    newest first]) in three queries: the player's awards, the seasons, the sessions
    chosen by the seasons without a period."""
    awards = list(MasterpointAward.objects.filter(
        player_id=player_id, session__in=published_sessions())
        .values_list("session_id", "session__date", "points"))
    lifetime = tidy(sum((points for _s, _d, points in awards), Decimal(0)))
    if not awards:
        return lifetime, []
    seasons = list(Season.objects.order_by("-start", "-id"))
    chosen = defaultdict(set)
    for season_id, session_id in Season.sessions.through.objects.filter(
            season__start__isnull=True).values_list("season_id", "session_id"):
        chosen[season_id].add(session_id)
    rows = []
    for season in seasons:
        counted = [points for session_id, day, points in awards
                   if (season.start <= day <= season.end if season.by_period
                       else session_id in chosen[season.pk])]
        if counted:
            rows.append(SeasonPoints(season, tidy(sum(counted, Decimal(0))), len(counted)))
    return lifetime, rows


@dataclass
class PlayerPoints:
    player_id: int
    name: str
    points: Decimal
    sessions: int
    rank: int = 0


def season_masterpoints(season):
    """Each player's masterpoints in the season, most first (then by name), ranked 1, 2,
    3 (equal totals share a rank); one query."""
    rows = [PlayerPoints(player_id, name, tidy(points), sessions)
            for player_id, name, points, sessions in awards_of(season).order_by()
            .values_list("player_id", "player__name")
            .annotate(total=Sum("points"), sessions=Count("id"))
            .order_by("-total", "player__name", "player_id")]
    previous = None
    for position, row in enumerate(rows, start=1):
        row.rank = previous.rank if previous and previous.points == row.points else position
        previous = row
    return rows


EXPORT_COLUMNS = ("federation_number", "name", "membership_number", "date", "session",
                  "line", "place", "points", "scheme")


def season_award_rows(season):
    """Every award of the season for the federation, by session then place: tuples in
    the order of EXPORT_COLUMNS; one query."""
    return [(federation, name, membership, day.isoformat(), session, line,
             f"{rank}=" if tied else str(rank), str(tidy(points)), scheme)
            for federation, name, membership, day, session, line, rank, tied, points, scheme
            in awards_of(season).order_by("session__date", "session_id", "line", "rank",
                                          "pair_number", "player__name")
            .values_list("player__federation_number", "player__name",
                         "player__membership_number", "session__date", "session__name",
                         "line", "rank", "tied", "points", "scheme__name")]
