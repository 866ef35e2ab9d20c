"""Every public page (and export) runs a fixed number of queries, at most 10, whatever the
size of the session: a 30-table Mitchell of 27 rounds (810 results) needs exactly as many as
a 3-table one."""

import pytest
from django.db.models import Count
from django.test import Client

from club.management.bench import build_session
from club.models import Result
from club.plan import SessionPlan
from club.schedule import seating_boards
from tests.factories import ensure_moscow_table, history_marks, remove_sessions

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
    # Another ranking (issue 19): the same results, computed on reading.
    "standings by matchpoints": lambda s: f"/sessions/{s.id}/?method=matchpoints",
    "standings by cross-IMPs sorted": lambda s: f"/sessions/{s.id}/?method=cross_imps&sort=pair",
    "standings by Butler XLSX": lambda s: f"/sessions/{s.id}/?method=butler&_export=xlsx",
    "results XLSX": lambda s: f"/sessions/{s.id}/boards/?_export=xlsx",
    "results JSON": lambda s: f"/sessions/{s.id}/boards/?_export=json",
}


@pytest.fixture(scope="module")
def sessions(django_db_setup, django_db_blocker):
    """Built once for the module (it takes a second), committed, and removed afterwards
    with the history records it made, so later tests find the database as it was."""
    with django_db_blocker.unblock():
        marks = history_marks()
        ensure_moscow_table()  # a transactional test before this one flushed it
        built = (build_session(30, 27, scheduled=True, name="Big evening"),
                 build_session(3, 2, scheduled=True, name="Small evening"))
    yield built
    with django_db_blocker.unblock():
        remove_sessions([s.pk for s in built], marks)


def test_the_big_session_has_810_results(sessions):
    big, small = sessions
    assert Result.objects.filter(board__session=big).count() == 810
    # The results follow the Mitchell's own schedule: 30 board sets of one board, each
    # round every table plays its set, so 27 rounds x 30 tables = 810 results on 30 boards
    # (27 each); before, every table played board r in round r (27 boards of 30).
    assert big.boards.count() == 30 and big.pairs.count() == 60
    assert set(big.boards.annotate(n=Count("results")).values_list("n", flat=True)) == {27}
    assert Result.objects.filter(board__session=small).count() == 6
    for session in sessions:
        played = {(r.round, r.table, r.board.number, r.ns_pair.number, r.ew_pair.number)
                  for r in Result.objects.filter(board__session=session)
                  .select_related("board", "ns_pair", "ew_pair")}
        assert played == {(s.round, s.table, number, s.ns, s.ew)
                          for s in SessionPlan.load(session).seatings
                          for number in seating_boards(s, session.boards_per_round)}


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
