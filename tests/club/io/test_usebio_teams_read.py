"""Reading a USEBIO teams event (issue 20, club.io.usebio_teams): a played teams night
exported and read back gives the same teams, line-ups, standings and match reports; the
hand-written fixture (another scorer's layout: SWISS_TEAMS, no TEAM_IMPS, VPs to one
decimal, no line-ups) is read with the line-ups our rule gives; every malformed file is
refused with its problem named and nothing saved; the import page takes a teams file.

The fixture's figures are worked out by hand: board 1, nobody vulnerable, NS 26 HCP; the
open room (team 1 North-South) +450, the closed room (team 2 North-South) +420: 30 points,
1 IMP to team 1, 11.20 VPs to 8.80 on the WBF scale for one board (tests.wbf)."""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.io.files import ImportFailed
from club.io.usebio import import_usebio
from club.models import Player, Session, Team, TeamMatch
from club.plan import SessionPlan
from club.services.results import contract_values, enter_result
from club.services.sessions import change_status
from club.services.teams import set_line_up
from club.stats.teams import teams_standings
from scoring.engine import parse_result
from tests.club.io import test_usebio_variants as variants
from tests.club.io.test_usebio_variants import edited
from tests.club.services.test_teams import members, started
from tests.deals import deal_quickly
from tests.wbf import imps, wbf_vps

pytestmark = pytest.mark.django_db

FIXTURE = (Path(__file__).parent / "fixtures" / "usebio_teams.xml").read_bytes()
WHERE = "MATCH round 1, 1 v 2"


def problems(data, **options):
    return variants.problems(data, "teams.xml", **options)


def players(pair):
    return {pair.player1.name, pair.player2.name}


# --- round trip ----------------------------------------------------------------------------

RESULTS = {1: ("4S= N", "3S+1 N"), 2: ("3NT-1 N", "3NT= N"), 3: ("2H= N", "2H+1 N"),
           4: ("1NT= N", "1NT-1 N"), 5: ("4H= S", "4H= S"), 6: ("PASS", "1S= N")}


def played_night():
    """A round robin of 4 teams, 3 rounds of 2 dealt boards, every room played; team 3
    changes its partnerships in round 2 (so the line-ups are not the default)."""
    session = started(boards=2)
    deal_quickly(session)
    match = TeamMatch.objects.get(session=session, round=2, home__number=3)
    p = members(match.home)
    set_line_up(match.pk, "home", (p[0], p[2]), (p[1], p[3]))
    for match in TeamMatch.objects.filter(session=session, away__isnull=False):
        for board in (2 * match.round - 1, 2 * match.round):
            for ns, ew, text in ((match.open_ns, match.open_ew, RESULTS[board][0]),
                                 (match.closed_ns, match.closed_ew, RESULTS[board][1])):
                enter_result(session.boards.get(number=board).pk, ns_pair_id=ns.pk,
                             ew_pair_id=ew.pk, values=contract_values(parse_result(text)),
                             board_hcp=None)
    change_status(session.pk, "finish")
    return session


def report(session):
    """The standings and every match report, as plain values."""
    standings = teams_standings(SessionPlan.load(session))
    rows = [(line.team.number, line.team.name, line.team.captain.name,
             sorted(m.player.name for m in line.team.members.all()), line.row.vps,
             line.row.imps, line.row.rank_label, line.byes) for line in standings.rows]
    matches = []
    for round_number, lines in sorted(standings.rounds.items()):
        for line in lines:
            match = line.match
            if match.is_bye:
                matches.append((round_number, "bye", match.home.number))
                continue
            pairs = [players(result.ns_pair) | players(result.ew_pair)
                     for result in (line.boards[0].open, line.boards[0].closed)]
            matches.append((
                round_number, match.number, match.home.number, match.away.number,
                line.score.home_imps, line.score.away_imps, line.score.home_vps,
                line.score.away_vps, players(line.boards[0].open.ns_pair), pairs,
                [(b.number, b.open.ns_score, b.closed.ns_score, b.swing.home_imps,
                  b.open_comp, b.closed_comp) for b in line.boards]))
    return rows, matches


