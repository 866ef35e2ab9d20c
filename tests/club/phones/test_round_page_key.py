"""A table's round page is worked out once per version of that table's page (issue 24,
club.services.locks), not once per write to the session: another table's entry, its
acceptance and its call leave the cached page in place, so the poll is a 304 after as few
queries as when nothing was written; and, played through an evening with the director's
writes among the tables', the cached page never differs from one worked out afresh."""

import re
import uuid

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import DirectorCall
from club.services.players import save_player
from club.services.results import contract_values, correct_result
from club.services.table_phones import (
    accept_entry,
    answer_call,
    call_director,
    issue_codes,
    submit_entry,
)
from scoring.engine import parse_result
from tests.club.phones.test_round_etag import round_url
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """3-table Mitchell of 2 rounds, 1 board a round: NS pair t stays at table t, the EW
    pairs move up a table (EW pair 4: table 1, then 2), the boards down (board 1: table 1,
    then table 3)."""
    session = make_session(tables=3, rounds=2, boards_per_round=1)
    session.boards.update(ns_hcp=20)
    issue_codes(session.pk)
    return session


def poll_queries(client, url, etag):
    """(status, number of queries) of a poll carrying `etag`."""
    with CaptureQueriesContext(connection) as queries:
        status = client.get(url, headers={"If-None-Match": etag}).status_code
    return status, len(queries)


def page_text(client, url):
    """The page's HTML, its forms' CSRF tokens (masked anew on every rendering) blanked."""
    html = client.get(url).content.decode()
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def play(session, table, board, round, text="4S= N"):
    entry = submit_entry(session.pk, table=table, round=round, board_number=board,
                         key=uuid.uuid4(), values=contract_values(parse_result(text)))
    return entry, lambda: accept_entry(session.pk, entry.key, table=table)


def test_another_tables_writes_keep_the_cached_round_page(client, evening):
    url = round_url(evening, 3)  # seats NS pair 3 and EW pairs 6, then 5: not 1 or 4
    etag = client.get(url)["ETag"]
    quiet = poll_queries(client, url, etag)
    assert quiet[0] == 304
    _entry, accept = play(evening, 1, 1, 1)
    assert poll_queries(client, url, etag) == quiet
    accept()
    assert poll_queries(client, url, etag) == quiet
    call_director(evening.pk, 1, 1)
    assert poll_queries(client, url, etag) == quiet


def test_a_phone_opening_a_page_another_phone_opened_loads_no_table_state(client,
                                                                          evening):
    """The players of a table open its page at once: the first works it out, the others
    are given the page kept for that version, after the one query of a poll."""
    url = round_url(evening, 2)
    first = page_text(client, url)
    etag = client.get(url)["ETag"]
    poll = poll_queries(client, url, etag)
    other = Client()
    with CaptureQueriesContext(connection) as queries:
        response = other.get(url)
    assert response.status_code == 200 and response["ETag"] != ""
    assert len(queries) == poll[1]
    assert page_text(other, url) == first


def test_a_phone_opening_a_kept_page_gets_the_kept_section_with_its_own_token(evening):
    """The round's section is rendered once per version and language: another phone is
    given it without its templates rendered again, with its own CSRF token in the call
    form, which the site takes."""
    url = round_url(evening, 2)
    first = Client()
    first.get(url)
    other = Client(enforce_csrf_checks=True)
    response = other.get(url)
    rendered = {template.name for template in response.templates}
    assert "club/phones/round.html" in rendered
    assert "club/phones/_round.html" not in rendered
    assert "club/phones/_header.html" not in rendered
    html = response.content.decode()
    token = re.search(r'class="call-form"><input type="hidden" name="csrfmiddlewaretoken" '
                      r'value="([^"]+)"', html)[1]
    assert token not in first.get(url).content.decode()  # not the first phone's
    call = other.post(reverse("table-call", args=[evening.table_codes.get(table=2).code]),
                      {"csrfmiddlewaretoken": token, "reason": "other"})
    assert call.status_code == 302
    assert DirectorCall.objects.filter(session=evening, table=2).exists()


