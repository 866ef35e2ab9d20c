"""The calibration arithmetic, checked by hand: thin cells keeping the table's value, the
isotonic fit under both orders, rounding to tens."""

import pytest

from scoring.engine import MOSCOW, BoardError, CompensationTable
from scoring.engine.calibration import (
    HCP_RANGE,
    band_of,
    fit_both_orders,
    pava,
    propose,
    proposed_rows,
    round_to_ten,
)


def moscow_cells(changes=None, results=100):
    """Every cell with `results` results scoring exactly Moscow; `changes`:
    {(hcp, vulnerable): (results, mean)}."""
    cells = {(h, v): (results, results * MOSCOW.compensation(h, v))
             for h in HCP_RANGE for v in (False, True)}
    for key, (count, mean) in (changes or {}).items():
        cells[key] = (count, count * mean)
    return cells


def by_key(proposals):
    return {(p.hcp, p.vulnerable): p for p in proposals}


@pytest.mark.parametrize(("value", "expected"), [
    (284.9, 280), (285, 290), (295, 300), (0, 0), (4.99, 0), (-5, 0), (-6, -10), (1349.9, 1350),
])
def test_round_to_ten_halves_up(value, expected):
    assert round_to_ten(value) == expected


def test_pava_pools_adjacent_violators():
    assert pava([1, 3, 2, 4], [1, 1, 1, 1]) == [1, 2.5, 2.5, 4]
    # Weighted: 10 (weight 1) and 0 (weight 3) meet at their weighted mean, 2.5.
    assert pava([10, 0], [1, 3]) == [2.5, 2.5]
    # A violation reaching back: 5, 1, 0 -> the three at 2.
    assert pava([5, 1, 0, 7], [1, 1, 1, 1]) == [2, 2, 2, 7]
    assert pava([1, 2, 3], [1, 1, 1]) == [1, 2, 3]


def test_both_orders_at_once():
    # Not vulnerable 300, 200; vulnerable 100, 400 (equal weights). The least-squares fit
    # rising in each column with vulnerable at least not vulnerable: 200, 200 | 200, 400
    # (sum of squares 20 000; pooling the first column alone at 250 would cost 27 500).
    fitted = fit_both_orders([300, 200, 100, 400], [1, 1, 1, 1])
    assert [round(x, 6) for x in fitted] == [200, 200, 200, 400]


def test_a_table_the_results_agree_with_is_proposed_unchanged():
    proposals = propose(moscow_cells(), MOSCOW)
    assert proposed_rows(proposals) == list(MOSCOW.rows())
    assert not any(p.thin for p in proposals)
    assert len(proposals) == 40 and proposals[0].hcp == 21 and not proposals[0].vulnerable


def test_a_mean_above_the_next_hcp_is_pooled_forward():
    # Not vulnerable: 24 -> 200, 25 -> 460 (!), 26 -> 350, 27 -> 400, 28 -> 430.
    # 460 > 350 pools to 405, still above 400: the three pool to 403.3, below 430 -> 400.
    proposals = by_key(propose(moscow_cells({(25, False): (100, 460)}), MOSCOW))
    assert [proposals[(h, False)].proposed for h in (24, 25, 26, 27, 28)] == [
        200, 400, 400, 400, 430]
    assert proposals[(25, False)].mean_score == 460
    assert proposals[(25, False)].table == 300
    # The vulnerable column (440, 520, 600 at 25-27) is above it already: unchanged.
    assert [proposals[(h, True)].proposed for h in (25, 26, 27)] == [440, 520, 600]


def test_vulnerable_below_not_vulnerable_meets_in_the_middle():
    # 23 HCP: not vulnerable 110 (Moscow), vulnerable measured at 90 (100 results each):
    # they pool at 100; the neighbours (70 at 22, 200 at 24, in both columns) are not in
    # the way.
    proposals = by_key(propose(moscow_cells({(23, True): (100, 90)}), MOSCOW))
    assert proposals[(23, False)].proposed == 100
    assert proposals[(23, True)].proposed == 100
    assert proposals[(22, True)].proposed == 70 and proposals[(24, False)].proposed == 200


