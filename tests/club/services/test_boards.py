"""The board services called directly: the boards a session's setup needs, a board's details
and deal, hand records imported or dealt, and their refusals. (A board's HCP and its
conflicts: test_hcp_rules.py.)"""

import pytest

from club.models import Board, Result, Session
from club.services.boards import (
    DealRecord,
    analyse_boards,
    deal_boards,
    import_deals,
    refuse_if_locked,
    sync_boards,
    update_board,
)
from club.services.errors import Refused, StaleValue
from tests.deals import whole_suit_deals
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

# Board 1 of tests.deals: each hand holds a whole suit, NS 20 HCP.
DEAL = whole_suit_deals(1)[0][0]


def version(session):
    return Session.objects.get(pk=session.pk).version


def numbers(session):
    return sorted(session.boards.values_list("number", flat=True))


def test_sync_boards_follows_the_setup_and_keeps_boards_with_results():
    session = make_session(tables=3)
    make_result(session, 5, 3, 4, "4S= N")
    Session.objects.filter(pk=session.pk).update(tables=2, rounds=1)
    session.refresh_from_db()
    # Two tables' board sets are boards 1 to 4; board 5 has a result and stays.
    assert sync_boards(session) == [5]
    assert numbers(session) == [1, 2, 3, 4, 5]
    Session.objects.filter(pk=session.pk).update(tables=4, rounds=3)
    session.refresh_from_db()
    assert sync_boards(session) == []
    assert numbers(session) == list(range(1, 9))


@pytest.mark.parametrize("status", ["finished", "published"])
def test_refuse_if_locked(status):
    session = make_session(tables=3, status=status)
    with pytest.raises(Refused, match=f"The session is {status}"):
        refuse_if_locked(session)
    refuse_if_locked(make_session(tables=3, status="running"))  # no refusal


def test_update_board_stores_a_deal_with_its_analysis_and_hcp():
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    before = version(session)
    board, rescored = update_board(board.pk, {"deal": DEAL})
    board.refresh_from_db()
    assert board.deal == DEAL and board.ns_hcp == 20  # the HCP come from the cards
    assert board.double_dummy and board.par_contracts
    assert rescored == 0 and version(session) == before + 1


def test_update_board_rescores_when_the_vulnerability_changes():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20)  # board 1: none vul
    _board, rescored = update_board(result.board_id, {"vulnerability_override": "All"})
    assert rescored == 1
    result.refresh_from_db()
    assert result.ns_score == 620


def test_update_board_refusals_write_nothing():
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    with pytest.raises(Refused) as refused:
        update_board(board.pk, {"deal": "N:AKQ"})
    assert list(refused.value.message_dict) == ["deal"]
    with pytest.raises(StaleValue, match="someone changed board 1 meanwhile"):
        update_board(board.pk, {"ns_hcp": 22}, expected={"ns_hcp": 21})
    Session.objects.filter(pk=session.pk).update(status="finished")
    with pytest.raises(Refused, match="The session is finished"):
        update_board(board.pk, {"ns_hcp": 22})
    board.refresh_from_db()
    assert (board.deal, board.ns_hcp) == ("", None)


def test_analyse_boards_clears_the_analysis_of_a_board_without_deal():
    session = make_session(tables=3)
    with_deal, without = session.boards.get(number=1), session.boards.get(number=2)
    with_deal.deal = DEAL
    without.double_dummy, without.par_score, without.par_contracts = "x", 100, "4S N"
    analyse_boards([with_deal, without])
    assert with_deal.double_dummy and with_deal.par_score is not None
    assert (without.double_dummy, without.par_score, without.par_contracts) == ("", None, "")


def test_import_deals_sets_deals_overrides_and_rescores():
    session = make_session(tables=3)
    result = make_result(session, 2, 1, 4, "4S= N", board_hcp=30)
    deals = whole_suit_deals(2)
    records = [DealRecord(1, deals[0][0], "N", "none"),
               DealRecord(2, deals[1][0], "E", "All")]  # board 2 is E, NS vul
    imported = import_deals(session.pk, records)
    assert imported.overrides == [2]
    board = session.boards.get(number=2)
    assert (board.dealer_override, board.vulnerability_override) == ("", "All")
    assert board.ns_hcp == 20
    result.refresh_from_db()
    assert result.history.first().history_change_reason == "rescored: hand record imported"


