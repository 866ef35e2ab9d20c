"""The one owner of a board's HCP (club.services.hcp): whether one is needed, where a typed
value goes, the deal's HCP, conflicts with the board or another table, and the writers."""

import uuid

import pytest

from club.models import Board, TableEntry
from club.services.boards import update_board
from club.services.errors import Refused, StaleValue
from club.services.hcp import (
    UNSET,
    deal_hcp,
    give_board_hcp,
    hcp_conflict,
    hcp_needed,
    record_board_hcp,
    row_hcp,
    row_takes_hcp,
    save_board_hcp,
)
from club.services.results import contract_values, enter_result
from scoring.engine import parse_result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

# North AKQJ (10) and South's AKQJ of diamonds (10): NS hold 20 HCP.
DEAL = "N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987"


def board_of(session, number=1):
    board = session.boards.get(number=number)
    board.session = session
    return board


def test_an_hcp_is_needed_without_duplication_or_while_the_board_has_none():
    duplicated = make_session(tables=2, rounds=1)
    board = board_of(duplicated)
    assert hcp_needed(board)
    board.ns_hcp = 22  # in memory only: what the rule reads
    assert not hcp_needed(board)
    own = board_of(make_session(tables=2, rounds=1, duplicated=False))
    own.ns_hcp = 22
    assert hcp_needed(own)


def test_where_a_typed_hcp_goes():
    duplicated = make_session(tables=2, rounds=1)
    own = make_session(tables=2, rounds=1, duplicated=False)
    assert row_hcp(own, 17, from_scorecard=False) == ({"ns_hcp": 17}, None)
    assert row_hcp(duplicated, 17, from_scorecard=True) == ({}, 17)
    assert row_hcp(duplicated, 17, from_scorecard=False) == ({}, None)
    assert row_takes_hcp(own, from_scorecard=False)
    assert row_takes_hcp(duplicated, from_scorecard=True)
    assert not row_takes_hcp(duplicated, from_scorecard=False)


def test_the_deal_gives_a_duplicated_board_its_hcp():
    assert deal_hcp(make_session(tables=2, rounds=1), DEAL) == 20
    assert deal_hcp(make_session(tables=2, rounds=1, duplicated=False), DEAL) is None


def test_a_deal_given_without_hcp_wins_over_the_stored_value():
    session = make_session(tables=2, rounds=1)
    board = session.boards.get(number=1)
    update_board(board.pk, {"ns_hcp": 25})
    update_board(board.pk, {"deal": DEAL})
    board.refresh_from_db()
    assert board.ns_hcp == 20


def test_the_boards_stored_hcp_wins_over_a_typed_one():
    session = make_session(tables=2, rounds=1)
    make_result(session, 1, 1, 3, "4S= N", board_hcp=22)  # the board now has 22
    ns, ew = session.pairs.get(number=2), session.pairs.get(number=4)
    board = session.boards.get(number=1)
    with pytest.raises(Refused) as refused:
        enter_result(board.pk, ns_pair_id=ns.pk, ew_pair_id=ew.pk, board_hcp=25,
                     values=contract_values(parse_result("3NT= N")))
    assert "Board 1 already has NS HCP 22" in refused.value.message_dict["ns_hcp"][0]
    result = enter_result(board.pk, ns_pair_id=ns.pk, ew_pair_id=ew.pk, board_hcp=22,
                          values=contract_values(parse_result("3NT= N")))
    assert result.ns_hcp is None and result.effective_ns_hcp == 22


def test_the_first_typed_hcp_gives_the_board_its_own():
    session = make_session(tables=2, rounds=1)
    board = board_of(session)
    give_board_hcp(session, board, 18)
    assert Board.objects.get(pk=board.pk).ns_hcp == 18
    give_board_hcp(session, board, 18)  # agreeing changes nothing
    with pytest.raises(Refused):
        give_board_hcp(session, board, 19)
    assert Board.objects.get(pk=board.pk).ns_hcp == 18


