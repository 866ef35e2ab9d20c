"""A board's HCP, called directly: the director setting a duplicated board's HCP, where a
typed HCP goes, and the conflicts between tables' HCP on one board.

The rule lives in one module, club/services/hcp.py."""

import pytest

from club.models import Result, Session, TableEntry
from club.services.boards import set_board_hcp
from club.services.errors import Refused, StaleValue
from club.services.hcp import board_hcp_conflict, hcp_conflict, row_hcp
from club.services.results import contract_values, enter_result
from scoring.engine import parse_result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """A 3-table Mitchell; board 1 has NS HCP 20."""
    session = make_session(tables=3, boards_per_round=2)
    session.boards.filter(number=1).update(ns_hcp=20)
    return session


def board(session, number):
    found = session.boards.get(number=number)
    found.session = session
    return found


def test_set_board_hcp_rescores_its_results_with_history(evening):
    result = make_result(evening, 1, 1, 4, "1NT= N")  # 20-20: nothing owed
    version = Session.objects.get(pk=evening.pk).version
    stored, changed = set_board_hcp(result.board_id, 25, expected=20)
    assert (stored.ns_hcp, changed) == (25, 1)
    result.refresh_from_db()
    assert result.ns_compensation == 300  # NS hold 25 on a board nobody is vulnerable
    assert result.history.first().history_change_reason == "rescored: board changed"
    assert Session.objects.get(pk=evening.pk).version == version + 1
    assert set_board_hcp(result.board_id, 25) == (stored, 0)  # the same value: no change


def test_set_board_hcp_refuses_a_value_changed_meanwhile(evening):
    board_id = board(evening, 1).pk
    with pytest.raises(StaleValue, match="someone set the NS HCP of board 1 to 20") as stale:
        set_board_hcp(board_id, 25, expected=None)
    assert stale.value.current == 20
    assert board(evening, 1).ns_hcp == 20


def test_set_board_hcp_refusals(evening):
    result = make_result(evening, 1, 1, 4, "1NT= N")
    with pytest.raises(Refused, match="rather than clearing it"):
        set_board_hcp(result.board_id, None)
    single = make_session(tables=3, duplicated=False, name="Own cards")
    with pytest.raises(Refused, match="not duplicated"):
        set_board_hcp(board(single, 1).pk, 20)
    Session.objects.filter(pk=evening.pk).update(status="published")
    with pytest.raises(Refused, match="The session is published"):
        set_board_hcp(result.board_id, 21)
    assert board(evening, 1).ns_hcp == 20 and board(single, 1).ns_hcp is None


def test_board_hcp_conflict_names_the_boards_value(evening):
    message = board_hcp_conflict(board(evening, 1))
    assert message.startswith("Board 1 already has NS HCP 20 (a duplicated board has one")


def test_a_scorecard_hcp_that_disagrees_with_the_boards_is_refused(evening):
    with pytest.raises(Refused) as refused:
        enter_result(board(evening, 1).pk, ns_pair_id=evening.pairs.get(number=1).pk,
                     ew_pair_id=evening.pairs.get(number=4).pk,
                     values=contract_values(parse_result("1NT= N")), board_hcp=22)
    assert refused.value.message_dict == {"ns_hcp": [board_hcp_conflict(board(evening, 1))]}
    assert not Result.objects.exists()


def test_the_first_scorecard_gives_a_board_its_hcp(evening):
    result = enter_result(board(evening, 3).pk, ns_pair_id=evening.pairs.get(number=2).pk,
                          ew_pair_id=evening.pairs.get(number=5).pk,
                          values=contract_values(parse_result("1NT= N")), board_hcp=23)
    # The Moscow table: 23 HCP owe 110.
    assert board(evening, 3).ns_hcp == 23 and result.ns_compensation == 110


def test_row_hcp_says_where_a_typed_hcp_goes(evening):
    own_cards = make_session(tables=3, duplicated=False, name="Own cards")
    assert row_hcp(own_cards, 24, from_scorecard=True) == ({"ns_hcp": 24}, None)
    assert row_hcp(own_cards, 24, from_scorecard=False) == ({"ns_hcp": 24}, None)
    assert row_hcp(evening, 24, from_scorecard=True) == ({}, 24)
    assert row_hcp(evening, 24, from_scorecard=False) == ({}, None)


def test_hcp_conflict_with_the_board_and_with_another_table(evening):
    ns_pair = evening.pairs.get(number=1)
    assert hcp_conflict(board(evening, 1), 20, ns_pair=ns_pair) == ""
    assert hcp_conflict(board(evening, 1), None, ns_pair=ns_pair) == ""
    assert hcp_conflict(board(evening, 1), 22, ns_pair=ns_pair) == (
        "NS HCP 22, but the board has 20.")
    # Board 3 has no HCP yet: the first table's entry stands until the director decides.
    TableEntry.objects.create(session=evening, board=board(evening, 3), round=1, table=2,
                              ns_pair=evening.pairs.get(number=2),
                              ew_pair=evening.pairs.get(number=5), ns_hcp=21, level=1,
                              strain="NT", declarer="N", tricks=7)
    assert hcp_conflict(board(evening, 3), 23, ns_pair=ns_pair) == (
        "NS HCP 23, but table 2 gave 21.")
    assert hcp_conflict(board(evening, 3), 21, ns_pair=ns_pair) == ""
    TableEntry.objects.update(status=TableEntry.Status.HELD)  # held entries do not count
    assert hcp_conflict(board(evening, 3), 23, ns_pair=ns_pair) == ""


def test_hcp_conflict_without_duplication():
    own_cards = make_session(tables=3, duplicated=False)
    assert hcp_conflict(board(own_cards, 1), 30,
                        ns_pair=own_cards.pairs.get(number=1)) == ""
