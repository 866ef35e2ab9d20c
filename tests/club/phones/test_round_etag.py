"""The round page's ETag is a digest of what the page shows (issue 24): a change the
table's page shows changes it; a write elsewhere in the session (an entry at another
table, a renamed player seated elsewhere) leaves it, so the phone's poll stays a 304. The
digest is kept per stamp of the table (club.phone_state.table_stamp): a result on boards
the table never plays is a 304 without working out the page again."""

import dataclasses
import uuid

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import Model
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.management.bench import build_session
from club.models import Board, Pair, Session, SwissSeat, Team, TeamMatch
from club.phone_state import TableState, table_stamp
from club.phones.views import round_context
from club.plan import SessionPlan
from club.services.boards import set_board_hcp
from club.services.players import save_player
from club.services.results import contract_values, enter_result
from club.services.sessions import change_status, update_session
from club.services.swiss import start_swiss_round
from club.services.table_phones import (
    accept_entry,
    answer_call,
    call_director,
    issue_codes,
    submit_entry,
)
from club.stats.kept import COUNTS
from scoring.engine import parse_result
from tests.club.views.test_swiss_pages import play_round, swiss_session
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """3-table Mitchell, 2 boards a round: in round 1 table 1 plays boards 1-2, table 2
    boards 3-4."""
    session = make_session(tables=3, boards_per_round=2)
    session.boards.update(ns_hcp=20)
    issue_codes(session.pk)
    return session


def round_url(session, table):
    return reverse("table", args=[session.table_codes.get(table=table).code])


def poll(client, url, etag):
    return client.get(url, headers={"If-None-Match": etag})


def enter_at_table(session, table, board, text="4S= N"):
    """An entry sent from the table's phone in round 1."""
    return submit_entry(session.pk, table=table, round=1, board_number=board,
                        key=uuid.uuid4(), values=contract_values(parse_result(text)))


def test_entries_and_results_at_another_table_keep_the_page(client, evening):
    url = round_url(evening, 2)
    etag = client.get(url)["ETag"]
    entry = enter_at_table(evening, 1, 1)
    assert poll(client, url, etag).status_code == 304
    accept_entry(evening.pk, entry.key, table=1)  # a result on a board table 2 has not played
    assert poll(client, url, etag).status_code == 304
    call_director(evening.pk, 1, 1)
    assert poll(client, url, etag).status_code == 304


def test_an_entry_and_its_acceptance_at_this_table_change_the_page(client, evening):
    url = round_url(evening, 2)
    etag = client.get(url)["ETag"]
    entry = enter_at_table(evening, 2, 3)
    response = poll(client, url, etag)
    assert response.status_code == 200 and 'data-state="entered"' in response.content.decode()
    etag = response["ETag"]
    accept_entry(evening.pk, entry.key, table=2)
    response = poll(client, url, etag)
    assert response.status_code == 200 and 'data-state="accepted"' in response.content.decode()


def test_a_ruling_at_this_table_changes_the_page(client, evening):
    url = round_url(evening, 2)
    etag = client.get(url)["ETag"]
    board = Board.objects.get(session=evening, number=3)
    pairs = {p.number: p.pk for p in evening.pairs.all()}
    enter_result(board.pk, ns_pair_id=pairs[2], ew_pair_id=pairs[5], values={
        "not_played": True, "ns_adjustment": "ave+", "ew_adjustment": "ave-", "table": 2,
        "round": 1})
    response = poll(client, url, etag)
    assert response.status_code == 200
    assert 'data-state="director"' in response.content.decode()


def test_a_renamed_player_changes_only_the_page_of_the_table_showing_the_name(client,
                                                                             evening):
    here, elsewhere = round_url(evening, 2), round_url(evening, 3)
    etags = {url: client.get(url)["ETag"] for url in (here, elsewhere)}
    save_player({"name": "Renamed Player"}, evening.pairs.get(number=2).player1.pk)
    response = poll(client, here, etags[here])
    assert response.status_code == 200 and "Renamed Player" in response.content.decode()
    assert poll(client, elsewhere, etags[elsewhere]).status_code == 304