def test_import_deals_is_all_or_nothing():
    # A wrong deal refuses the whole file, even on a board the session does not have.
    session = make_session(tables=3)
    records = [DealRecord(1, DEAL), DealRecord(2, "N:AKQ"), DealRecord(9, "N:AKQ")]
    with pytest.raises(Refused) as refused:
        import_deals(session.pk, records)
    messages = refused.value.messages
    assert [message.split(":")[0] for message in messages] == ["Board 2", "Board 9"]
    assert not session.boards.exclude(deal="").exists()


def test_import_deals_leaves_out_the_boards_the_session_does_not_have():
    # A dealing machine's 12 boards for a 6-board evening.
    session = make_session(tables=3)
    deals = whole_suit_deals(12)
    imported = import_deals(session.pk, [DealRecord(n, deal) for n, (deal, _d, _v)
                                         in enumerate(deals, start=1)])
    assert list(session.boards.order_by("number").values_list("deal", flat=True)) == [
        deal for deal, _dealer, _vul in deals[:6]]
    assert (imported.left_out, imported.without_deal, imported.kept) == (
        [7, 8, 9, 10, 11, 12], [], [])
    assert imported.messages() == [
        "Boards 7–12 of the file were left out: the session has 6 boards."]
    one_more = import_deals(session.pk, [DealRecord(n, deal) for n, (deal, _d, _v)
                                         in enumerate(deals[:7], start=1)])
    assert one_more.messages() == ["Board 7 of the file was left out: the session has 6 boards."]


def test_import_deals_names_the_boards_the_file_lacks():
    session = make_session(tables=3)
    deals = [deal for deal, _dealer, _vul in whole_suit_deals(6)]
    import_deals(session.pk, [DealRecord(6, deals[5])])  # an earlier file's board 6
    imported = import_deals(session.pk, [DealRecord(1, deals[0]), DealRecord(2, deals[1]),
                                         DealRecord(5, deals[4]), DealRecord(8, deals[2])])
    assert (imported.left_out, imported.without_deal, imported.kept) == ([8], [3, 4], [6])
    assert imported.messages() == [
        "Board 8 of the file was left out: the session has 6 boards.",
        "Boards 3–4 have no deal: the file holds none for them.",
        "Board 6 keeps its earlier deal: the file holds none for it."]
    assert list(session.boards.order_by("number").values_list("deal", flat=True)) == [
        deals[0], deals[1], "", "", deals[4], deals[5]]
    single = import_deals(session.pk, [DealRecord(n, deals[n - 1]) for n in (1, 2, 3, 5)])
    assert single.messages() == [
        "Board 4 has no deal: the file holds none for it.",
        "Board 6 keeps its earlier deal: the file holds none for it."]
    kept = import_deals(session.pk, [DealRecord(1, deals[0])])
    assert kept.messages() == [
        "Board 4 has no deal: the file holds none for it.",
        "Boards 2–3, 5–6 keep their earlier deals: the file holds none for them."]


def test_import_deals_refuses_a_file_without_any_of_the_session_s_boards():
    session = make_session(tables=3)
    deals = whole_suit_deals(9)
    records = [DealRecord(n, deals[n - 1][0]) for n in (7, 8, 9)]
    with pytest.raises(Refused) as refused:
        import_deals(session.pk, records)
    assert refused.value.messages == [
        "None of the file's boards (7–9) is one of the session's (1–6), so nothing was "
        "imported."]
    empty = make_session(tables=3, boards=False, name="Empty")
    with pytest.raises(Refused, match="no boards yet"):
        import_deals(empty.pk, records)
    assert not Board.objects.exclude(deal="").exists()


def test_import_deals_refuses_boards_that_are_not_duplicated():
    session = make_session(tables=3, duplicated=False)
    with pytest.raises(Refused, match="not duplicated"):
        import_deals(session.pk, [DealRecord(1, DEAL)])
    assert not session.boards.exclude(deal="").exists()


def test_deal_boards_deals_every_board_once():
    session = make_session(tables=2, rounds=1)  # four boards: the solver is quick
    assert deal_boards(session.pk) == 4
    deals = list(session.boards.values_list("deal", flat=True))
    assert all(deals) and len(set(deals)) == 4
    with pytest.raises(Refused, match="Boards 1.*4 already have deals"):
        deal_boards(session.pk)
    assert list(session.boards.values_list("deal", flat=True)) == deals


def test_deal_boards_refuses_boards_already_played_or_missing():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N")
    with pytest.raises(Refused, match="Boards 1 already have results"):
        deal_boards(session.pk)
    assert not Board.objects.exclude(deal="").exists()
    empty = make_session(tables=3, boards=False, name="Empty")
    with pytest.raises(Refused, match="no boards yet"):
        deal_boards(empty.pk)
    assert Result.objects.count() == 1
