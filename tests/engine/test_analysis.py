"""Double-dummy tables and par (computed by endplay's DDS), on deals whose answers can be
worked out by hand."""

import itertools

import pytest
from endplay._dds import DDSError
from endplay.dds import calc_all_tables
from endplay.types import Deal

from scoring.engine import DealError, analysis
from scoring.engine.analysis import SOLVER_DEALS, DoubleDummy, analyse
from tests.deals import whole_suit_deals

# Each hand holds a whole suit: North spades, East hearts, South diamonds, West clubs.
SUITS = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_a_hand_with_thirteen_trumps_takes_every_trick():
    (analysis,) = analyse([(SUITS, "N", "None")])
    table = analysis.double_dummy
    # In its own suit a hand ruffs or wins every trick; its partner, with no trumps,
    # can only follow: the long hand on its right wins what its suit leads.
    assert table.tricks_for("S", "N") == 13
    assert table.tricks_for("H", "E") == 13
    assert table.tricks_for("D", "S") == 13
    assert table.tricks_for("C", "W") == 13
    # No trumps: the opening leader (declarer's left) runs its whole suit.
    assert table.tricks_for("NT", "N") == 0
    assert table.tricks_for("NT", "W") == 0


def test_par_is_a_grand_slam_for_the_side_that_bids_first():
    # Both sides make 7 of their suits; at equal vulnerability the dealer's side bids the
    # grand slam first and the others' best sacrifice costs more than it saves.
    (north_deals,) = analyse([(SUITS, "N", "None")])
    assert north_deals.par.score > 0
    assert all(c.contract.level == 7 for c in north_deals.par.contracts)


def test_par_of_a_deal_nobody_makes_is_passed_out():
    # 20 HCP a side, every suit split so that no seat takes seven tricks in any strain:
    # the par is to pass (endplay gives it as a contract of level 0, which is no contract).
    deal = "N:5432.5432.AK.765 AKQJ.AKQ.432.432 T98.JT9.QJT9.AKQ 76.876.8765.JT98"
    (passed,) = analyse([(deal, "S", "EW")])
    table = passed.double_dummy
    assert max(table.tricks_for(strain, seat)
               for strain in ("S", "H", "D", "C", "NT") for seat in "NESW") == 6
    assert (passed.par.score, passed.par.contracts, passed.par.text) == (0, (), "PASS")


def test_the_table_is_stored_as_twenty_figures_and_read_back():
    (analysis,) = analyse([(SUITS, "E", "All")])
    text = analysis.double_dummy.text
    assert len(text) == 20
    assert DoubleDummy.from_text(text) == analysis.double_dummy
    with pytest.raises(DealError):
        DoubleDummy.from_text("123")


def test_several_deals_are_solved_together_and_keep_their_order():
    other = "N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987"
    first, second = analyse([(SUITS, "N", "None"), (other, "N", "None")])
    assert first.double_dummy.tricks_for("S", "N") == 13
    assert second.double_dummy.tricks_for("H", "E") == 10
    assert second.par.text == "4SX-1 N, 4SX-1 S" and second.par.score == -100


def test_an_unreadable_deal_is_refused():
    with pytest.raises(DealError):
        analyse([("N:AKQ", "N", "None")])


@pytest.mark.parametrize("count", [SOLVER_DEALS + 1, SOLVER_DEALS + 2, 2 * SOLVER_DEALS + 4])
def test_more_deals_than_the_solver_takes_at_once_are_solved_in_chunks(count):
    deals = whole_suit_deals(count)
    alone = [analyse([deal])[0] for deal in deals]
    # Neighbours differ, so a board given another's analysis would show.
    assert all(first != second for first, second in itertools.pairwise(alone))
    assert analyse(deals) == alone


def test_the_chunk_is_what_the_solver_takes_with_all_five_strains():
    deals = [Deal(text) for text, _dealer, _vul in whole_suit_deals(SOLVER_DEALS + 1)]
    assert len(calc_all_tables(deals[:SOLVER_DEALS])) == SOLVER_DEALS
    with pytest.raises(DDSError):
        calc_all_tables(deals)


@pytest.mark.parametrize("where", ["calc_all_tables", "endplay_par"])
def test_a_solver_error_is_a_deal_error(monkeypatch, where):
    def refuse(*args, **kwargs):
        raise DDSError("Too many DD tables requested")

    monkeypatch.setattr(analysis, where, refuse)
    with pytest.raises(DealError) as caught:
        analyse([(SUITS, "N", "None")])
    assert "Too many DD tables requested" in str(caught.value)
