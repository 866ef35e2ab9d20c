"""Free seating: no schedule, so the director types the pairs with each result."""

import pytest
from django.urls import reverse

from club.models import Result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def free(db):
    session = make_session(tables=3, movement="free", rounds=3)  # pairs 1-6, boards 1-6
    board = session.boards.get(number=1)
    board.ns_hcp = 20
    board.save()
    return session


def free_url(session, board=1):
    return reverse("entry-free-row", args=[session.pk, board])


def test_the_traveller_offers_one_empty_row_per_table(director_client, free):
    page = director_client.get(reverse("entry-traveller", args=[free.pk, 1])).content.decode()
    assert page.count('name="ns_pair"') == 3
    make_result(free, 1, 1, 2, "4S= N")
    page = director_client.get(reverse("entry-traveller", args=[free.pk, 1])).content.decode()
    assert page.count('name="ns_pair"') == 2
    assert "4♠= N" in page


def test_a_free_row_stores_pairs_table_and_round(director_client, free):
    response = director_client.post(free_url(free), {
        "ns_pair": "3", "ew_pair": "6", "result": "3NT-1 S", "table": "2", "slot": "1"},
        headers=HTMX)
    html = response.content.decode()
    assert 'data-outcome="saved"' in html and 'data-state="saved"' in html
    result = Result.objects.get()
    assert (result.ns_pair.number, result.ew_pair.number, result.table, result.round) == (
        3, 6, 2, None)
    assert (result.ns_score, result.ns_imps) == (-50, -2)  # 20-20, -50 = 2 IMPs


def test_pairs_must_exist_and_differ(director_client, free):
    html = director_client.post(free_url(free), {
        "ns_pair": "7", "ew_pair": "7", "result": "4S= N"}, headers=HTMX).content.decode()
    assert "There is no pair 7 in this session; its pairs are 1, 2, 3, 4, 5, 6." in html
    html = director_client.post(free_url(free), {
        "ns_pair": "2", "ew_pair": "2", "result": "4S= N"}, headers=HTMX).content.decode()
    assert "A pair cannot play against itself." in html
    html = director_client.post(free_url(free), {
        "ns_pair": "", "ew_pair": "x", "result": "4S= N"}, headers=HTMX).content.decode()
    assert html.count("Give the number of a pair of this session.") == 2
    assert 'value="4S= N"' in html
    assert not Result.objects.exists()


def test_a_pair_plays_a_board_once(director_client, free):
    make_result(free, 1, 1, 2, "4S= N", table=1)
    html = director_client.post(free_url(free), {
        "ns_pair": "3", "ew_pair": "1", "result": "pass"}, headers=HTMX).content.decode()
    assert ("Pair 1 already has a result on board 1: 4S= N against 2 (table 1)." in html)
    assert Result.objects.count() == 1


def test_without_javascript_a_free_row_redirects(director_client, free):
    response = director_client.post(free_url(free), {
        "ns_pair": "1", "ew_pair": "4", "result": "pass"})
    assert response.status_code == 302
    response = director_client.post(free_url(free), {
        "ns_pair": "1", "ew_pair": "5", "result": "pass"})
    assert response.status_code == 200 and "already has a result" in response.content.decode()


def test_schedule_sessions_have_no_free_rows(director_client):
    session = make_session(tables=3)
    assert director_client.post(free_url(session), {
        "ns_pair": "1", "ew_pair": "4", "result": "pass"}).status_code == 404


def test_without_javascript_an_error_shows_even_when_the_slot_is_gone(director_client, free):
    make_result(free, 1, 1, 2, "4S= N")
    make_result(free, 1, 3, 4, "4S= N")  # two results: one empty row (slot 1) is left
    response = director_client.post(free_url(free), {
        "ns_pair": "5", "ew_pair": "9", "result": "pass", "slot": "3"})
    page = response.content.decode()
    assert "There is no pair 9 in this session" in page
    assert page.count('name="ns_pair"') == 2


def test_saved_rows_read_as_the_public_pages_write_them(director_client, free):
    make_result(free, 1, 1, 2, "4S-1 N")
    make_result(free, 1, 3, 4, "pass")
    page = director_client.get(reverse("entry-traveller", args=[free.pk, 1])).content.decode()
    assert "4♠−1 N" in page and "4♠-1 N" not in page
    assert ">Pass<" in page and "PASS" not in page
    assert ">−50<" in page
