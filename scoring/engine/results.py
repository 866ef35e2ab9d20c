"""The result shorthand a director types from a pick-up slip: "4SX-2 E", "3БК= Ю", "pass"."""

from __future__ import annotations

from typing import NamedTuple

from .contracts import MAX_TRICKS, PASS_WORDS, Contract, normalize, read_contract
from .directions import SEATS, Direction
from .errors import ContractError, _, check_passed_out, describe

_DIGITS = frozenset("0123456789")


class ParsedResult(NamedTuple):
    """A board result; all three are None for a passed-out board."""

    contract: Contract | None
    declarer: Direction | None
    tricks: int | None


_PASSED_OUT = ParsedResult(None, None, None)


def parse_result(text: str) -> ParsedResult:
    """Parse a result: contract, declarer seat and outcome, in any order after the contract.

    The outcome is "=" (made exactly), "+n" overtricks, "-n" undertricks, or a bare number
    of tricks taken: "4S= N", "4S=N", "4S N =", "4SX-2 E", "3NT+1 S", "4H N 10", "3БК= Ю".
    The seat may also come first ("N 4S="). Seats are N/E/S/W or Russian С/В/Ю/З; case and
    spaces do not matter. A passed-out board ("pass", "AP", "пас") gives (None, None, None).
    """
    s = normalize(text, "result")
    if not s:
        raise ContractError(_("The result is empty; give e.g. 4S= N, 3NTX-2 W, 4H N 10, or PASS."))
    if s in PASS_WORDS:
        return _PASSED_OUT
    if s.startswith(("PASS", "ПАС")):
        raise ContractError(
            _('A passed-out board takes no declarer or result: write just "pass", not "%(text)s".'),
            text=text,
        )
    pos = 0
    declarer: Direction | None = None
    if s[0] in SEATS and len(s) > 1 and (s[1] in _DIGITS or s[1] == ":"):
        declarer = SEATS[s[0]]
        pos = 2 if s[1] == ":" else 1
    contract, pos = read_contract(s, pos, text)
    relative: int | None = None  # tricks over (+) or under (-) the contract
    taken: int | None = None
    outcome = ""
    while pos < len(s):
        char = s[pos]
        if char in SEATS:
            if declarer is not None:
                raise ContractError(
                    _('Two declarers in "%(text)s"; give one seat N, E, S or W (С, В, Ю, З).'),
                    text=text,
                )
            declarer = SEATS[char]
            pos += 1
            continue
        start = pos
        if char == "=":
            number = 0
            pos += 1
        elif char in "+-" or char in _DIGITS:
            if char in "+-":
                pos += 1
            digits_start = pos
            while pos < len(s) and s[pos] in _DIGITS:
                pos += 1
            digits = s[digits_start:pos]
            if not digits:
                raise ContractError(
                    _('Expected a number after "%(sign)s" in "%(text)s", e.g. 4S+1 N or 4S-2 N.'),
                    sign=char,
                    text=text,
                )
            if len(digits) > 2:  # also keeps int() away from absurdly long inputs
                raise ContractError(
                    _('The number %(number)s in "%(text)s" is too large; tricks are 0 to 13.'),
                    number=digits,
                    text=text,
                )
            number = int(digits)
            if char in "+-" and number == 0:
                raise ContractError(
                    _(
                        '"%(outcome)s" in "%(text)s" is not a result; write "=" for a contract '
                        "made exactly."
                    ),
                    outcome=s[start:pos],
                    text=text,
                )
        else:
            raise ContractError(
                _(
                    'Unexpected "%(extra)s" in result "%(text)s"; expected a seat (N, E, S, W or '
                    'С, В, Ю, З) and "=", "+n", "-n" or the tricks taken, e.g. 4S= N.'
                ),
                extra=s[pos:],
                text=text,
            )
        if outcome:
            raise ContractError(
                _('Two results in "%(text)s" ("%(first)s" and "%(second)s"); give only one.'),
                text=text,
                first=outcome,
                second=s[start:pos],
            )
        outcome = s[start:pos]
        if char == "-":
            relative = -number
        elif char in "=+":
            relative = number
        else:
            taken = number
    if declarer is None:
        raise ContractError(
            _(
                'Missing declarer in "%(text)s"; add the seat N, E, S or W (С, В, Ю, З), '
                "e.g. 4S= N."
            ),
            text=text,
        )
    if relative is not None:
        tricks = contract.level + 6 + relative
        if not 0 <= tricks <= MAX_TRICKS:
            raise ContractError(
                _(
                    '"%(outcome)s" on %(contract)s in "%(text)s" means %(tricks)s tricks; '
                    "declarer takes 0 to 13 tricks."
                ),
                outcome=outcome,
                contract=contract.ascii,
                text=text,
                tricks=tricks,
            )
    elif taken is not None:
        if taken > MAX_TRICKS:
            raise ContractError(
                _('%(tricks)s tricks in "%(text)s" is impossible; declarer takes 0 to 13 tricks.'),
                tricks=taken,
                text=text,
            )
        tricks = taken
    else:
        raise ContractError(
            _(
                'Missing result in "%(text)s"; add "=", "+n", "-n" or the tricks taken, '
                "e.g. 4S= N, 4S-1 N or 4S N 9."
            ),
            text=text,
        )
    return ParsedResult(contract, declarer, tricks)


def format_result(
    contract: Contract | None,
    declarer: Direction | str | None,
    tricks: int | None,
    notation: str = "ascii",
) -> str:
    """Write a result in the shorthand :func:`parse_result` reads: "4SX-2 E", "3NT= S".

    ``notation`` is "ascii" ("4SX-2 E"), "en" ("4♠X-2 E") or "ru" ("4♠Х-2 В", "3БК= Ю").
    A passed-out board (contract None) is "PASS" ("пас" in Russian).
    """
    if contract is None:
        check_passed_out(declarer, tricks)
        return "пас" if notation == "ru" else "PASS"
    if not isinstance(contract, Contract):
        raise ContractError(
            _(
                "A contract must be a Contract, text such as 4S, or None for a passed-out board; "
                "got %(value)s."
            ),
            value=describe(contract),
        )
    seat = Direction.coerce(declarer)
    if type(tricks) is not int or not 0 <= tricks <= MAX_TRICKS:
        raise ContractError(
            _("Tricks taken must be a whole number from 0 to 13, got %(tricks)s."),
            tricks=describe(tricks),
        )
    difference = tricks - contract.tricks_needed
    outcome = "=" if difference == 0 else f"{difference:+d}"
    seat_notation = "ru" if notation == "ru" else "en"
    return f"{contract.display(notation)}{outcome} {seat.display(seat_notation)}"