def entry(session, board, ns, ew, ns_hcp, status=TableEntry.Status.ENTERED, table=1):
    return TableEntry.objects.create(
        key=uuid.uuid4(), session=session, board=board, round=1, table=table,
        ns_pair=session.pairs.get(number=ns), ew_pair=session.pairs.get(number=ew),
        ns_hcp=ns_hcp, status=status, level=4, strain="S", doubling=0, declarer="N",
        tricks=10)


def test_conflicts_with_the_board_and_with_another_table():
    session = make_session(tables=3, rounds=1)
    board = board_of(session)
    ns_pair = session.pairs.get(number=1)
    assert hcp_conflict(board, 21, ns_pair=ns_pair) == ""
    entry(session, board, 2, 5, 23, status=TableEntry.Status.HELD, table=2)
    assert hcp_conflict(board, 21, ns_pair=ns_pair) == ""  # a held entry does not count
    entry(session, board, 3, 6, 22, table=3)
    assert hcp_conflict(board, 21, ns_pair=ns_pair) == "NS HCP 21, but table 3 gave 22."
    assert hcp_conflict(board, 22, ns_pair=ns_pair) == ""
    board.ns_hcp = 24
    assert hcp_conflict(board, 21, ns_pair=ns_pair) == "NS HCP 21, but the board has 24."
    assert hcp_conflict(board, None, ns_pair=ns_pair) == ""
    own = make_session(tables=2, rounds=1, duplicated=False)
    assert hcp_conflict(board_of(own), 21, ns_pair=own.pairs.get(number=1)) == ""


def test_the_writer_refuses_a_stale_value():
    session = make_session(tables=2, rounds=1)
    board = board_of(session)
    assert record_board_hcp(session, board, 20, expected=None) == 0  # no results to rescore
    with pytest.raises(StaleValue) as stale:
        record_board_hcp(session, board, 21, expected=None)  # the page showed none
    assert stale.value.current == 20
    assert Board.objects.get(pk=board.pk).ns_hcp == 20
    assert record_board_hcp(session, board, 20, expected=UNSET) == 0


def test_the_writer_rescores_and_refuses_undoubled_boards():
    session = make_session(tables=2, rounds=1)
    result = make_result(session, 1, 1, 3, "4S= N", board_hcp=20)
    board = board_of(session)
    assert record_board_hcp(session, board, 26, expected=20) == 1
    result.refresh_from_db()
    assert result.effective_ns_hcp == 26
    own = make_session(tables=2, rounds=1, duplicated=False)
    with pytest.raises(Refused):
        record_board_hcp(own, board_of(own), 20)


def test_save_board_hcp_saves_the_other_fields_with_it():
    session = make_session(tables=2, rounds=1)
    board = board_of(session)
    board.deal = DEAL
    save_board_hcp(board, 20, fields=["deal"])
    stored = Board.objects.get(pk=board.pk)
    assert (stored.ns_hcp, stored.deal) == (20, DEAL)


def test_a_changed_board_is_rescored_and_a_cleared_hcp_refused():
    from django.db import transaction

    from club.services.hcp import rescore_changed_board
    from club.services.locks import lock_session
    session = make_session(tables=2, rounds=1)
    result = make_result(session, 1, 1, 3, "4S= N", board_hcp=20)
    before = (result.ns_compensation, result.ns_imps)
    with transaction.atomic():
        locked = lock_session(session.pk)
        board = board_of(locked)
        save_board_hcp(board, 26)
        assert rescore_changed_board(locked, board) == 1
    result.refresh_from_db()
    assert (result.ns_compensation, result.ns_imps) != before
    with pytest.raises(Refused, match="has results that use its HCP"):
        with transaction.atomic():
            locked = lock_session(session.pk)
            board = board_of(locked)
            save_board_hcp(board, None)
            rescore_changed_board(locked, board)
    assert Board.objects.get(pk=board.pk).ns_hcp == 26
