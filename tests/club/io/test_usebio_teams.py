"""The USEBIO export of a teams event (issue 20): TEAM participants with their VPs and
places, one MATCH per match with each team's IMPs and VPs and its boards' IMPs and room
results, each room's line-up (ROOM) and the hands of the boards written, only the boards
the public may see. Reading it back: tests/club/io/test_usebio_teams_read.py."""

import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest
from django.urls import reverse

from club.models import TeamMatch
from club.services.results import contract_values, enter_result
from scoring.engine import parse_result
from tests.club.services.test_teams import enter, started
from tests.deals import deal_quickly
from tests.wbf import imps, wbf_vps

pytestmark = pytest.mark.django_db


def download(client, session):
    response = client.get(reverse("teams-standings", args=[session.pk]) + "?_export=usebio")
    assert response["Content-Type"] == "application/xml; charset=utf-8"
    return response.content


def test_the_teams_file_holds_each_match_with_its_imps_and_vps(client):
    session = started(boards=2)
    for match in TeamMatch.objects.filter(session=session, round=1):
        for board, (open_text, closed_text) in ((1, ("4S= N", "3S+1 N")),
                                                (2, ("3NT-1 N", "3NT= N"))):
            enter(session, board, match.open_ns, match.open_ew, open_text, hcp=25)
            enter(session, board, match.closed_ns, match.closed_ew, closed_text, hcp=25)
    root = ET.fromstring(download(client, session))
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "TEAMS"
    assert event.findtext("MATCH_SCORING_METHOD") == "VPS"
    teams = {team.get("TEAM_ID"): team for team in event.iter("TEAM") if team.get("TEAM_ID")}
    assert sorted(teams) == ["1", "2", "3", "4"]
    assert len(teams["1"].findall("PLAYER")) == 4
    assert teams["1"].get("TEAM_NAME") == "Team 1"
    matches = event.findall("MATCH")
    assert len(matches) == 2  # rounds 2 and 3 have no result yet
    first = next(m for m in matches if m.findtext("TEAM") == "1")
    # Board 1: +420 v +170, 6 IMPs to team 1; board 2 NS vul.: -100 v +600, 12 to team 4.
    swing = imps(420 - 170) + imps(-100 - 600)
    assert (first.findtext("OPPOSING_TEAM"), int(first.findtext("TEAM_IMPS"))) == ("4", swing)
    assert int(first.findtext("OPPOSING_TEAM_IMPS")) == -swing
    assert Decimal(first.findtext("TEAM_SCORE")) == wbf_vps(swing, 2)
    assert Decimal(first.findtext("OPPOSING_TEAM_SCORE")) == wbf_vps(-swing, 2)
    assert Decimal(teams["1"].findtext("TOTAL_SCORE")) == wbf_vps(swing, 2)
    board = first.find("BOARD")
    assert (board.findtext("BOARD_NUMBER"), board.findtext("IMPS")) == ("1", "6")
    rooms = [(line.findtext("DIRECTION"), line.findtext("CONTRACT"), line.findtext("SCORE"))
             for line in board.findall("TRAVELLER_LINE")]
    assert rooms == [("NS", "4S", "420"), ("EW", "3S", "170")]


def test_the_public_file_leaves_out_the_boards_still_in_play(client):
    session = started(boards=1)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    enter(session, 1, match.open_ns, match.open_ew, "3NT= N")
    enter(session, 1, match.closed_ns, match.closed_ew, "1NT= N")
    root = ET.fromstring(download(client, session))
    assert root.find("EVENT").findall("MATCH") == []
    assert b"3NT" not in download(client, session)


def test_the_file_holds_the_hands_and_line_ups_of_the_boards_written_only(client):
    session = started(boards=1)
    deal_quickly(session)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    for ns, ew in ((match.open_ns, match.open_ew), (match.closed_ns, match.closed_ew)):
        enter_result(session.boards.get(number=1).pk, ns_pair_id=ns.pk, ew_pair_id=ew.pk,
                     values=contract_values(parse_result("3NT= N")), board_hcp=None)
    # Board 1 is not released yet (match 2 has not played it): neither it nor its hands.
    root = ET.fromstring(download(client, session))
    assert root.find("EVENT").findall("MATCH") == []
    assert root.find("HANDSET") is None
    other = TeamMatch.objects.get(session=session, round=1, number=2)
    for ns, ew in ((other.open_ns, other.open_ew), (other.closed_ns, other.closed_ew)):
        enter_result(session.boards.get(number=1).pk, ns_pair_id=ns.pk, ew_pair_id=ew.pk,
                     values=contract_values(parse_result("3NT= N")), board_hcp=None)
    root = ET.fromstring(download(client, session))
    assert [b.findtext("BOARD_NUMBER") for b in root.find("HANDSET")] == ["1"]
    written = next(m for m in root.iter("MATCH") if m.findtext("TEAM") == str(match.home.number))
    rooms = {room.findtext("DIRECTION"): {(p.findtext("DIRECTION"), p.findtext("PLAYER_NAME"))
                                          for p in room.findall("PLAYER")}
             for room in written.findall("ROOM")}
    assert rooms["NS"] == {("NS", match.open_ns.player1.name),
                           ("NS", match.open_ns.player2.name),
                           ("EW", match.open_ew.player1.name),
                           ("EW", match.open_ew.player2.name)}
    assert rooms["EW"] == {("NS", match.closed_ns.player1.name),
                           ("NS", match.closed_ns.player2.name),
                           ("EW", match.closed_ew.player1.name),
                           ("EW", match.closed_ew.player2.name)}
    captains = [p.findtext("PLAYER_NAME") for p in root.iter("PLAYER")
                if p.findtext("CAPTAIN") == "Y"]
    assert sorted(captains) == [f"T{n} player 1" for n in (1, 2, 3, 4)]


