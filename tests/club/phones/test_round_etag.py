"""The round page's ETag is a digest of what the page shows (issue 24): a change the
table's page shows changes it; a write elsewhere in the session (an entry at another
table, a renamed player seated elsewhere) leaves it, so the phone's poll stays a 304."""

import dataclasses
import uuid

import pytest
from django.core.cache import cache
from django.db.models import Model
from django.urls import reverse

from club.models import Board, SwissSeat
from club.phone_state import TableState
from club.phones.views import round_context
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
