"""Player ratings from the published results (scoring.engine.ratings, docs/ratings.md):
every board played, its NS compensation IMPs explained by the four players at the table.

Nothing is stored: the ratings are fitted from the results when a page asks, and the fit is
kept in Django's cache under a key naming the published sessions' state (their number, ids,
versions and creation times), which every write to a published session's results, pairs or
status changes, so a cached fit is never stale."""

from dataclasses import dataclass

from django.db.models import Q

from club.models import Pair, Player, Result
from club.stats.kept import kept
from club.stats.totals import published_sessions, published_state


def rated_results(pairs=None):
    """A RatedResult for every board played in a published session (player ids, NS IMPs,
    the session's date), in one query; only the boards of `pairs` (a Pair queryset) when
    given. Artificial adjusted scores (a board not played, or a side given an average) say
    nothing of the players' play and are left out; an assigned result counts, as the score
    the table should have had."""
    from scoring.engine.ratings import RatedResult  # numpy: loaded when ratings are asked for

    rows = Result.objects.filter(board__session__in=published_sessions(), not_played=False,
                                 ns_adjustment="", ew_adjustment="").order_by()
    if pairs is not None:
        rows = rows.filter(Q(ns_pair__in=pairs) | Q(ew_pair__in=pairs))
    columns = rows.values_list("ns_pair__player1_id", "ns_pair__player2_id",
                               "ew_pair__player1_id", "ew_pair__player2_id", "ns_imps",
                               "board__session__date")
    return [RatedResult((ns1, ns2), (ew1, ew2), imps, day)
            for ns1, ns2, ew1, ew2, imps, day in columns]


def player_ratings():
    """{player id: Rating} from every published result; two queries when kept, three
    when fitted."""
    def fit():
        from scoring.engine.ratings import fit_ratings  # numpy, as in rated_results

        return fit_ratings(rated_results())

    return kept("ratings", published_state(), fit)


def rating_trends():
    """{player id: [(day, rating)]}: each player's rating at the end of every month they
    played (the last published day of that month, with the results up to it:
    scoring.engine.ratings.rating_history); cached like player_ratings, one query when
    cached, two when computed."""
    from scoring.engine.ratings import monthly_checkpoints, rating_history  # numpy

    def compute():
        results = rated_results()
        return rating_history(results, monthly_checkpoints(r.day for r in results))

    return kept("rating-trends", published_state(), compute)


@dataclass
class RatedPlayer:
    """A row of the ratings list."""

    player_id: int
    name: str
    rating: float
    uncertainty: float
    boards: int
    rank: int = 0


def ratings_list(min_boards):
    """The players with at least `min_boards` rated boards, best rating first (then by
    name), ranked 1, 2, 3...; one query more than player_ratings."""
    ratings = player_ratings()
    # Every rated player's name, so that the query runs whoever reaches the minimum.
    names = dict(Player.objects.filter(pk__in=list(ratings)).values_list("id", "name"))
    rows = [RatedPlayer(pid, names[pid], round(r.rating, 2), round(r.uncertainty, 2),
                        r.boards) for pid, r in ratings.items()
            if r.boards >= min_boards and pid in names]
    rows.sort(key=lambda row: (-row.rating, row.name.casefold(), row.player_id))
    for rank, row in enumerate(rows, start=1):
        row.rank = rank
    return rows


def partnership_figures(player_id, partner_id):
    """The two players' PartnershipRating (scoring.engine.ratings) from their published
    boards together, or None; one query more than player_ratings."""
    from scoring.engine.ratings import partnership_rating  # numpy, as in rated_results

    together = Pair.objects.filter(Q(player1_id=player_id, player2_id=partner_id)
                                   | Q(player1_id=partner_id, player2_id=player_id))
    return partnership_rating(rated_results(together), player_ratings(),
                              (player_id, partner_id))
