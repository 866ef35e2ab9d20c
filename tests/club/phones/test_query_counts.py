"""A table's pages run a fixed number of queries whatever the size of the session, and
load only what they show (issue 24): no board's deal or analysis, no player's record
beyond the names of the pairs the table seats (the services a post calls load what they
write)."""

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.management.bench import build_session
from club.models import Session, TableEntry
from club.phone_state import TableState
from club.services.table_phones import issue_codes

pytestmark = pytest.mark.django_db

MAX_QUERIES = 10  # a page a phone reads (a post writes through the services)
POSTS = ("entry", "accept")


@pytest.fixture
def sessions():
    """A 9-table and a 3-table Mitchell in play, two rounds of two boards played."""
    built = []
    for tables in (9, 3):
        session = build_session(tables, tables, scheduled=True, boards_per_round=2,
                                status=Session.Status.RUNNING, played_rounds=2,
                                name=f"{tables} tables")
        issue_codes(session.pk)
        built.append(session)
    return built


def code_of(session, table=1):
    return session.table_codes.get(table=table).code


def current_board(session):
    state = TableState(session, session.table_codes.get(table=1))
    return state.current_round().boards[0]


def page_queries(client, session):
    """The SQL of each page a table's phone opens during a board: the round page, the
    board's form, the entry sent, East-West's accepting it and the board's outcome with
    its traveller and the totals."""
    code, board = code_of(session), current_board(session)
    board_url = reverse("table-board", args=[code, board])
    steps = [("round", lambda: client.get(reverse("table", args=[code]))),
             ("past round", lambda: client.get(reverse("table", args=[code]) + "?round=1")),
             ("form", lambda: client.get(board_url)),
             ("entry", lambda: client.post(board_url, {
                 "key": str(uuid.uuid4()), "shorthand": "3NT= S", "doubling": "0"})),
             ("awaiting", lambda: client.get(board_url)),
             ("accept", lambda: client.post(reverse("table-accept", args=[code, board]), {
                 "key": str(TableEntry.objects.get(session=session, table=1,
                                                   board__number=board).key)})),
             ("outcome", lambda: client.get(board_url))]
    queries = {}
    for name, step in steps:
        with CaptureQueriesContext(connection) as captured:
            response = step()
        assert response.status_code in (200, 302), name
        queries[name] = [q["sql"] for q in captured.captured_queries]
    assert "Traveller" in response.content.decode() or "traveller" in (
        response.content.decode())
    return queries


def test_a_tables_pages_run_as_many_queries_in_a_big_session_as_in_a_small_one(client,
                                                                              sessions):
    big, small = (page_queries(client, s) for s in sessions)
    for name in big:
        assert len(big[name]) == len(small[name]), name
        assert name in POSTS or len(big[name]) <= MAX_QUERIES, name


def test_a_tables_pages_load_no_deal_and_only_the_names_they_show(client, sessions):
    for name, queries in page_queries(client, sessions[0]).items():
        for sql in [] if name in POSTS else queries:
            if sql.startswith("SELECT"):
                for column in ("deal", "double_dummy", "par_contracts", "membership_number"):
                    assert f'."{column}"' not in sql, (name, sql)


def test_the_state_names_only_the_pairs_the_table_seats(sessions):
    session = sessions[0]
    state = TableState(session, session.table_codes.get(table=1))
    seated = {n for r in state.rounds for n in r.seating.pairs}
    assert set(state.named) == seated and len(state.pairs) == 18
    assert state.side(1)["players"] == "Player 1 – Player 2"
