"""All results of a session as CSV / XLSX / JSON (board list page and export_session --format
csv), and the export command's refusals."""

import csv
import io
import json

import pytest
from django.core.management import CommandError, call_command
from openpyxl import load_workbook

from scoring.engine import parse_result
from tests.factories import make_result, make_session, save_scored

pytestmark = pytest.mark.django_db

HEADER = ["board", "ns", "ew", "contract", "declarer", "tricks", "ns_hcp", "round", "table",
          "ns_label", "ew_label", "ns_adjustment", "ew_adjustment", "assigned", "ns_score",
          "ew_score", "ns_compensation", "ns_net", "ns_imps", "ew_imps"]


@pytest.fixture
def session():
    session = make_session(tables=3, boards_per_round=2)
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
    ruled.ew_adjustment = "ave+"
    save_scored(ruled)
    return session


def test_results_csv_from_the_board_list(client, session):
    response = client.get(f"/sessions/{session.id}/boards/?_export=csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == HEADER
    assert rows[1] == ["1", "2", "5", "PASS", "", "", "23", "1", "2", "2NS", "2EW", "", "", "",
                       "0", "0", "110", "-110", "-3", "3"]
    # Assigned 2S-1 N, none vulnerable: -50 - 110 = -160 -> NS -4; EW given Average plus.
    assert rows[2] == ["1", "3", "6", "1NT", "N", "7", "23", "1", "3", "3NS", "3EW", "", "ave+",
                       "2S-1 N", "-50", "50", "110", "-160", "-4", "3"]
    assert rows[3] == ["5", "1", "4", "4SX", "W", "7", "26", "1", "1", "1NS", "1EW", "", "", "",
                       "500", "-500", "520", "-20", "-1", "1"]
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
