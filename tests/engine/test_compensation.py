"""Compensation tables: the built-in Moscow table and the validation of custom tables."""

import pytest

from scoring.engine import (
    MOSCOW,
    MOSCOW_ROWS,
    BoardError,
    CompensationTable,
    CompensationTableError,
)

# docs/scoring.md, "The compensation table", typed in again rather than imported, so the
# test checks the source.
DOCUMENTED_TABLE = {
    21: (50, 50), 22: (70, 70), 23: (110, 110), 24: (200, 200), 25: (300, 440),
    26: (350, 520), 27: (400, 600), 28: (430, 630), 29: (460, 660), 30: (490, 690),
    31: (600, 900), 32: (750, 1050), 33: (900, 1350), 34: (1000, 1500), 35: (1100, 1650),
    36: (1200, 1800), 37: (1200, 1800), 38: (1200, 1800), 39: (1200, 1800), 40: (1200, 1800),
}  # fmt: skip


def rows_with(**changes):
    """The Moscow rows as a mapping, with some rows replaced: rows_with(h25=(300, 440))."""
    rows = dict(DOCUMENTED_TABLE)
    for key, value in changes.items():
        rows[int(key[1:])] = value
    return rows


@pytest.mark.parametrize("hcp", range(21, 41))
def test_moscow_cells(hcp):
    not_vul, vul = DOCUMENTED_TABLE[hcp]
    assert MOSCOW.compensation(hcp, False) == not_vul
    assert MOSCOW.compensation(hcp, True) == vul


@pytest.mark.parametrize("hcp", range(0, 21))
def test_no_compensation_for_20_or_fewer(hcp):
    assert MOSCOW.compensation(hcp, False) == 0
    assert MOSCOW.compensation(hcp, True) == 0


def test_rows_are_the_20_rows_in_order():
    assert MOSCOW.rows() == MOSCOW_ROWS
    assert [row[0] for row in MOSCOW.rows()] == list(range(21, 41))
    assert {h: (nv, v) for h, nv, v in MOSCOW.rows()} == DOCUMENTED_TABLE


def test_mapping_and_rows_build_equal_tables():
    from_mapping = CompensationTable(DOCUMENTED_TABLE)
    from_rows = CompensationTable.from_rows(MOSCOW.rows())
    assert from_mapping == from_rows == MOSCOW
    assert hash(from_mapping) == hash(MOSCOW)
    assert CompensationTable.from_rows(list(map(list, MOSCOW.rows()))) == MOSCOW
    assert eval(repr(MOSCOW), {"CompensationTable": CompensationTable}) == MOSCOW


def test_polish_chicago_table_is_valid():
    table = CompensationTable(
        rows_with(h24=(200, 290), h32=(700, 1050), h37=(1300, 1950), h38=(1300, 1950),
                  h39=(1300, 1950), h40=(1300, 1950))
    )  # fmt: skip
    assert table.compensation(24, True) == 290
    assert table != MOSCOW


def test_table_is_immutable():
    with pytest.raises(AttributeError):
        MOSCOW.extra = 1
    with pytest.raises(AttributeError):
        MOSCOW._rows = ()


@pytest.mark.parametrize("hcp", [-1, 41, 100, 20.5, None, "25", True])
def test_hcp_outside_0_to_40(hcp):
    with pytest.raises(BoardError, match="HCP must be a whole number from 0 to 40"):
        MOSCOW.compensation(hcp, False)


def test_bad_vulnerable_flag():
    with pytest.raises(BoardError, match="Vulnerable must be True or False"):
        MOSCOW.compensation(25, None)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ({h: v for h, v in DOCUMENTED_TABLE.items() if h != 30}, "no row for 30 HCP"),
        ({**DOCUMENTED_TABLE, 20: (0, 0)}, "row for 20 HCP; rows must be exactly 21 to 40"),
        ({**DOCUMENTED_TABLE, 41: (1200, 1800)}, "row for 41 HCP; rows must be exactly 21 to 40"),
        (rows_with(h25=(305, 440)), "row for 25 HCP has 305; .* multiple of 10"),
        (rows_with(h25=(300, 445)), "row for 25 HCP has 445; .* multiple of 10"),
        (rows_with(h21=(-10, 50)), "row for 21 HCP has -10; compensation cannot be negative"),
        (rows_with(h25=(300.0, 440)), "row for 25 HCP has 300.0; .* whole number"),
        (rows_with(h25=(300,)), "row for 25 HCP must be a pair"),
        (
            rows_with(h26=(290, 520)),
            "row for 26 HCP has 290 not vulnerable, less than 300 for 25 HCP; .* never decrease",
        ),
        (
            rows_with(h26=(350, 430)),
            "row for 26 HCP has 430 vulnerable, less than 440 for 25 HCP; .* never decrease",
        ),
        (
            rows_with(h25=(300, 290)),
            "row for 25 HCP has 290 vulnerable but 300 not vulnerable; .* at least",
        ),
    ],
)
def test_validation_rules(rows, message):
    with pytest.raises(CompensationTableError, match=message) as caught:
        CompensationTable(rows)
    assert "hcp" in caught.value.params


def test_from_rows_validation():
    with pytest.raises(CompensationTableError, match="two rows for 25 HCP"):
        CompensationTable.from_rows([*MOSCOW.rows(), (25, 300, 440)])
    with pytest.raises(CompensationTableError, match=r"triples, got \(25, 300\)"):
        CompensationTable.from_rows([(25, 300)])
    with pytest.raises(CompensationTableError, match="row for '25' HCP"):
        CompensationTable.from_rows([("25", 300, 440)])
    with pytest.raises(CompensationTableError, match="triples, got 5"):
        CompensationTable.from_rows(5)
    with pytest.raises(CompensationTableError, match="built from a mapping"):
        CompensationTable([(25, 300, 440)])
