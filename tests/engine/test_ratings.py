"""Player ratings (scoring.engine.ratings): worked examples solved by hand, and the
properties a club relies on."""

from dataclasses import replace
from datetime import date, timedelta
from math import sqrt

import pytest

from scoring.engine import BoardError
from scoring.engine.rating_simulation import recovery, simulate_club
from scoring.engine.ratings import (
    RatedResult,
    Rating,
    decay_weights,
    fit_ratings,
    ladder,
    monthly_checkpoints,
    partnership_rating,
    rating_history,
)

DAY = date(2026, 3, 2)
FOREVER = 1e12  # a half-life so long that nothing decays


def boards(ns, ew, imps, day=DAY):
    return [RatedResult(ns, ew, figure, day) for figure in imps]


def test_one_board_worked_by_hand():
    # X = (1, 1, -1, -1), lam = 1: (xx' + I) s = 4x gives s = 4x / (1 + x'x) = 0.8 x.
    ratings = fit_ratings(boards(("A", "B"), ("C", "D"), [4]), lam=1, half_life=FOREVER)
    assert [ratings[p].rating for p in "ABCD"] == pytest.approx([0.8, 0.8, -0.8, -0.8])
    assert all(ratings[p].boards == 1 for p in "ABCD")


def test_two_partnerships_three_boards_worked_by_hand():
    # n = 3 boards of AB against CD: 3, 5, 1 IMPs. (3xx' + 2I) s = 9x gives
    # s = 9x / (2 + 12) = 9/14 x. The inverse is (I - 3xx'/14) / 2: diagonal 11/28, trace
    # 11/7, so the fit uses 4 - 2 x 11/7 = 6/7 of a parameter. Predicted 4 x 9/14 = 18/7;
    # residuals 3/7, 17/7, -11/7, squares 419/49; variance 419/49 / (3 - 6/7) = 419/105.
    ratings = fit_ratings(boards(("A", "B"), ("C", "D"), [3, 5, 1]), lam=2,
                          half_life=FOREVER)
    assert ratings["A"].rating == pytest.approx(9 / 14)
    assert ratings["D"].rating == pytest.approx(-9 / 14)
    error = sqrt(419 / 105 * 11 / 28)
    assert [ratings[p].uncertainty for p in "ABCD"] == pytest.approx([error] * 4)


def test_a_result_a_half_life_old_counts_half_worked_by_hand():
    # +6 a year ago (weight 1/2), 0 today (weight 1), lam = 2:
    # s = x (6/2 + 0) / (2 + 4 x 3/2) = 3/8 x; without decay 6x / (2 + 8) = 0.6 x.
    played = (boards(("A", "B"), ("C", "D"), [6], DAY - timedelta(days=365))
              + boards(("A", "B"), ("C", "D"), [0]))
    assert fit_ratings(played, lam=2, half_life=365)["A"].rating == pytest.approx(3 / 8)
    assert fit_ratings(played, lam=2, half_life=FOREVER)["A"].rating == pytest.approx(0.6)


def test_weights_halve_every_half_life():
    assert list(decay_weights([0, 30, 60, 90], 30)) == pytest.approx([1, 0.5, 0.25, 0.125])


def test_a_shift_of_everyone_is_not_identifiable_so_ridge_centres_the_ratings():
    ratings = fit_ratings(simulate_club(10, seed=5).results)
    assert sum(r.rating for r in ratings.values()) == pytest.approx(0, abs=1e-9)


def test_more_data_shrinks_every_players_uncertainty():
    club = simulate_club(30, seed=7)
    first_ten = [r for r in club.results if r.day < DAY.replace(year=2025, month=3, day=17)]
    fewer = fit_ratings(first_ten, half_life=FOREVER)
    more = fit_ratings(club.results, half_life=FOREVER)
    assert len(first_ten) < len(club.results)
    assert all(more[p].uncertainty < fewer[p].uncertainty for p in fewer)


def test_a_new_player_starts_at_zero_with_a_wide_uncertainty():
    club = simulate_club(10, seed=3)
    newcomer = boards((100, 0), (1, 2), [0], club.results[-1].day)
    ratings = fit_ratings(club.results + newcomer)
    assert abs(ratings[100].rating) < 0.05
    assert ratings[100].uncertainty > 1.2 * max(r.uncertainty for p, r in ratings.items()
                                                if p != 100)


def test_all_plus_rates_above_all_minus():
    # Player 0's side gets +3 on every board, player 1's -3, whoever they sit with.
    results = []
    for result in simulate_club(10, seed=11).results:
        for sign, player in ((1, 0), (-1, 1)):
            if player in result.ns:
                result = replace(result, ns_imps=3 * sign)
            elif player in result.ew:
                result = replace(result, ns_imps=-3 * sign)
        results.append(result)
    ratings = fit_ratings(results)
    assert ratings[0].rating > 0 > ratings[1].rating
    assert ratings[0].rating == max(r.rating for r in ratings.values())