def download(client, session, membership=False):
    url = reverse("teams-standings", args=[session.pk]) + "?_export=usebio"
    return client.get(url).content


def test_a_played_teams_night_reads_back_with_the_same_standings_and_match_reports(client):
    session = played_night()
    before = report(session)
    data = download(client, session)
    notes = []
    copy = import_usebio(data, "teams.xml", notes=notes)
    assert copy.pk != session.pk and notes == []
    assert (copy.movement, copy.status, copy.rounds, copy.boards_per_round, copy.tables) == (
        "teams", "finished", 3, 2, 4)
    assert report(copy) == before
    # The board IMPs of a match agree with the WBF scale: team 1 v team 4, round 1.
    first = before[1][0]
    assert first[2:4] == (1, 4)
    assert first[10][0][3] == imps(first[10][0][1] - first[10][0][2])
    assert first[6] == wbf_vps(first[4], 2)
    # Team 3's changed partnership in round 2 came back from the file's ROOMs.
    round_two = next(m for m in before[1] if m[0] == 2 and m[2] == 3)
    p = members(Team.objects.get(session=copy, number=3))
    assert round_two[8] == {p[0].name, p[2].name}
    # The export writes each room's players and marks the captain.
    assert b"<ROOM>" in data and b"<CAPTAIN>Y</CAPTAIN>" in data and b"<HANDSET>" in data


def test_a_file_without_rooms_seats_each_teams_first_two_players_where_it_sits_ns(client):
    data = re.sub(rb"\s*<ROOM>.*?</ROOM>", b"", download(client, played_night()),
                  flags=re.DOTALL)
    copy = import_usebio(data, "teams.xml")
    for match in TeamMatch.objects.filter(session=copy, away__isnull=False):
        home = [m.player.name for m in match.home.members.order_by("pk")]
        away = [m.player.name for m in match.away.members.order_by("pk")]
        assert players(match.open_ns) == set(home[:2])
        assert players(match.closed_ew) == set(home[2:4])
        assert players(match.closed_ns) == set(away[:2])
        assert players(match.open_ew) == set(away[2:4])


# --- the fixture: another scorer's layout ---------------------------------------------------

def test_the_fixture_is_read_as_a_teams_session():
    session = import_usebio(FIXTURE, "teams.xml")
    assert (session.name, str(session.date), session.movement) == (
        "Sunday Swiss teams", "2026-03-29", "teams")
    assert (session.rounds, session.boards_per_round, session.tables) == (1, 1, 2)
    teams = {team.number: team for team in Team.objects.filter(session=session)}
    assert {n: t.name for n, t in teams.items()} == {1: "Petrova", 2: "Kuznetsova"}
    assert teams[1].captain.name == "Anna Petrova"  # no CAPTAIN: the first player
    match = TeamMatch.objects.get(session=session)
    assert players(match.open_ns) == {"Anna Petrova", "Boris Ivanov"}
    assert players(match.closed_ew) == {"Elena Smirnova", "Dmitry Volkov"}
    assert players(match.closed_ns) == {"Olga Kuznetsova", "Sergei Popov"}
    assert players(match.open_ew) == {"Tatiana Sokolova", "Mikhail Lebedev"}
    standings = teams_standings(SessionPlan.load(session))
    assert [(r.team.number, r.row.vps, r.row.imps, r.row.rank_label)
            for r in standings.rows] == [(1, Decimal("11.20"), 1, "1"),
                                         (2, Decimal("8.80"), -1, "2")]
    [line] = standings.rounds[1]
    assert (line.boards[0].open.ns_score, line.boards[0].closed.ns_score) == (450, 420)


