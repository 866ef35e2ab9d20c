"""PBN deals: reading them, the HCP they hold, and the errors that name what is wrong."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import (
    DealError,
    deal_hcp,
    deal_ns_hcp,
    format_deal,
    hand_hcp,
    parse_deal,
    random_deal,
)

# Each hand holds one suit's AKQJ (10 HCP each); West has no spades.
DEAL = "N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987"


def test_the_hands_follow_from_the_first_seat():
    hands = parse_deal("E:" + DEAL[2:])
    assert hands["E"] == ["AKQJ", "T98", "765", "432"]
    assert hands["N"] == ["", "432", "T98", "AKQJ987"]


def test_hcp_of_each_hand_and_of_north_south():
    assert deal_hcp(DEAL) == {"N": 10, "E": 10, "S": 10, "W": 10}
    assert deal_ns_hcp(DEAL) == 20
    assert hand_hcp(["AKQJ", "", "", ""]) == 10


def test_lower_case_and_tens_written_as_10_are_read():
    hands = parse_deal(DEAL.lower().replace("t", "10"))
    assert format_deal(hands) == DEAL


@pytest.mark.parametrize(("text", "message"), [
    ("AKQJ.T98.765.432", "starts with the first seat and a colon"),
    ("N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T", "four hands separated by "
                                                             "spaces; found 3"),
    ("N:AKQJ.T98.765 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987",
     "N hand needs four suits"),
    ("N:AKQJ.T98.765.43 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987",
     "N hand has 12 cards"),
    ("N:AKQJ.T98.765.4322 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987",
     "C2 is in the deal twice"),
    ("N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ98X",
     "W hand has an unknown card"),
    ("N:AKQJ.T98.765.433 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987",
     "C3 is in the deal twice"),
    ("x" * 81, "at most 80 characters"),
    (None, "must be text"),
])
def test_a_bad_deal_names_its_problem(text, message):
    with pytest.raises(DealError, match=message):
        parse_deal(text)


@given(st.randoms(use_true_random=False))
def test_random_deals_are_full_deals(rng):
    deal = random_deal(random.Random(rng.random()))
    hands = parse_deal(deal)
    assert sorted(len("".join(h)) for h in hands.values()) == [13, 13, 13, 13]
    assert sum(deal_hcp(deal).values()) == 40
    assert format_deal(hands) == deal


def test_the_default_generator_is_not_repeatable():
    assert len({random_deal() for _n in range(5)}) == 5
