"""Knockout matches' pages (issue 20): the director makes the knockout on the Teams page
(a refusal keeps what was typed), plays the extra boards, and the public match report and
standings page show the carry-over, the result and the winner, or that extra boards are
due, counting only the boards the public may see."""

import pytest
from django.urls import reverse

from club.models import TeamKnockout, TeamMatch
from tests.club.services.test_team_knockout import HOME_IMPS, knockout, play
from tests.club.services.test_teams import enter, register, teams_session

pytestmark = pytest.mark.django_db


def test_the_director_makes_the_knockout_and_a_refusal_keeps_what_was_typed(director_client):
    session = teams_session(teams=2, rounds=1, boards=2, tables=2)
    register(session, 2)
    page = reverse("teams", args=[session.pk])
    data = {"action": "knockout", "carry_over": "7.25", "tie_break": "last boards"}
    response = director_client.post(page, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "a whole number or a half" in html and 'value="7.25"' in html
    assert '<option value="last boards" selected>' in html
    assert not TeamMatch.objects.filter(session=session).exists()
    response = director_client.post(page, {**data, "carry_over": "7.5"}, follow=True)
    html = response.content.decode()
    assert "The knockout match is made" in html
    assert "Make Swiss round" not in html and "Make the knockout match" not in html
    assert str(TeamKnockout.objects.get(session=session).carry_over) == "7.5"


def test_the_report_shows_the_carry_over_and_the_winner(client):
    session = knockout(carry_over="-20.5")
    match = TeamMatch.objects.get(session=session)
    report = reverse("team-match", args=[session.pk, match.pk])
    html = client.get(report).content.decode()
    assert 'data-carry-over="-20.5"' in html and "In play" in html
    play(session)
    # -20.5 + 18 = -2.5: Team 2 wins by 2.5 IMPs.
    for url in (report, reverse("teams-standings", args=[session.pk])):
        html = client.get(url).content.decode()
        assert 'data-home-lead="-2.5"' in html
        assert "Team 2 wins by 2.5 IMPs" in html


def test_a_level_match_says_play_extra_boards_and_the_director_makes_them(
        client, director_client):
    session = knockout(carry_over=-HOME_IMPS)
    match = TeamMatch.objects.get(session=session)
    report = reverse("team-match", args=[session.pk, match.pk])
    play(session, boards=(1,))
    # Board 2 played in the open room only: hidden, so the match is still in play.
    enter(session, 2, match.open_ns, match.open_ew, "3NT= N")
    html = client.get(report).content.decode()
    assert "In play" in html and "+600" not in html
    enter(session, 2, match.closed_ns, match.closed_ew, "1NT= N")
    html = client.get(report).content.decode()
    assert "Undecided: the match is level, play extra boards." in html
    page = reverse("teams", args=[session.pk])
    response = director_client.post(page, {"action": "extra"}, follow=True)
    assert "The extra boards are made" in response.content.decode()
    assert TeamMatch.objects.filter(session=session, round=2).exists()
    play(session, 2, boards=(3, 4), open_text="3NT= N", closed_text="1NT= N")
    html = client.get(report).content.decode()
    assert "Team 1 wins." in html and "decided by the extra boards" in html
    # Refused now: the message, never an error page.
    response = director_client.post(page, {"action": "extra"}, follow=True)
    assert response.status_code == 200 and "already made" in response.content.decode()
