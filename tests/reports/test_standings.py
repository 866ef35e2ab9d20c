"""Standings: total IMPs per pair, NS and EW ranked together, ties share a rank ("3=")."""

import csv
import io
import json
import re

import pytest
from django.test import Client
from openpyxl import load_workbook

from club.queries import session_standings
from scoring.engine import compute_standings
from tests.factories import make_result, make_session


def test_ranks_pairs_by_total_with_shared_ranks():
    pairs = [(i, i, f"P{i}", f"players {i}") for i in range(1, 7)]
    # Totals: 1: +5, 2: -3, 3: 0, 4: -2, 5: 0, 6: 0.
    results = [(1, 4, 2, -2), (2, 5, -3, 3), (3, 6, 0, 0), (1, 5, 3, -3)]
    rows = compute_standings(pairs, results)
    assert [(r.number, r.rank_label, r.imps, r.boards) for r in rows] == [
        (1, "1", 5, 2), (3, "2=", 0, 1), (5, "2=", 0, 2), (6, "2=", 0, 1),
        (4, "5", -2, 1), (2, "6", -3, 1),
    ]
    assert rows[0].imps_per_board == 2.5
    assert rows[2].imps_per_board == 0


def test_a_pair_without_boards_counts_zero():
    rows = compute_standings([(10, 1, "1", "a – b"), (11, 2, "2", "c – d"),
                              (12, 3, "3", "e – f")], [(10, 11, -4, 4)])
    sat_out = next(r for r in rows if r.number == 3)
    assert (sat_out.imps, sat_out.boards, sat_out.imps_per_board) == (0, 0, None)
    assert [r.rank_label for r in rows] == ["1", "2", "3"]


@pytest.fixture
def evening(db):
    """A 3-table Mitchell (pairs 1-3 NS, 4-6 EW) with four results scored by the rules,
    finished: every board counts (while play is on, only the released ones would)."""
    session = make_session(tables=3, boards_per_round=2, status="finished")
    # Board 1, nobody vulnerable, NS 22 HCP, 4C= N: 130 - 70 = +60 -> NS +2.
    make_result(session, 1, 1, 4, "4C= N", board_hcp=22)
    # Board 2, NS vulnerable, NS 15 HCP, 3NT= E: -400 - (-300) = -100 -> NS -3.
    make_result(session, 2, 2, 5, "3NT= E", board_hcp=15)
    # Board 3, NS 20 HCP, passed out: 0 -> 0.
    make_result(session, 3, 3, 6, "pass", board_hcp=20)
    # Board 4, all vulnerable, NS 20 HCP, 2S= N: 110 -> NS +3.
    make_result(session, 4, 1, 5, "2S= N", board_hcp=20)
    return session


def test_session_standings_from_stored_results(evening):
    rows = session_standings(evening)
    # Totals: 1NS (1) +5; 2EW (5) 0; 3NS (3) 0; 3EW (6) 0; 1EW (4) -2; 2NS (2) -3.
    assert [(r.label, r.rank_label, r.imps) for r in rows] == [
        ("1NS", "1", 5), ("3NS", "2=", 0), ("2EW", "2=", 0), ("3EW", "2=", 0),
        ("1EW", "5", -2), ("2NS", "6", -3),
    ]


