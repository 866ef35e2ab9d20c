"""USEBIO 1.2 results of a teams event (docs/teams-and-individuals.md, "In the product:
teams events"), written and read.

Writing: the teams (TEAM participants with their players, the captain marked CAPTAIN Y,
VPs and place) and one MATCH per match played, with each team's IMPs and VPs, the
line-up of each room (ROOM, below) and, board by board, the IMPs to the first-named (home)
team and each room's table result, the room where that team sits North-South (the open
room) marked DIRECTION NS. Scores are North-South's. A bye is not a match and is not
written (its VPs are in the team's total). The hands of the boards written are in HANDSET.

The layout follows the USEBIO teams file this site knows (tests/club/io/fixtures/
usebio_teams.xml): EVENT_TYPE TEAMS (for a round robin and a Swiss teams alike: the
session stores no format), MATCH_SCORING_METHOD VPS; a knockout is EVENT_TYPE KNOCKOUT,
MATCH_SCORING_METHOD IMPS, with our own KNOCKOUT element (CARRY_OVER, TIE_BREAK), read
back as the same knockout. USEBIO 1.2 names no element for who
sat where; our choice is a ROOM element in the MATCH, DIRECTION NS (the open room) or EW
(the closed room), holding its four PLAYERs, each with its DIRECTION (NS or EW) and
PLAYER_NAME.

Reading (import_usebio_teams, called by club.io.usebio.import_usebio for a teams event):
a finished teams session, its teams and players (found as a pairs file's are), its matches
by round (a team without a match in a round has the bye), each room's results scored by
our rules; the line-ups from each MATCH's ROOMs, else each team's first two players in the
room where it sits North-South and the next two in the other. The file's own IMPs (each
BOARD's IMPS, each MATCH's TEAM_IMPS and OPPOSING_TEAM_IMPS, net or won) and VPs
(TEAM_SCORE and OPPOSING_TEAM_SCORE, at the file's precision) are checked against ours;
a difference is named and the file refused. Round r must play board set r (boards
(r - 1) n + 1 to r n, n boards a round), as a teams session does.
"""

import xml.etree.ElementTree as ET
from collections import Counter
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from pydantic import ValidationError

from club.io.archive_schema import KnockoutIn
from club.io.files import ImportFailed
from club.io.usebio import (
    DOCTYPE,
    PROGRAM_NAME,
    element,
    hand_problems,
    handset,
    read_hands,
    read_player,
    read_result,
    session_fields,
    table_result,
    text,
)
from club.models import Board, Session
from club.models.choices import TEAMS
from club.models.sessions import MAX_BOARD_NUMBER, MAX_BOARDS_PER_ROUND, MAX_ROUNDS
from club.models.teams import MAX_MEMBERS, MAX_TEAM_NUMBER, MIN_MEMBERS, Team, TieBreak
from club.plan import SessionPlan
from club.schedule import MAX_PAIRS, listing
from club.services.analysis import analyse_boards
from club.services.errors import Refused
from club.services.imports import import_session, player_key
from club.services.scoring import score_result
from club.stats.teams import BoardLine, board_swing, teams_standings
from scoring.engine import board_vulnerability, boards_of_set, deal_ns_hcp
from scoring.engine.team_events import BYE_VPS
from scoring.engine.teams import score_match