@pytest.mark.parametrize("home,away", [("1", "-1"), ("1", "0")])
def test_the_teams_imps_are_read_net_or_as_won(home, away):
    data = edited(FIXTURE, ("<TEAM_SCORE>", f"<TEAM_IMPS>{home}</TEAM_IMPS><OPPOSING_TEAM_IMPS>"
                                            f"{away}</OPPOSING_TEAM_IMPS><TEAM_SCORE>"))
    assert import_usebio(data, "teams.xml").movement == "teams"


def test_a_room_not_played_adjusts_the_board_for_the_match():
    # The closed room (team 2 North-South) did not play: NS Average minus, EW Average plus,
    # so team 1 gets +3 IMPs and team 2 -3, VPs on the one-board scale.
    data = edited(FIXTURE, (
        "<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><CONTRACT>4S</CONTRACT><PLAYED_BY>N"
        "</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>",
        "<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>A4060</SCORE>"),
        ("<IMPS>1</IMPS>", "<IMPS>3</IMPS>"),
        ("<TEAM_SCORE>11.2<", f"<TEAM_SCORE>{wbf_vps(3, 1)}<"),
        ("<OPPOSING_TEAM_SCORE>8.8<", f"<OPPOSING_TEAM_SCORE>{wbf_vps(-3, 1)}<"))
    session = import_usebio(data, "teams.xml")
    [line] = teams_standings(SessionPlan.load(session)).rounds[1]
    assert (line.score.home_imps, line.score.away_imps) == (3, -3)
    assert line.boards[0].closed.not_played


def test_a_total_that_is_not_ours_is_noted():
    data = edited(FIXTURE, ('TEAM_NAME="Petrova">', 'TEAM_NAME="Petrova"><TOTAL_SCORE>12.5'
                                                    '</TOTAL_SCORE>'),
                  ('TEAM_NAME="Kuznetsova">', 'TEAM_NAME="Kuznetsova"><TOTAL_SCORE>8.8'
                                              '</TOTAL_SCORE>'))
    notes = []
    import_usebio(data, "teams.xml", notes=notes)
    assert notes == ["TEAM Petrova: the file's total is 12.5 VPs; the matches read give "
                     "11.20 here (a bye scores 12.00 VPs)."]


def test_existing_players_are_found_by_name():
    anna = Player.objects.create(name="Anna Petrova")
    session = import_usebio(FIXTURE, "teams.xml")
    assert Team.objects.get(session=session, number=1).captain == anna
    assert Player.objects.count() == 8


TEAM_3 = ("""<TEAM TEAM_ID="3" TEAM_NAME="Orlova"><PLAYER><PLAYER_NAME>P1</PLAYER_NAME>"""
          "</PLAYER><PLAYER><PLAYER_NAME>P2</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>P3"
          "</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>P4</PLAYER_NAME></PLAYER></TEAM>"
          "</PARTICIPANTS>")


def test_a_bye_is_a_team_without_a_match_in_a_round():
    data = edited(FIXTURE, ("</PARTICIPANTS>", TEAM_3))
    session = import_usebio(data, "teams.xml")
    bye = TeamMatch.objects.get(session=session, away__isnull=True)
    assert (bye.round, bye.number, bye.home.number) == (1, 0, 3)


# --- refusals -------------------------------------------------------------------------------

TEAM_IMPS = ("<TEAM_SCORE>", "<TEAM_IMPS>1</TEAM_IMPS><OPPOSING_TEAM_IMPS>-1"
             "</OPPOSING_TEAM_IMPS><TEAM_SCORE>")


