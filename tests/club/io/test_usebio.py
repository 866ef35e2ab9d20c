"""USEBIO 1.2 out and in (club.io.usebio): the round trip, the
variants of other scorers' files, and every malformed element named."""

import io
from pathlib import Path

import defusedxml.ElementTree as SafeET
import pytest
from django.core.management import CommandError, call_command

from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records
from club.io.usebio import export_usebio, import_usebio
from club.models import Player, Result
from club.queries import session_standings
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures"
COMPSCORE = (FIXTURES / "usebio_compscore.xml").read_bytes()
PBN = (FIXTURES / "hand_records.pbn").read_text()


def played_session():
    session = make_session(tables=3, boards_per_round=2, name="Tuesday pairs")
    import_hand_records(session.id, PBN, "deals.pbn")
    make_result(session, 1, 1, 4, "4SX-3 W", round=1, table=1)
    make_result(session, 1, 2, 5, "pass", round=1, table=2)
    make_result(session, 2, 1, 5, "3NT+1 S", round=2, table=1)
    make_result(session, 3, 3, 6, "2D= E", round=2, table=3)
    return session


def test_export_is_a_butler_pairs_file_with_hands():
    session = played_session()
    root = SafeET.fromstring(export_usebio(session))
    assert (root.tag, root.get("Version")) == ("USEBIO", "1.2")
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "BUTLER_PAIRS"
    assert event.findtext("EVENT_DESCRIPTION") == "Tuesday pairs"
    assert event.findtext("DATE") == "27/11/2026"
    pairs = event.find("PARTICIPANTS").findall("PAIR")
    assert [p.findtext("PAIR_NUMBER") for p in pairs] == ["1", "2", "3", "4", "5", "6"]
    assert pairs[0].findtext("DIRECTION") == "NS" and pairs[3].findtext("DIRECTION") == "EW"
    assert len(pairs[0].findall("PLAYER")) == 2
    line = event.find("BOARD").find("TRAVELLER_LINE")
    result = Result.objects.get(board__session=session, board__number=1, ns_pair__number=1)
    assert {child.tag: child.text for child in line} == {
        "NS_PAIR_NUMBER": "1", "EW_PAIR_NUMBER": "4", "CONTRACT": "4SX", "PLAYED_BY": "W",
        "TRICKS": "7", "SCORE": "500", "NS_BUTLER_POINTS": str(result.ns_imps),
        "EW_BUTLER_POINTS": str(result.ew_imps)}
    assert event.find("BOARD").findtext("BOARD_AVERAGE") == str(result.ns_compensation)
    hands = root.find("HANDSET").findall("BOARD")
    assert [b.findtext("BOARD_NUMBER") for b in hands] == ["1", "2", "3"]
    west = hands[0].findall("HAND")[3]
    assert (west.findtext("DIRECTION"), west.findtext("SPADES")) == ("West", "")  # a void


@pytest.mark.parametrize("ranking, winner_type", [("one", "1"), ("two", "2")])
def test_the_winner_type_and_places_follow_the_ranking(ranking, winner_type):
    session = make_session(tables=3, boards_per_round=2, ranking=ranking)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    event = SafeET.fromstring(export_usebio(session)).find("EVENT")
    assert event.findtext("WINNER_TYPE") == winner_type
    places = {p.findtext("PAIR_NUMBER"): p.findtext("PLACE")
              for p in event.find("PARTICIPANTS").findall("PAIR")}
    # 1NS won IMPs from 1EW (pair 4), who is last; the others are level at 0.
    if ranking == "one":
        assert places == {"1": "1", "2": "2=", "3": "2=", "5": "2=", "6": "2=", "4": "6"}
    else:
        assert places == {"1": "1", "2": "2=", "3": "2=", "5": "1=", "6": "1=", "4": "3"}


def test_membership_numbers_only_when_asked():
    session = played_session()
    player = session.pairs.get(number=1).player1
    player.membership_number = "M-17"
    player.save()
    assert b"M-17" not in export_usebio(session)
    assert b"<NATIONAL_ID_NUMBER>M-17</NATIONAL_ID_NUMBER>" in export_usebio(session,
                                                                            membership=True)


