"""Teams events' pages (issue 20): the setup form, the director's Teams page (teams,
round robin, line-ups; refusals shown with what was chosen), the public standings and
match report with the hidden-board rule, the table phones of the rooms, and a fixed
number of queries whatever the number of teams."""

import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Session, Team, TeamMatch
from club.services.results import contract_values, correct_result
from club.services.sessions import change_status
from club.services.teams import start_swiss_teams_round
from club.stats.players import player_evenings, totals
from scoring.engine import parse_result
from scoring.models import moscow_table
from tests.club.services.test_teams import (
    enter,
    line_up_all,
    members,
    register,
    started,
    teams_session,
)
from tests.factories import make_player
from tests.wbf import wbf_vps

pytestmark = pytest.mark.django_db


def play_round(session, round, open_text="3NT= N", closed_text="1NT= N"):
    """Every match of `round`: `open_text` in the open room, `closed_text` in the closed."""
    per_round = session.boards_per_round
    for match in TeamMatch.objects.filter(session=session, round=round, away__isnull=False):
        for offset in range(per_round):
            board = (round - 1) * per_round + offset + 1
            enter(session, board, match.open_ns, match.open_ew, open_text)
            enter(session, board, match.closed_ns, match.closed_ew, closed_text)


def test_the_setup_form_makes_a_teams_session_and_wants_its_rounds(director_client):
    data = {"name": "Teams", "date": "2026-12-03", "movement": "teams", "tables": "4",
            "rounds": "", "boards_per_round": "4", "duplicated": "True",
            "compensation_table": str(moscow_table().pk), "policy": "line"}
    response = director_client.post(reverse("setup-session-new"), data)
    assert "A teams event plays as many rounds as the director chooses" in \
        response.content.decode()
    director_client.post(reverse("setup-session-new"), {**data, "rounds": "3"})
    session = Session.objects.get()
    assert (session.movement, session.rounds, session.boards.count()) == ("teams", 3, 12)
    html = director_client.get(reverse("director-session", args=[session.pk])).content.decode()
    assert reverse("teams", args=[session.pk]) in html


def test_the_director_registers_a_team_and_a_refusal_keeps_the_choice(director_client):
    session = teams_session()
    page = reverse("teams", args=[session.pk])
    players = [make_player(f"Player {i}") for i in range(1, 6)]
    data = {"action": "team", "number": "1", "name": "Sharks",
            "players": [str(p.pk) for p in players[:3]], "captain": str(players[0].pk)}
    html = director_client.post(page, data).content.decode()
    assert "A team has 4 to 6 players; got 3." in html
    assert 'value="Sharks"' in html
    assert f'<option value="{players[2].pk}" selected>' in html
    assert not Team.objects.exists()
    data["players"] = [str(p.pk) for p in players[:4]]
    response = director_client.post(page, data, follow=True)
    assert "Team Sharks registered." in response.content.decode()
    assert Team.objects.get().members.count() == 4


def test_the_director_makes_the_round_robin_and_sets_a_line_up(director_client):
    session = teams_session()
    register(session, 4)
    page = reverse("teams", args=[session.pk])
    response = director_client.post(page, {"action": "schedule"}, follow=True)
    assert "The round robin is made" in response.content.decode()
    assert TeamMatch.objects.filter(session=session).count() == 6
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    home, away = members(match.home), members(match.away)
    prefix = f"m{match.pk}-home-"
    data = {"action": "line-up", "match": str(match.pk), "side": "home",
            prefix + "open_1": home[0].pk, prefix + "open_2": home[1].pk,
            prefix + "closed_1": home[2].pk, prefix + "closed_2": home[2].pk}
    html = director_client.post(page, data).content.decode()
    assert "A line-up seats four different players" in html
    data[prefix + "closed_2"] = home[3].pk
    response = director_client.post(page, data, follow=True)
    assert "The line-up of Team 1 is set." in response.content.decode()
    match.refresh_from_db()
    assert {match.open_ns.player1, match.open_ns.player2} == set(home[:2])
    # A player of the other team is not even offered.
    html = director_client.get(page).content.decode()
    assert f'id="id_m{match.pk}-home-open_1"' in html
    form = html.split(f'id="id_m{match.pk}-home-open_1"')[1].split("</select>")[0]
    assert away[0].name not in form and home[0].name in form


def test_the_teams_page_is_for_directors_and_teams_sessions_only(director_client):
    session = teams_session()
    assert Client().get(reverse("teams", args=[session.pk])).status_code == 302
    Session.objects.filter(pk=session.pk).update(movement="howell")
    assert director_client.get(reverse("teams", args=[session.pk])).status_code == 404


