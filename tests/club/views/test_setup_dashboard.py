"""A session's page for directors: its setup at a glance, what is still missing, the links
to every setup page, and the button that starts play."""

import pytest
from django.urls import reverse

from tests.factories import make_pair, make_session

pytestmark = pytest.mark.django_db


def dashboard(client, session):
    return client.get(reverse("director-session", args=[session.pk]))


def start(client, session):
    return client.post(reverse("setup-session-start", args=[session.pk]), follow=True)


def test_the_page_shows_the_setup_and_links_to_every_setup_page(director_client):
    session = make_session(tables=4, boards_per_round=3, status="setup")
    response = dashboard(director_client, session)
    page = response.content.decode()
    for name in ("setup-session-edit", "setup-pairs", "setup-schedule", "setup-table-cards"):
        assert reverse(name, args=[session.pk]) in page
    # 4 tables: 3 rounds, 4 sets of 3 boards = 12 boards; 8 pairs.
    assert "<dt>Rounds</dt><dd>3</dd>" in page
    assert "<dt>Boards</dt><dd>12 (duplicated)</dd>" in page
    assert "<dt>Pairs</dt><dd>8</dd>" in page
    assert "Setup not complete" not in page
    templates = {t.name for t in response.templates}
    assert {"club/entry/session_links.html", "reports/session_links.html"} <= templates


def test_missing_pairs_are_pointed_out_and_play_cannot_start(director_client):
    session = make_session(tables=4, pairs=7, boards=False, status="setup")
    session.pairs.get(number=3).delete()  # 3NS gone: 6 pairs
    page = dashboard(director_client, session).content.decode()
    assert "6 pairs registered; 4 tables need 8 pairs, or 7 with a sit-out each round." in page
    assert "disabled>Start play" in page
    page = start(director_client, session).content.decode()
    assert "6 pairs registered" in page
    session.refresh_from_db()
    assert session.status == "setup"


def test_a_gap_in_the_numbers_is_named(director_client):
    session = make_session(tables=4, boards=False, status="setup")
    session.pairs.get(number=5).delete()  # 7 pairs, but the empty seat is 1EW, not 4EW
    page = dashboard(director_client, session).content.decode()
    assert ("With 7 pairs the pairs must be 1NS to 3EW without a gap; missing: 1EW." in page)


def test_play_starts_when_the_pairs_fit(director_client):
    session = make_session(tables=3, pairs=5, status="setup")
    setup_page = dashboard(director_client, session).content.decode()
    assert reverse("table-codes", args=[session.pk]) not in setup_page
    page = start(director_client, session).content.decode()
    assert "Play has started. Every table has its code" in page
    session.refresh_from_db()
    assert session.status == "running" and session.table_codes.count() == 3
    # The session's page now leads straight to the codes, the live dashboard and the deals.
    for name in ("table-codes", "entry-dashboard", "hand-records"):
        assert f'href="{reverse(name, args=[session.pk])}"' in page
    page = start(director_client, session).content.decode()
    assert "does not apply to a session that is running" in page


def test_free_seating_starts_with_any_two_pairs(director_client):
    session = make_session(tables=5, movement="free", rounds=2, pairs=1, status="setup")
    assert "1 pair registered; free seating on 5 tables takes 2 to 10 pairs." in (
        dashboard(director_client, session).content.decode())
    make_pair(session, 2)
    start(director_client, session)
    session.refresh_from_db()
    assert session.status == "running"


@pytest.mark.parametrize("tables", [3, 14])
def test_a_fixed_number_of_queries(director_client, django_assert_max_num_queries, tables):
    session = make_session(tables=tables, status="setup")
    with django_assert_max_num_queries(6):  # auth (3), session, pair numbers, board count
        dashboard(director_client, session)


def test_a_refused_start_says_what_is_missing_once(director_client):
    session = make_session(tables=3, pairs=4, status="setup")
    page = start(director_client, session).content.decode()
    assert page.count("4 pairs registered; 3 tables need 6 pairs") == 1
    session.refresh_from_db()
    assert session.status == "setup"
