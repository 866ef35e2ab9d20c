"""A board that was not played leaves and comes back through every file: the JSON archive
(old archives without "not_played" still import), the results CSV (NOT PLAYED, or the
shorthand "A+/A-" as the contract), PBN (a ScoreTable row without contract or score) and
USEBIO (no CONTRACT, SCORE "A60A40")."""

import json

import defusedxml.ElementTree as SafeET
import pytest
from django.test import Client
from endplay.parsers import pbn as endplay_pbn

from club.io.archive import dumps, export_session, import_archive
from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records
from club.io.pbn import session_pbn
from club.io.results_csv import import_csv
from club.io.usebio import export_usebio, import_usebio
from club.models import Result
from club.queries import session_standings
from tests.club.io.test_usebio import PBN
from tests.factories import make_not_played, make_result, make_session

pytestmark = pytest.mark.django_db


def evening():
    """Board 1 played at two tables, not played at the third (no HCP needed there); board
    5 played nowhere: no HCP at all."""
    session = make_session(tables=3, boards_per_round=2, status="published")
    make_result(session, 1, 1, 4, "4S= N", board_hcp=22, round=1, table=1)
    make_result(session, 1, 3, 5, "3NT-1 N", round=2, table=3)
    make_not_played(session, 1, 2, 6, "ave+", "ave-", round=3, table=2)
    make_not_played(session, 5, 3, 6, "ave", "ave", round=1, table=3)
    assert session.boards.get(number=5).ns_hcp is None
    return session


def totals(session):
    return [(row.number, row.imps, row.boards) for row in session_standings(session)]


def names_file(session):
    return "".join(f"{p.number},{p.player1.name},{p.player2.name}\n"
                   for p in session.pairs.select_related("player1", "player2")).encode()


# --- the archive ----------------------------------------------------------------------------

def test_the_archive_records_a_board_not_played_and_reads_it_back():
    session = evening()
    document = export_session(session)
    record = next(r for r in document["results"] if r["board"] == 1 and r["ns"] == 2)
    assert record["not_played"] is True
    assert (record["contract"], record["declarer"], record["tricks"]) == (None, None, None)
    assert (record["ns_adjustment"], record["ew_adjustment"], record["ns_imps"],
            record["ew_imps"], record["ns_score"]) == ("ave+", "ave-", 3, -3, 0)
    assert all(r["not_played"] is False for r in document["results"]
               if (r["board"], r["ns"]) != (1, 2) and r["board"] != 5)
    text = dumps(document)
    again = import_archive(text, keep_status=True)
    assert dumps(export_session(again)) == text  # byte for byte
    stored = Result.objects.get(board__session=again, board__number=5)
    assert stored.not_played and stored.board.ns_hcp is None


def test_an_archive_without_the_key_imports_as_played():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=22)
    document = export_session(session)
    for record in document["results"]:
        del record["not_played"]  # written before boards could be "not played"
    imported = import_archive(json.dumps(document))
    assert not Result.objects.get(board__session=imported).not_played


@pytest.mark.parametrize(("change", "problem"), [
    ({"contract": "4S", "declarer": "N", "tricks": 10}, "has no contract"),
    ({"ew_adjustment": ""}, "needs “ns_adjustment” and “ew_adjustment”"),
    ({"assigned": {"contract": "4S", "declarer": "N", "tricks": 9}}, "has no “assigned”"),
    ({"not_played": "yes"}, "“not_played” is \"yes\"; expected true or false"),
])
def test_a_bad_board_not_played_in_an_archive(change, problem):
    document = export_session(evening())
    record = next(r for r in document["results"] if r["not_played"])
    record.update(change)
    with pytest.raises(ImportFailed) as caught:
        import_archive(json.dumps(document))
    assert any(problem in error for error in caught.value.errors), caught.value.errors


# --- the results CSV --------------------------------------------------------------------------

def test_the_results_download_writes_not_played_and_imports_again():
    session = evening()
    content = Client().get(f"/sessions/{session.id}/boards/?_export=csv").content
    lines = content.decode("utf-8-sig").splitlines()
    row = next(line for line in lines if line.startswith("1,2,6,"))
    assert row.startswith("1,2,6,NOT PLAYED,,,")
    assert ",ave+,ave-," in row
    imported = import_csv(name="Again", date="2026-11-28", boards_data=content,
                          names_data=names_file(session))
    assert totals(imported) == totals(session)
    again = Result.objects.get(board__session=imported, board__number=1, ns_pair__number=2)
    assert again.not_played and again.text == "A+/A-"


