"""A club made up with known skills, to prove that the ratings (scoring.engine.ratings)
find the true order better than the IMPs-per-board ladder (docs/ratings.md, "Does it
work?"). Deterministic for a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

from .agreement import rank_correlation
from .imps import MAX_IMPS
from .ratings import DEFAULT_HALF_LIFE, DEFAULT_LAMBDA, RatedResult, fit_ratings, ladder

# The standard deviation of a board's compensation IMPs in the club's own data, measured by
# `python manage.py bench_ratings` on the benchmark evenings (docs/ratings.md).
BOARD_SPREAD = 5.35
# The spread of the players' skills, in IMPs a board each: a pair of two players one
# spread above average scores about 1.0 IMP a board more than an average pair, as the best
# pairs of a club ladder do.
SKILL_SPREAD = 0.5


@dataclass(frozen=True)
class Club:
    """A club's players (0 .. n-1), the skill of each and their results."""

    skills: list[float]
    results: list[RatedResult]


def simulate_club(sessions, *, players=40, tables=7, boards_per_round=3, seed=2026,
                  board_spread=BOARD_SPREAD, skill_spread=SKILL_SPREAD, loyalty=0.0):
    """`sessions` weekly Mitchell evenings of `tables` tables, one round per table with
    `boards_per_round` boards: each evening 4 x `tables` of the `players` come and each
    board's NS IMPs are the four skills (NS minus EW) plus normal noise of
    `board_spread`, rounded and kept on the IMP scale.

    Partnerships are random each evening; with `loyalty`, every player has a regular
    partner (players 0-1, 2-3, ...), the two come together, and each partnership plays
    together with that probability (else its two players are paired anew with the other
    partnerships split that evening)."""
    if 4 * tables > players:
        raise ValueError("a club needs at least four players a table")
    rng = random.Random(seed)
    skills = [rng.gauss(0, skill_spread) for _player in range(players)]
    results = []
    for week in range(sessions):
        day = date(2025, 1, 6) + timedelta(weeks=week)
        pairs = evening_pairs(rng, players, 2 * tables, loyalty)
        north_south, east_west = pairs[:tables], pairs[tables:]
        for round_number in range(tables):
            for table, ns in enumerate(north_south):
                ew = east_west[(table + round_number) % tables]
                edge = skills[ns[0]] + skills[ns[1]] - skills[ew[0]] - skills[ew[1]]
                for _board in range(boards_per_round):
                    imps = round(edge + rng.gauss(0, board_spread))
                    results.append(RatedResult(ns, ew, max(-MAX_IMPS, min(MAX_IMPS, imps)),
                                               day))
    return Club(skills, results)


def evening_pairs(rng, players, count, loyalty):
    """`count` pairs of players for one evening, NS and EW lines drawn at random."""
    if not loyalty:
        present = rng.sample(range(players), 2 * count)
        return [tuple(present[i:i + 2]) for i in range(0, len(present), 2)]
    regular = rng.sample([(p, p + 1) for p in range(0, players - 1, 2)], count)
    kept = [pair for pair in regular if rng.random() < loyalty]
    split = [player for pair in regular if pair not in kept for player in pair]
    rng.shuffle(split)
    pairs = kept + [tuple(split[i:i + 2]) for i in range(0, len(split), 2)]
    rng.shuffle(pairs)
    return pairs


@dataclass(frozen=True)
class Recovery:
    """How well each method recovers the true order of the players who played: Spearman's
    rank correlation of its figures with the true skills."""

    sessions: int
    results: int
    ratings: float
    ladder: float


def recovery(sessions, *, seed=2026, half_life=DEFAULT_HALF_LIFE, lam=DEFAULT_LAMBDA,
             **club):
    """The ratings' and the ladder's correlation with the true skills on one simulated
    club (simulate_club's arguments in `club`)."""
    made = simulate_club(sessions, seed=seed, **club)
    ratings = fit_ratings(made.results, half_life=half_life, lam=lam)
    ladder_figures = ladder(made.results)
    played = sorted(ratings)
    truth = [made.skills[p] for p in played]
    return Recovery(sessions, len(made.results),
                    rank_correlation([ratings[p].rating for p in played], truth),
                    rank_correlation([ladder_figures[p] for p in played], truth))
