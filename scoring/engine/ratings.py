"""Player ratings from Moscow compensation IMPs (docs/ratings.md).

Each board's North-South IMPs are explained by the four players at the table: the two NS
players' skills minus the two EW players'. The skills are fitted by weighted ridge
regression: a result counts with a weight that halves every `half_life` days before the
day the ratings are computed for, and a penalty `lam` (in boards) pulls every skill toward
0, the rating a player starts from. A player's rating is the IMPs a board that player
brings to a partnership; the uncertainty is its standard error.

The ridge fit is the mean of a Bayesian model in which each skill starts as a normal
guess around 0 worth `lam` boards of evidence, and its covariance (residual variance x the
inverse of the normal equations' matrix) gives the standard errors.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date

import numpy as np

from .errors import BoardError, _

# A year: last season counts half as much as tonight (docs/ratings.md, "Parameters").
DEFAULT_HALF_LIFE = 365.0
# A new player's rating moves halfway from 0 to their own average after about this many
# boards against average players (docs/ratings.md, "Parameters").
DEFAULT_LAMBDA = 50.0

# A seat's sign in a result: NS1, NS2 count their skill for NS, EW1, EW2 against.
_SIGNS = np.array([1.0, 1.0, -1.0, -1.0])


@dataclass(frozen=True, slots=True)
class RatedResult:
    """One board at one table: the two NS players, the two EW players, the NS IMPs and the
    day it was played."""

    ns: tuple[Hashable, Hashable]
    ew: tuple[Hashable, Hashable]
    ns_imps: float
    day: date


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating (IMPs a board brought to a partnership), its standard error and
    the boards behind it (all of them, whatever their weight)."""

    rating: float
    uncertainty: float
    boards: int


def decay_weights(days_before: np.ndarray, half_life: float) -> np.ndarray:
    """Each result's weight: 1 on the day rated, halving every `half_life` days before."""
    return np.power(0.5, np.asarray(days_before, dtype=float) / half_life)


def fit_ratings(results: Iterable[RatedResult], *, on: date | None = None,
                half_life: float = DEFAULT_HALF_LIFE,
                lam: float = DEFAULT_LAMBDA) -> dict[Hashable, Rating]:
    """{player: Rating} for every player of `results` played on or before `on` (by default
    the last day played); {} without results. Results after `on` are left out."""
    if not (half_life > 0 and lam > 0):
        raise BoardError(_("Ratings need a positive half-life and ridge strength; got "
                           "%(half_life)s days and %(lam)s boards."),
                         half_life=half_life, lam=lam)
    results = list(results)
    if on is None and results:
        on = max(r.day for r in results)
    results = [r for r in results if r.day <= on]
    if not results:
        return {}
    players = sorted({p for r in results for p in (*r.ns, *r.ew)}, key=_sort_key)
    index = {p: i for i, p in enumerate(players)}
    seats = np.array([[index[p] for p in (*r.ns, *r.ew)] for r in results])
    imps = np.array([r.ns_imps for r in results], dtype=float)
    days_before = np.array([(on - r.day).days for r in results])
    skills, errors, boards = solve(seats, imps, decay_weights(days_before, half_life), lam,
                                   len(players))
    return {p: Rating(float(skills[i]), float(errors[i]), int(boards[i]))
            for i, p in enumerate(players)}


def _sort_key(player):
    """Players in a stable order whatever their type (ids, names)."""
    return (type(player).__name__, player)


