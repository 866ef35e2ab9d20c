"""The result shorthand: parse_result and format_result."""

import pytest

from scoring.engine import (
    BridgeError,
    Contract,
    ContractError,
    Direction,
    Doubling,
    SeatError,
    Strain,
    format_result,
    parse_result,
)

N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W
SPADES, NT, HEARTS = Strain.S, Strain.NT, Strain.H
X = Doubling.DOUBLED


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4S= N", (Contract(4, SPADES), N, 10)),
        ("4S=N", (Contract(4, SPADES), N, 10)),
        ("4S N =", (Contract(4, SPADES), N, 10)),
        ("4s n +1", (Contract(4, SPADES), N, 11)),
        ("4SX-2 E", (Contract(4, SPADES, X), E, 8)),
        ("3NT+1 S", (Contract(3, NT), S, 10)),
        ("3NX-2 W", (Contract(3, NT, X), W, 7)),
        ("4H N 10", (Contract(4, HEARTS), N, 10)),
        ("4H 10 N", (Contract(4, HEARTS), N, 10)),
        ("3БК= Ю", (Contract(3, NT), S, 9)),
        ("3бк=ю", (Contract(3, NT), S, 9)),
        ("4ПХ-1 З", (Contract(4, SPADES, X), W, 9)),
        ("2Ч+2 С", (Contract(2, HEARTS), N, 10)),
        ("1Т= В", (Contract(1, Strain.C), E, 7)),
        ("4♠X−2 E", (Contract(4, SPADES, X), E, 8)),  # a typographic minus
        ("N 4S=", (Contract(4, SPADES), N, 10)),
        ("n: 4s -1", (Contract(4, SPADES), N, 9)),
        ("7NT= S", (Contract(7, NT), S, 13)),
        ("7NT-13 S", (Contract(7, NT), S, 0)),
        ("1C+6 W", (Contract(1, Strain.C), W, 13)),
        ("1NT N 0", (Contract(1, NT), N, 0)),
    ],
)
def test_parse_result(text, expected):
    assert parse_result(text) == expected


@pytest.mark.parametrize("text", ["pass", "PASS", "P", "AP", "пас", "Пас"])
def test_passed_out(text):
    assert parse_result(text) == (None, None, None)


def test_result_fields_have_names():
    result = parse_result("4S= N")
    assert result.contract == Contract(4, SPADES)
    assert result.declarer is N
    assert result.tricks == 10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4S+4 N", "means 14 tricks; declarer takes 0 to 13 tricks"),
        ("7S-14 N", "means -1 tricks; declarer takes 0 to 13 tricks"),
        ("4S N 14", "14 tricks .* is impossible; declarer takes 0 to 13"),
        ("4S N 100", "too large; tricks are 0 to 13"),
        ("4S=", "Missing declarer"),
        ("4S-1", "Missing declarer"),
        ("4S", "Missing declarer"),
        ("4S N", "Missing result"),
        ("4S N E =", "Two declarers"),
        ("4S N =+1", "Two results"),
        ("4S N +0", "not a result"),
        ("4S N -", 'Expected a number after "-"'),
        ("4S N x", 'Unexpected "X"'),
        ("4S N ?", 'Unexpected "\\?"'),
        ("8S= N", "level 8 .* the level must be 1 to 7"),
        ("0S= N", "level 0 .* the level must be 1 to 7"),
        ("4Z= N", 'Unknown strain "Z"'),
        ("4S= Q", 'Unexpected "Q"'),
        ("pass N", "passed-out board takes no declarer"),
        ("", "The result is empty"),
    ],
)
def test_bad_results(text, message):
    with pytest.raises(BridgeError, match=message):
        parse_result(text)


@pytest.mark.parametrize("value", [None, 10, 4.0, ("4S", "N", 10)])
def test_non_string_input_is_a_contract_error(value):
    with pytest.raises(ContractError, match="A result must be text"):
        parse_result(value)


@pytest.mark.parametrize(
    ("args", "notation", "expected"),
    [
        ((Contract(4, SPADES, X), E, 8), "ascii", "4SX-2 E"),
        ((Contract(4, SPADES, X), E, 8), "en", "4♠X-2 E"),
        ((Contract(4, SPADES, X), E, 8), "ru", "4♠Х-2 В"),
        ((Contract(3, NT), "s", 9), "ru", "3БК= Ю"),
        ((Contract(3, NT), S, 10), "ascii", "3NT+1 S"),
        ((None, None, None), "ascii", "PASS"),
        ((None, None, None), "ru", "пас"),
    ],
)
def test_format_result(args, notation, expected):
    assert format_result(*args, notation=notation) == expected
    assert parse_result(expected) == (args[0], args[1] and Direction.coerce(args[1]), args[2])


def test_format_result_rejects_bad_input():
    with pytest.raises(ContractError, match="Tricks taken"):
        format_result(Contract(4, SPADES), N, 14)
    with pytest.raises(SeatError, match="Unknown seat"):
        format_result(Contract(4, SPADES), "Q", 10)
    with pytest.raises(ContractError, match="passed-out board has no declarer"):
        format_result(None, N, None)
