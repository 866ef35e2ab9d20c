"""Teams schedules (scoring.engine.team_events): the round robin's invariants for every size
from 3 to 20 teams, and Swiss teams rounds built on the Swiss pairs' pairings."""

import itertools
import random
from collections import Counter
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import BoardError
from scoring.engine.team_events import (
    BYE_VPS,
    PlayedMatch,
    round_robin,
    swiss_first_round,
    swiss_next_round,
    team_standings,
)


@pytest.mark.parametrize("teams", range(3, 21))
def test_a_round_robin_meets_everyone_once(teams):
    rounds = round_robin(teams)
    assert len(rounds) == (teams if teams % 2 else teams - 1)
    meetings = Counter(frozenset(m.teams) for r in rounds for m in r.matches)
    assert set(meetings) == {frozenset(p) for p in itertools.combinations(range(1, teams + 1), 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("teams", range(3, 21))
def test_every_team_plays_or_has_the_bye_once_a_round(teams):
    for number, game_round in enumerate(round_robin(teams), start=1):
        assert game_round.round == number
        playing = [t for m in game_round.matches for t in m.teams]
        byes = [] if game_round.bye is None else [game_round.bye]
        assert sorted(playing + byes) == list(range(1, teams + 1))
        assert (game_round.bye is None) == (teams % 2 == 0)
        assert [m.match for m in game_round.matches] == list(range(1, teams // 2 + 1))
        assert all(m.round == number for m in game_round.matches)


@pytest.mark.parametrize("teams", range(3, 21))
def test_home_and_away_are_balanced(teams):
    """Home (NS in the open room) in half a team's matches, give or take one; exactly half
    with an odd number of teams (every team plays an even number of matches)."""
    home, played = Counter(), Counter()
    for game_round in round_robin(teams):
        for m in game_round.matches:
            home[m.home] += 1
            played[m.home] += 1
            played[m.away] += 1
    worst = max(abs(2 * home[t] - played[t]) for t in range(1, teams + 1))
    assert worst == teams % 2 ^ 1  # 0 for an odd number of teams, 1 for an even one


@pytest.mark.parametrize("teams", [3, 5, 9, 19])
def test_with_an_odd_number_each_team_has_one_bye(teams):
    assert sorted(r.bye for r in round_robin(teams)) == list(range(1, teams + 1))


@pytest.mark.parametrize("teams", range(3, 21))
def test_tables_and_board_sets(teams):
    """Match m plays at tables 2m-1 (open) and 2m (closed); round r plays set r, so no team
    meets a set twice."""
    sets = Counter()
    for game_round in round_robin(teams):
        tables = [t for m in game_round.matches for t in (m.open_table, m.closed_table)]
        assert tables == list(range(1, 2 * len(game_round.matches) + 1))
        for m in game_round.matches:
            assert m.board_set == game_round.round
            sets.update((team, m.board_set) for team in m.teams)
    assert set(sets.values()) == {1}


def test_four_teams_worked_example():
    """The circle method with team 4 in the middle: it meets 1, 2, 3 in turn, home every
    other round; the others pair across the circle."""
    rounds = round_robin(4)
    assert [[m.teams for m in r.matches] for r in rounds] == [
        [(1, 4), (2, 3)],
        [(4, 2), (3, 1)],
        [(3, 4), (1, 2)],
    ]


@pytest.mark.parametrize("teams", [2, 41, 0, "4", 4.0, None])
def test_a_round_robin_size_out_of_range_is_refused(teams):
    with pytest.raises(BoardError, match="round robin is for 3 to 40 teams"):
        round_robin(teams)


# --------------------------------------------------------------------------
# Swiss teams


def test_a_seeded_first_round():
    first = swiss_first_round(list(range(1, 10)))
    assert [m.teams for m in first.matches] == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert first.bye == 9 and first.round == 1
    assert [m.open_table for m in first.matches] == [1, 3, 5, 7]


def test_a_drawn_first_round_follows_the_random_generator():
    one = swiss_first_round(list(range(1, 9)), seeded=False, rng=random.Random(7))
    again = swiss_first_round(list(range(1, 9)), seeded=False, rng=random.Random(7))
    assert one == again
    assert sorted(t for m in one.matches for t in m.teams) == list(range(1, 9))


def test_the_leaders_meet_and_the_team_home_less_often_is_home():
    scores = {1: D("30.5"), 2: D("28"), 3: D("12"), 4: D("9.5")}
    met = {frozenset((1, 3)), frozenset((2, 4))}
    second = swiss_next_round(2, scores, met, home_matches={1: 1, 3: 1})
    assert [m.teams for m in second.matches] == [(2, 1), (4, 3)]
    # Both teams home as often: the higher-placed one is home.
    third = swiss_next_round(3, scores, met, home_matches={1: 1, 2: 1, 3: 1, 4: 1})
    assert [m.teams for m in third.matches] == [(1, 2), (3, 4)]
    assert all(m.board_set == 3 for m in third.matches)


def test_the_bye_goes_to_the_lowest_team_that_has_not_had_one():
    scores = {1: D(20), 2: D(15), 3: D(10)}
    assert swiss_next_round(2, scores, set(), byes={3}).bye == 2
    assert BYE_VPS == D(12)


def can_pair(teams, met):
    if not teams:
        return True
    first, rest = teams[0], teams[1:]
    return any(frozenset((first, other)) not in met
               and can_pair([t for t in rest if t != other], met) for other in rest)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 16), st.booleans(), st.randoms(use_true_random=False))
def test_a_simulated_swiss_never_repeats_a_match_it_can_avoid(teams, seeded, rng):
    numbers = list(range(1, teams + 1))
    game_round = swiss_first_round(numbers, seeded=seeded, rng=rng)
    vps = dict.fromkeys(numbers, D(0))
    met, byes, home = set(), set(), Counter()
    for number in range(1, min(7, teams - 1) + 1):
        if number > 1:
            game_round = swiss_next_round(number, vps, met, byes, home)
            playing = sorted(t for m in game_round.matches for t in m.teams)
            if can_pair(playing, met):  # the teams left after the bye can avoid rematches
                assert not any(frozenset(m.teams) in met for m in game_round.matches)
        before = dict(home)
        for m in game_round.matches:
            if number > 1:  # the home team has not been home more often
                assert before.get(m.home, 0) <= before.get(m.away, 0)
            met.add(frozenset(m.teams))
            home[m.home] += 1
            won = D(rng.randint(0, 2000)) / 100
            vps[m.home] += won
            vps[m.away] += 20 - won
        if game_round.bye is not None:
            assert game_round.bye not in byes or len(byes) == teams
            byes.add(game_round.bye)
            vps[game_round.bye] += BYE_VPS


@pytest.mark.parametrize("teams", [[1], [1, 1], [0, 1], ["1", "2"], []])
def test_bad_team_lists_are_refused(teams):
    with pytest.raises(BoardError, match="two or more different team numbers"):
        swiss_first_round(teams)
    with pytest.raises(BoardError, match="two or more different team numbers"):
        swiss_next_round(2, dict.fromkeys(teams, 0), set())


def test_round_one_is_not_a_later_round():
    with pytest.raises(BoardError, match="numbered 2 or more"):
        swiss_next_round(1, {1: 0, 2: 0}, set())


# --------------------------------------------------------------------------
# standings


def played(home, away, home_vps, away_vps, home_imps):
    return PlayedMatch(home, away, D(home_vps), D(away_vps), home_imps, -home_imps)


def test_a_round_robin_level_on_vps_goes_by_the_match_between_them():
    """Teams 1 and 2 both have 30 VPs; 1 won their match 12-8, so it ranks above 2 although
    2 has more IMPs (4 to 0)."""
    matches = [
        played(1, 2, 12, 8, 3), played(3, 4, 10, 10, 0),
        played(1, 3, 8, 12, -3), played(2, 4, 14, 6, 10),
        played(1, 4, 10, 10, 0), played(2, 3, 8, 12, -3),
    ]
    rows = team_standings([1, 2, 3, 4], matches)
    assert [(r.rank_label, r.team, r.vps, r.imps, r.matches) for r in rows] == [
        ("1", 3, D(34), 6, 3),
        ("2", 1, D(30), 0, 3),
        ("3", 2, D(30), 4, 3),
        ("4", 4, D(26), -10, 3),
    ]


def test_teams_that_have_not_all_met_go_by_imps_then_share_the_rank():
    matches = [played(1, 2, 15, 5, 10), played(3, 4, 15, 5, 12), played(5, 6, 15, 5, 10)]
    rows = team_standings([1, 2, 3, 4, 5, 6], matches)
    assert [(r.rank_label, r.team) for r in rows] == [
        ("1", 3), ("2=", 1), ("2=", 5), ("4=", 2), ("4=", 6), ("6", 4)]


def test_a_bye_scores_its_vps_but_is_no_match():
    rows = team_standings([1, 2, 3], [played(1, 2, 11, 9, 2)], byes=[3])
    assert [(r.team, r.vps, r.matches) for r in rows] == [
        (3, BYE_VPS, 0), (1, D(11), 1), (2, D(9), 1)]


def test_a_result_for_a_team_outside_the_event_is_refused():
    with pytest.raises(BoardError, match=r"Team 7 has a result but is not in the event"):
        team_standings([1, 2], [played(1, 7, 10, 10, 0)])