def test_round_trip_keeps_the_standings():
    session = played_session()
    imported = import_usebio(export_usebio(session), "evening.xml")
    assert (imported.status, imported.movement, imported.name) == (
        "finished", "free", "Tuesday pairs")
    session.status = "finished"  # its standings with every board (in play: released only)
    assert [(r.number, r.imps, r.boards) for r in session_standings(imported)] == [
        (r.number, r.imps, r.boards) for r in session_standings(session)]
    board = imported.boards.get(number=1)
    assert board.deal == session.boards.get(number=1).deal and board.double_dummy


def test_a_compscore_file_with_its_variants():
    session = import_usebio(COMPSCORE, "compscore.xml")
    assert session.name == "Wednesday Butler" and str(session.date) == "2026-03-11"
    assert session.status == "finished" and session.movement == "free"
    # Mitchell labels: 1NS, 2NS keep their numbers, 1EW, 2EW follow them.
    names = {p.number: p.players for p in session.pairs.select_related("player1", "player2")}
    assert names == {1: "Anna Petrova – Boris Ivanov", 2: "Zoë Müller – Dmitry Volkov",
                     3: "Olga Kuznetsova – Sergei Popov", 4: "Tatiana Sokolova – Mikhail Lebedev"}
    assert Player.objects.get(name="Anna Petrova").membership_number == "1001"
    assert Player.objects.get(name="Boris Ivanov").membership_number == "C-2"
    results = {(r.board.number, r.ns_pair.number): r
               for r in Result.objects.filter(board__session=session).select_related("board",
                                                                                     "ns_pair")}
    assert results[(1, 1)].text == "3NTX-1 N" and results[(1, 1)].ns_score == -100
    assert results[(1, 2)].passed_out
    assert results[(2, 1)].text == "4SX-1 W" and results[(2, 1)].ns_score == 100
    assert results[(2, 2)].text == "4SXX= E" and results[(2, 2)].ns_score == -880
    boards = {b.number: b for b in session.boards.all()}
    assert boards[1].ns_hcp == 20 and boards[2].ns_hcp == 20  # from the hands


def edited(*changes):
    text = COMPSCORE.decode("latin-1")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text.encode("latin-1")


def problems(data):
    with pytest.raises(ImportFailed) as failed:
        import_usebio(data, "bad.xml")
    return failed.value.errors


@pytest.mark.parametrize("change,message", [
    (("<CONTRACT>3NT*</CONTRACT>", "<CONTRACT>9Z</CONTRACT>"),
     "BOARD 1, TRAVELLER_LINE 1: CONTRACT “9Z” is not a contract."),
    (("<PLAYED_BY>N</PLAYED_BY>", "<PLAYED_BY>Q</PLAYED_BY>"),
     "BOARD 1, TRAVELLER_LINE 1: PLAYED_BY “Q” is not a seat (N, E, S or W)."),
    (("<TRICKS>8</TRICKS>", "<TRICKS>14</TRICKS>"),
     "BOARD 1, TRAVELLER_LINE 1: TRICKS “14” is not a number of tricks."),
    (("<SCORE>-100</SCORE>", "<SCORE>-200</SCORE>"),
     "BOARD 1, TRAVELLER_LINE 1: the score -200 does not agree with 3NTX by N taking 8"),
    (("<EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>", "<EW_PAIR_NUMBER>7EW</EW_PAIR_NUMBER>"),
     "BOARD 1, TRAVELLER_LINE 1: EW_PAIR_NUMBER “7EW” is not a pair of PARTICIPANTS."),
    (("<BOARD_NUMBER>2</BOARD_NUMBER>\n    <TRAVELLER_LINE>",
      "<BOARD_NUMBER>1</BOARD_NUMBER>\n    <TRAVELLER_LINE>"), "BOARD 1 is listed twice."),
    (("<DATE>11-03-2026</DATE>", "<DATE>March</DATE>"), "EVENT: DATE “March” is not a date"),
    (("<SPADES>AKQJ</SPADES>", "<SPADES>AKQ</SPADES>"),
     "HANDSET, BOARD 1: The N hand has 12 cards; a hand has 13."),
    (("<HEARTS>765</HEARTS>", "<HEARTS>7654</HEARTS>"),
     "HANDSET, BOARD 1: The S hand has 14 cards; a hand has 13."),
    (("<BOARD_NUMBER>1</BOARD_NUMBER>\n    <HAND>", "<BOARD_NUMBER>5</BOARD_NUMBER>\n    <HAND>"),
     "BOARD 1: the file has no hands for this board, so its NS HCP cannot be known."),
    (("<PLAYER><PLAYER_NAME>Dmitry Volkov</PLAYER_NAME></PLAYER>", ""),
     "PAIR 2NS: a pair has two PLAYER elements; found 1."),
])
def test_malformed_elements_are_named(change, message):
    found = problems(edited(change))
    assert any(message in problem for problem in found), found


