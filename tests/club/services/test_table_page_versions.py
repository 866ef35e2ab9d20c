"""Which tables' phone pages a write can change (issue 24, club.services.locks): a table's
own entry, withdrawal or call touches that table alone; an accepted result touches the
tables whose pages read it (its own, and one gone ahead that now seats one of its pairs),
or every table when it releases a board or gives the board its HCP; any other write (the
director's) every table. The pages' keys are these versions
(tests/club/phones/test_round_page_key.py checks the pages never go stale)."""

import uuid

import pytest
from django.db import transaction

from club.models import DirectorCall, Session, TableCode
from club.services.locks import touch_tables
from club.services.results import contract_values, enter_result
from club.services.table_phones import (
    accept_entry,
    answer_call,
    call_director,
    issue_codes,
    submit_entry,
    withdraw_entry,
)
from scoring.engine import parse_result
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """5-table Mitchell of 2 rounds, 1 board a round. NS pair t stays at table t; the EW
    pairs move up a table a round (EW pair 6 sits at table 1, then table 2); the boards
    move down (board 1: table 1 in round 1, table 5 in round 2)."""
    session = make_session(tables=5, rounds=2, boards_per_round=1)
    session.boards.update(ns_hcp=20)
    issue_codes(session.pk)
    return session


def versions(session):
    """(the session's tables_version, {table: its code's version})."""
    return (Session.objects.get(pk=session.pk).tables_version,
            dict(TableCode.objects.filter(session=session).values_list("table", "version")))


def touched(session, write):
    """The tables whose pages `write()` touched: "every", or the set of them."""
    every_before, before = versions(session)
    write()
    every_after, after = versions(session)
    if every_after != every_before:
        return "every"
    return {t for t in after if after[t] != before[t]}


def entry_at(session, table, board, round=1, text="4S= N"):
    return submit_entry(session.pk, table=table, round=round, board_number=board,
                        key=uuid.uuid4(), values=contract_values(parse_result(text)))


def test_touching_tables_bumps_their_codes_or_every_table():
    session = make_session(tables=3)
    issue_codes(session.pk)
    with transaction.atomic():
        assert touched(session, lambda: touch_tables(session.pk, [2])) == {2}
        assert touched(session, lambda: touch_tables(session.pk, [1, 3])) == {1, 3}
        assert touched(session, lambda: touch_tables(session.pk, None)) == "every"


def test_an_entry_its_withdrawal_and_a_call_touch_their_own_table(evening):
    entry = None

    def enter():
        nonlocal entry
        entry = entry_at(evening, 3, 3)

    assert touched(evening, enter) == {3}
    assert touched(evening, lambda: withdraw_entry(evening.pk, entry.key, table=3)) == {3}
    assert touched(evening, lambda: call_director(evening.pk, 4, 1)) == {4}
    call = DirectorCall.objects.get(session=evening)
    assert touched(evening, lambda: answer_call(evening.pk, call.pk)) == {4}


def test_an_accepted_result_in_step_touches_its_own_table(evening):
    entry = entry_at(evening, 1, 1)
    # NS pair 1 and EW pair 6 play board 1 at table 1; EW pair 6 goes on to table 2, which
    # never plays board 1, and board 1 goes on to table 5, which seats neither pair.
    assert touched(evening, lambda: accept_entry(evening.pk, entry.key, table=1)) == {1}


def test_an_accepted_result_touches_a_table_gone_ahead_that_waits_for_its_pair():
    """5-table Mitchell of 3 rounds, 1 board a round. Table 2 plays rounds 1 and 2 while
    table 1 plays round 1 only: table 2 is in round 3, which seats EW pair 10, still at
    table 1 in round 2 with board 2, the board table 2 played in round 1. Once pair 10 has
    played board 2, both pairs seated at table 2 have: its round 1 page shows board 2's
    result, so table 2's pages are touched."""
    session = make_session(tables=5, rounds=3, boards_per_round=1)
    session.boards.update(ns_hcp=20)
    issue_codes(session.pk)
    for table, board, round in ((1, 1, 1), (2, 2, 1), (5, 5, 1), (2, 3, 2)):
        played = entry_at(session, table, board, round=round)
        accept_entry(session.pk, played.key, table=table)
    entry = entry_at(session, 1, 2, round=2)
    assert touched(session, lambda: accept_entry(session.pk, entry.key, table=1)) == {1, 2}


def test_a_result_that_releases_a_board_touches_every_table(evening):
    entry = entry_at(evening, 1, 1)
    accept_entry(evening.pk, entry.key, table=1)
    for table in (2, 3, 4, 5):  # round 1 at the other tables: boards 2-5
        other = entry_at(evening, table, table)
        accept_entry(evening.pk, other.key, table=table)
    last = entry_at(evening, 5, 1, round=2)  # board 1's last table
    assert touched(evening, lambda: accept_entry(evening.pk, last.key, table=5)) == "every"


def test_a_result_giving_the_board_its_hcp_touches_every_table(evening):
    evening.boards.update(ns_hcp=None)
    entry = submit_entry(evening.pk, table=1, round=1, board_number=1, key=uuid.uuid4(),
                         values=contract_values(parse_result("4S= N")), ns_hcp=22)
    assert touched(evening, lambda: accept_entry(evening.pk, entry.key, table=1)) == "every"


def test_the_directors_result_touches_every_table(evening):
    board = evening.boards.get(number=2)
    pairs = {p.number: p.pk for p in evening.pairs.all()}
    assert touched(evening, lambda: enter_result(
        board.pk, ns_pair_id=pairs[2], ew_pair_id=pairs[7],
        values={**contract_values(parse_result("3NT= N")), "round": 1, "table": 2})) == "every"