class Watcher:
    """Polls pages after every write, each with the ETag it last had: a 304 must mean the
    page worked out afresh (an empty cache, as a new worker) still has that ETag; and the
    page another phone opens (from the cache) must be the page worked out afresh."""

    def __init__(self, client, urls):
        self.client, self.urls, self.other = client, urls, Client()
        self.etags = {url: client.get(url)["ETag"] for url in urls}

    def check(self, what):
        urls = self.urls
        answered = {url: poll_queries(self.client, url, self.etags[url])[0] for url in urls}
        served = {url: page_text(self.other, url) for url in urls}
        cache.clear()
        fresh = {url: self.client.get(url)["ETag"] for url in urls}
        stale = [url for url in urls if answered[url] == 304 and fresh[url] != self.etags[url]]
        assert not stale, f"{what}: {stale}"
        cache.clear()
        assert {url: page_text(self.other, url) for url in urls} == served, what
        self.etags.update(fresh)


def test_a_cached_round_page_is_never_stale(client, evening):
    """After every write, each table's pages (its current round and round 1) are
    polled (Watcher). The director corrects table 1's board 1 while table 1 plays
    round 2, where its pairs may not see board 1: table 1's page for round 1 says
    "changed by the director" only once table 3, which seats neither of its pairs, has
    played board 1 and released it."""
    urls = [round_url(evening, table) + query for table in (1, 2, 3)
            for query in ("", "?round=1")]
    watcher = Watcher(client, urls)
    check = watcher.check

    def play_and_check(table, board, round):
        _entry, accept = play(evening, table, board, round)
        if (table, round) == (1, 1):  # an entry touches its own table alone, as a call
            check("the first entry")
        accept()
        check(f"acceptance at table {table}, round {round}")

    for table in (1, 2, 3):
        play_and_check(table, table, 1)
    play_and_check(1, 2, 2)
    play_and_check(2, 3, 2)
    result = evening.boards.get(number=1).results.get()
    correct_result(result.pk, result.version, contract_values(parse_result("3NT+1 N")))
    check("the director's correction")
    call_director(evening.pk, 2, 2)
    check("a call")
    answer_call(evening.pk, DirectorCall.objects.get(session=evening).pk)
    check("its answer")
    save_player({"name": "Renamed EW"}, evening.pairs.get(number=4).player1.pk)
    check("a renamed player")
    table_1_round_1 = client.get(urls[1]).content.decode()
    play_and_check(3, 1, 2)
    assert "changed by the director" in client.get(urls[1]).content.decode()
    assert "changed by the director" not in table_1_round_1


def test_a_table_gone_ahead_is_never_stale(client):
    """A 5-table Mitchell of 3 rounds, 1 board a round, played out of step: table 2 plays
    rounds 1 and 2 while table 1 is still in round 1, then waits in round 3 for EW pair 10,
    which plays board 2 (table 2's board in round 1) at table 1 in round 2. Then both pairs
    now seated at table 2 have played board 2, and its round 1 page shows the result."""
    session = make_session(tables=5, rounds=3, boards_per_round=1)
    session.boards.update(ns_hcp=20)
    issue_codes(session.pk)
    urls = [round_url(session, table) + query for table in (1, 2, 5)
            for query in ("", "?round=1")]
    watcher = Watcher(client, urls)
    for table, board, round, text in ((1, 1, 1, "4S= N"), (2, 2, 1, "3NT+2 S"),
                                      (5, 5, 1, "4S= N"), (2, 3, 2, "4S= N"),
                                      (1, 2, 2, "2H-1 E")):
        _entry, accept = play(session, table, board, round, text)
        accept()
        watcher.check(f"acceptance at table {table}, round {round}")
    assert "3NT+2" in client.get(round_url(session, 2) + "?round=1").content.decode()