def test_thin_cells_keep_the_table_and_are_marked():
    """21 and 22 HCP not vulnerable have 10 results each (means 30 and 90): too few to move
    the table, so they keep Moscow's 50 and 70 instead of a value borrowed from their
    neighbours; 23 (100 results at 110) stands on its own."""
    cells = moscow_cells({(21, False): (10, 30), (22, False): (10, 90)})
    proposals = by_key(propose(cells, MOSCOW))
    assert (proposals[(21, False)].proposed, proposals[(22, False)].proposed) == (50, 70)
    assert proposals[(21, False)].thin and proposals[(22, False)].thin
    assert proposals[(21, False)].mean_score == 30  # the plain mean is still shown
    assert not proposals[(23, False)].thin and proposals[(23, False)].proposed == 110


def test_cells_without_results_are_not_proposed_from_their_neighbours():
    """Results only up to 33 HCP, scoring more than Moscow at 31-33 (700, 800, 950 not
    vulnerable): 34-40 have none and keep Moscow's values (1000 ... 1200), which stay
    above the new 33."""
    cells = {key: value for key, value in moscow_cells().items() if key[0] <= 33}
    cells.update({(31, False): (100, 100 * 700), (32, False): (100, 100 * 800),
                  (33, False): (100, 100 * 950)})
    proposals = by_key(propose(cells, MOSCOW))
    assert [proposals[(h, False)].proposed for h in (31, 32, 33)] == [700, 800, 950]
    assert all(proposals[(h, v)].proposed == MOSCOW.compensation(h, v)
               and proposals[(h, v)].thin for h in range(34, 41) for v in (False, True))


def test_a_thin_cell_moves_only_to_keep_the_order():
    """33 HCP not vulnerable measured at 1100 over 100 results, above Moscow's 1000 at 34,
    where there are no results: 34 rises to 1100 (a table never falls as HCP rise), the
    rest keep Moscow's values."""
    proposals = by_key(propose(moscow_cells({(33, False): (100, 1100), (34, False): (0, 0)}),
                               MOSCOW))
    assert proposals[(33, False)].proposed == 1100
    assert proposals[(34, False)].proposed == 1100 and proposals[(34, False)].thin
    assert proposals[(35, False)].proposed == 1100


def test_a_column_without_results_keeps_the_table():
    cells = {key: value for key, value in moscow_cells().items() if not key[1]}
    proposals = propose(cells, MOSCOW)
    assert proposed_rows(proposals) == list(MOSCOW.rows())
    vulnerable = [p for p in proposals if p.vulnerable]
    assert all(p.results == 0 and p.mean_score is None and p.thin for p in vulnerable)


def test_no_results_at_all_gives_the_table_back():
    assert proposed_rows(propose({}, MOSCOW)) == list(MOSCOW.rows())


def test_never_below_zero_and_always_a_valid_table():
    cells = moscow_cells({(21, False): (100, -50), (40, True): (3, 100)})
    proposals = propose(cells, MOSCOW)
    assert by_key(proposals)[(21, False)].proposed == 0
    CompensationTable.from_rows(proposed_rows(proposals))  # raises if a rule is broken


def test_the_json_shape():
    proposal = by_key(propose(moscow_cells({(25, False): (412, 287.34)}), MOSCOW))[
        (25, False)]
    assert proposal.as_dict() == {"hcp": 25, "vulnerable": False, "results": 412,
                                  "mean_score": 287.3, "table": 300, "proposed": 290,
                                  "thin": False}


def test_bad_cells_are_refused():
    with pytest.raises(BoardError, match="outside"):
        propose({(20, False): (1, 0)}, MOSCOW)
    with pytest.raises(BoardError, match="whole number"):
        propose({(25, False): (-1, 0)}, MOSCOW)


def test_bands():
    assert [band_of(h) for h in (20, 21, 24, 25, 32, 33, 40)] == [
        None, "part-score", "part-score", "game", "game", "slam", "slam"]
