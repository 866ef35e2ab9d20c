"""One set of size limits for every way a session is written (club.models.sessions): the
file readers refuse a file beyond them with a message naming the limit, the import service
refuses as the last guard, and whatever they accept exports and imports again."""

import json
from datetime import date

import pytest

from club.io.archive import export_session, import_archive
from club.io.files import ImportFailed
from club.io.results_csv import import_csv
from club.io.usebio import import_usebio
from club.models import Board, Player, Result, Session
from club.services import imports
from club.services.errors import Refused
from club.services.imports import import_session
from scoring.models import moscow_table

pytestmark = pytest.mark.django_db


def names_file(numbers):
    return "".join(f"{n},Player {n}a,Player {n}b\n" for n in numbers)


def boards_file(numbers):
    """Board 1 played by each pair once: 1 against 2, 3 against 4, ... (an odd one out
    sits out)."""
    numbers = list(numbers)
    return "".join(f"1,{ns},{ew},3NT=,N,,25\n"
                   for ns, ew in zip(numbers[::2], numbers[1::2], strict=False))


def csv_import(pairs, boards=None):
    return import_csv(name="Marathon", date="2026-11-20", names_data=names_file(pairs).encode(),
                      boards_data=boards_file(boards or pairs).encode())


def usebio_file(count):
    participants = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER>"
        f"<PLAYER><PLAYER_NAME>Player {n}a</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>Player {n}b</PLAYER_NAME></PLAYER></PAIR>"
        for n in range(1, count + 1))
    lines = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ns + 1}</EW_PAIR_NUMBER><CONTRACT>PASS</CONTRACT>"
        f"<SCORE>0</SCORE></TRAVELLER_LINE>" for ns in range(1, count, 2))
    hands = "".join(f"<HAND><DIRECTION>{seat}</DIRECTION><{suit}>AKQJT98765432</{suit}></HAND>"
                    for seat, suit in (("N", "SPADES"), ("E", "HEARTS"), ("S", "DIAMONDS"),
                                       ("W", "CLUBS")))
    return (f'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">'
            f"<EVENT_DESCRIPTION>Marathon</EVENT_DESCRIPTION><DATE>20/11/2026</DATE>"
            f"<PARTICIPANTS>{participants}</PARTICIPANTS>"
            f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD></EVENT>"
            f"<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{hands}</BOARD></HANDSET>"
            f"</USEBIO>").encode()


def nothing_saved():
    return not (Session.objects.exists() or Player.objects.exists())


def test_a_names_file_of_101_pairs_is_refused():
    with pytest.raises(ImportFailed) as failed:
        csv_import(range(1, 102))
    assert failed.value.errors == [
        "NAMES.csv line 101: the pair number “101” is not a whole number from 1 to 100 (a "
        "session has at most 50 tables of two pairs)."]
    assert nothing_saved()


@pytest.mark.parametrize("count", [101, 1000])
def test_a_usebio_file_of_more_than_100_pairs_is_refused(count):
    with pytest.raises(ImportFailed) as failed:
        import_usebio(usebio_file(count), "marathon.xml")
    assert failed.value.errors == [
        f"The file lists {count} pairs; a session has at most 100 (50 tables of two pairs)."]
    assert nothing_saved()


def test_usebio_pair_numbers_beyond_100_are_refused():
    data = usebio_file(4).replace(b">4<", b">104<").replace(b">3<", b">103<")
    with pytest.raises(ImportFailed) as failed:
        import_usebio(data, "marathon.xml")
    assert failed.value.errors == [
        "PAIR 103, 104: pair numbers go from 1 to 100 (a session has at most 50 tables of "
        "two pairs)."]
    assert nothing_saved()


def archive_again(session):
    """The session's archive imported as a new session."""
    return import_archive(json.dumps(export_session(session)))


def test_100_pairs_import_and_their_archive_imports_again():
    session = csv_import(range(1, 101))
    assert (session.tables, session.pairs.count()) == (50, 100)
    again = archive_again(session)
    assert (again.tables, again.pairs.count()) == (50, 100)
    session = import_usebio(usebio_file(100), "marathon.xml")
    assert archive_again(session).pairs.count() == 100


def test_the_tables_hold_the_highest_pair_number():
    # Four pairs numbered up to 100 sit at 50 tables (two pairs a table), as the archive
    # and the pair forms require of any session.
    session = csv_import([1, 2, 99, 100])
    assert session.tables == 50
    assert archive_again(session).pairs.count() == 4


def test_rounds_of_a_file_keep_to_the_boards_a_round_limit():
    # Two pairs playing 40 boards against each other: at most 36 boards a round.
    names = names_file([1, 2])
    boards = "".join(f"{board},1,2,3NT=,N,,25\n" for board in range(1, 41))
    session = import_csv(name="Match", date="2026-11-20", names_data=names.encode(),
                         boards_data=boards.encode())
    assert (session.rounds, session.boards_per_round) == (2, 20)
    assert archive_again(session).boards.count() == 40


@pytest.mark.parametrize("sizes, message", [
    ({"tables": 51}, "A session has at most 50 tables; this one has 51."),
    ({"rounds": 201}, "A session has at most 200 rounds; this one has 201."),
    ({"boards_per_round": 37}, "A session has at most 36 boards a round; this one has 37."),
])
def test_the_import_service_refuses_a_session_beyond_the_limits(sizes, message):
    session = Session(name="Too big", date=date(2026, 11, 20), movement="free",
                      status="finished", compensation_table=moscow_table(),
                      **({"tables": 2, "rounds": 1, "boards_per_round": 1} | sizes))
    with pytest.raises(Refused) as refused:
        import_session(session, [(1, [("A", ""), ("B", "")]), (2, [("C", ""), ("D", "")])],
                       [Board(number=1)], [])
    assert refused.value.messages == [message]
    assert nothing_saved()


def test_the_import_service_refuses_pairs_and_boards_beyond_the_session():
    session = Session(name="Too big", date=date(2026, 11, 20), movement="free",
                      status="finished", compensation_table=moscow_table(), tables=2,
                      rounds=1, boards_per_round=2)
    pairs = [(n, [(f"A{n}", ""), (f"B{n}", "")]) for n in (1, 5)]
    with pytest.raises(Refused) as refused:
        import_session(session, pairs, [Board(number=n) for n in (1, 7201)], [])
    assert refused.value.messages == [
        "Pair numbers go from 1 to 4 (two pairs a table); found 5.",
        "Board numbers go from 1 to 7200; found 7201."]
    assert nothing_saved() and not Result.objects.exists()


def test_a_refusal_of_the_import_service_is_the_csv_import_s_message(monkeypatch):
    monkeypatch.setattr(imports, "size_problems", lambda *args: ["Too big."])
    with pytest.raises(ImportFailed) as failed:
        csv_import([1, 2])
    assert failed.value.errors == ["Too big."]
    assert nothing_saved()