def test_standings_page_shows_ranks_labels_and_totals(client, evening):
    response = client.get(f"/sessions/{evening.id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "2=" in html
    assert f'href="/sessions/{evening.id}/pairs/1/">1NS</a>' in html
    assert '<span class="pos">+5</span>' in html
    assert '<span class="neg">−3</span>' in html
    assert '<span class="pos">+2.50</span>' in html  # 5 IMPs over 2 boards
    # Rank order: 1NS first, 2NS last.
    assert html.index(">1NS<") < html.index(">3NS<") < html.index(">1EW<") < html.index(">2NS<")


def test_standings_sort_by_query_parameter(client, evening):
    html = client.get(f"/sessions/{evening.id}/?sort=pair").content.decode()
    labels = ["1NS", "2NS", "3NS", "1EW", "2EW", "3EW"]
    positions = [html.index(f">{label}<") for label in labels]
    assert positions == sorted(positions)
    html = client.get(f"/sessions/{evening.id}/?sort=imps").content.decode()
    assert html.index(">2NS<") < html.index(">1EW<") < html.index(">1NS<")
    # An unknown sort key is ignored, not an error.
    assert client.get(f"/sessions/{evening.id}/?sort=nonsense").status_code == 200


@pytest.mark.parametrize("status,public", [("setup", False), ("running", True),
                                           ("finished", True), ("published", True)])
def test_visibility_of_sessions(client, director, status, public):
    session = make_session(tables=3, status=status)
    director_client = Client()
    director_client.force_login(director)
    expected = 200 if public else 404
    assert client.get(f"/sessions/{session.id}/").status_code == expected
    assert client.get(f"/sessions/{session.id}/boards/1/").status_code == expected
    assert client.get(f"/sessions/{session.id}/pairs/1/").status_code == expected
    assert client.get(f"/sessions/{session.id}/?_export=csv").status_code == expected
    assert director_client.get(f"/sessions/{session.id}/").status_code == 200


def test_unknown_session_is_404(client, db):
    assert client.get("/sessions/999999/").status_code == 404


def test_standings_csv_export(client, evening):
    response = client.get(f"/sessions/{evening.id}/?_export=csv")
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Rank", "Tied", "Pair", "Players", "Boards", "IMPs", "IMPs per board"]
    assert rows[1][:3] == ["1", "False", "1NS"] and rows[1][4:] == ["2", "5", "2.5"]
    # The rank is a number; a shared rank ("2=" on the page) says so in its own column.
    assert [row[0] for row in rows[1:]] == ["1", "2", "2", "2", "5", "6"]
    assert [row[1] for row in rows[1:]] == ["False", "True", "True", "True", "False", "False"]


def test_standings_json_and_xlsx_exports(client, evening):
    data = json.loads(client.get(f"/sessions/{evening.id}/?_export=json").content)
    assert data[-1] == {"Rank": 6, "Tied": False, "Pair": "2NS",
                        "Players": data[-1]["Players"], "Boards": 1, "IMPs": -3,
                        "IMPs per board": -3.0}
    assert [(row["Rank"], row["Tied"]) for row in data[1:4]] == [(2, True)] * 3
    response = client.get(f"/sessions/{evening.id}/?_export=xlsx")
    sheet = load_workbook(io.BytesIO(response.content)).active
    values = list(sheet.values)
    assert values[0][:2] == ("Rank", "Tied")
    assert values[1][2] == "1NS" and values[1][5] == 5
    assert [row[0] for row in values[1:]] == [1, 2, 2, 2, 5, 6]  # numbers, not "2="


def test_standings_page_offers_the_exports(client, evening):
    html = client.get(f"/sessions/{evening.id}/").content.decode()
    for fmt in ("csv", "xlsx", "json"):
        assert f'href="?_export={fmt}"' in html


# --- one winner or two ------------------------------------------------------------------


def two_winners(session):
    session.ranking = "two"
    session.save(update_fields=["ranking"])
    return session


def test_one_winner_says_so(client, evening):
    html = client.get(f"/sessions/{evening.id}/").content.decode()
    assert "One winner: NS and EW pairs are ranked together" in html
    assert "North-South pairs" not in html and "Two winners" not in html


def test_two_winners_rank_each_line_apart(client, evening):
    html = client.get(f"/sessions/{two_winners(evening).id}/").content.decode()
    assert "Two winners: the North-South pairs and the East-West pairs are ranked apart" in (
        html)
    ns, ew = html.split("North-South pairs</h3>")[1].split("East-West pairs</h3>")
    # NS: 1NS +5, 3NS 0, 2NS -3; EW: 2EW and 3EW 0 share the first place, 1EW -2.
    rows = [[" ".join(re.sub(r"<[^>]+>", " ", cell).split())
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)[:2]]
            for row in re.findall(r"<tr>(.*?)</tr>", ns + ew, re.S) if "<td" in row]
    assert rows == [["1", "1NS"], ["2", "3NS"], ["3", "2NS"],
                    ["1=", "2EW"], ["1=", "3EW"], ["3", "1EW"]]


def test_two_winners_in_the_downloads(client, evening):
    response = client.get(f"/sessions/{two_winners(evening).id}/?_export=csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Rank", "Line", "Tied", "Pair", "Players", "Boards", "IMPs",
                       "IMPs per board"]
    assert [(row[0], row[1], row[3]) for row in rows[1:]] == [
        ("1", "NS", "1NS"), ("2", "NS", "3NS"), ("3", "NS", "2NS"),
        ("1", "EW", "2EW"), ("1", "EW", "3EW"), ("3", "EW", "1EW")]
    data = json.loads(client.get(f"/sessions/{evening.id}/?_export=json").content)
    assert [(row["Line"], row["Rank"]) for row in data][-1] == ("EW", 3)


def test_the_scorecard_shows_the_direction_a_pair_sat_in(client, db):
    # The last round is arrow-switched: 1NS plays it East-West.
    session = make_session(tables=3, boards_per_round=1, status="finished",
                           arrow_switch="last")
    make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    make_result(session, 3, 5, 1, "4S= N", board_hcp=20, round=3, table=1)
    html = client.get(f"/sessions/{session.id}/pairs/1/").content.decode()
    directions = re.findall(r'<td class="hide-narrow">(NS|EW)</td>', html)
    assert directions == ["NS", "EW"]
    assert "the last round was arrow-switched" in client.get(
        f"/sessions/{session.id}/").content.decode()


@pytest.mark.parametrize("page", ["", "?_export=csv"])
def test_two_winners_cost_no_query_more(client, django_assert_max_num_queries, page, db):
    counts = []
    for tables, ranking in ((3, "one"), (3, "two"), (8, "two")):
        session = make_session(tables=tables, boards_per_round=1, status="finished",
                               ranking=ranking)
        for table in range(1, tables + 1):
            make_result(session, table, table, tables + table, "3NT= N", board_hcp=24)
        with django_assert_max_num_queries(10) as captured:
            assert client.get(f"/sessions/{session.id}/{page}").status_code == 200
        counts.append(len(captured.captured_queries))
    assert len(set(counts)) == 1
