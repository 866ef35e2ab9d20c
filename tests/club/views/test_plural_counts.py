"""Counts shown with their plural forms: "1 table", "1 round", "1 board", never "1 tables".
The setup pages of the smallest evenings (a movement needs two tables; free seating may
have one) and of a larger one."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.services.table_phones import issue_codes
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def text_of(client, name, session):
    response = client.get(reverse(name, args=[session.pk]))
    assert response.status_code == 200
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_one_round_of_one_board(director_client):
    session = make_session(tables=2, rounds=1, boards_per_round=1, status="setup")
    schedule = text_of(director_client, "setup-schedule", session)
    assert "Mitchell: 2 tables, 1 round of 1 board." in schedule
    assert "1NS – 1EW board 1" in schedule
    assert not re.search(r"\b1 (rounds|boards)\b|\bboards 1\b", schedule), schedule


def test_one_table(director_client):
    session = make_session(tables=1, rounds=1, boards_per_round=1, movement="free",
                           status="setup")
    pairs = text_of(director_client, "setup-pairs", session)
    assert "free seating on 1 table: 2 seats." in pairs
    assert not re.search(r"\b1 tables\b", pairs), pairs


def test_several_of_each(director_client):
    session = make_session(tables=3, rounds=3, boards_per_round=2, status="setup")
    schedule = text_of(director_client, "setup-schedule", session)
    assert "Mitchell: 3 tables, 3 rounds of 2 boards." in schedule
    assert "1NS – 1EW boards 1–2" in schedule
    assert "Mitchell on 3 tables: 6 seats." in text_of(director_client, "setup-pairs", session)


def test_the_table_phone_moves_one_board(client):
    """A round of one board: "Board 1 goes to table 3", not "Boards 1 go to"."""
    session = make_session(tables=3, boards_per_round=1)
    issue_codes(session.pk)
    code = session.table_codes.get(table=1).code
    make_result(session, 1, 1, 4, "1NT= N", round=1, table=1)
    html = client.get(reverse("table", args=[code]) + "?round=1").content.decode()
    assert "Board 1 goes to <strong>table 3</strong>." in html
    assert "Boards 1 go" not in html


def test_dealing_one_board(director_client):
    session = make_session(tables=1, rounds=1, boards_per_round=1, movement="free",
                           status="setup")
    assert session.boards.count() == 1
    response = director_client.post(reverse("hand-records-deal", args=[session.pk]),
                                     follow=True)
    html = response.content.decode()
    assert "1 board dealt. Print the hand records to duplicate it." in html
    assert "1 of 1 board has a deal." in html


def test_importing_one_result(director_client):
    response = director_client.post("/director/import/", {
        "which": "csv", "csv-name": "Tuesday pairs", "csv-date": "2026-11-24",
        "csv-policy": "line", "csv-duplicated": "on", "csv-table": "Moscow",
        "csv-boards": SimpleUploadedFile("boards.csv", b"1,1,2,4S=,N,,22\n"),
        "csv-names": SimpleUploadedFile("names.csv", b"1,Anna,Boris\n2,Elena,Dmitry\n")},
        follow=True)
    assert "Imported “Tuesday pairs”: 2 pairs, 1 result." in response.content.decode()
