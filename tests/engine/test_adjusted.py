"""The shorthand of a board not played: parse_adjusted, format_adjusted, looks_adjusted."""

import pytest

from scoring.engine import (
    AdjustedScores,
    Adjustment,
    BridgeError,
    ContractError,
    format_adjusted,
    looks_adjusted,
    parse_adjusted,
)

PLUS, AVE, MINUS = Adjustment.AVERAGE_PLUS, Adjustment.AVERAGE, Adjustment.AVERAGE_MINUS


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("A+", PLUS, PLUS),
        ("A", AVE, AVE),
        ("A-", MINUS, MINUS),
        ("a+", PLUS, PLUS),
        ("AV-", MINUS, MINUS),
        ("ave+", PLUS, PLUS),
        ("Ave", AVE, AVE),
        ("A+/A-", PLUS, MINUS),
        ("A-/A+", MINUS, PLUS),
        ("A/A-", AVE, MINUS),
        (" a + / ave − ", PLUS, MINUS),  # spaces and the Unicode minus
        ("A–", MINUS, MINUS),  # an en dash from a phone
        ("СР+", PLUS, PLUS),  # Cyrillic
        ("Ср", AVE, AVE),
        ("ср−", MINUS, MINUS),
        ("Ср+/Ср−", PLUS, MINUS),
        ("ср/A+", AVE, PLUS),  # the two alphabets mixed
    ],
)
def test_parse_adjusted(text, ns, ew):
    assert parse_adjusted(text) == AdjustedScores(ns, ew)
    assert parse_adjusted(text) == (ns, ew)


@pytest.mark.parametrize("text", ["A++", "A+/", "/A", "A+/A-/A", "B+", "A+A-", "AVG+",
                                  "A+ N", "4S= N"])
def test_unreadable_shorthand_is_refused_with_a_translatable_message(text):
    with pytest.raises(ContractError) as caught:
        parse_adjusted(text)
    assert caught.value.template.startswith("Cannot read the adjusted score")
    assert caught.value.params == {"text": text}
    assert "A+/A-" in str(caught.value)


def test_empty_and_non_text():
    with pytest.raises(ContractError, match="empty"):
        parse_adjusted("  ")
    with pytest.raises(BridgeError):
        parse_adjusted(None)


@pytest.mark.parametrize(
    ("ns", "ew", "ascii", "en", "ru"),
    [
        (PLUS, PLUS, "A+", "A+", "Ср+"),
        (AVE, AVE, "A", "A", "Ср"),
        (MINUS, MINUS, "A-", "A−", "Ср−"),
        (PLUS, MINUS, "A+/A-", "A+/A−", "Ср+/Ср−"),
        ("ave-", "ave+", "A-/A+", "A−/A+", "Ср−/Ср+"),  # stored values
        (AVE, MINUS, "A/A-", "A/A−", "Ср/Ср−"),
    ],
)
def test_format_adjusted(ns, ew, ascii, en, ru):
    assert format_adjusted(ns, ew) == ascii
    assert format_adjusted(ns, ew, notation="en") == en
    assert format_adjusted(ns, ew, notation="ru") == ru


@pytest.mark.parametrize("notation", ["ascii", "en", "ru"])
@pytest.mark.parametrize("ns", list(Adjustment))
@pytest.mark.parametrize("ew", list(Adjustment))
def test_format_reads_back(ns, ew, notation):
    assert parse_adjusted(format_adjusted(ns, ew, notation=notation)) == (ns, ew)


def test_format_refuses_bad_values():
    with pytest.raises(ContractError):
        format_adjusted(PLUS, PLUS, notation="fr")
    with pytest.raises(BridgeError):
        format_adjusted("", PLUS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("A+", True), ("a", True), ("ave-/a+", True), ("Ср+", True), ("A++", True),
     ("AP", False), ("pass", False), ("4S= N", False), ("AX", False), ("", False),
     ("N 4S=", False), ("ВСЕ ПАС", False)],
)
def test_looks_adjusted(text, expected):
    assert looks_adjusted(text) is expected
