"""The live standings: the block refreshes itself (htmx, every 15 s) while the session is
provisional and says when it was made; conditional requests (an unchanged poll is a 304
after one query); the ETag and the block change with what the standings show (released
boards, names, the session), not with every write; the block rendered once per change;
the headers a browser or a proxy needs (ETag, Cache-Control, Vary), and no CSRF cookie
where nothing is posted."""

import re
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Session
from club.plan import SessionPlan
from club.services.locks import lock_session
from club.services.players import save_player
from club.services.scoring import score_result
from reports.views import sessions as views
from scoring.engine import parse_result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=22, round=1, table=1)
    return session


def url(session, **query):
    return reverse("standings", args=[session.pk]) + (
        "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def bump(session):
    """What every service does when it changes the session (club.services.locks)."""
    from django.db import transaction

    with transaction.atomic():
        lock_session(session.pk)


@pytest.mark.parametrize("status", ["running", "finished"])
def test_provisional_standings_poll_and_say_when_they_were_made(client, evening, status):
    evening.status = status
    evening.save()
    html = client.get(url(evening)).content.decode()
    block = html[html.index('id="standings-live"'):]
    assert f'hx-get="{url(evening)}?part=table"' in html
    assert 'hx-trigger="every 15s"' in block and 'hx-swap="outerHTML"' in block
    assert re.search(r"Provisional, updated \d\d:\d\d<", block)
    if status == "running":
        assert "the totals count only the boards that every table has played" in html
        assert "The totals count 0 of 6 boards" in block
    else:
        assert "total is already final for the boards it has played" in html
        assert "The totals count" not in block


def test_published_standings_neither_poll_nor_say_provisional(client, evening):
    evening.status = "published"
    evening.save()
    html = client.get(url(evening)).content.decode()
    assert 'id="standings-live"' in html
    assert "hx-trigger" not in html and "Provisional, updated" not in html
    assert "already final" not in html


def test_the_block_alone_for_htmx_keeps_the_sort(client, evening):
    response = client.get(url(evening, sort="-imps", part="table"))
    html = response.content.decode()
    assert html.startswith('<div id="standings-live"') and "<html" not in html
    assert f'hx-get="{reverse("standings", args=[evening.pk])}?sort=-imps&amp;part=table"' in html
    assert '<th class="desc num orderable"><a href="?sort=imps">IMPs</a></th>' in html
    # The same for everyone and sets no cookie: a shared cache may keep it.
    assert not response.cookies
    assert response["Cache-Control"] == "public, max-age=0, must-revalidate"


@pytest.mark.parametrize("query, queries", [
    ({}, 1), ({"sort": "pair"}, 1),
    # The block alone is the same for everyone: confirmed a moment ago in this process
    # (the micro-cache, club.stats.kept), the poll needs no query at all.
    ({"part": "table"}, 0), ({"part": "table", "sort": "pair"}, 0)])
def test_an_unchanged_poll_is_a_304_after_one_query(client, evening, query, queries,
                                                    django_assert_num_queries):
    page = url(evening, **query)
    first = client.get(page)
    etag = first["ETag"]
    assert etag.startswith('W/"')
    with django_assert_num_queries(queries):
        again = client.get(page, headers={"If-None-Match": etag})
    assert again.status_code == 304, page
    assert again["ETag"] == etag and not again.content
    assert set(again["Vary"].split(", ")) >= {"Accept-Language", "Cookie"}
    assert again["Cache-Control"] == first["Cache-Control"]


def seatings_of_board_1(session):
    """The (NS, EW) pairs the movement seats at board 1, in round order."""
    return sorted(SessionPlan.load(session).scheduled_pairs[1])


def play_board_1(session, seatings):
    for ns, ew in seatings:
        make_result(session, 1, ns, ew, "4S= N", board_hcp=22)
    bump(session)  # the services bump the version; the factory saves directly


def test_writes_the_standings_do_not_show_keep_their_etag(client, django_assert_num_queries):
    """Entries on a board not yet released change the session (its version) but nothing
    the public standings show: the poll is still a 304, after one query once the first
    poll of this version has worked out what the standings show."""
    session = make_session(tables=3)
    page = url(session, part="table")
    etag = client.get(page)["ETag"]
    play_board_1(session, seatings_of_board_1(session)[:-1])
    # The write forgot the ETag this process had confirmed: the poll asks the database
    # (the session's new version) and works out again what the standings show.
    with CaptureQueriesContext(connection) as asked:
        again = client.get(page, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again["ETag"] == etag and len(asked) >= 1
    with django_assert_num_queries(0):  # confirmed again a moment ago
        assert client.get(page, headers={"If-None-Match": etag}).status_code == 304


def test_a_released_board_is_a_new_etag_and_new_standings(client):
    session = make_session(tables=3)
    page = url(session, part="table")
    seatings = seatings_of_board_1(session)
    play_board_1(session, seatings[:-1])
    etag = client.get(page)["ETag"]
    assert "The totals count 0 of 6 boards" in client.get(page).content.decode()
    play_board_1(session, seatings[-1:])  # every table has played board 1: it is released
    response = client.get(page, headers={"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag
    assert "The totals count 1 of 6 boards" in response.content.decode()


def test_a_corrected_result_on_a_released_board_is_a_new_etag(client):
    session = make_session(tables=3)
    page = url(session, part="table")
    play_board_1(session, seatings_of_board_1(session))
    etag = client.get(page)["ETag"]
    result = session.boards.get(number=1).results.first()
    result.set_contract(*parse_result("4S-2 N"))
    score_result(result)
    result.save()
    bump(session)
    response = client.get(page, headers={"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag


def test_a_change_to_the_session_itself_is_a_new_etag(client, evening):
    page = url(evening)
    etag = client.get(page)["ETag"]
    Session.objects.filter(pk=evening.pk).update(name="Renamed evening")
    bump(evening)
    response = client.get(page, headers={"If-None-Match": etag})
    assert response.status_code == 200 and "Renamed evening" in response.content.decode()


def test_a_renamed_player_is_a_new_etag(client, evening):
    page = url(evening, part="table")
    etag = client.get(page)["ETag"]
    player = evening.pairs.get(number=1).player1
    save_player({"name": "Renamed Player"}, player.pk)
    response = client.get(page, headers={"If-None-Match": etag})
    assert response.status_code == 200
    assert "Renamed Player" in response.content.decode()


@pytest.mark.parametrize("other", [{"sort": "pair"}, {"language": "ru"}, {"director": True}])
def test_what_else_changes_the_page_changes_its_etag(client, evening, director, other):
    etag = client.get(url(evening))["ETag"]
    visitor = Client()
    visitor.cookies = client.cookies  # the same CSRF cookie, the same browser
    query, headers = {}, {"If-None-Match": etag}
    if "sort" in other:
        query["sort"] = other["sort"]
    if "language" in other:
        headers["Accept-Language"] = other["language"]
    if "director" in other:
        visitor.force_login(director)
    response = visitor.get(url(evening, **query), headers=headers)
    assert response.status_code == 200 and response["ETag"] != etag


def test_a_waiting_message_is_shown_not_a_304(client, evening):
    response = client.get(url(evening))
    client.cookies["messages"] = "something to show"
    again = client.get(url(evening), headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 200


def test_the_page_of_a_session_in_setup_is_private(director_client):
    session = make_session(tables=3, status="setup")
    for page in (url(session), url(session, part="table")):
        response = director_client.get(page)
        assert response.status_code == 200
        assert response["Cache-Control"] == "private, max-age=0, must-revalidate"


def test_the_standings_are_rendered_once_per_change_of_what_they_show(client, evening, settings,
                                                     django_assert_num_queries):
    settings.PAGE_CACHE_SECONDS = 600
    with mock.patch.object(views, "render_live_standings",
                           wraps=views.render_live_standings) as render:
        first = client.get(url(evening)).content.decode()
        with django_assert_num_queries(1):  # the session; the standings come from the cache
            second = Client().get(url(evening, part="table")).content.decode()
        assert render.call_count == 1
        assert second in first
        client.get(url(evening, sort="pair"))
        assert render.call_count == 2  # another sort, another block
        bump(evening)  # a write that changes nothing the standings show
        client.get(url(evening))
        assert render.call_count == 2
        make_result(evening, 2, 2, 5, "3NT= S", board_hcp=26, round=1, table=2)
        Session.objects.filter(pk=evening.pk).update(name="Renamed evening")
        bump(evening)
        client.get(url(evening))
        assert render.call_count == 3


def test_without_the_cache_every_request_renders(client, evening, settings):
    settings.PAGE_CACHE_SECONDS = 0
    with mock.patch.object(views, "render_live_standings",
                           wraps=views.render_live_standings) as render:
        client.get(url(evening))
        client.get(url(evening))
    assert render.call_count == 2


def test_no_csrf_cookie_from_the_htmx_header_on_public_pages(evening, director_client):
    html = Client().get(url(evening)).content.decode()
    assert "hx-headers" not in html
    assert "hx-headers" in director_client.get(
        reverse("entry-session", args=[evening.pk])).content.decode()
    # The live block, fetched again and again, never sets a cookie.
    assert not Client().get(url(evening, part="table")).cookies
