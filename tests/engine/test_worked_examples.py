"""Every worked example of docs/scoring.md: the Law 77 scores ("The table score") and the
examples ("Examples")."""

import pytest

from scoring.engine import (
    Policy,
    Vulnerability,
    board_vulnerability,
    contract_score,
    parse_contract,
    score_board,
)


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "expected"),
    [
        ("4C", 10, False, 130),
        ("4S", 10, True, 620),
        ("6C", 12, False, 920),
        ("3NTX", 6, True, -800),
    ],
)
def test_law77_examples(contract, tricks, vulnerable, expected):
    assert contract_score(contract, tricks, vulnerable) == expected
    assert contract_score(parse_contract(contract), tricks, vulnerable) == expected


BOTH_POLICIES = pytest.mark.parametrize("policy", [Policy.LINE, Policy.DECLARER])


@BOTH_POLICIES
def test_example_1_partscore_with_22_hcp(policy):
    # Board 1: nobody vulnerable.
    outcome = score_board(1, "4C", "N", 10, 22, policy=policy)
    assert outcome == (130, 70, 60, 2, -2)


@BOTH_POLICIES
@pytest.mark.parametrize("major", ["4S", "4H"])
def test_example_2_major_game_with_33_hcp_vulnerable(policy, major):
    assert board_vulnerability(2) is Vulnerability.NS
    outcome = score_board(2, major, "S", 10, 33, policy=policy)
    assert (outcome.ns_score, outcome.ns_compensation, outcome.ns_net) == (620, 1350, -730)
    assert (outcome.ns_imps, outcome.ew_imps) == (-12, 12)


@BOTH_POLICIES
def test_example_3_minor_slam_with_33_hcp(policy):
    outcome = score_board(1, "6C", "N", 12, 33, policy=policy)
    assert outcome == (920, 900, 20, 1, -1)


def test_example_4_sacrifice_under_line_policy():
    assert board_vulnerability(5) is Vulnerability.NS
    outcome = score_board(5, "4SX", "W", 7, 26)
    assert outcome.ew_score == -500
    assert outcome == (500, 520, -20, -1, 1)


def test_example_4_sacrifice_under_declarer_policy():
    # The weak line declares, so nobody owes compensation: NS keep the 500.
    outcome = score_board(5, "4SX", "W", 7, 26, policy=Policy.DECLARER)
    assert outcome == (500, 0, 500, 11, -11)


@BOTH_POLICIES
def test_example_5_stronger_ew_line_declares(policy):
    assert board_vulnerability(2) is Vulnerability.NS  # EW not vulnerable
    outcome = score_board(2, "3NT", "E", 9, 15, policy=policy)
    assert outcome == (-400, -300, -100, -3, 3)
    assert outcome.ew_score == 400


def test_example_6_passed_out_under_line_policy():
    outcome = score_board(1, None, None, None, 23)
    assert outcome == (0, 110, -110, -3, 3)


def test_example_6_passed_out_under_declarer_policy():
    outcome = score_board(1, None, None, None, 23, policy=Policy.DECLARER)
    assert outcome == (0, 0, 0, 0, 0)


def test_override_vulnerability_reproduces_example_2_on_any_board():
    outcome = score_board(1, "4S", "N", 10, 33, vulnerability=Vulnerability.BOTH)
    assert outcome.ns_imps == -12
