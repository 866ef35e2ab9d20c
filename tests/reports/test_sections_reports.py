"""A session in sections on the public pages and downloads (issue 18): standings per
section and across the field, a board's results from every section, the boards released
only once every table of every section has played them, and pages whose number of queries
does not grow with the number of sections."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from club.plan import SessionPlan
from club.visibility import public_boards
from tests.factories import make_result, make_sectioned_session, make_session

pytestmark = pytest.mark.django_db

RESULTS = ["3NT= S", "4S+1 N", "2H-1 E", "3NT-2 S", "1NT= W", "4H= E"]


def play(session, rounds=None, tables=None):
    """Results at every table (or `tables`) in every round (or `rounds`) of the plan."""
    plan = SessionPlan.load(session)
    for index, seating in enumerate(plan.playing_seatings):
        if (rounds and seating.round not in rounds) or (tables and seating.table not in tables):
            continue
        for number in plan.boards_of(seating):
            make_result(session, number, seating.ns, seating.ew,
                        RESULTS[(index + number) % len(RESULTS)],
                        round=seating.round, table=seating.table)


def lists_of(html):
    return [part.split("</h3>")[0] for part in html.split('<h3 class="standings-line">')[1:]]


def test_the_standings_rank_each_section_then_the_whole_field(client):
    session = make_sectioned_session(((3, 3), (3, 3)), status="published")
    play(session)
    html = client.get(f"/sessions/{session.id}/").content.decode()
    assert lists_of(html) == ["Section A", "Section B",
                              "The whole field: every section&#x27;s pairs ranked together"]
    section_a, section_b, field = html.split('<h3 class="standings-line">')[1:]
    assert "A1NS" in section_a and "B1NS" not in section_a
    assert "B3EW" in section_b and "A3EW" not in section_b
    assert all(label in field for label in ("A1NS", "A3EW", "B1NS", "B3EW"))
    assert "Each section is ranked on its own" in html


def test_two_winners_rank_each_sections_lines(client):
    session = make_sectioned_session(((3, 3), (3, 3)), status="published",
                                     ranking="two")
    play(session)
    html = client.get(f"/sessions/{session.id}/").content.decode()
    assert lists_of(html)[:4] == ["Section A: North-South pairs", "Section A: East-West pairs",
                                  "Section B: North-South pairs", "Section B: East-West pairs"]


def test_the_standings_download_names_each_pairs_section_and_field_rank(client):
    session = make_sectioned_session(((3, 3), (3, 3)), status="published")
    play(session)
    text = client.get(f"/sessions/{session.id}/?_export=csv").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 12
    assert [row["Line"] for row in rows] == ["A"] * 6 + ["B"] * 6
    # Ranks within each section run 1..6; across the field, 1..12 (ties shared).
    for letter in "AB":
        ranks = sorted(int(r["Rank"]) for r in rows if r["Line"] == letter)
        assert ranks[0] == 1 and ranks[-1] <= 6
    field = sorted(int(r["Field rank"].rstrip("=")) for r in rows)
    assert field[0] == 1 and field[-1] > 6
    by_imps = sorted(rows, key=lambda r: -int(r["IMPs"]))
    assert by_imps[0]["Field rank"].rstrip("=") == "1"


def test_a_session_without_sections_has_no_section_columns(client):
    session = make_session(tables=3, status="published")
    text = client.get(f"/sessions/{session.id}/?_export=csv").content.decode("utf-8-sig")
    header = next(csv.reader(io.StringIO(text)))
    assert "Line" not in header and "Field rank" not in header


def test_a_board_is_released_once_every_table_of_every_section_played_it():
    session = make_sectioned_session(((3, 3), (3, 3)), boards_per_round=1)
    play(session, tables={1, 2, 3})  # section A has played everything, B nothing
    plan = SessionPlan.load(session)
    assert public_boards(plan).public == frozenset()
    play(session, tables={4, 5, 6}, rounds={1, 2})
    plan = SessionPlan.load(session)
    # Boards 1-3: each played by the three tables of B only in rounds 1-3.
    released = {n for n in (1, 2, 3)
                if all(s.round <= 2 for s in plan.seatings_of_board(n) if s.table > 3)}
    assert public_boards(SessionPlan.load(session)).public == frozenset(released)
    play(session, tables={4, 5, 6}, rounds={3})
    assert public_boards(SessionPlan.load(session)).public == frozenset({1, 2, 3})


def test_the_board_report_shows_every_sections_results(client):
    session = make_sectioned_session(((3, 3), (3, 3)), status="published")
    play(session)
    html = client.get(f"/sessions/{session.id}/boards/1/").content.decode()
    for label in ("A1", "B1", "A1NS", "B1NS"):
        assert f">{label}<" in html
    assert html.count('<td class="num">A') == 3 and html.count('<td class="num">B') == 3


PAGES = {
    "standings": lambda s: f"/sessions/{s.id}/",
    "board report": lambda s: f"/sessions/{s.id}/boards/1/",
    "scorecard": lambda s: f"/sessions/{s.id}/pairs/{2 * s.tables}/",
    "standings CSV": lambda s: f"/sessions/{s.id}/?_export=csv",
    "results JSON": lambda s: f"/sessions/{s.id}/boards/?_export=json",
    "entry": lambda s: reverse("entry-session", args=[s.id]),
    "table codes": lambda s: reverse("table-codes", args=[s.id]),
    "schedule": lambda s: reverse("setup-schedule", args=[s.id]),
    "dashboard": lambda s: reverse("entry-dashboard-grid", args=[s.id]),
}


@pytest.mark.parametrize("page", PAGES)
def test_pages_run_as_many_queries_whatever_the_number_of_sections(
        page, director, django_assert_max_num_queries):
    client = Client()
    client.force_login(director)
    counts = []
    for sizes in (((3, 3), (3, 3)), ((3, 3), (3, 3), (3, 3), (3, 3))):
        session = make_sectioned_session(sizes, status="running", boards_per_round=1)
        play(session, rounds={1})
        with django_assert_max_num_queries(20) as captured:
            response = client.get(PAGES[page](session))
        assert response.status_code == 200
        counts.append(len(captured.captured_queries))
    plain = make_session(tables=6, rounds=3, status="running", boards_per_round=1)
    play(plain, rounds={1})
    with django_assert_max_num_queries(20) as captured:
        client.get(PAGES[page](plain))
    assert counts == [len(captured.captured_queries)] * 2