@pytest.mark.parametrize("changes,message", [
    ((("<OPPOSING_TEAM>2<", "<OPPOSING_TEAM>7<"),),
     "MATCH round 1, 1 v 7: OPPOSING_TEAM “7” is not a team of PARTICIPANTS."),
    ((("<IMPS>1</IMPS>", "<IMPS>6</IMPS>"),),
     f"{WHERE}, BOARD 1: the file says 6 IMPs, the results give 1."),
    ((TEAM_IMPS, ("<TEAM_IMPS>1<", "<TEAM_IMPS>3<")),
     f"{WHERE}: the file gives the teams 3 and -1 IMPs, the results give 1 and -1 (1 and 0 "
     "won)."),
    ((("<TEAM_SCORE>11.2<", "<TEAM_SCORE>12.5<"),),
     f"{WHERE}: the file gives the teams 12.5 and 8.8 VPs, the results give 11.20 and 8.80 "
     "(the WBF scale for 1 board)."),
    ((("<IMPS>1</IMPS>", "<IMPS>one</IMPS>"),),
     f"{WHERE}, BOARD 1: IMPS “one” is not a whole number of IMPs."),
    ((("<TEAM_SCORE>11.2<", "<TEAM_SCORE>11,2<"),),
     f"{WHERE}: TEAM_SCORE “11,2” is not a number."),
    ((("<ROUND_NUMBER>1<", "<ROUND_NUMBER>first<"),),
     "MATCH 1: ROUND_NUMBER “first” is not a round number from 1 to 200."),
    ((("<BOARD_NUMBER>1</BOARD_NUMBER><IMPS>", "<BOARD_NUMBER>x</BOARD_NUMBER><IMPS>"),),
     f"{WHERE}, BOARD x: BOARD_NUMBER is not a board number from 1 to 7200."),
    ((("<OPPOSING_TEAM>2<", "<OPPOSING_TEAM>1<"),),
     "MATCH round 1, 1 v 1: a team cannot play against itself."),
    ((("<SCORE>420</SCORE>", "<SCORE>400</SCORE>"),),
     f"{WHERE}, BOARD 1, TRAVELLER_LINE 2: the score 400 does not agree with 4S by N taking "
     "10 tricks (420 for NS)."),
])
def test_a_malformed_teams_file_is_refused_with_its_problem_named(changes, message):
    assert problems(edited(FIXTURE, *changes)) == [message]


def test_a_team_twice_in_a_round_is_refused():
    second = FIXTURE.decode()[FIXTURE.decode().index("<MATCH>"):
                              FIXTURE.decode().index("</MATCH>") + len("</MATCH>")]
    data = edited(FIXTURE, ("</MATCH>", "</MATCH>" + second))
    assert problems(data) == [
        "MATCH round 1, 1 v 2: team 1 already plays in round 1 (MATCH round 1, 1 v 2).",
        "MATCH round 1, 1 v 2: team 2 already plays in round 1 (MATCH round 1, 1 v 2)."]


def test_a_file_without_matches_is_refused():
    start, end = FIXTURE.index(b"<MATCH>"), FIXTURE.index(b"</MATCH>") + len(b"</MATCH>")
    assert problems(FIXTURE[:start] + FIXTURE[end:]) == [
        "teams.xml holds no matches (no MATCH with its teams); a teams event's results are "
        "given match by match."]


def test_a_file_without_results_is_refused():
    start, end = FIXTURE.index(b"<BOARD>"), FIXTURE.index(b"</BOARD>") + len(b"</BOARD>")
    assert problems(FIXTURE[:start] + FIXTURE[end:]) == [
        "teams.xml holds no results (no TRAVELLER_LINE)."]


def test_a_match_on_another_rounds_boards_is_refused():
    data = edited(FIXTURE, ("<ROUND_NUMBER>1<", "<ROUND_NUMBER>2<"))
    assert problems(data) == [
        "MATCH round 2, 1 v 2: BOARD 1 is not of round 2's boards, 2 to 2: a teams session "
        "plays boards 1 to 1 in round 1, the next 1 in round 2, and so on."]


def test_two_teams_without_a_match_in_a_round_are_refused():
    team_4 = (TEAM_3.replace('"3"', '"4"').replace("Orlova", "Belova")
              .replace(">P", ">Q"))
    data = edited(FIXTURE, ("</PARTICIPANTS>", TEAM_3.replace("</PARTICIPANTS>", "")
                            + team_4))
    assert problems(data) == [
        "Round 1: teams Orlova, Belova have no match; a round has one bye at most, every "
        "other team plays."]


