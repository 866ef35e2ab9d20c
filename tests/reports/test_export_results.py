"""All results of a session as CSV / XLSX / JSON (board list page and export_session --format
csv), and the export command's refusals."""

import csv
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from openpyxl import load_workbook

from club.services.boards import sync_boards
from scoring.engine import parse_result
from tests.factories import make_pair, make_result, make_session, save_scored

pytestmark = pytest.mark.django_db

HEADER = ["board", "ns", "ew", "contract", "declarer", "tricks", "ns_hcp", "round", "table",
          "ns_label", "ew_label", "ns_adjustment", "ew_adjustment", "assigned", "ns_score",
          "ew_score", "ns_compensation", "ns_net", "ns_imps", "ew_imps", "ns_percent",
          "ew_percent", "ns_butler", "ew_butler", "ns_cross_imps", "ew_cross_imps"]


@pytest.fixture
def session():
    session = make_session(tables=3, boards_per_round=2, status="published")
    board = session.boards.get(number=5)  # NS vulnerable
    board.ns_hcp = 26
    board.save()
    # Worked example 4: 4SX-3 by W: +500, compensation +520, net -20, NS -1.
    make_result(session, 5, 1, 4, "4SX-3 W", round=1, table=1)
    # Board 1 passed out, NS 23 HCP: 0 - 110 = -110 -> NS -3.
    make_result(session, 1, 2, 5, "pass", board_hcp=23, round=1, table=2)
    ruled = make_result(session, 1, 3, 6, "1NT= N", round=1, table=3)
    ruled.assigned = True
    ruled.set_assigned(*parse_result("2S-1 N"))
    save_scored(ruled)
    return session


def test_results_csv_from_the_board_list(client, session):
    response = client.get(f"/sessions/{session.id}/boards/?_export=csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbf")  # UTF-8 byte order mark, for Excel
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == HEADER
    # Beside the compensation, board 1's two scores (0 and -50) by the other methods: the
    # pass beats the -50 (100 %); the Butler datum is their mean, -25, rounded away from
    # zero to -30 (+30 = +1 IMP, -20 = -1); cross-IMPs 50 = 2 IMPs.
    assert rows[1] == ["1", "2", "5", "PASS", "", "", "23", "1", "2", "2NS", "2EW", "", "", "",
                       "0", "0", "110", "-110", "-3", "3",
                       "100.0", "0.0", "1", "-1", "2.0", "-2.0"]
    # Assigned 2S-1 N, none vulnerable: -50 - 110 = -160 -> NS -4, EW +4.
    assert rows[2] == ["1", "3", "6", "1NT", "N", "7", "23", "1", "3", "3NS", "3EW", "", "",
                       "2S-1 N", "-50", "50", "110", "-160", "-4", "4",
                       "0.0", "100.0", "-1", "1", "-2.0", "2.0"]
    # Board 5's only result: 50 % each, nothing to compare.
    assert rows[3] == ["5", "1", "4", "4SX", "W", "7", "26", "1", "1", "1NS", "1EW", "", "", "",
                       "500", "-500", "520", "-20", "-1", "1",
                       "50.0", "50.0", "0", "0", "0.0", "0.0"]
    assert len(rows) == 4


def test_results_json_and_xlsx(client, session):
    data = json.loads(client.get(f"/sessions/{session.id}/boards/?_export=json").content)
    assert data[0]["contract"] == "PASS" and data[0]["declarer"] is None
    assert data[2]["ns_net"] == -20
    response = client.get(f"/sessions/{session.id}/boards/?_export=xlsx")
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    values = list(load_workbook(io.BytesIO(response.content)).active.values)
    assert list(values[0]) == HEADER
    assert values[3][:4] == (5, 1, 4, "4SX")


def test_board_list_offers_the_exports(client, session):
    html = client.get(f"/sessions/{session.id}/boards/").content.decode()
    for fmt in ("csv", "xlsx", "json"):
        assert f'href="?_export={fmt}"' in html