def test_time_decay_makes_old_results_count_less():
    # Two tables alike but for when their good boards came: AB scored +4 a board two
    # years ago and 0 tonight, EF 0 two years ago and +4 tonight.
    old = DAY - timedelta(days=730)
    played = (boards(("A", "B"), ("C", "D"), [4] * 5, old)
              + boards(("A", "B"), ("C", "D"), [0] * 5)
              + boards(("E", "F"), ("G", "H"), [0] * 5, old)
              + boards(("E", "F"), ("G", "H"), [4] * 5))
    decayed = fit_ratings(played, half_life=365)
    assert decayed["E"].rating > decayed["A"].rating > 0
    flat = fit_ratings(played, half_life=FOREVER)
    assert flat["E"].rating == pytest.approx(flat["A"].rating)


def test_results_after_the_day_rated_are_left_out():
    played = boards(("A", "B"), ("C", "D"), [4]) + boards(("E", "F"), ("C", "D"), [4],
                                                          DAY + timedelta(days=1))
    ratings = fit_ratings(played, on=DAY)
    assert set(ratings) == set("ABCD")
    assert fit_ratings([]) == {}


@pytest.mark.parametrize(("half_life", "lam"), [(0, 50), (365, 0), (-1, 50), (365, float("nan"))])
def test_parameters_must_be_positive(half_life, lam):
    with pytest.raises(BoardError, match="positive half-life"):
        fit_ratings(boards(("A", "B"), ("C", "D"), [1]), half_life=half_life, lam=lam)


def test_the_ladder_is_each_players_mean_from_their_own_side():
    played = boards(("A", "B"), ("C", "D"), [3, 5]) + boards(("A", "C"), ("B", "D"), [2])
    assert ladder(played) == pytest.approx({"A": 10 / 3, "B": 6 / 3, "C": -6 / 3,
                                            "D": -10 / 3})


@pytest.mark.parametrize(("loyalty", "margin"), [(0.0, 0.02), (0.8, 0.1)])
def test_the_ratings_recover_the_true_order_better_than_the_ladder(loyalty, margin):
    # Random partnerships every evening; then regular partnerships kept 4 evenings in 5,
    # where the ladder cannot tell a player from the partner.
    found = recovery(30, seed=2026, loyalty=loyalty)
    assert found.ratings > found.ladder + margin


def test_a_partnership_against_the_sum_of_its_players_worked_by_hand():
    ratings = {"A": Rating(0.5, 0.3, 9), "B": Rating(0.25, 0.3, 9),
               "C": Rating(1.0, 0.3, 9), "D": Rating(-0.5, 0.3, 9)}
    old = DAY - timedelta(days=365)
    played = (boards(("A", "B"), ("C", "D"), [2], old)  # 2 + (1.0 - 0.5) = 2.5, weight 1/2
              + boards(("C", "D"), ("B", "A"), [3])  # EW: -3 + 0.5 = -2.5, weight 1
              + boards(("A", "C"), ("B", "D"), [9]))  # not together: left out
    found = partnership_rating(played, ratings, ("A", "B"), half_life=365)
    # (2.5 x 1/2 - 2.5 x 1) / (1/2 + 1) = -1.25 / 1.5
    assert found.together == pytest.approx(-1.25 / 1.5)
    assert found.expected == pytest.approx(0.75)
    assert found.boards == 2
    assert partnership_rating(played, ratings, ("A", "D")) is None


def test_monthly_checkpoints_are_each_months_last_day_played():
    days = [date(2026, 1, 5), date(2026, 1, 26), date(2026, 1, 12), date(2026, 3, 2)]
    assert monthly_checkpoints(days) == [date(2026, 1, 26), date(2026, 3, 2)]


def test_the_history_is_the_fit_on_each_checkpoint_day():
    # 30 weekly evenings of a simulated club, players come and go: each month-end point
    # of the history is what a fit from scratch on that day says.
    results = simulate_club(30, seed=11).results
    checkpoints = monthly_checkpoints(r.day for r in results)
    history = rating_history(results, checkpoints, half_life=120, lam=50)
    for checkpoint in checkpoints:
        fitted = fit_ratings(results, on=checkpoint, half_life=120, lam=50)
        played = {p for r in results if r.day <= checkpoint for p in (*r.ns, *r.ew)}
        points = {p: dict(series)[checkpoint] for p, series in history.items()
                  if checkpoint in dict(series)}
        assert set(points) <= played and points
        for player, rating in points.items():
            assert rating == pytest.approx(fitted[player].rating, abs=1e-9)


def test_a_player_gets_a_point_only_for_months_played():
    january = boards(("A", "B"), ("C", "D"), [3], date(2026, 1, 5))
    march = boards(("A", "E"), ("C", "D"), [1], date(2026, 3, 2))
    history = rating_history(january + march, [date(2026, 1, 31), date(2026, 3, 31)])
    assert [day for day, _r in history["A"]] == [date(2026, 1, 31), date(2026, 3, 31)]
    assert [day for day, _r in history["B"]] == [date(2026, 1, 31)]
    assert [day for day, _r in history["E"]] == [date(2026, 3, 31)]
    assert rating_history([], [date(2026, 1, 31)]) == {}
