"""Scorecard entry: one table, one round, its boards in rows (the HCP on each row)."""

import re

import pytest
from django.urls import reverse

from club.models import Result
from tests.factories import make_result, make_session, save_scored

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}

# 3-table Mitchell, 2 boards a round: round 2 table 1 is 1NS against 3EW on set 2 (boards
# 3 and 4); round 3 table 3 is the last scorecard.


def scorecard_url(session, round, table):
    return reverse("entry-scorecard", args=[session.pk, round, table])


def row_url(session, board, round, table):
    return reverse("entry-row", args=[session.pk, board, round, table])


def test_rows_are_the_boards_of_the_table(director_client):
    session = make_session(tables=3)
    page = director_client.get(scorecard_url(session, 2, 1)).content.decode()
    assert re.findall(r'<form id="row-(b\d-r2-t1)"', page) == ["b3-r2-t1", "b4-r2-t1"]
    assert "1NS" in page and "3EW" in page
    assert page.count('name="ns_hcp"') == 2


def test_first_table_gives_the_board_its_hcp(director_client):
    session = make_session(tables=3)
    response = director_client.post(row_url(session, 3, 2, 1),
                                    {"result": "2H+1 S", "ns_hcp": "23", "view": "scorecard"},
                                    headers=HTMX)
    assert 'data-outcome="saved"' in response.content.decode()
    board = session.boards.get(number=3)
    assert board.ns_hcp == 23
    result = Result.objects.get()
    # Board 3: EW vulnerable, NS not. 2H+1 by S = +140; NS 23 HCP owe 110; net 30 = 1 IMP.
    assert result.ns_hcp is None
    assert (result.ns_score, result.ns_compensation, result.ns_net, result.ns_imps) == (
        140, 110, 30, 1)


def test_a_different_hcp_for_a_duplicated_board_is_refused(director_client):
    session = make_session(tables=3)
    make_result(session, 3, 2, 5, "3NT= N", board_hcp=23, round=1, table=2)
    response = director_client.post(row_url(session, 3, 2, 1),
                                    {"result": "2H+1 S", "ns_hcp": "24", "view": "scorecard"},
                                    headers=HTMX)
    html = response.content.decode()
    assert "Board 3 already has NS HCP 23" in html
    assert 'value="2H+1 S"' in html and 'value="24"' in html
    assert Result.objects.count() == 1
    assert session.boards.get(number=3).ns_hcp == 23


def test_missing_hcp_is_asked_for(director_client):
    session = make_session(tables=3)
    response = director_client.post(row_url(session, 3, 2, 1),
                                    {"result": "2H+1 S", "view": "scorecard"}, headers=HTMX)
    assert "Board 3 has no NS HCP yet" in response.content.decode()
    assert not Result.objects.exists()


def test_without_javascript_a_scorecard_row_returns_to_the_scorecard(director_client):
    session = make_session(tables=3)
    response = director_client.post(row_url(session, 3, 2, 1), {
        "result": "pass", "ns_hcp": "20", "view": "scorecard"})
    assert response["Location"] == scorecard_url(session, 2, 1) + "#row-b3-r2-t1"
    response = director_client.post(row_url(session, 4, 2, 1), {
        "result": "pass pass", "ns_hcp": "20", "view": "scorecard"})
    page = response.content.decode()
    assert response.status_code == 200 and "Round 2, table 1" in page
    assert "A passed-out board takes no declarer" in page


def test_pages_follow_each_other_table_by_table(director_client):
    session = make_session(tables=3)
    page = director_client.get(scorecard_url(session, 1, 3)).content.decode()
    assert f'href="{scorecard_url(session, 2, 1)}" rel="next"' in page
    assert f'href="{scorecard_url(session, 1, 2)}" rel="prev"' in page
    last = director_client.get(scorecard_url(session, 3, 3)).content.decode()
    assert 'rel="next"' not in last


def test_a_sit_out_has_nothing_to_enter(director_client):
    session = make_session(tables=3, pairs=5)
    page = director_client.get(scorecard_url(session, 1, 3)).content.decode()
    assert "Pair 3NS sits out this round" in page
    assert 'class="entry-row' not in page


def test_unknown_round_or_table_is_not_found(director_client):
    session = make_session(tables=3)
    assert director_client.get(scorecard_url(session, 4, 1)).status_code == 404
    assert director_client.get(scorecard_url(session, 1, 9)).status_code == 404


def test_scorecard_queries_do_not_grow_with_the_session(director_client,
                                                        django_assert_max_num_queries):
    small = make_session(tables=3, boards_per_round=2)
    big = make_session(tables=9, boards_per_round=4, name="Big")
    director_client.get(scorecard_url(small, 1, 1))
    with django_assert_max_num_queries(9) as small_queries:
        director_client.get(scorecard_url(small, 1, 1))
    with django_assert_max_num_queries(9) as big_queries:
        director_client.get(scorecard_url(big, 1, 1))
    assert len(small_queries) == len(big_queries)


def test_saving_a_row_keeps_a_tables_own_hcp(director_client):
    session = make_session(tables=3)
    result = make_result(session, 3, 2, 5, "3NT= N", board_hcp=23, round=1, table=2)
    result.ns_hcp = 25  # the director's per-table value, set on the result page
    save_scored(result)
    director_client.post(row_url(session, 3, 1, 2), {
        "result": "3NT+1 N", "ns_hcp": "23", "view": "scorecard",
        "version": str(result.version)}, headers=HTMX)
    result.refresh_from_db()
    assert (result.text, result.ns_hcp) == ("3NT+1 N", 25)
