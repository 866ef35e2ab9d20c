"""The score of a contract result (Laws of Duplicate Bridge, Law 77)."""

from __future__ import annotations

from .contracts import ALL_CONTRACTS, MAX_TRICKS, Contract, Doubling, Strain, parse_contract
from .errors import BoardError, ContractError, _, describe


def law77_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Compute declarer's score from the rules of Law 77 (no lookup, no validation)."""
    level, strain, doubling = contract.level, contract.strain, contract.doubling
    multiplier = 1 << doubling  # 1, 2 or 4
    needed = level + 6
    if tricks < needed:
        down = needed - tricks
        if doubling == Doubling.UNDOUBLED:
            return -(100 if vulnerable else 50) * down
        if vulnerable:
            doubled = 200 + 300 * (down - 1)
        else:  # 100, then 200 for the 2nd and 3rd, then 300 each
            doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -doubled * (multiplier // 2)
    trick_value = 20 if strain.is_minor else 30
    trick_score = (trick_value * level + (10 if strain is Strain.NT else 0)) * multiplier
    score = trick_score
    if trick_score >= 100:
        score += 500 if vulnerable else 300  # game
    else:
        score += 50  # part score
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    overtricks = tricks - needed
    if doubling == Doubling.UNDOUBLED:
        score += trick_value * overtricks
    else:
        score += 50 * doubling  # the "insult"
        score += (200 if vulnerable else 100) * doubling * overtricks
    return score


SCORE_TABLE: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    (
        tuple(law77_score(contract, tricks, False) for tricks in range(14)),
        tuple(law77_score(contract, tricks, True) for tricks in range(14)),
    )
    for contract in ALL_CONTRACTS
)
"""All 2,940 declarer scores: ``SCORE_TABLE[contract.key][vulnerable][tricks]``.

Source: Law 77 of the Laws of Duplicate Bridge (scoring table), as summarised in docs/scoring.md,
"The table score"; computed once at import by :func:`law77_score`.
"""


def contract_score(contract: Contract | str, tricks: int, vulnerable: bool) -> int:
    """Declaring side's score for taking ``tricks`` (0-13) in ``contract``; negative if defeated.

    ``contract`` is a Contract or a string for :func:`parse_contract`.
    """
    if not isinstance(contract, Contract):
        parsed = parse_contract(contract)
        if parsed is None:
            raise ContractError(
                _('"%(text)s" is a passed-out board, which has no declarer to score.'),
                text=contract,
            )
        contract = parsed
    if type(tricks) is not int or not 0 <= tricks <= MAX_TRICKS:
        raise ContractError(
            _("Tricks taken must be a whole number from 0 to 13, got %(tricks)s."),
            tricks=describe(tricks),
        )
    if vulnerable is not True and vulnerable is not False:
        raise BoardError(
            _("Vulnerable must be True or False, got %(value)s."), value=describe(vulnerable)
        )
    return SCORE_TABLE[contract.key][vulnerable][tricks]
