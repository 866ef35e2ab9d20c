"""Masterpoints on a session's standings (issue 21): once the session is published and
awarded, its standings page (the public's and the director's) and the standings downloads
show each pair's masterpoints in a column of their own; before publication, with no
scheme, or ranked by another method there is no such column. A fixed number of queries
whatever the size of the session."""

import csv
import io
from decimal import Decimal

import pytest
from django.test import Client

from club.services.masterpoints import save_award_scheme
from club.services.sessions import change_status
from tests.factories import make_result, make_session
from tests.reports.test_masterpoints_pages import queries

pytestmark = pytest.mark.django_db


@pytest.fixture
def scheme():
    # The top half of the field scores: 10 for the winner, then equal steps.
    return save_award_scheme({"name": "Club pairs", "top_fixed": Decimal(10),
                              "scoring_numerator": 1, "scoring_denominator": 2,
                              "decimals": 1})


def evening(tables, scheme, publish=True):
    """A Mitchell of `tables` tables, round 1 played: pair 1 (NS at table 1) wins with
    +420, pair 2 (NS at table 2) is second with +90; the other tables pass."""
    session = make_session(tables=tables, status="running", award_scheme=scheme)
    for table in range(1, tables + 1):
        text = {1: "4S= N", 2: "1NT= N"}.get(table, "pass")
        make_result(session, 2 * table - 1, table, table + tables, text, board_hcp=20)
    change_status(session.pk, "finish")
    if publish:
        change_status(session.pk, "publish")
    return session


def standings_csv(client, session):
    text = client.get(f"/sessions/{session.id}/?_export=csv").content.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def test_an_awarded_session_shows_each_pairs_masterpoints(client, scheme):
    session = evening(2, scheme)  # 4 pairs: 2 score, 10 and 5
    html = client.get(f"/sessions/{session.id}/").content.decode()
    assert '<th class="num">Masterpoints</th>' in html
    assert '<td class="masterpoints num">10</td>' in html
    assert '<td class="masterpoints num">5</td>' in html
    assert html.count('<td class="masterpoints num"></td>') == 2  # no award below 2nd
    rows = {row["Pair"]: row["Masterpoints"] for row in standings_csv(client, session)}
    assert rows == {"1NS": "10", "2NS": "5", "1EW": "", "2EW": ""}
    listed = client.get(f"/sessions/{session.id}/?_export=json").json()
    assert [row["Masterpoints"] for row in listed] == [10, 5, None, None]


def test_a_shared_award_with_decimals(client):
    """Pairs 1 and 2 tie for first where first earns 10 and second 5: 7.5 each."""
    scheme = save_award_scheme({"name": "Halves", "top_fixed": Decimal(10),
                                "scoring_numerator": 1, "scoring_denominator": 2,
                                "decimals": 1})
    session = make_session(tables=2, status="running", award_scheme=scheme)
    make_result(session, 1, 1, 3, "1NT= N", board_hcp=20)
    make_result(session, 3, 2, 4, "1NT= N", board_hcp=20)
    change_status(session.pk, "finish")
    change_status(session.pk, "publish")
    assert html_count(client, session, '<td class="masterpoints num">7.5</td>') == 2
    listed = client.get(f"/sessions/{session.id}/?_export=json").json()
    assert [row["Masterpoints"] for row in listed] == [7.5, 7.5, None, None]


def html_count(client, session, text):
    return client.get(f"/sessions/{session.id}/").content.decode().count(text)


def test_the_directors_standings_show_them_too(director_client, scheme):
    session = evening(2, scheme)
    html = director_client.get(f"/sessions/{session.id}/").content.decode()
    assert '<td class="masterpoints num">10</td>' in html


def test_nothing_before_publication_or_without_a_scheme(client, scheme):
    finished = evening(2, scheme, publish=False)
    unawarded = evening(2, None)
    for session in (finished, unawarded):
        html = client.get(f"/sessions/{session.id}/").content.decode()
        assert "Masterpoints" not in html
        assert "Masterpoints" not in standings_csv(client, session)[0]


def test_another_ranking_has_no_masterpoints_column(client, scheme):
    """The awards follow the official ranking; a comparison by matchpoints places the
    pairs otherwise."""
    session = evening(2, scheme)
    html = client.get(f"/sessions/{session.id}/?method=matchpoints").content.decode()
    assert "Masterpoints" not in html


def test_unpublishing_or_a_changed_scheme_changes_the_column(client, scheme):
    """The cached standings block is keyed by what it shows: the awards are part of it."""
    session = evening(2, scheme)
    url = f"/sessions/{session.id}/"
    assert '<td class="masterpoints num">10</td>' in client.get(url).content.decode()
    save_award_scheme({"top_fixed": Decimal(12)}, scheme_id=scheme.pk)
    html = client.get(url).content.decode()
    assert '<td class="masterpoints num">12</td>' in html
    assert '<td class="masterpoints num">6</td>' in html
    change_status(session.pk, "unpublish")
    assert "Masterpoints" not in client.get(url).content.decode()


@pytest.mark.parametrize("suffix", ["", "?_export=csv", "?_export=xlsx", "?part=table"])
def test_a_fixed_number_of_queries_whatever_the_size(scheme, suffix):
    small, large = evening(2, scheme), evening(9, scheme)
    client = Client()
    counts = [queries(client, f"/sessions/{s.id}/{suffix}") for s in (small, large)]
    assert counts[0] == counts[1]
    if suffix != "?_export=xlsx":
        assert "Masterpoints" in client.get(f"/sessions/{large.id}/{suffix}").content.decode()