def solve(seats: np.ndarray, imps: np.ndarray, weights: np.ndarray, lam: float,
          count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(skills, standard errors, boards) of `count` players from `seats` (one row per
    result: the indexes of NS1, NS2, EW1, EW2), the NS IMPs and the weights.

    The normal equations (X'WX + lam I) s = X'Wy are summed straight from the seats (each
    row of X has +1 at the NS players and -1 at the EW players), so the work grows with
    the results times 16 plus the players cubed, and never builds X itself."""
    rows = seats.astype(np.int64)
    signs = np.broadcast_to(_SIGNS, rows.shape)
    # X'WX: for each of the 16 seat pairs of a row, weight x sign x sign at (row, column).
    cells = (rows[:, :, None] * count + rows[:, None, :]).ravel()
    products = (weights[:, None, None] * signs[:, :, None] * signs[:, None, :]).ravel()
    gram = np.bincount(cells, weights=products, minlength=count * count).reshape(count, count)
    moments = np.bincount(rows.ravel(), weights=(signs * (weights * imps)[:, None]).ravel(),
                          minlength=count)
    matrix = gram + lam * np.eye(count)
    inverse = np.linalg.inv(matrix)
    skills = inverse @ moments
    predicted = (signs * skills[rows]).sum(axis=1)
    residuals = imps - predicted
    # Residual variance: the weighted squared residuals over the weighted results less the
    # effective number of fitted skills (the trace of the hat matrix, below `count` under
    # ridge).
    fitted = count - lam * np.trace(inverse)
    variance = float(weights @ residuals**2) / max(float(weights.sum()) - fitted, 1.0)
    errors = np.sqrt(variance * np.diag(inverse))
    boards = np.bincount(rows.ravel(), minlength=count)
    return skills, errors, boards


def ladder(results: Sequence[RatedResult]) -> dict[Hashable, float]:
    """{player: IMPs a board}: each player's mean IMPs over their own boards (NS IMPs for a
    NS player, their opposite for an EW player), the club ladder's figure, which credits a
    player with the partner's and the opponents' part of every result."""
    sums: dict[Hashable, list[float]] = {}
    for r in results:
        for players, imps in ((r.ns, r.ns_imps), (r.ew, -r.ns_imps)):
            for player in players:
                cell = sums.setdefault(player, [0.0, 0])
                cell[0] += imps
                cell[1] += 1
    return {player: total / boards for player, (total, boards) in sums.items()}


@dataclass(frozen=True, slots=True)
class PartnershipRating:
    """How two players score together: their IMPs a board with the opponents' strength
    taken out (each board's IMPs plus the opponents' two ratings), against what their two
    ratings add up to."""

    together: float
    expected: float
    boards: int


def partnership_rating(results: Iterable[RatedResult], ratings: dict[Hashable, Rating],
                       pair: tuple[Hashable, Hashable], *,
                       half_life: float = DEFAULT_HALF_LIFE) -> PartnershipRating | None:
    """The PartnershipRating of the two players of `pair` from `results` (the boards they
    played together count; others are skipped), weighted like the ratings: halving every
    `half_life` days before their last board together. None when they have none. A player
    without a rating counts as 0."""
    wanted = set(pair)
    figures, days = [], []
    for r in results:
        if set(r.ns) == wanted:
            own, opponents = r.ns_imps, r.ew
        elif set(r.ew) == wanted:
            own, opponents = -r.ns_imps, r.ns
        else:
            continue
        strength = sum(ratings[p].rating if p in ratings else 0.0 for p in opponents)
        figures.append(own + strength)
        days.append(r.day)
    if not figures:
        return None
    last = max(days)
    weights = decay_weights([(last - day).days for day in days], half_life)
    together = float(np.average(figures, weights=weights))
    expected = sum(ratings[p].rating if p in ratings else 0.0 for p in pair)
    return PartnershipRating(together, expected, len(figures))


def monthly_checkpoints(days: Iterable[date]) -> list[date]:
    """The last day played in each month that has one, in order: the days the trend
    chart rates (docs/ratings.md, "Trend")."""
    last: dict[tuple[int, int], date] = {}
    for day in days:
        key = (day.year, day.month)
        if key not in last or day > last[key]:
            last[key] = day
    return sorted(last.values())


def rating_history(results: Iterable[RatedResult], checkpoints: Sequence[date], *,
                   half_life: float = DEFAULT_HALF_LIFE, lam: float = DEFAULT_LAMBDA
                   ) -> dict[Hashable, list[tuple[date, float]]]:
    """{player: [(checkpoint, rating)]}: at each checkpoint the rating that fit_ratings
    gives with the results up to that day (on=checkpoint), for the players who played
    since the checkpoint before it. Results after the last checkpoint are left out.

    One pass, not a fit per checkpoint from scratch: a result's weight on day t is
    0.5^((t - day) / half_life) = c(t) u(day) with u(day) = 2^((day - first) / half_life),
    so the normal equations on day t are c(t) times the running sums of u-weighted
    results, plus lam I. Each checkpoint adds its period's results to the sums and solves
    for the players seen so far (the others have no result, so their rating is 0 and
    does not touch anyone else's)."""
    results = sorted(results, key=lambda r: r.day)
    checkpoints = sorted(checkpoints)
    if not results or not checkpoints:
        return {}
    players = sorted({p for r in results for p in (*r.ns, *r.ew)}, key=_sort_key)
    count = len(players)
    index = {p: i for i, p in enumerate(players)}
    seats = np.array([[index[p] for p in (*r.ns, *r.ew)] for r in results], dtype=np.int64)
    imps = np.array([r.ns_imps for r in results], dtype=float)
    first = results[0].day.toordinal()
    ordinals = np.array([r.day.toordinal() for r in results])
    growth = np.power(2.0, (ordinals - first) / half_life)
    signs = np.broadcast_to(_SIGNS, seats.shape)
    gram = np.zeros((count, count))
    moments = np.zeros(count)
    seen = np.zeros(count, dtype=bool)
    history: dict[Hashable, list[tuple[date, float]]] = {}
    start = 0
    for checkpoint in checkpoints:
        end = int(np.searchsorted(ordinals, checkpoint.toordinal(), side="right"))
        if end == start:
            continue
        rows, weights = seats[start:end], growth[start:end]
        period_signs = signs[start:end]
        cells = (rows[:, :, None] * count + rows[:, None, :]).ravel()
        products = (weights[:, None, None] * period_signs[:, :, None]
                    * period_signs[:, None, :]).ravel()
        gram += np.bincount(cells, weights=products, minlength=count * count).reshape(
            count, count)
        moments += np.bincount(rows.ravel(), weights=(
            period_signs * (weights * imps[start:end])[:, None]).ravel(), minlength=count)
        played = np.unique(rows)
        seen[played] = True
        known = np.flatnonzero(seen)
        scale = 2.0 ** (-(checkpoint.toordinal() - first) / half_life)
        matrix = scale * gram[np.ix_(known, known)] + lam * np.eye(len(known))
        skills = np.linalg.solve(matrix, scale * moments[known])
        position = {player: k for k, player in enumerate(known)}
        for i in played:
            history.setdefault(players[i], []).append((checkpoint,
                                                       float(skills[position[i]])))
        start = end
    return history