def test_unknown_export_format_shows_the_page(client, session):
    response = client.get(f"/sessions/{session.id}/boards/?_export=pdf")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")


def test_export_command_csv_matches_the_page(client, session):
    out = io.StringIO()
    call_command("export_session", str(session.id), "--format", "csv", stdout=out)
    page = client.get(f"/sessions/{session.id}/boards/?_export=csv").content.decode()
    assert out.getvalue() == page


@pytest.mark.parametrize("args,message", [
    (["999999"], "There is no session 999999"),
    (["abc"], "is not a session id"),
    (["1", "--format", "pdf"], "Unknown format"),
])
def test_export_command_refusals(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("export_session", *args, stdout=io.StringIO())


# --- spreadsheets open the downloads safely ------------------------------------------------

@pytest.fixture
def hostile_names():
    # Finished: every board counts (while play is on, only the released ones would).
    session = make_session(tables=3, boards_per_round=2, pairs=0, boards=False,
                           status="finished")
    make_pair(session, 1, ("=HYPERLINK(\"http://evil.example\",\"x\")", "+1+1"))
    make_pair(session, 2, ("@SUM(A1)", "-2+3"))
    for number in range(3, 7):
        make_pair(session, number)
    sync_boards(session)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=25)
    make_result(session, 1, 2, 5, "3NT-2 N")
    return session


def test_formulas_in_names_export_as_text(client, hostile_names):
    session = hostile_names
    text = client.get(f"/sessions/{session.id}/?_export=csv").content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    players = {row[2]: row[3] for row in rows[1:]}
    assert players["1NS"] == "'=HYPERLINK(\"http://evil.example\",\"x\") – +1+1"
    assert players["2NS"] == "'@SUM(A1) – -2+3"
    imps = {row[2]: row[5] for row in rows[1:]}
    assert imps["2NS"].startswith("-")  # a negative number stays a number
    sheet = load_workbook(io.BytesIO(
        client.get(f"/sessions/{session.id}/?_export=xlsx").content)).active
    cells = {row[2]: row for row in sheet.values}
    assert cells["1NS"][3].startswith("'=HYPERLINK")
    assert isinstance(cells["2NS"][5], int) and cells["2NS"][5] < 0
    assert all(cell.data_type != "f" for row in sheet.iter_rows() for cell in row)


def test_russian_pages_give_semicolon_csv(hostile_names):
    session = hostile_names
    text = Client(HTTP_ACCEPT_LANGUAGE="ru").get(
        f"/sessions/{session.id}/boards/?_export=csv").content.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("board;ns;ew;contract")


# --- PBN and USEBIO for other programs ------------------------------------------------------

def test_board_list_offers_pbn_and_usebio(client, session):
    html = client.get(f"/sessions/{session.id}/boards/").content.decode()
    assert 'href="?_export=pbn"' in html and 'href="?_export=usebio"' in html
    response = client.get(f"/sessions/{session.id}/boards/?_export=pbn")
    assert response["Content-Type"].startswith("application/x-pbn")
    assert "attachment" in response["Content-Disposition"]
    assert "[ScoreTable" in response.content.decode()
    response = client.get(f"/sessions/{session.id}/boards/?_export=usebio")
    assert response["Content-Type"].startswith("application/xml")
    assert b'<EVENT EVENT_TYPE="BUTLER_PAIRS">' in response.content


@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_downloads_run_a_fixed_number_of_queries(client, fmt, django_assert_max_num_queries):
    counts = []
    for tables in (3, 7):
        session = make_session(tables=tables, boards_per_round=3)
        for board in range(1, 4):
            for table in range(1, tables + 1):
                make_result(session, board, table, tables + table, "3NT= N", board_hcp=25)
        with django_assert_max_num_queries(10) as captured:
            assert client.get(f"/sessions/{session.id}/boards/?_export={fmt}").status_code == 200
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]