def export_usebio_teams(session, standings, *, membership=False):
    """The USEBIO document of a teams session as UTF-8 bytes, from its standings
    (club.stats.teams.teams_standings, over the boards the reader may see); no query.
    `membership` adds the players' membership numbers: only for directors."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    element(element(root, "CLUB"), "CLUB_NAME", getattr(settings, "CLUB_NAME", ""))
    knockout = standings.knockout and standings.knockout.knockout
    event = element(root, "EVENT", EVENT_TYPE="KNOCKOUT" if knockout else "TEAMS")
    element(event, "EVENT_DESCRIPTION", session.name)
    element(event, "PROGRAM_NAME", PROGRAM_NAME)
    element(event, "DATE", session.date.strftime("%d/%m/%Y"))
    element(event, "BOARD_SCORING_METHOD", "IMPS")
    element(event, "MATCH_SCORING_METHOD", "IMPS" if knockout else "VPS")
    if knockout:
        node = element(event, "KNOCKOUT")
        element(node, "CARRY_OVER", format(knockout.carry_over.normalize(), "f"))
        element(node, "TIE_BREAK", knockout.tie_break)
    participants = element(event, "PARTICIPANTS")
    for line in standings.rows:
        team = element(participants, "TEAM", TEAM_ID=str(line.team.number),
                       TEAM_NAME=line.team.name)
        element(team, "TOTAL_SCORE", line.row.vps)
        element(team, "PLACE", line.row.rank_label)
        for member in line.team.members.all():
            person = player_element(team, member.player, membership)
            if member.player_id == line.team.captain_id:
                element(person, "CAPTAIN", "Y")
    deals = {}
    for _round, lines in sorted(standings.rounds.items()):
        for line in lines:
            if line.score is not None:
                deals |= match_element(event, line, membership)
    handset(root, [Board(number=number, deal=deal) for number, deal in sorted(deals.items())])
    ET.indent(root, space="  ")
    text = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + "\n" + text
            + "\n").encode("utf-8")


def player_element(parent, player, membership):
    person = element(parent, "PLAYER")
    element(person, "PLAYER_NAME", player.name)
    if membership and player.membership_number:
        element(person, "NATIONAL_ID_NUMBER", player.membership_number)
    return person


def match_element(event, line, membership=False):
    """A MATCH: its round, teams, IMPs, VPs (once complete), each room's line-up and its
    scored boards; returns {board number: deal} of the boards written (club.stats.teams.
    team_results loads each result's board_deal)."""
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
    scored = [board for board in line.boards if board.swing is not None]
    for direction, room in (("NS", "open"), ("EW", "closed")):
        result = next((getattr(board, room) for board in scored
                       if getattr(board, room) is not None), None)
        if result is not None:
            room_element(node, direction, result, membership)
    for board in scored:
        item = element(node, "BOARD")
        element(item, "BOARD_NUMBER", board.number)
        element(item, "IMPS", board.swing.home_imps)
        for direction, result in (("NS", board.open), ("EW", board.closed)):
            if result is not None:
                room_line(item, direction, result)
    return {board.number: (board.open or board.closed).board_deal for board in scored
            if board.open or board.closed}


def room_element(match, direction, result, membership):
    """A room's line-up (our element, see above): its NS and its EW players."""
    room = element(match, "ROOM")
    element(room, "DIRECTION", direction)
    for side, pair in (("NS", result.ns_pair), ("EW", result.ew_pair)):
        for player in (pair.player1, pair.player2):
            person = player_element(room, player, membership)
            element(person, "DIRECTION", side)


def room_line(board, direction, result):
    """A room's TRAVELLER_LINE: DIRECTION is where the first-named team sits there."""
    line = element(board, "TRAVELLER_LINE")
    element(line, "DIRECTION", direction)
    table_result(line, result)


# --- reading --------------------------------------------------------------------------------

ROOMS = {"NS": "open", "EW": "closed"}  # a DIRECTION: where the first-named team sits NS
YES = {"Y", "YES", "TRUE", "1"}


class TeamMatchRead(NamedTuple):
    """A match as club.services.imports.import_session takes it (team and pair numbers)."""

    round: int
    number: int
    home: int
    away: int | None
    open_ns: int | None = None
    open_ew: int | None = None
    closed_ns: int | None = None
    closed_ew: int | None = None


class TeamRead(NamedTuple):
    number: int
    name: str
    captain: tuple
    players: list  # [(name, membership)]
    total: str = ""  # the file's TOTAL_SCORE (VPs), compared with ours in a note


def whole(value):
    return int(value) if value.isdigit() and value.isascii() else None


def read_teams(event, problems):
    """({team id in the file: TeamRead}) of the event's TEAM participants."""
    nodes = [node for part in event.iter("PARTICIPANTS") for node in part.findall("TEAM")]
    ids = [node.get("TEAM_ID") or text(node, "TEAM_ID") or text(node, "TEAM_NUMBER")
           or str(index) for index, node in enumerate(nodes, start=1)]
    numbered = all(whole(i) for i in ids)
    teams, names, seen = {}, set(), {}
    for index, (node, team_id) in enumerate(zip(nodes, ids, strict=True), start=1):
        number = whole(team_id) if numbered else index
        where = _("TEAM %(team)s") % {"team": team_id[:20]}
        if team_id in teams:
            problems.append(_("%(where)s is listed twice.") % {"where": where})
            continue
        if not 1 <= number <= MAX_TEAM_NUMBER:
            problems.append(_("%(where)s: team numbers go from 1 to %(max)s.")
                            % {"where": where, "max": MAX_TEAM_NUMBER})
        name = " ".join((node.get("TEAM_NAME") or text(node, "TEAM_NAME")).split())
        name = name or _("Team %(number)s") % {"number": number}
        if len(name) > Team._meta.get_field("name").max_length or name in names:
            problems.append(_("%(where)s: TEAM_NAME “%(name)s” is taken by another team or "
                              "longer than %(max)s characters.")
                            % {"where": where, "name": name[:40],
                               "max": Team._meta.get_field("name").max_length})
        names.add(name)
        players, captain = [], None
        for person in node.findall("PLAYER"):
            spec = read_player(person, where, problems)
            if player_key(spec) in seen:
                problems.append(_("%(where)s: %(name)s already plays in team %(other)s; a "
                                  "player is in one team of a session.")
                                % {"where": where, "name": spec[0],
                                   "other": seen[player_key(spec)]})
            seen[player_key(spec)] = team_id
            players.append(spec)
            if text(person, "CAPTAIN").upper() in YES and captain is None:
                captain = spec
        if not MIN_MEMBERS <= len(players) <= MAX_MEMBERS:
            problems.append(_("%(where)s: a team has %(min)s to %(max)s PLAYER elements; "
                              "found %(count)s.") % {"where": where, "min": MIN_MEMBERS,
                                                     "max": MAX_MEMBERS,
                                                     "count": len(players)})
        teams[team_id] = TeamRead(number, name, captain or (players or [None])[0], players,
                                  text(node, "TOTAL_SCORE"))
    return teams


class MatchInFile(NamedTuple):
    node: object
    where: str
    round: int
    number: int
    home: TeamRead
    away: TeamRead


def read_matches(event, teams, problems):
    """[MatchInFile] of the event's MATCH elements, numbered in each round in the file's
    order; a team twice in a round, an unknown team or round is a problem."""
    matches, playing = [], {}
    for index, node in enumerate(event.iter("MATCH"), start=1):
        round_text = text(node, "ROUND_NUMBER") or text(node, "ROUND")
        home_id, away_id = text(node, "TEAM"), text(node, "OPPOSING_TEAM")
        where = _("MATCH round %(round)s, %(home)s v %(away)s") % {
            "round": round_text[:20] or "?", "home": home_id[:20] or "?",
            "away": away_id[:20] or "?"}
        before = len(problems)
        number = whole(round_text)
        if number is None or not 1 <= number <= MAX_ROUNDS:
            problems.append(_("MATCH %(index)s: ROUND_NUMBER “%(value)s” is not a round "
                              "number from 1 to %(max)s.")
                            % {"index": index, "value": round_text[:20], "max": MAX_ROUNDS})
        for name, team_id in (("TEAM", home_id), ("OPPOSING_TEAM", away_id)):
            if team_id not in teams:
                problems.append(_("%(where)s: %(element)s “%(value)s” is not a team of "
                                  "PARTICIPANTS.") % {"where": where, "element": name,
                                                      "value": team_id[:20]})
        if home_id == away_id:
            problems.append(_("%(where)s: a team cannot play against itself.")
                            % {"where": where})
        if len(problems) > before:
            continue
        for team_id in (home_id, away_id):
            if (number, team_id) in playing:
                problems.append(_("%(where)s: team %(team)s already plays in round %(round)s "
                                  "(%(other)s).") % {"where": where, "team": team_id[:20],
                                                     "round": number,
                                                     "other": playing[number, team_id]})
            playing[number, team_id] = where
        in_round = sum(match.round == number for match in matches)
        matches.append(MatchInFile(node, where, number, in_round + 1, teams[home_id],
                                   teams[away_id]))
    return matches


def read_rooms(match, problems, notes):
    """{board number: {"open": Result, "closed": Result}} of a match's BOARDs (a room
    missing when the file has no line for it), and the file's IMPS of each board."""
    boards, file_imps = {}, {}
    for node in match.node.findall("BOARD"):
        number = whole(text(node, "BOARD_NUMBER"))
        where = _("%(match)s, BOARD %(board)s") % {
            "match": match.where, "board": text(node, "BOARD_NUMBER")[:20] or "?"}
        if number is None or not 1 <= number <= MAX_BOARD_NUMBER:
            problems.append(_("%(where)s: BOARD_NUMBER is not a board number from 1 to "
                              "%(max)s.") % {"where": where, "max": MAX_BOARD_NUMBER})
            continue
        if number in boards:
            problems.append(_("%(where)s is listed twice.") % {"where": where})
            continue
        lines = node.findall("TRAVELLER_LINE")
        if not lines:
            continue  # no result: the board is missing from the match
        rooms = boards[number] = {}
        for index, line in enumerate(lines, start=1):
            direction = "".join(filter(str.isalpha, text(line, "DIRECTION").upper()))
            room = ROOMS.get(direction) or (None if direction else ("open", "closed")[
                min(index, 2) - 1])
            line_where = _("%(board)s, TRAVELLER_LINE %(line)s") % {"board": where,
                                                                   "line": index}
            if room is None or room in rooms or len(lines) > 2:
                problems.append(_("%(where)s: a teams board has one line for each room, "
                                  "DIRECTION NS (the first-named team North-South) and EW."
                                  ) % {"where": line_where})
                continue
            # None when the line cannot be read (its problem is named).
            rooms[room] = (read_result(line, line_where, board_vulnerability(number),
                                       problems, notes), line)
        imps_text = text(node, "IMPS")
        if imps_text:
            try:
                file_imps[number] = int(imps_text)
            except ValueError:
                problems.append(_("%(where)s: IMPS “%(value)s” is not a whole number of IMPs.")
                                % {"where": where, "value": imps_text[:20]})
    return boards, file_imps


def boards_a_round(read):
    """The boards a round: the most boards the matches of any round play together."""
    per_round = {}
    for match, boards, _imps in read:
        per_round.setdefault(match.round, set()).update(boards)
    return max((len(numbers) for numbers in per_round.values()), default=0)


def check_board_sets(read, per_round, problems):
    """Each match plays every board of its round's set, both rooms (or an adjusted
    score), and nothing else."""
    for match, boards, _imps in read:
        wanted = set(boards_of_set(match.round, per_round))
        first, last = min(wanted), max(wanted)
        values = {"where": match.where, "round": match.round, "first": first, "last": last,
                  "count": per_round}
        strays = sorted(set(boards) - wanted)
        if strays:
            problems.append(_("%(where)s: BOARD %(boards)s is not of round %(round)s's "
                              "boards, %(first)s to %(last)s: a teams session plays boards "
                              "1 to %(count)s in round 1, the next %(count)s in round 2, "
                              "and so on.") % {**values, "boards": listing(strays)})
            continue
        missing = sorted(wanted - set(boards))
        if missing:
            problems.append(_("%(where)s: BOARD %(boards)s has no result; a match plays every "
                              "board of its round, %(first)s to %(last)s.")
                            % {**values, "boards": listing(missing)})
        for number, rooms in sorted(boards.items()):
            given = [result for result, _line in rooms.values()]
            if len(given) == 1 and given[0] is not None and not given[0].not_played:
                problems.append(_("%(where)s, BOARD %(board)s: one room only has a result; "
                                  "a teams board needs both rooms' results, or an adjusted "
                                  "score.") % {**values, "board": number})


def line_ups(match, problems):
    """{"open": (NS pair, EW pair), "closed": (...)} of a match, each pair two player specs:
    the file's ROOMs; in a room it does not give, each team's first two players not seated
    in the other room, taken first for the room where the team sits NS (so with no ROOM,
    its first two players sit there and the next two in the other)."""
    # The first-named team sits NS in the open room, EW in the closed room.
    sitting = {"open": {"NS": match.home, "EW": match.away},
               "closed": {"NS": match.away, "EW": match.home}}
    given = {}
    for node in match.node.findall("ROOM"):
        direction = "".join(filter(str.isalpha, text(node, "DIRECTION").upper()))
        room = ROOMS.get(direction)
        where = _("%(match)s, ROOM %(room)s") % {"match": match.where,
                                                 "room": direction[:20] or "?"}
        sides = {"NS": [], "EW": []}
        for person in node.findall("PLAYER"):
            side = "".join(filter(str.isalpha, text(person, "DIRECTION").upper()))
            spec = read_player(person, where, problems)
            if room is None or side not in sides:
                continue
            found = member(sitting[room][side], spec)
            if found is None:
                problems.append(_("%(where)s: %(name)s is not a player of team %(team)s.")
                                % {"where": where, "name": spec[0],
                                   "team": sitting[room][side].name})
            sides[side].append(found)
        if room is None or room in given or [len(sides["NS"]), len(sides["EW"])] != [2, 2]:
            problems.append(_("%(where)s: a room seats two players NS and two EW (each "
                              "PLAYER with its DIRECTION), in the room with DIRECTION NS (the "
                              "first-named team North-South) or EW.") % {"where": where})
            continue
        given[room] = {side: tuple(sides[side]) for side in sides}
    seats = {room: dict(given.get(room, {})) for room in ROOMS.values()}
    for team, own in ((match.home, (("open", "NS"), ("closed", "EW"))),
                      (match.away, (("closed", "NS"), ("open", "EW")))):
        seated = [spec for room, side in own for spec in seats[room].get(side, ()) if spec]
        keys = [player_key(spec) for spec in seated]
        if len(set(keys)) < len(keys):
            problems.append(_("%(where)s: team %(team)s seats a player twice; its line-up is "
                              "four different players.") % {"where": match.where,
                                                            "team": team.name})
        rest = [spec for spec in team.players if player_key(spec) not in keys]
        for room, side in own:
            if side not in seats[room]:
                seats[room][side], rest = tuple(rest[:2]), rest[2:]
    return {room: (seats[room]["NS"], seats[room]["EW"]) for room in seats}


def member(team, spec):
    """The team's player spec that `spec` names: by membership number, else by name."""
    return next((known for known in team.players
                 if (spec[1] and known[1] == spec[1]) or known[0] == spec[0]), None)


def read_match_scores(match, file_imps, swings, per_round, problems):
    """Check the file's IMPs and VPs of a match against ours; returns the MatchScore."""
    for swing in swings:
        given = file_imps.get(swing.board)
        if given is not None and given != swing.home_imps:
            problems.append(_("%(where)s, BOARD %(board)s: the file says %(file)s IMPs, the "
                              "results give %(ours)s.")
                            % {"where": match.where, "board": swing.board, "file": given,
                               "ours": swing.home_imps})
    score = score_match(swings, scheduled_boards=per_round)
    pairs = file_numbers(match, ("TEAM_IMPS", "OPPOSING_TEAM_IMPS"), problems)
    won = (sum(max(swing.home_imps, 0) for swing in swings),
           sum(max(swing.away_imps, 0) for swing in swings))
    if pairs and pairs not in ((score.home_imps, score.away_imps), won):
        problems.append(_("%(where)s: the file gives the teams %(home)s and %(away)s IMPs, the "
                          "results give %(ours_home)s and %(ours_away)s (%(won_home)s and "
                          "%(won_away)s won).")
                        % {"where": match.where, "home": pairs[0], "away": pairs[1],
                           "ours_home": score.home_imps, "ours_away": score.away_imps,
                           "won_home": won[0], "won_away": won[1]})
    vps = file_numbers(match, ("TEAM_SCORE", "OPPOSING_TEAM_SCORE"), problems)
    ours = (score.home_vps, score.away_vps)
    if vps and any(value != at_precision(mine, value)
                   for value, mine in zip(vps, ours, strict=True)):
        problems.append(ngettext(
            "%(where)s: the file gives the teams %(home)s and %(away)s VPs, the results give "
            "%(ours_home)s and %(ours_away)s (the WBF scale for %(boards)s board).",
            "%(where)s: the file gives the teams %(home)s and %(away)s VPs, the results give "
            "%(ours_home)s and %(ours_away)s (the WBF scale for %(boards)s boards).", per_round)
                        % {"where": match.where, "home": vps[0], "away": vps[1],
                           "ours_home": f"{ours[0]:.2f}", "ours_away": f"{ours[1]:.2f}",
                           "boards": per_round})
    return score


def file_numbers(match, names, problems):
    """The two numbers a MATCH gives in elements `names`, or None when it gives none (or
    one is malformed: a problem)."""
    values = []
    for name in names:
        value = text(match.node, name)
        if not value:
            return None
        try:
            number = Decimal(value)
        except InvalidOperation:
            number = None
        if number is None or not number.is_finite():
            problems.append(_("%(where)s: %(element)s “%(value)s” is not a number.")
                            % {"where": match.where, "element": name, "value": value[:20]})
            return None
        values.append(number)
    return tuple(values)


def at_precision(ours, given):
    """Our VPs rounded to the decimals the file gives (at most two)."""
    places = min(max(-given.as_tuple().exponent, 0), 2)
    return ours.quantize(Decimal(1).scaleb(-places))


def import_usebio_teams(root, event, filename, *, name=None, date=None, policy="line",
                        table_name="", section=None, user=None, notes=None):
    """Create a finished teams session from a USEBIO teams event (its parsed `root` and
    EVENT); the arguments are club.io.usebio.import_usebio's. Raises ImportFailed listing
    every problem (nothing saved)."""
    problems, (name, day, policy, table) = session_fields(event, None, name, date, policy,
                                                          table_name)
    if section:
        problems.append(_("Section “%(section)s”: a teams event is read whole; leave the "
                          "section empty.") % {"section": section[:20]})
    read_notes = []
    teams, read, per_round, deals = read_event(root, event, filename, problems, read_notes)
    if problems:
        raise ImportFailed(problems)
    matches = [match for match, _rooms, _imps in read]
    knockout = read_knockout(event, teams, matches, problems)
    rounds = max(match.round for match in matches)
    if knockout is not None and knockout.tie_break == TieBreak.EXTRA_BOARDS:
        rounds = 2  # the extra boards are the second round's, played or not
    byes = [] if knockout is not None else team_byes(teams, matches, rounds, problems)
    seats_of = [line_ups(match, problems) for match in matches]
    if problems:
        raise ImportFailed(problems)
    session = Session(name=name, date=day, status=Session.Status.FINISHED, movement=TEAMS,
                      tables=2 * max(Counter(match.round for match in matches).values()),
                      rounds=rounds, boards_per_round=per_round, duplicated=True,
                      compensation_table=table, policy=policy)
    boards = {number: Board(session=session, number=number, deal=deals.get(number),
                            ns_hcp=deals.get(number) and deal_ns_hcp(deals[number]))
              for number in range(1, rounds * per_round + 1)}
    pairs, results, rows = scored_matches(read, seats_of, boards, per_round, problems)
    rows += [TeamMatchRead(round, 0, team.number, None) for round, team in byes]
    if problems:
        raise ImportFailed(problems)
    try:
        analyse_boards([board for board in boards.values() if board.deal])
        session = import_session(
            session, pairs, list(boards.values()), results, user=user,
            teams=[(team.number, team.name, team.captain, team.players)
                   for team in teams.values()], team_matches=rows, knockout=knockout)
    except Refused as err:
        raise ImportFailed(err.messages) from None
    if notes is not None:
        notes.extend(read_notes + total_notes(session, teams))
    return session


def read_knockout(event, teams, matches, problems):
    """The event's knockout (this site's own KNOCKOUT element: CARRY_OVER, the home team's
    IMPs, and TIE_BREAK, "extra boards" or "last boards") as the archive's KnockoutIn, or
    None without one. A knockout is one match of two teams in round 1, and its extra boards
    (when played) the same teams' match in round 2."""
    node = event.find("KNOCKOUT")
    if node is None:
        return None
    try:
        knockout = KnockoutIn.model_validate({"carry_over": text(node, "CARRY_OVER") or "0",
                                              "tie_break": text(node, "TIE_BREAK")})
    except ValidationError as err:
        problems.append(_("EVENT, KNOCKOUT: %(problem)s") % {
            "problem": " ".join(error["msg"] for error in err.errors())})
        return None
    rounds = sorted({match.round for match in matches})
    allowed = [1, 2] if knockout.tie_break == TieBreak.EXTRA_BOARDS else [1]
    if len(teams) != 2 or len(matches) != len(rounds) or not set(rounds) <= set(allowed):
        problems.append(_("EVENT, KNOCKOUT: a knockout is one match of 2 teams (and, decided "
                          "by extra boards, their match on the extra boards in round 2); "
                          "the file has %(teams)s teams and %(matches)s matches.")
                        % {"teams": len(teams), "matches": len(matches)})
        return None
    return knockout


def total_notes(session, teams):
    """A note for each team whose TOTAL_SCORE in the file is not its VPs here (at the
    file's precision): a bye scored otherwise, say. The matches' VPs were checked; the
    totals are only reported."""
    ours = {line.team.number: line.row.vps
            for line in teams_standings(SessionPlan.load(session)).rows}
    found = []
    for team in teams.values():
        try:
            given = Decimal(team.total)
        except InvalidOperation:
            continue  # none, or not a number: nothing to compare
        if given.is_finite() and given != at_precision(ours[team.number], given):
            found.append(_("TEAM %(team)s: the file's total is %(file)s VPs; the matches read "
                           "give %(ours)s here (a bye scores %(bye)s VPs).")
                         % {"team": team.name, "file": team.total[:20],
                            "ours": f"{ours[team.number]:.2f}", "bye": BYE_VPS})
    return found


def read_event(root, event, filename, problems, notes):
    """(teams, [(MatchInFile, its rooms by board, the file's IMPS by board)], boards a
    round, {board: deal}) of a teams event, every problem of its structure named."""
    teams = read_teams(event, problems)
    matches = read_matches(event, teams, problems)
    if next(event.iter("MATCH"), None) is None:
        problems.append(_("%(file)s holds no matches (no MATCH with its teams); a teams "
                          "event's results are given match by match.") % {"file": filename})
    read = [(match, *read_rooms(match, problems, notes)) for match in matches]
    per_round = boards_a_round(read)
    if per_round > MAX_BOARDS_PER_ROUND:
        problems.append(_("A round of the file plays %(count)s boards; a session plays at "
                          "most %(max)s a round.") % {"count": per_round,
                                                      "max": MAX_BOARDS_PER_ROUND})
    elif per_round:
        check_board_sets(read, per_round, problems)
    elif not problems:  # matches without a result on any board
        problems.append(_("%(file)s holds no results (no TRAVELLER_LINE).")
                        % {"file": filename})
    deals = read_hands(root, event, problems)
    played = {number for _match, boards, _imps in read for number, rooms in boards.items()
              if any(result is not None and not result.not_played
                     for result, _line in rooms.values())}
    problems += hand_problems([_("BOARD %(board)s") % {"board": number}
                                for number in sorted(played - set(deals))], deals)
    return teams, read, per_round, deals


def scored_matches(read, seats_of, boards, per_round, problems):
    """(pairs [(number, [spec, spec])], results [(board, ns, ew, Result)], [TeamMatchRead])
    of the matches read, each room's results scored (not saved) on `boards` and each
    match's file IMPs and VPs checked against ours (read_match_scores)."""
    pairs, results, rows = {}, [], []  # pairs: {frozenset of player keys: (number, specs)}
    for (match, rooms_of, file_imps), seats in zip(read, seats_of, strict=True):
        numbers = {room: tuple(pair_number(pairs, pair) for pair in seats[room])
                   for room in ("open", "closed")}
        swings = []
        for number, rooms in sorted(rooms_of.items()):
            line = BoardLine(number)
            for room, (result, _node) in rooms.items():
                result.board = boards[number]
                score_result(result)  # the hands of every board played were checked
                setattr(line, room, result)
                results.append((number, *numbers[room], result))
            swing = board_swing(line)
            if swing is not None:
                swings.append(swing)
        if swings:
            read_match_scores(match, file_imps, swings, per_round, problems)
        rows.append(TeamMatchRead(match.round, match.number, match.home.number,
                                  match.away.number, *numbers["open"], *numbers["closed"]))
    if len(pairs) > MAX_PAIRS:
        problems.append(_("The line-ups make %(count)s partnerships; a teams session has at "
                          "most %(max)s pairs.") % {"count": len(pairs), "max": MAX_PAIRS})
    return [(number, list(specs)) for number, specs in pairs.values()], results, rows


def team_byes(teams, matches, rounds, problems):
    """[(round, TeamRead)] of the team without a match in each round; more than one in a
    round is a problem (a round has one bye at most)."""
    byes = []
    for number in range(1, rounds + 1):
        playing = {team.number for match in matches if match.round == number
                   for team in (match.home, match.away)}
        idle = [team for team in teams.values() if team.number not in playing]
        if len(idle) > 1:
            problems.append(_("Round %(round)s: teams %(teams)s have no match; a round has "
                              "one bye at most, every other team plays.")
                            % {"round": number,
                               "teams": listing([team.name for team in idle])})
        elif idle:
            byes.append((number, idle[0]))
    return byes


def pair_number(pairs, players):
    """The number of the pair of these two player specs: its number in `pairs` ({frozenset
    of the players' keys: (number, specs)}), else the next one, added there."""
    key = frozenset(player_key(spec) for spec in players)
    if key not in pairs:
        pairs[key] = (len(pairs) + 1, players)
    return pairs[key][0]