@pytest.mark.parametrize("data,message", [
    (b"<USEBIO", "is not valid XML"),
    (b"not xml at all", "is not valid XML"),
    (b"<?xml version='1.0'?><EVENTS/>", "is not a USEBIO file"),
    (b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaa">]><USEBIO>&a;</USEBIO>',
     "declares XML entities"),
    (b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
     b"<USEBIO>&x;</USEBIO>", "declares XML entities"),
    # A teams event is read as one (club.io.usebio_teams): this one has no match.
    (b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS_OF_FOUR"/></USEBIO>',
     "holds no matches (no MATCH with its teams); a teams event's results are given match "
     "by match."),
    (b'<USEBIO Version="1.2"/>', "has no EVENT"),
    (b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><DATE>01/02/2026</DATE>'
     b"<EVENT_DESCRIPTION>x</EVENT_DESCRIPTION></EVENT></USEBIO>", "holds no results"),
])
def test_files_that_are_not_usebio_results_are_refused(data, message):
    assert any(message in problem for problem in problems(data))


def test_an_adjusted_score_and_a_sectioned_file():
    data = edited(("<CONTRACT>PASS</CONTRACT><PLAYED_BY></PLAYED_BY><TRICKS></TRICKS>\n"
                   "      <SCORE>0</SCORE>", "<CONTRACT></CONTRACT><SCORE>A60A40</SCORE>"))
    session = import_usebio(data, "adjusted.xml")
    result = Result.objects.get(board__session=session, board__number=1, ns_pair__number=2)
    assert (result.ns_adjustment, result.ew_adjustment) == ("ave+", "ave-")
    two = edited(("<PARTICIPANTS", "<SESSION><SECTION/></SESSION><SESSION><SECTION/>"
                                   "</SESSION><PARTICIPANTS"))
    assert problems(two) == ["EVENT: the file has 2 sections in several sessions (1/1, 2/1); "
                             "only the sections of one session are read together, so choose "
                             "the one to import as a session (the Section field, or "
                             "--section)."]


def test_export_and_import_commands(tmp_path):
    session = played_session()
    out = io.StringIO()
    call_command("export_session", str(session.id), "--format", "usebio", stdout=out)
    path = tmp_path / "evening.xml"
    path.write_text(out.getvalue(), encoding="utf-8")
    out = io.StringIO()
    call_command("import_session", "--usebio", str(path), "--name", "Again", stdout=out)
    imported = type(session).objects.get(pk=int(out.getvalue()))
    assert imported.name == "Again"
    path.write_bytes(edited(("<CONTRACT>3NT*</CONTRACT>", "<CONTRACT>9Z</CONTRACT>")))
    with pytest.raises(CommandError, match="CONTRACT “9Z” is not a contract"):
        call_command("import_session", "--usebio", str(path), stdout=io.StringIO())
    out = io.StringIO()
    call_command("export_session", str(session.id), "--format", "pbn", stdout=out)
    assert out.getvalue().startswith("% PBN 2.1")
