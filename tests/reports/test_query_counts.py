"""Every public page (and export) runs a fixed number of queries, at most 10, whatever the
size of the session: a 30-table, 27-board session (810 results) needs exactly as many as a
3-table one."""

import pytest
from django.test import Client

from club.management.commands.bench_pages import build_session
from club.models import Result

pytestmark = pytest.mark.django_db

PAGES = {
    "session list": lambda s: "/",
    "standings": lambda s: f"/sessions/{s.id}/",
    "standings sorted": lambda s: f"/sessions/{s.id}/?sort=-imps_per_board",
    "board list": lambda s: f"/sessions/{s.id}/boards/",
    "board report": lambda s: f"/sessions/{s.id}/boards/2/",
    "NS scorecard": lambda s: f"/sessions/{s.id}/pairs/1/",
    "EW scorecard": lambda s: f"/sessions/{s.id}/pairs/{2 * s.tables}/",
    "standings CSV": lambda s: f"/sessions/{s.id}/?_export=csv",
    "results XLSX": lambda s: f"/sessions/{s.id}/boards/?_export=xlsx",
    "results JSON": lambda s: f"/sessions/{s.id}/boards/?_export=json",
}


@pytest.fixture
def sessions():
    big = build_session(30, 27, name="Big evening")
    small = build_session(3, 2, name="Small evening")
    return big, small


def test_the_big_session_has_810_results(sessions):
    big, small = sessions
    assert Result.objects.filter(board__session=big).count() == 810
    assert big.boards.count() == 27 and big.pairs.count() == 60
    assert Result.objects.filter(board__session=small).count() == 6


def count_queries(client, url, django_assert_max_num_queries):
    with django_assert_max_num_queries(10) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("visitor", ["anonymous", "director"])
def test_fixed_number_of_queries(sessions, page, visitor, director,
                                 django_assert_max_num_queries):
    client = Client()
    if visitor == "director":
        client.force_login(director)
    big, small = sessions
    counts = [count_queries(client, PAGES[page](s), django_assert_max_num_queries)
              for s in (big, small)]
    assert counts[0] == counts[1]


def test_archive_download_fixed_queries(sessions, director, django_assert_max_num_queries):
    client = Client()
    client.force_login(director)
    big, small = sessions
    counts = [count_queries(client, f"/director/sessions/{s.id}/archive/",
                            django_assert_max_num_queries) for s in sessions]
    assert counts[0] == counts[1]