def test_the_public_pages_show_a_board_once_both_rooms_of_every_match_played_it(client):
    session = started(boards=1)
    standings = reverse("teams-standings", args=[session.pk])
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    report = reverse("team-match", args=[session.pk, match.pk])
    enter(session, 1, match.open_ns, match.open_ew, "3NT= N")
    enter(session, 1, match.closed_ns, match.closed_ew, "1NT= N")
    # Match 2 has not played board 1 yet: nothing of board 1 shows anywhere.
    html = client.get(report).content.decode()
    assert "No board of this match is shown yet." in html and "+400" not in html
    assert "in play: 0 of 1 board" in client.get(standings).content.decode()
    other = TeamMatch.objects.get(session=session, round=1, number=2)
    enter(session, 1, other.open_ns, other.open_ew, "2S= N")
    enter(session, 1, other.closed_ns, other.closed_ew, "2S= N")
    html = client.get(report).content.decode()
    # Open +400, closed +90: 310 to the home team, 7 IMPs; VPs of a 1-board match.
    assert 'data-board="1" data-swing="7"' in html
    assert "7 : -7" in html and "400" in html and "90" in html
    html = client.get(standings).content.decode()
    assert 'data-team="1" data-vps="' in html
    assert client.get(reverse("standings", args=[session.pk])).content.decode().count(
        standings) == 1


def test_a_rooms_table_phone_enters_its_boards(client):
    session = started(boards=1)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    phone = reverse("table", args=[session.table_codes.get(table=2).code])  # closed room
    html = client.get(phone).content.decode()
    assert "Boards this round" in html
    assert match.closed_ns.players.split(" – ")[0] in html


def test_the_public_pages_are_only_for_teams_sessions(client):
    session = started()
    Session.objects.filter(pk=session.pk).update(movement="howell")
    assert client.get(reverse("teams-standings", args=[session.pk])).status_code == 404


def test_the_standings_download_as_csv_xlsx_and_json(client):
    session = started(boards=1)
    play_round(session, 1)  # match 1: +400 v +90, 7 IMPs to Team 1; match 2 the same
    url = reverse("teams-standings", args=[session.pk])
    rows = json.loads(client.get(url + "?_export=json").content)
    by_team = {row["Team"]: row for row in rows}
    assert by_team["Team 1"]["VPs"] == float(wbf_vps(7, 1)) and by_team["Team 1"]["IMPs"] == 7
    assert by_team["Team 4"]["VPs"] == float(wbf_vps(-7, 1))
    assert by_team["Team 1"]["Captain"] == "T1 player 1"
    assert by_team["Team 1"]["Players"].count("T1 player") == 4
    response = client.get(url + "?_export=csv")
    assert response["Content-Disposition"] == f'attachment; filename="teams-{session.pk}.csv"'
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Rank,No.,Team,Captain,Players,Matches,Byes,VPs,IMPs")
    assert len(lines) == 5
    assert client.get(url + "?_export=xlsx").content[:2] == b"PK"
    html = client.get(url).content.decode()
    assert "?_export=csv" in html


def test_the_downloads_count_only_released_boards(client):
    session = started(boards=1)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    enter(session, 1, match.open_ns, match.open_ew, "3NT= N")
    enter(session, 1, match.closed_ns, match.closed_ew, "1NT= N")
    url = reverse("teams-standings", args=[session.pk]) + "?_export=json"
    assert {row["VPs"] for row in json.loads(client.get(url).content)} == {0.0}


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


def test_the_teams_pages_run_a_fixed_number_of_queries(director):
    counts = []
    for teams in (4, 16):
        session = started(teams=teams, rounds=3, boards=2)
        play_round(session, 1)
        play_round(session, 2, "4S= N", "4S-1 N")
        match = TeamMatch.objects.filter(session=session, away__isnull=False).first()
        director_client = Client()
        director_client.force_login(director)
        counts.append((
            queries(Client(), reverse("teams-standings", args=[session.pk])),
            queries(Client(), reverse("teams-standings", args=[session.pk]) + "?_export=csv"),
            queries(Client(), reverse("teams-standings", args=[session.pk])
                    + "?_export=usebio"),
            queries(Client(), reverse("team-match", args=[session.pk, match.pk])),
            queries(director_client, reverse("teams", args=[session.pk]))))
    assert counts[0] == counts[1], counts
    assert max(counts[0][:4]) <= 8, counts
    assert counts[0][4] <= 12, counts


