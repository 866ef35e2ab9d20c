"""USEBIO 1.2 results of a teams event (docs/teams-and-individuals.md, "In the product:
teams events"): the teams (TEAM participants with their players, VPs and place) and one
MATCH per match played, with each team's IMPs and VPs and, board by board, the IMPs to
the first-named (home) team and each room's table result, the room where that team sits
North-South (the open room) marked DIRECTION NS. Scores are North-South's. A bye is not a
match and is not written (its VPs are in the team's total).

The layout follows the USEBIO teams file this site knows (tests/club/io/fixtures/
usebio_teams.xml): EVENT_TYPE TEAMS (for a round robin and a Swiss teams alike: the
session stores no format), MATCH_SCORING_METHOD VPS. Reading such files back is not built:
the USEBIO reader refuses teams events."""

import xml.etree.ElementTree as ET

from django.conf import settings

from club.io.usebio import DOCTYPE, PROGRAM_NAME, element, table_result


def export_usebio_teams(session, standings, *, membership=False):
    """The USEBIO document of a teams session as UTF-8 bytes, from its standings
    (club.stats.teams.teams_standings, over the boards the reader may see); no query.
    `membership` adds the players' membership numbers: only for directors."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    element(element(root, "CLUB"), "CLUB_NAME", getattr(settings, "CLUB_NAME", ""))
    event = element(root, "EVENT", EVENT_TYPE="TEAMS")
    element(event, "EVENT_DESCRIPTION", session.name)
    element(event, "PROGRAM_NAME", PROGRAM_NAME)
    element(event, "DATE", session.date.strftime("%d/%m/%Y"))
    element(event, "BOARD_SCORING_METHOD", "IMPS")
    element(event, "MATCH_SCORING_METHOD", "VPS")
    participants = element(event, "PARTICIPANTS")
    for line in standings.rows:
        team = element(participants, "TEAM", TEAM_ID=str(line.team.number),
                       TEAM_NAME=line.team.name)
        element(team, "TOTAL_SCORE", line.row.vps)
        element(team, "PLACE", line.row.rank_label)
        for member in line.team.members.all():
            person = element(team, "PLAYER")
            element(person, "PLAYER_NAME", member.player.name)
            if membership and member.player.membership_number:
                element(person, "NATIONAL_ID_NUMBER", member.player.membership_number)
    for _round, lines in sorted(standings.rounds.items()):
        for line in lines:
            if line.score is not None:
                match_element(event, line)
    ET.indent(root, space="  ")
    text = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + "\n" + text
            + "\n").encode("utf-8")


def match_element(event, line):
    """A MATCH: its round, teams, IMPs, VPs (once complete) and its scored boards."""
    match, score = line.match, line.score
    node = element(event, "MATCH")
    element(node, "ROUND_NUMBER", match.round)
    element(node, "TEAM", match.home.number)
    element(node, "OPPOSING_TEAM", match.away.number)
    element(node, "TEAM_IMPS", score.home_imps)
    element(node, "OPPOSING_TEAM_IMPS", score.away_imps)
    if line.complete:
        element(node, "TEAM_SCORE", score.home_vps)
        element(node, "OPPOSING_TEAM_SCORE", score.away_vps)
    for board in line.boards:
        if board.swing is None:
            continue
        item = element(node, "BOARD")
        element(item, "BOARD_NUMBER", board.number)
        element(item, "IMPS", board.swing.home_imps)
        for direction, result in (("NS", board.open), ("EW", board.closed)):
            if result is not None:
                room_line(item, direction, result)


def room_line(board, direction, result):
    """A room's TRAVELLER_LINE: DIRECTION is where the first-named team sits there."""
    line = element(board, "TRAVELLER_LINE")
    element(line, "DIRECTION", direction)
    table_result(line, result)
