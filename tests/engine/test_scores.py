"""Law 77 scores, checked against endplay as an independent implementation."""

import pytest
from endplay.types import Contract as EndplayContract
from endplay.types import Denom, Penalty, Player, Vul

from scoring.engine import (
    ALL_CONTRACTS,
    SCORE_TABLE,
    BoardError,
    Contract,
    ContractError,
    Doubling,
    Strain,
    contract_score,
)
from scoring.engine.scores import law77_score

DENOMS = {
    Strain.C: Denom.clubs,
    Strain.D: Denom.diamonds,
    Strain.H: Denom.hearts,
    Strain.S: Denom.spades,
    Strain.NT: Denom.nt,
}
PENALTIES = {
    Doubling.UNDOUBLED: Penalty.passed,
    Doubling.DOUBLED: Penalty.doubled,
    Doubling.REDOUBLED: Penalty.redoubled,
}


def endplay_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    theirs = EndplayContract(
        level=contract.level,
        denom=DENOMS[contract.strain],
        declarer=Player.north,
        penalty=PENALTIES[contract.doubling],
        result=tricks - contract.level - 6,
    )
    return theirs.score(Vul.ns if vulnerable else Vul.none)


def test_every_combination_is_covered():
    assert len(ALL_CONTRACTS) == 7 * 5 * 3
    assert sum(len(row) for pair in SCORE_TABLE for row in pair) == 2940


@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_scores_agree_with_endplay(contract):
    for vulnerable in (False, True):
        ours = [contract_score(contract, tricks, vulnerable) for tricks in range(14)]
        theirs = [endplay_score(contract, tricks, vulnerable) for tricks in range(14)]
        assert ours == theirs, (contract, vulnerable)
        assert ours == [law77_score(contract, t, vulnerable) for t in range(14)]


@pytest.mark.parametrize(
    ("text", "tricks", "vulnerable", "expected"),
    [
        ("1NT", 7, False, 90),
        ("3NT", 9, False, 400),
        ("3NT", 9, True, 600),
        ("2H", 8, False, 110),
        ("1CX", 7, False, 140),
        ("2SX", 8, False, 470),
        ("1NTXX", 7, True, 760),
        ("5DX", 12, True, 950),
        ("7NTXX", 13, True, 2980),
        ("4S", 11, True, 650),
        ("4H", 9, False, -50),
        ("4HX", 6, False, -800),
        ("4HXX", 6, True, -2200),
        ("7NTXX", 0, True, -7600),
    ],
)
def test_known_scores(text, tricks, vulnerable, expected):
    assert contract_score(text, tricks, vulnerable) == expected


@pytest.mark.parametrize("tricks", [-1, 14, 10.0, None, "10", True])
def test_tricks_outside_0_to_13_are_rejected(tricks):
    with pytest.raises(ContractError, match="Tricks taken must be a whole number from 0 to 13"):
        contract_score("4S", tricks, False)


def test_bad_vulnerable_flag_is_rejected():
    with pytest.raises(BoardError, match="Vulnerable must be True or False"):
        contract_score("4S", 10, "yes")


def test_passed_out_board_has_no_contract_score():
    with pytest.raises(ContractError, match="passed-out board"):
        contract_score("pass", 0, False)


def test_bad_contract_is_rejected():
    with pytest.raises(ContractError, match="level must be 1 to 7"):
        contract_score("8S", 13, False)