def test_a_team_of_three_players_is_refused():
    data = edited(FIXTURE, ("<PLAYER><PLAYER_NAME>Dmitry Volkov</PLAYER_NAME></PLAYER>", ""))
    assert problems(data) == ["TEAM 1: a team has 4 to 6 PLAYER elements; found 3."]


def test_a_board_without_hands_is_refused():
    start = FIXTURE.index(b"<HANDSET>")
    end = FIXTURE.index(b"</HANDSET>") + len(b"</HANDSET>")
    assert problems(FIXTURE[:start] + FIXTURE[end:]) == [
        "The file has no hands (no HANDSET, no HAND in its boards), so the NS HCP of its "
        "boards cannot be known; export it with the hand records."]


def room(ns, ew, direction="NS"):
    """A ROOM (DIRECTION NS: the open room) seating these players."""
    people = [f"<PLAYER><DIRECTION>{side}</DIRECTION><PLAYER_NAME>{name}</PLAYER_NAME>"
              "</PLAYER>" for side, names in (("NS", ns), ("EW", ew)) for name in names]
    return f"<ROOM><DIRECTION>{direction}</DIRECTION>" + "".join(people) + "</ROOM>"


def test_a_room_seats_the_players_it_names():
    data = edited(FIXTURE, ("<BOARD>", room(("Anna Petrova", "Elena Smirnova"),
                                            ("Tatiana Sokolova", "Mikhail Lebedev")) + "<BOARD>"))
    match = TeamMatch.objects.get(session=import_usebio(data, "teams.xml"))
    assert players(match.open_ns) == {"Anna Petrova", "Elena Smirnova"}
    # The closed room, not given: each team's first two players not seated in the open room.
    assert players(match.closed_ew) == {"Boris Ivanov", "Dmitry Volkov"}
    assert players(match.closed_ns) == {"Olga Kuznetsova", "Sergei Popov"}


def test_a_room_player_outside_the_team_is_refused():
    data = edited(FIXTURE, ("<BOARD>", room(("Anna Petrova", "Olga Kuznetsova"),
                                            ("Tatiana Sokolova", "Mikhail Lebedev")) + "<BOARD>"))
    assert problems(data) == [
        f"{WHERE}, ROOM NS: Olga Kuznetsova is not a player of team Petrova."]


def test_a_player_seated_in_both_rooms_is_refused():
    data = edited(FIXTURE, ("<BOARD>", room(("Anna Petrova", "Boris Ivanov"),
                                            ("Olga Kuznetsova", "Mikhail Lebedev"))
                            + room(("Olga Kuznetsova", "Sergei Popov"),
                                   ("Elena Smirnova", "Dmitry Volkov"), "EW") + "<BOARD>"))
    assert problems(data) == [
        f"{WHERE}: team Kuznetsova seats a player twice; its line-up is four different "
        "players."]


def test_a_room_of_three_players_is_refused():
    data = edited(FIXTURE, ("<BOARD>", room(("Anna Petrova",),
                                            ("Tatiana Sokolova", "Mikhail Lebedev")) + "<BOARD>"))
    assert problems(data) == [
        f"{WHERE}, ROOM NS: a room seats two players NS and two EW (each PLAYER with its "
        "DIRECTION), in the room with DIRECTION NS (the first-named team North-South) or EW."]


# --- the import page ------------------------------------------------------------------------

URL = "/director/import/"


def post(client, data):
    return client.post(URL, {"which": "usebio", "usebio-policy": "line",
                             "usebio-table": "Moscow",
                             "usebio-usebio": SimpleUploadedFile("teams.xml", data)})


