"""The site's own results CSV imports again with its rulings (the standings are identical),
in English or Russian spreadsheet settings; long files are refused before anything is saved,
and a file full of bad lines lists the first problems and counts the rest."""

import io

import pytest
from django.core.management import call_command
from django.test import Client

from club.io import results_csv
from club.io.files import MAX_LISTED, ImportFailed
from club.io.results_csv import import_csv
from club.models import Session
from club.queries import session_standings
from scoring.engine import parse_result
from tests.factories import make_result, make_session, save_scored

pytestmark = pytest.mark.django_db


def ruled_session():
    session = make_session(tables=3, boards_per_round=2, status="published")
    make_result(session, 1, 1, 4, "4S= N", board_hcp=22)
    make_result(session, 1, 2, 5, "3NT-1 N", ew_adjustment="ave+")
    assigned = make_result(session, 1, 3, 6, "1C= N")
    assigned.assigned = True
    assigned.set_assigned(*parse_result("2H-1 W"))
    save_scored(assigned)
    make_result(session, 2, 1, 5, "pass", board_hcp=15, ns_adjustment="ave-",
                ew_adjustment="ave")
    make_result(session, 3, 2, 6, "2D= E", board_hcp=18)
    return session


def names_file(session):
    return "".join(f"{p.number},{p.player1.name},{p.player2.name}\n"
                   for p in session.pairs.select_related("player1", "player2"))


def totals(session):
    return [(row.number, row.imps, row.boards) for row in session_standings(session)]


@pytest.mark.parametrize("language,delimiter", [("en", ","), ("ru", ";")])
def test_the_results_export_imports_with_its_rulings(language, delimiter):
    session = ruled_session()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    content = client.get(f"/sessions/{session.id}/boards/?_export=csv").content
    assert content.startswith(b"\xef\xbb\xbf")
    assert content.decode("utf-8-sig").splitlines()[0].startswith(
        delimiter.join(["board", "ns", "ew"]))
    imported = import_csv(name="Again", date="2026-11-28", boards_data=content,
                          names_data=names_file(session).encode())
    assert totals(imported) == totals(session)
    result = imported.boards.get(number=1).results.get(ns_pair__number=3)
    assert result.assigned and result.assigned_contract.ascii == "2H"


def test_the_command_export_imports_too():
    session = ruled_session()
    out = io.StringIO()
    call_command("export_session", str(session.id), "--format", "csv", "--delimiter", ";",
                 stdout=out)
    imported = import_csv(name="Again", date="2026-11-28", boards_data=out.getvalue(),
                          names_data=names_file(session))
    assert totals(imported) == totals(session)


def test_bad_ruling_cells_are_reported():
    boards = ("board,ns,ew,contract,declarer,tricks,ns_hcp,ns_adjustment,ew_adjustment,assigned\n"
              "1,1,2,4S,N,10,22,ave++,,\n1,3,4,4S,N,10,22,,,9Z N\n")
    with pytest.raises(ImportFailed) as failed:
        import_csv(name="x", date="2026-11-28", boards_data=boards,
                   names_data="1,A,B\n2,C,D\n3,E,F\n4,G,H\n")
    assert "the NS adjusted score “ave++” is not one of ave+, ave, ave-" in failed.value.errors[0]
    assert "BOARDS.csv line 3: assigned result:" in failed.value.errors[1]


def test_a_file_longer_than_a_session_is_refused_before_saving(monkeypatch):
    monkeypatch.setattr(results_csv, "MAX_LINES", 3)
    boards = "".join(f"{b},1,2,4S=,N,,22\n" for b in range(1, 5))
    with pytest.raises(ImportFailed) as failed:
        import_csv(name="x", date="2026-11-28", boards_data=boards, names_data="1,A,B\n2,C,D\n")
    assert failed.value.errors == [
        "BOARDS.csv has 4 results; a session has at most 3 (50 tables playing 200 boards), so "
        "nothing was imported."]
    assert not Session.objects.exists()


def test_many_bad_lines_list_the_first_and_count_the_rest():
    boards = "".join(f"{b % 200 + 1},1,1,9Z,N,,99\n" for b in range(1000))
    with pytest.raises(ImportFailed) as failed:
        import_csv(name="x", date="2026-11-28", boards_data=boards, names_data="1,A,B\n2,C,D\n")
    errors = failed.value.errors
    assert failed.value.total == 1000 and len(errors) == MAX_LISTED + 1
    assert errors[-1] == "… and 700 more problems."
