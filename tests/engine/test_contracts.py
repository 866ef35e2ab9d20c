"""Contracts: the enums, the Contract value, its forms and the parser."""

import pytest

from scoring.engine import ALL_CONTRACTS, Contract, ContractError, Doubling, Strain, parse_contract

S, NT = Strain.S, Strain.NT
X, XX, UNDOUBLED = Doubling.DOUBLED, Doubling.REDOUBLED, Doubling.UNDOUBLED


def test_enum_values():
    assert [s.value for s in Strain] == ["C", "D", "H", "S", "NT"]
    assert [int(d) for d in Doubling] == [0, 1, 2]
    assert [d.suffix for d in Doubling] == ["", "X", "XX"]
    assert Strain.NT == "NT"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4S", Contract(4, S)),
        ("4s", Contract(4, S)),
        ("4♠", Contract(4, S)),
        ("4♤", Contract(4, S)),
        ("4♠\ufe0f", Contract(4, S)),
        (" 4 s ", Contract(4, S)),
        ("3NT", Contract(3, NT)),
        ("3nt", Contract(3, NT)),
        ("3N", Contract(3, NT)),
        ("3NTX", Contract(3, NT, X)),
        ("3NX", Contract(3, NT, X)),
        ("6Cxx", Contract(6, Strain.C, XX)),
        ("7NTXX", Contract(7, NT, XX)),
        ("1♣", Contract(1, Strain.C)),
        ("1♧", Contract(1, Strain.C)),
        ("2♦", Contract(2, Strain.D)),
        ("2♢", Contract(2, Strain.D)),
        ("3♥", Contract(3, Strain.H)),
        ("3♡", Contract(3, Strain.H)),
        ("4П", Contract(4, S)),
        ("3Ч", Contract(3, Strain.H)),
        ("2Б", Contract(2, Strain.D)),
        ("1Т", Contract(1, Strain.C)),
        ("3БК", Contract(3, NT)),
        ("3бк", Contract(3, NT)),
        ("4ПХ", Contract(4, S, X)),
        ("4пхх", Contract(4, S, XX)),
        ("4ПX", Contract(4, S, X)),
        ("3БКХХ", Contract(3, NT, XX)),
        ("4♠Х", Contract(4, S, X)),
    ],
)
def test_parse_contract(text, expected):
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["PASS", "pass", "P", "p", "AP", "пас", "ПАС", " Pass "])
def test_passed_out_board_parses_to_none(text):
    assert parse_contract(text) is None


def test_parsed_contracts_are_interned():
    assert parse_contract("4S") is parse_contract("4♠") is parse_contract("4П")


@pytest.mark.parametrize(
    ("contract", "ascii", "display", "ru"),
    [
        (Contract(4, S, X), "4SX", "4♠X", "4♠Х"),
        (Contract(3, NT), "3NT", "3NT", "3БК"),
        (Contract(7, NT, XX), "7NTXX", "7NTXX", "7БКХХ"),
        (Contract(1, Strain.C), "1C", "1♣", "1♣"),
        (Contract(2, Strain.D, XX), "2DXX", "2♦XX", "2♦ХХ"),
        (Contract(5, Strain.H), "5H", "5♥", "5♥"),
    ],
)
def test_forms(contract, ascii, display, ru):
    assert str(contract) == contract.ascii == ascii
    assert contract.display() == display
    assert contract.display(notation="ru") == ru
    assert contract.display(notation="ascii") == ascii
    # The Russian doubles are Cyrillic Х.
    assert "X" not in contract.display(notation="ru")


@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_every_form_round_trips(contract):
    for text in (contract.ascii, contract.display(), contract.display(notation="ru")):
        assert parse_contract(text) == contract


def test_contract_accepts_spellings_and_is_frozen():
    contract = Contract(4, "s", "x")
    assert contract == Contract(4, S, X)
    assert contract.strain is S and contract.doubling is X
    assert hash(contract) == hash(Contract(4, S, X))
    assert Contract(3, "NT", 2).doubling is XX
    assert contract.tricks_needed == 10
    with pytest.raises(AttributeError):
        contract.level = 5  # type: ignore[misc]


@pytest.mark.parametrize("level", [0, 8, -1, True, 4.0, "4"])
def test_contract_rejects_bad_level(level):
    with pytest.raises(ContractError, match="level must be 1 to 7"):
        Contract(level, S)


def test_contract_rejects_bad_strain_and_doubling():
    with pytest.raises(ContractError, match="Unknown strain"):
        Contract(4, "Z")
    with pytest.raises(ContractError, match="Unknown strain"):
        Contract(4, None)
    with pytest.raises(ContractError, match="Unknown doubling"):
        Contract(4, S, 3)
    with pytest.raises(ContractError, match="Unknown doubling"):
        Contract(4, S, "XXX")


def test_unknown_notation_is_rejected():
    with pytest.raises(ContractError, match="Unknown notation"):
        Contract(4, S).display(notation="fr")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0S", "level 0 .* out of range; the level must be 1 to 7"),
        ("8S", "level 8 .* out of range; the level must be 1 to 7"),
        ("10NT", "level 10 .* out of range"),
        ("4Z", 'Unknown strain "Z"'),
        ("4", "Missing strain"),
        ("S", "Cannot read a contract"),
        ("4SXXX", "Too many doubles"),
        ("4S=N", 'Unexpected "=N" after the contract'),
        ("", "The contract is empty"),
        ("   ", "The contract is empty"),
        ("²S", "Cannot read a contract"),
    ],
)
def test_bad_contract_text(text, message):
    with pytest.raises(ContractError, match=message):
        parse_contract(text)


@pytest.mark.parametrize("value", [None, 4, 4.5, b"4S", ["4S"], Contract(4, S)])
def test_non_string_input_is_a_contract_error(value):
    with pytest.raises(ContractError, match="A contract must be text"):
        parse_contract(value)