def test_a_call_for_the_director_and_its_answer_change_the_page(client, evening):
    url = round_url(evening, 2)
    etag = client.get(url)["ETag"]
    call = call_director(evening.pk, 2, 1)
    response = poll(client, url, etag)
    assert response.status_code == 200
    assert "The director has been called." in response.content.decode()
    answer_call(evening.pk, call.pk)
    assert poll(client, url, response["ETag"]).status_code == 200


def test_finishing_the_session_changes_the_page(client, evening):
    url = round_url(evening, 2)
    etag = client.get(url)["ETag"]
    change_status(evening.pk, "finish")
    response = poll(client, url, etag)
    assert response.status_code == 200 and "ETag" not in response
    assert "The session is over" in response.content.decode()


def test_the_director_starting_a_swiss_round_changes_the_page(client):
    session = swiss_session()
    start_swiss_round(session.pk, seeded=True)
    issue_codes(session.pk)
    table = SwissSeat.objects.filter(session=session, round=1, north_south=True).first().table
    url = round_url(session, table)
    play_round(session, 1)
    etag = client.get(url)["ETag"]
    start_swiss_round(session.pk, seeded=True)
    response = poll(client, url, etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert "round 2 of 3" in response.content.decode()


def test_the_digest_is_the_same_when_worked_out_again(client, evening):
    """What the page shows, not objects' identities: a new worker (an empty cache) gives
    the same ETag for the same page."""
    url = round_url(evening, 2)
    etag = client.get(url)["ETag"]
    cache.clear()
    assert poll(client, url, etag).status_code == 304


def plain_values(value):
    """Every value inside `value` (dicts, lists, tuples, dataclasses), `value` included."""
    yield value
    if isinstance(value, dict):
        parts = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set)):
        parts = list(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = [getattr(value, f.name) for f in dataclasses.fields(value)]
    else:
        parts = []
    for part in parts:
        yield from plain_values(part)


def assert_digestible(context):
    """The digest is a repr: a model instance's names only its __str__ (a change to its
    other fields would keep the ETag), an object without its own repr names its address
    (a new ETag on every load)."""
    for key, value in context.items():
        if key in ("session", "call_reasons"):
            continue
        for part in plain_values(value):
            assert not isinstance(part, Model), (key, part)
            assert " at 0x" not in repr(part), (key, part)


def round_page_context(session, table):
    state = TableState(session, session.table_codes.get(table=table))
    return round_context(state, state.current_round())


def test_what_the_round_page_digests_names_its_data_not_objects(evening):
    enter_at_table(evening, 1, 1)
    call_director(evening.pk, 1, 1)
    assert_digestible(round_page_context(evening, 1))
    session = swiss_session()
    start_swiss_round(session.pk, seeded=True)
    issue_codes(session.pk)
    play_round(session, 1)
    table = SwissSeat.objects.filter(session=session, round=1, north_south=True).first().table
    assert_digestible(round_page_context(session, table))


def test_the_director_changing_the_movement_changes_the_page(client, evening):
    """Fewer rounds while play is on: every table's page says so."""
    url = round_url(evening, 2)
    etag = client.get(url)["ETag"]
    assert "round 1 of 3" in client.get(url).content.decode()
    update_session(evening.pk, {"rounds": 2})
    response = poll(client, url, etag)
    assert response.status_code == 200 and "round 1 of 2" in response.content.decode()


def play(session, seating, number, text="3NT= N"):
    """The director enters board `number` as `seating` (round, table, pairs) played it."""
    pairs = {p.number: p.pk for p in session.pairs.all()}
    board = Board.objects.get(session=session, number=number)
    enter_result(board.pk, ns_pair_id=pairs[seating.ns], ew_pair_id=pairs[seating.ew],
                 values={**contract_values(parse_result(text)), "table": seating.table,
                         "round": seating.round})


def seatings_of_board(session, number):
    plan = SessionPlan.load(session)
    return [s for s in plan.seatings if number in plan.boards_of(s)]


def test_a_result_at_another_table_releasing_a_board_this_table_played_changes_the_page(
        client, evening):
    """Table 2 played board 3 in round 1 and has moved on: its round 1 page hides the
    result from the pairs now seated there until the last table plays the board."""
    plan = SessionPlan.load(evening)
    first = next(s for s in plan.seatings if (s.round, s.table) == (1, 2))
    for number in plan.boards_of(first):
        play(evening, first, number, "4S= N")
    url = round_url(evening, 2) + "?round=1"
    response = client.get(url)
    assert "4♠" not in response.content.decode()  # the next round's pairs may not see it
    etag = response["ETag"]
    others = [s for s in seatings_of_board(evening, 3) if s != first]
    assert len(others) == 2
    play(evening, others[0], 3)
    assert poll(client, url, etag).status_code == 304  # still hidden: the page is the same
    play(evening, others[1], 3)  # every table has played board 3: it is released
    response = poll(client, url, etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert "4♠" in response.content.decode()


@pytest.fixture
def short_sessions():
    """A 3-table and a 9-table Mitchell of two rounds, the first played: table 1 never
    plays most of the boards."""
    built = []
    for tables in (3, 9):
        session = build_session(tables, 2, scheduled=True, boards_per_round=2,
                                status=Session.Status.RUNNING, played_rounds=1,
                                name=f"{tables} tables")
        issue_codes(session.pk)
        built.append(session)
    return built


def test_a_result_on_a_board_this_table_never_plays_is_a_304_without_the_page(
        client, short_sessions):
    counts = []
    for session in short_sessions:
        plan = SessionPlan.load(session)
        own = {n for s in plan.seatings_of_table(1) for n in plan.boards_of(s)}
        seating, number = next((s, n) for s in plan.seatings if s.round == 2
                               for n in plan.boards_of(s) if n not in own)
        url = round_url(session, 1)
        etag = client.get(url)["ETag"]
        play(session, seating, number)
        hits = COUNTS["shown-table", True]
        with CaptureQueriesContext(connection) as captured:
            assert poll(client, url, etag).status_code == 304
        assert COUNTS["shown-table", True] == hits + 1  # the page was not worked out again
        counts.append(len(captured.captured_queries))
    # The code with its session, then the table's stamp: no TableState.
    assert counts[0] == counts[1] <= 4


def test_the_director_changing_an_hcp_changes_a_swiss_tables_imps(client):
    """A rescore writes the outcomes in place: the round's IMPs and VPs on the page
    change with them."""
    session = swiss_session()
    start_swiss_round(session.pk, seeded=True)
    issue_codes(session.pk)
    play_round(session, 1, text="3NT= N")
    table = SwissSeat.objects.filter(session=session, round=1, north_south=True).first().table
    url = round_url(session, table)
    response = client.get(url)
    assert "Round 1: your result" in response.content.decode()
    set_board_hcp(session.boards.get(number=1).pk, 30)
    changed = poll(client, url, response["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != response["ETag"]


def test_two_pairs_swapping_their_numbers_change_the_stamp(evening):
    """A swap keeps the count, the largest id and the sum of the numbers: the stamp sums
    them weighted by each row's id, so the table's pages are worked out again."""
    first, second = evening.pairs.order_by("number")[:2]
    before = table_stamp(evening, 1)
    Pair.objects.filter(pk=first.pk).update(number=99)
    Pair.objects.filter(pk=second.pk).update(number=first.number)
    Pair.objects.filter(pk=first.pk).update(number=second.number)
    assert table_stamp(evening, 1) != before


def test_two_matches_swapping_their_line_ups_change_the_stamp():
    session = make_session(tables=2, movement="teams", rounds=1, pairs=4)
    pairs = list(session.pairs.order_by("number"))
    home, away = (Team.objects.create(session=session, number=number, name=name,
                                      captain=pair.player1)
                  for number, name, pair in ((1, "A", pairs[0]), (2, "B", pairs[1])))
    first = TeamMatch.objects.create(session=session, round=1, number=1, home=home,
                                     away=away, open_ns=pairs[0], open_ew=pairs[1],
                                     closed_ns=pairs[2], closed_ew=pairs[3])
    before = table_stamp(session, 1)
    second = TeamMatch.objects.create(session=session, round=2, number=1, home=away,
                                      away=home, open_ns=pairs[2], open_ew=pairs[3],
                                      closed_ns=pairs[0], closed_ew=pairs[1])
    between = table_stamp(session, 1)
    assert between != before
    # Two matches swap their NS pairs: each column keeps its count and sum.
    TeamMatch.objects.filter(pk=first.pk).update(open_ns=pairs[2], closed_ns=pairs[0])
    TeamMatch.objects.filter(pk=second.pk).update(open_ns=pairs[0], closed_ns=pairs[2])
    assert table_stamp(session, 1) != between