def test_the_import_page_takes_a_teams_file(director_client):
    assert "A teams event becomes a finished teams session" in director_client.get(
        URL).content.decode()
    response = post(director_client, FIXTURE)
    session = Session.objects.get()
    assert response.status_code == 302
    assert (session.movement, session.name) == ("teams", "Sunday Swiss teams")
    assert Team.objects.filter(session=session).count() == 2
    assert director_client.get(response["Location"], follow=True).status_code == 200


def test_the_import_page_names_a_bad_teams_files_problem(director_client):
    response = post(director_client, edited(FIXTURE, ("<IMPS>1</IMPS>", "<IMPS>6</IMPS>")))
    assert response.status_code == 200
    assert (f"{WHERE}, BOARD 1: the file says 6 IMPs, the results give 1."
            in response.content.decode())
    assert not Session.objects.exists()


# --- knockout ------------------------------------------------------------------------------

def played_knockout(carry_over, tie_break, texts):
    """A knockout of two dealt boards, `texts` (open, closed) on each board; its extra
    boards (4S= N in the open room, 2S= N in the closed) when the match ends level and
    they decide."""
    from club.services.teams import play_extra_boards
    from tests.club.services.test_team_knockout import knockout

    session = knockout(carry_over=carry_over, tie_break=tie_break)
    deal_quickly(session)

    def play(round_, boards, rooms):
        match = TeamMatch.objects.get(session=session, round=round_)
        for board in boards:
            for ns, ew, text in ((match.open_ns, match.open_ew, rooms[0]),
                                 (match.closed_ns, match.closed_ew, rooms[1])):
                enter_result(session.boards.get(number=board).pk, ns_pair_id=ns.pk,
                             ew_pair_id=ew.pk, values=contract_values(parse_result(text)),
                             board_hcp=None)

    play(1, (1, 2), texts)
    if teams_standings(SessionPlan.load(session)).knockout.undecided:
        play_extra_boards(session.pk)
        play(2, (3, 4), ("4S= N", "2S= N"))
    change_status(session.pk, "finish")
    return session


def knockout_report(session):
    line = teams_standings(SessionPlan.load(session)).knockout
    return (session.rounds, line.knockout.carry_over, line.knockout.tie_break,
            line.winner.number, line.result.decided_by, line.margin, report(session))


@pytest.mark.parametrize("carry_over,tie_break,texts", [
    ("3.5", "last boards", ("3NT= N", "1NT= N")),
    ("0", "extra boards", ("3NT= N", "3NT= N")),  # level: the extra boards decide
])
def test_a_knockout_reads_back_with_its_carry_over_and_tie_break(client, carry_over,
                                                                 tie_break, texts):
    session = played_knockout(carry_over, tie_break, texts)
    before = knockout_report(session)
    data = download(client, session)
    assert b'EVENT_TYPE="KNOCKOUT"' in data
    copy = import_usebio(data, "knockout.xml")
    assert knockout_report(copy) == before
    assert copy.knockout.carry_over == Decimal(carry_over)


def test_a_knockout_of_more_than_two_teams_or_a_bad_carry_over_is_refused(client):
    night = download(client, played_night())
    data = night.replace(b"<PARTICIPANTS>", b"<KNOCKOUT><CARRY_OVER>0</CARRY_OVER><TIE_BREAK>"
                                            b"last boards</TIE_BREAK></KNOCKOUT><PARTICIPANTS>", 1)
    bad = data.replace(b"<CARRY_OVER>0</CARRY_OVER>", b"<CARRY_OVER>2.25</CARRY_OVER>")
    sessions = Session.objects.count()
    for file, expected in ((data, "the file has 4 teams and 6 matches"), (bad, "2.25")):
        with pytest.raises(ImportFailed) as failed:
            import_usebio(file, "knockout.xml")
        assert any(p.startswith("EVENT, KNOCKOUT:") and expected in p
                   for p in failed.value.errors), failed.value.errors
    assert Session.objects.count() == sessions  # nothing saved
