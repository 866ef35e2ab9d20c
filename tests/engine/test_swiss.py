"""Swiss pairs (scoring.engine.swiss): the WBF 2013 continuous VP scale worked by hand from
its definition, and pairings that follow the running score without rematches."""

import itertools
import math
import random
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import BoardError
from scoring.engine.swiss import blitz, first_round, next_round, victory_points, vp_scale


def test_a_draw_is_ten_each_and_the_blitz_twenty_nil():
    assert victory_points(0, 8) == (D(10), D(10))
    assert blitz(8) == pytest.approx(42.426, abs=0.001)  # 15 * sqrt(8)
    assert victory_points(43, 8) == (D(20), D(0))  # the first whole margin past 42.43
    assert victory_points(42, 8)[0] < 20
    assert victory_points(-100, 8) == (D(0), D(20))


def test_a_third_of_the_blitz_is_worth_fifteen():
    """At a third of the blitz, (1 - tau) / (1 - tau^3) = 1 / (1 + tau + tau^2) = 1/2,
    because tau^2 + tau = 1: 10 + 10 / 2. Four boards: blitz 30, a third 10 IMPs."""
    assert victory_points(10, 4) == (D(15), D(5))


def test_small_margins_over_eight_boards():
    """Eight boards: blitz 42.426; tau^3 = 0.236068, ln 0.236068 = -1.443635. One IMP:
    tau^(3/42.426) = exp(-1.443635 / 42.426) = 0.966548, so 10 + 10 * 0.033452 / 0.763932
    = 10.4379 -> 10.44. Two IMPs: exp(-0.068054) = 0.934210 -> 10.8612 -> 10.86. Three:
    exp(-0.102081) = 0.902958 -> 11.2703 -> 11.27."""
    assert [victory_points(m, 8)[0] for m in (1, 2, 3)] == [D("10.44"), D("10.86"),
                                                              D("11.27")]
    assert victory_points(-3, 8) == (D("8.73"), D("11.27"))


@pytest.mark.parametrize("boards", range(1, 41))
def test_no_imp_is_worth_more_than_the_one_before(boards):
    scale = vp_scale(boards)
    assert scale[0] == 10 and scale[-1] == 20 and scale[-2] < 20
    steps = [b - a for a, b in itertools.pairwise(scale)]
    assert all(step >= 0 for step in steps)
    assert all(later <= earlier for earlier, later in itertools.pairwise(steps))
    # Each value is the formula's, rounded, or at most a few hundredths above it.
    tau = (math.sqrt(5) - 1) / 2
    for margin, value in enumerate(scale[:-1]):
        exact = 10 + 10 * (1 - tau ** (3 * margin / blitz(boards))) / (1 - tau ** 3)
        assert -0.005 <= float(value) - exact <= 0.03


@pytest.mark.parametrize(("margin", "boards"), [(1.5, 8), ("3", 8), (3, 0), (3, 2.0)])
def test_a_margin_or_round_that_is_not_whole_is_refused(margin, boards):
    with pytest.raises(BoardError, match="whole number"):
        victory_points(margin, boards)


def test_the_first_round_seeded_or_drawn():
    assert first_round([1, 2, 3, 4, 5, 6, 7, 8]) == ([(1, 5), (2, 6), (3, 7), (4, 8)], None)
    assert first_round([1, 2, 3, 4, 5, 6, 7]) == ([(1, 4), (2, 5), (3, 6)], 7)
    drawn, bye = first_round(range(1, 10), seeded=False, rng=random.Random(4))
    assert sorted([p for pairing in drawn for p in pairing] + [bye]) == list(range(1, 10))
    assert drawn != first_round(range(1, 10))[0]


def test_the_leaders_meet_unless_they_have_met():
    scores = {"A": 40, "B": 35, "C": 30, "D": 12}
    assert next_round(scores, met=[]) == ([("A", "B"), ("C", "D")], None)
    # A has met B and C; C and D have met: A must play D, which leaves B and C.
    met = [frozenset("AB"), frozenset("AC"), frozenset("CD")]
    assert next_round(scores, met=met) == ([("A", "D"), ("B", "C")], None)


def test_the_bye_goes_to_the_lowest_pair_without_one():
    scores = {1: 30, 2: 20, 3: 10, 4: 25, 5: 5}
    assert next_round(scores, met=[], byes=[5]) == ([(1, 4), (2, 5)], 3)


def test_a_rematch_only_when_nothing_else_is_left():
    assert next_round({1: 10, 2: 9}, met=[frozenset((1, 2))]) == ([(1, 2)], None)


def test_a_round_needs_two_different_pairs():
    with pytest.raises(BoardError, match="two or more different pairs"):
        first_round([1])


def rematch_free_exists(pairs, met):
    if not pairs:
        return True
    first = pairs[0]
    return any(frozenset((first, other)) not in met
               and rematch_free_exists([p for p in pairs[1:] if p != other], met)
               for other in pairs[1:])


@settings(max_examples=60)
@given(st.integers(2, 10), st.randoms(use_true_random=False), st.integers(1, 6))
def test_a_swiss_never_repeats_a_meeting_it_can_avoid(count, rng, rounds):
    pairs = list(range(1, count + 1))
    scores = dict.fromkeys(pairs, 0)
    met, byes = set(), set()
    pairings, bye = first_round(pairs, seeded=False, rng=rng)
    for _round in range(rounds):
        # Every pair plays once or has the bye; the bye goes to a pair without one while
        # there is such a pair.
        playing = [p for pairing in pairings for p in pairing]
        assert sorted(playing + ([bye] if bye is not None else [])) == pairs
        assert bye is None or bye not in byes or byes >= set(pairs)
        if any(frozenset(pairing) in met for pairing in pairings):
            assert not rematch_free_exists(sorted(playing), met)
        for a, b in pairings:
            met.add(frozenset((a, b)))
            ns_vp, ew_vp = victory_points(rng.randint(-30, 30), 6)
            scores[a] += ns_vp
            scores[b] += ew_vp
        if bye is not None:
            byes.add(bye)
        pairings, bye = next_round(scores, met, byes)
