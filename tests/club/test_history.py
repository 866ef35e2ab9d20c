"""Every change of a result is recorded (who, when, before and after) and shown."""

import re

import pytest
from django.urls import reverse

from club.models import Result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def history_rows(page):
    table = page[page.index('<table class="history">'):]
    table = table[:table.index("</table>")]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip()
            for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)][1:]


def test_entry_and_correction_are_recorded_with_the_director(director_client, director):
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    board.ns_hcp = 20
    board.save()
    director_client.post(reverse("entry-row", args=[session.pk, 1, 1, 1]),
                         {"result": "4S= N"}, headers=HTMX)
    result = Result.objects.get()
    director_client.post(reverse("result-detail", args=[result.pk]), {
        "result": "4S-1 N", "ns_hcp": "", "ns_adjustment": "ave+", "ew_adjustment": "",
        "assigned": "", "version": "1"})
    records = list(result.history.order_by("history_date"))
    assert [r.history_type for r in records] == ["+", "~"]
    assert all(r.history_user == director for r in records)
    page = director_client.get(reverse("result-detail", args=[result.pk])).content.decode()
    newest, first = history_rows(page)
    assert "td" in newest and "changed" in newest
    assert "Table result: 4S= N → 4S-1 N" in newest
    assert "NS adjusted score: — → Average plus (+3 IMPs)" in newest
    # 4S= N on board 1 at 20-20 is +420 (9 IMPs); 4S-1 N is -50, and NS's Ave+ makes 3.
    assert "NS score: +420 → −50" in newest and "NS IMPs: +9 → +3" in newest
    assert "EW IMPs: −9 → +2" in newest and "Net: +420 → −50" in newest
    assert "entered" in first and "4S= N" in first


def test_a_deleted_result_keeps_its_history(director_client, director):
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    director_client.post(reverse("result-delete", args=[result.pk]),
                         {"version": "1", "confirm": "yes"})
    response = director_client.get(reverse("result-detail", args=[result.pk]))
    page = response.content.decode()
    assert response.status_code == 200 and "This result was deleted" in page
    deleted, entered = history_rows(page)
    assert "deleted" in deleted and "td" in deleted
    assert "entered" in entered


def test_the_result_page_queries_do_not_grow_with_the_history(director_client,
                                                             django_assert_max_num_queries):
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    url = reverse("result-detail", args=[result.pk])
    director_client.get(url)
    with django_assert_max_num_queries(12) as short:
        director_client.get(url)
    for number, text in enumerate(["4S-1 N", "4S+1 N", "3NT= S", "pass", "4H= N"], start=1):
        director_client.post(url, {"result": text, "ns_hcp": "", "ns_adjustment": "",
                                   "ew_adjustment": "", "assigned": "",
                                   "version": str(number)})
    with django_assert_max_num_queries(12) as long:
        page = director_client.get(url).content.decode()
    assert len(history_rows(page)) == 6
    assert len(short) == len(long)
