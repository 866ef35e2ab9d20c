"""Masterpoint scales (scoring.engine.masterpoints) against worked examples taken from the
published rules named in docs/masterpoints.md."""

from decimal import Decimal as D
from fractions import Fraction

import pytest

from scoring.engine import BoardError
from scoring.engine.masterpoints import AwardScale, award_field

# The EBU's club scale as its handbook describes it for a single-winner individual of
# 18-35 boards: the top award 4 local points a table, the top third of the field scores,
# the awards fall in equal steps, no club award below 6.
EBU_INDIVIDUAL = AwardScale(top_per_table=D(4), scoring_share=Fraction(1, 3), minimum=D(6),
                            decimals=0)
# The Moscow federation's cup table for one section: points by place, 1 for the rest.
MOSCOW_PLACES = tuple(D(n) for n in (20, 17, 15, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2))
MOSCOW = AwardScale(top_fixed=D(20), place_table=MOSCOW_PLACES, others=D(1))


def ranked(count):
    return [(n, n) for n in range(1, count + 1)]


def test_ebu_six_table_individual_worked_example():
    # 24 players, 6 tables: top award 24, 8 awards, steps of 3 (24, 21 ... 3), the last
    # two raised to the minimum of 6; the other 16 players score nothing.
    awards = award_field(EBU_INDIVIDUAL, ranked(24), tables=D(6))
    assert [awards[n] for n in range(1, 10)] == [24, 21, 18, 15, 12, 9, 6, 6, 0]
    assert sum(awards.values()) == 111


def test_ebu_awards_go_to_a_third_of_the_field_rounded_down():
    # 4 and 5 full tables of an individual: 16 and 20 players give 5 and 6 awards.
    assert sum(1 for v in award_field(EBU_INDIVIDUAL, ranked(16), D(4)).values() if v) == 5
    assert sum(1 for v in award_field(EBU_INDIVIDUAL, ranked(20), D(5)).values() if v) == 6


def test_moscow_table_by_place_and_one_point_below_it():
    awards = award_field(MOSCOW, ranked(18))
    assert [awards[n] for n in range(1, 19)] == [20, 17, 15, 13, 12, 11, 10, 9, 8, 7, 6, 5,
                                                 4, 3, 2, 1, 1, 1]


def test_ties_share_the_places_they_cover_equally():
    # Second equal of three: (17 + 15 + 13) / 3 = 15 each; then fifth.
    awards = award_field(MOSCOW, [("a", 1), ("b", 2), ("c", 2), ("d", 2), ("e", 5)])
    assert awards == {"a": 20, "b": 15, "c": 15, "d": 15, "e": 12}
    # Two equal first of an EBU field: (24 + 21) / 2 = 22.5, rounded half up to 23.
    ebu = award_field(EBU_INDIVIDUAL, [(1, 1), (2, 1)] + [(n, n) for n in range(3, 25)],
                      tables=D(6))
    assert ebu[1] == ebu[2] == 23


def test_top_award_scales_with_tables_and_the_cap():
    scale = AwardScale(top_fixed=D(10), top_per_table=D(2), top_cap=D(30))
    assert scale.top_award(D(5)) == 20
    assert scale.top_award(D(50)) == 30


def test_the_win_bonus_goes_to_the_winner_and_is_shared_on_a_tie_for_first():
    scale = AwardScale(top_fixed=D(10), scoring_share=Fraction(1, 2), win_bonus=D(5))
    # 4 pairs, 2 score: 10 and 5; the winner 15.
    assert award_field(scale, ranked(4)) == {1: 15, 2: 5, 3: 0, 4: 0}
    tie = award_field(scale, [(1, 1), (2, 1), (3, 3), (4, 4)])
    assert tie == {1: 10, 2: 10, 3: 0, 4: 0}


def test_decimals_round_half_up():
    scale = AwardScale(top_per_table=D("1.25"), decimals=1)
    # 3 pairs (1.5 tables): top 1.875 -> 1.9; 1.25 -> 1.3 (half up); 0.625 -> 0.6.
    assert award_field(scale, ranked(3)) == {1: D("1.9"), 2: D("1.3"), 3: D("0.6")}


@pytest.mark.parametrize("scale", [
    {"top_fixed": D(-1)}, {"scoring_share": Fraction(0)}, {"scoring_share": Fraction(3, 2)},
    {"place_table": (D(0), D(1))},
])
def test_a_scale_with_impossible_figures_is_refused(scale):
    with pytest.raises(BoardError):
        AwardScale(**scale)


def test_ranks_outside_the_field_are_refused():
    with pytest.raises(BoardError):
        award_field(MOSCOW, [("a", 1), ("b", 3)])