def test_the_director_makes_each_swiss_round_from_the_teams_page(director_client):
    session = teams_session(teams=4, rounds=2, boards=1, tables=4)
    register(session, 4)
    page = reverse("teams", args=[session.pk])
    html = director_client.get(page).content.decode()
    assert "Make Swiss round 1" in html and "Make the round robin" in html
    response = director_client.post(page, {"action": "swiss", "draw": "seeded"}, follow=True)
    html = response.content.decode()
    assert "Swiss round 1 is made" in html and "Make Swiss round 2" in html
    assert "Make the round robin" not in html
    # Round 1 has no results: round 2 is refused with the reason, nothing stored.
    html = director_client.post(page, {"action": "swiss"}, follow=True).content.decode()
    assert "Round 1 is not complete" in html
    assert not TeamMatch.objects.filter(session=session, round=2).exists()


def test_a_rooms_phone_waits_for_its_line_up_and_then_for_the_next_round(client):
    from tests.club.services.test_teams import swiss_teams

    session = swiss_teams(teams=4, rounds=2)
    start_swiss_teams_round(session.pk)
    line_up_all(session)
    match = TeamMatch.objects.get(session=session, round=1, number=2)
    TeamMatch.objects.filter(pk=match.pk).update(closed_ns=None, closed_ew=None)
    change_status(session.pk, "start")
    phone = reverse("table", args=[session.table_codes.get(table=4).code])
    assert "No match seats this table yet" in client.get(phone).content.decode()
    phone = reverse("table", args=[session.table_codes.get(table=1).code])
    first = TeamMatch.objects.get(session=session, round=1, number=1)
    enter(session, 1, first.open_ns, first.open_ew, "3NT= N")
    html = client.get(phone + "?round=1").content.decode()
    assert "Round 2 appears here once the director has made it" in html
    assert "thank you for playing" not in html
    assert reverse("teams-standings", args=[session.pk]) in html


def test_a_teams_nights_compensation_counts_on_the_players_pages(client):
    session = started(boards=1)
    play_round(session, 1)  # the open rooms' NS make 3NT= at 20 HCP: +400 against 0 owed
    change_status(session.pk, "finish")
    change_status(session.pk, "publish")
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    player = match.open_ns.player1
    result = match.open_ns.ns_results.get()
    played, _names = player_evenings(player.pk)
    assert (totals(played).sessions, totals(played).boards, totals(played).imps) == (
        1, 1, result.ns_imps)
    assert result.ns_imps > 0
    html = client.get(reverse("player", args=[player.pk])).content.decode()
    assert "Teams night" in html


@pytest.mark.parametrize("name", [
    "director-session", "setup-session-edit", "setup-pairs", "setup-schedule",
    "setup-table-cards", "hand-records", "entry-session", "entry-checks",
    "entry-dashboard", "table-codes", "teams", "standings", "board-list", "teams-standings",
    "session-archive"])
def test_every_page_of_a_teams_session_in_its_second_round_opens(director_client, name):
    session = started(teams=5, rounds=5, boards=1)  # a bye each round
    play_round(session, 1)
    match = TeamMatch.objects.get(session=session, round=2, number=1)
    enter(session, 2, match.open_ns, match.open_ew, "4S= N")
    response = director_client.get(reverse(name, args=[session.pk]))
    assert response.status_code == 200, response.content.decode()[:2000]


def test_the_scorecards_board_reports_and_entry_of_a_teams_session(director_client):
    session = started(boards=1)
    play_round(session, 1)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    for url in (reverse("pair-scorecard", args=[session.pk, match.closed_ns.number]),
                reverse("board-report", args=[session.pk, 1]),
                reverse("entry-scorecard", args=[session.pk, 1, 2]),
                reverse("team-match", args=[session.pk, match.pk])):
        response = director_client.get(url)
        assert response.status_code == 200, url
    # The closed room's entry sheet names the room's two pairs.
    html = director_client.get(reverse("entry-scorecard", args=[session.pk, 1, 2])).content
    assert match.closed_ns.player1.name in html.decode()


