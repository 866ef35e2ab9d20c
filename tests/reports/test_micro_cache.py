"""The live blocks' micro-cache (club.stats.kept, settings.MICRO_CACHE_SECONDS): a poll of
a public standings block whose ETag this process confirmed a moment ago is a 304 without a
query; a write in this process forgets every such ETag at once, another process's write is
seen once the moment has passed, and nothing is answered from an entry made for another
block, language or session, or for a session that is not public."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Session
from club.services.players import save_player
from tests.factories import make_individual, make_result, make_session
from tests.reports.test_live_standings import url

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=22, round=1, table=1)
    return session


def block(session, **query):
    """The standings block alone, as the page fetches it again."""
    return url(session, part="table", **query)


def poll(client, page, etag, **headers):
    """(the response, the number of queries it took)."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(page, headers={"If-None-Match": etag, **headers})
    return response, len(queries)


@pytest.fixture
def later(monkeypatch):
    """Moves the clock of the micro-cache's store forward by `seconds`."""
    from django.core.cache.backends import locmem

    real = locmem.time.time

    class Clock:
        offset = 0.0

        @staticmethod
        def time():
            return real() + Clock.offset

    monkeypatch.setattr(locmem, "time", Clock)

    def move(seconds):
        Clock.offset += seconds
    return move


def test_a_poll_confirmed_a_moment_ago_needs_no_query(client, evening):
    first = client.get(block(evening))
    response, queries = poll(client, block(evening), first["ETag"])
    assert response.status_code == 304 and queries == 0
    assert response["ETag"] == first["ETag"]
    assert response["Cache-Control"] == first["Cache-Control"]
    # A poll with an older copy is answered from the database, as before.
    response, queries = poll(client, block(evening), 'W/"older"')
    assert response.status_code == 200 and queries >= 1


def test_once_the_moment_has_passed_the_database_is_asked_again(client, evening, later,
                                                                settings):
    etag = client.get(block(evening))["ETag"]
    # Another process renames a player (not this one's write: nothing here is forgotten).
    player = evening.pairs.get(number=1).player1
    type(player).objects.filter(pk=player.pk).update(name="Renamed elsewhere")
    Session.objects.filter(pk=evening.pk).update(version=evening.version + 50)
    response, queries = poll(client, block(evening), etag)
    assert response.status_code == 304 and queries == 0  # at most the moment behind
    later(settings.MICRO_CACHE_SECONDS + 0.1)
    response, queries = poll(client, block(evening), etag)
    assert response.status_code == 200 and queries >= 1
    assert response["ETag"] != etag and "Renamed elsewhere" in response.content.decode()


def test_a_write_in_this_process_forgets_at_once(client, evening):
    etag = client.get(block(evening))["ETag"]
    save_player({"name": "Renamed here"}, evening.pairs.get(number=1).player1.pk)
    response, queries = poll(client, block(evening), etag)
    assert response.status_code == 200 and queries >= 1
    assert response["ETag"] != etag and "Renamed here" in response.content.decode()


def test_each_block_and_language_has_its_own_entry(client, evening):
    etag = client.get(block(evening))["ETag"]
    # The same copy presented for the block sorted otherwise, or in Russian: a new page.
    response, queries = poll(client, block(evening, sort="pair"), etag)
    assert response.status_code == 200 and queries >= 1
    response, queries = poll(client, block(evening), etag, **{"Accept-Language": "ru"})
    assert response.status_code == 200 and queries >= 1
    assert response["ETag"] != etag
    # The pages themselves show the visitor: never answered without the database.
    page = reverse("standings", args=[evening.pk])
    etag = client.get(page)["ETag"]
    response, queries = poll(client, page, etag)
    assert response.status_code == 304 and queries == 1


def test_a_session_not_public_is_never_answered_from_memory(admin_client):
    session = make_session(tables=3, status=Session.Status.SETUP)
    etag = admin_client.get(block(session))["ETag"]
    response, queries = poll(admin_client, block(session), etag)
    assert response.status_code == 304 and queries >= 1


def test_a_pending_message_is_never_answered_304(client, evening):
    etag = client.get(block(evening))["ETag"]
    client.cookies["messages"] = "pending"
    response, _queries = poll(client, block(evening), etag)
    assert response.status_code == 200


def test_zero_seconds_turns_it_off(client, evening, settings):
    settings.MICRO_CACHE_SECONDS = 0
    etag = client.get(block(evening))["ETag"]
    response, queries = poll(client, block(evening), etag)
    assert response.status_code == 304 and queries == 1


def test_an_individuals_block_is_answered_the_same_way(client):
    session = make_individual(8, rounds=2)
    page = reverse("individual-standings", args=[session.pk]) + "?part=table"
    etag = client.get(page)["ETag"]
    response, queries = poll(client, page, etag)
    assert response.status_code == 304 and queries == 0
    save_player({"name": "Renamed here"}, session.individual_entries.first().player_id)
    response, queries = poll(client, page, etag)
    assert queries >= 1 and response["ETag"] != etag