def test_the_json_and_xlsx_downloads_say_not_played():
    session = evening()
    rows = json.loads(Client().get(f"/sessions/{session.id}/boards/?_export=json").content)
    row = next(r for r in rows if (r["board"], r["ns"]) == (1, 2))
    assert (row["contract"], row["ns_adjustment"], row["ew_adjustment"]) == (
        "NOT PLAYED", "ave+", "ave-")


def test_a_boards_file_may_write_the_shorthand_as_the_contract():
    boards = b"1,1,2,4S=,N,,22\n1,3,4,A+/A-,,,\n2,1,3,ave,,,\n2,2,4,NOT PLAYED,,,\n"
    with pytest.raises(ImportFailed) as caught:
        import_csv(name="x", date="2026-11-28", boards_data=boards,
                   names_data=b"1,A,B\n2,C,D\n3,E,F\n4,G,H\n")
    # NOT PLAYED without the adjustment columns cannot say what each side gets.
    assert caught.value.errors == [
        "BOARDS.csv line 4: a board not played needs its adjusted scores: write them as the "
        "contract (A+, A+/A-) or in the ns_adjustment and ew_adjustment columns."]
    session = import_csv(name="x", date="2026-11-28", boards_data=boards.replace(
        b"NOT PLAYED", b"A-"), names_data=b"1,A,B\n2,C,D\n3,E,F\n4,G,H\n")
    texts = sorted(r.text for r in Result.objects.filter(board__session=session))
    assert texts == ["4S= N", "A", "A+/A-", "A-"]
    # Board 2 was played nowhere: it needs no HCP.
    assert session.boards.get(number=2).ns_hcp is None


@pytest.mark.parametrize(("line", "problem"), [
    (b"1,3,4,A+,N,,", "a board not played has no declarer and no tricks"),
    (b"1,3,4,A+++,,,", "Cannot read the adjusted score"),
])
def test_bad_lines_of_a_board_not_played(line, problem):
    with pytest.raises(ImportFailed) as caught:
        import_csv(name="x", date="2026-11-28", boards_data=b"1,1,2,4S=,N,,22\n" + line,
                   names_data=b"1,A,B\n2,C,D\n3,E,F\n4,G,H\n")
    assert problem in caught.value.errors[0]


# --- PBN and USEBIO ---------------------------------------------------------------------------

def played_with_hands():
    session = make_session(tables=3, boards_per_round=2, name="Tuesday pairs")
    import_hand_records(session.id, PBN, "deals.pbn")
    make_result(session, 1, 1, 4, "4SX-3 W", round=1, table=1)
    make_not_played(session, 1, 2, 5, "ave-", "ave+", round=2, table=3)
    make_result(session, 2, 1, 5, "3NT+1 S", round=2, table=1)
    return session


def test_pbn_writes_the_row_without_contract_or_score():
    session = played_with_hands()
    boards = endplay_pbn.loads(session_pbn(session))
    rows = boards[0].info["ScoreTable"]["rows"]
    assert rows[1] == ["3", "2", "2", "5", "-", "-", "-", "-", "-", "-3", "3"]


def test_usebio_marks_the_adjusted_score_and_reads_it_back():
    session = played_with_hands()
    data = export_usebio(session)
    root = SafeET.fromstring(data)
    board = next(b for b in root.iter("BOARD") if b.findtext("BOARD_NUMBER") == "1"
                 and b.find("TRAVELLER_LINE") is not None)
    line = board.findall("TRAVELLER_LINE")[1]
    assert line.find("CONTRACT") is None and line.findtext("SCORE") == "A40A60"
    assert (line.findtext("NS_BUTLER_POINTS"), line.findtext("EW_BUTLER_POINTS")) == ("-3", "3")
    # The board's datum is the compensation its played results owe.
    assert board.findtext("BOARD_AVERAGE") == str(
        Result.objects.get(board__session=session, board__number=1, ns_pair__number=1)
        .ns_compensation)
    imported = import_usebio(data, "evening.xml")
    session.status = "finished"  # its standings with every board (in play: released only)
    assert totals(imported) == totals(session)
    again = Result.objects.get(board__session=imported, board__number=1, ns_pair__number=2)
    assert again.not_played and again.text == "A-/A+"


def test_usebio_needs_no_hands_for_a_board_nobody_played():
    session = played_with_hands()
    make_not_played(session, 4, 3, 6, "ave", "ave", round=2, table=2)
    session.boards.filter(number=4).update(deal="", ns_hcp=None)
    imported = import_usebio(export_usebio(session), "evening.xml")
    assert Result.objects.get(board__session=imported, board__number=4).not_played