def test_the_public_pages_do_not_change_with_a_hidden_boards_results():
    """While one room of match 2 has not played board 1, the results of board 1 in the
    other rooms may be anything: the public teams pages, match reports and downloads read
    the same."""
    session = started(boards=1)
    match, other = TeamMatch.objects.filter(session=session, round=1).order_by("number")
    entered = [enter(session, 1, match.open_ns, match.open_ew, "3NT= N"),
               enter(session, 1, match.closed_ns, match.closed_ew, "1NT= N"),
               enter(session, 1, other.open_ns, other.open_ew, "2S= N")]
    urls = [reverse("teams-standings", args=[session.pk]),
            reverse("teams-standings", args=[session.pk]) + "?_export=json",
            reverse("teams-standings", args=[session.pk]) + "?_export=usebio",
            reverse("team-match", args=[session.pk, match.pk]),
            reverse("team-match", args=[session.pk, other.pk])]

    def pages():
        # The language form's CSRF token is new on every visit.
        return [re.sub(rb'csrfmiddlewaretoken" value="\w+"', b"", Client().get(url).content)
                for url in urls]

    before = pages()
    for result, text in zip(entered, ("6NTX-4 N", "7S= N", "pass"), strict=True):
        correct_result(result.pk, result.version, contract_values(parse_result(text)))
    assert pages() == before


def test_the_director_changes_a_registered_team(director_client):
    session = teams_session()
    [team] = register(session, 1)
    page = reverse("teams", args=[session.pk])
    html = director_client.get(page + f"?team={team.pk}").content.decode()
    assert "Change team Team 1" in html and 'value="Team 1"' in html
    players = members(team)
    assert f'<option value="{players[3].pk}" selected>' in html
    extra = make_player("Reserve")
    data = {"action": "team", "team": str(team.pk), "number": "1", "name": "Sharks",
            "players": [str(p.pk) for p in [*players, extra]], "captain": str(extra.pk)}
    response = director_client.post(page, data, follow=True)
    assert "Team Sharks saved." in response.content.decode()
    team.refresh_from_db()
    assert (team.name, team.captain, team.members.count()) == ("Sharks", extra, 5)
    assert Team.objects.filter(session=session).count() == 1
    # Nonsense in the address is no team: the page registers a new one.
    html = director_client.get(page + "?team=x1").content.decode()
    assert "Register a team" in html


def test_the_director_withdraws_a_team_before_the_schedule(director_client):
    session = teams_session()
    teams = register(session, 4)
    page = reverse("teams", args=[session.pk])
    response = director_client.post(page, {"action": "withdraw", "team": str(teams[3].pk)},
                                    follow=True)
    assert "Team Team 4 withdrawn." in response.content.decode()
    assert Team.objects.filter(session=session).count() == 3
    response = director_client.post(page, {"action": "withdraw", "team": "999"}, follow=True)
    assert "This team no longer exists." in response.content.decode()


def test_a_match_whose_rooms_both_played_shows_its_line_ups_without_forms(director_client):
    session = started(boards=1)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    enter(session, 1, match.open_ns, match.open_ew, "3NT= N")  # the open room only
    url = reverse("teams", args=[session.pk])

    def match_html():
        html = director_client.get(url).content.decode()
        return html.split('id="round-1"')[1].split('data-match="1"')[1].split("</article>")[0]

    part = match_html()
    assert part.count('class="form line-up"') == 2 and "line-up-fixed" not in part
    enter(session, 1, match.closed_ns, match.closed_ew, "1NT= N")
    part = match_html()
    assert 'class="form line-up"' not in part and "line-up-fixed" in part
    assert f"Open room: {match.open_ns.players} (NS) v {match.open_ew.players} (EW)" in part
    assert f"Closed room: {match.closed_ns.players} (NS)" in part
    # The other match of round 1 has not played: its forms stay.
    other = director_client.get(url).content.decode().split('id="round-1"')[1].split(
        'data-match="2"')[1].split("</article>")[0]
    assert other.count('class="form line-up"') == 2


def test_a_knockouts_extra_boards_keep_their_line_up_forms_until_played(director_client):
    """The extra boards seat the same pairs as the match: the match having played says
    nothing of round 2's rooms."""
    from club.services.teams import play_extra_boards
    from tests.club.services.test_team_knockout import knockout, play

    session = knockout(tie_break="extra boards")
    play(session, open_text="3NT= N", closed_text="3NT= N")  # level
    play_extra_boards(session.pk)
    html = director_client.get(reverse("teams", args=[session.pk])).content.decode()
    round_one = html.split('id="round-1"')[1].split("</section>")[0]
    round_two = html.split('id="round-2"')[1].split("</section>")[0]
    assert "line-up-fixed" in round_one and 'class="form line-up"' not in round_one
    assert round_two.count('class="form line-up"') == 2 and "line-up-fixed" not in round_two
