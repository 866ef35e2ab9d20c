"""The public teams standings page and match report answer a reload with a 304 while what
they show is the same (issue 20): a result on a board still hidden changes nothing there;
nor does a renamed player (they name none); a board released and a knockout's result
change them."""

import pytest
from django.urls import reverse

from club.models import TeamMatch
from club.plan import SessionPlan
from club.services.players import save_player
from reports.views.teams import public_teams_standings
from tests.club.phones.test_round_etag import assert_digestible
from tests.club.services.test_team_knockout import knockout, play
from tests.club.services.test_teams import enter, members, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams():
    return started(teams=4, rounds=3, boards=1)


def pages(session):
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    return [reverse("teams-standings", args=[session.pk]),
            reverse("team-match", args=[session.pk, match.pk])]


def poll(client, url, etag):
    return client.get(url, headers={"If-None-Match": etag})


def test_an_unchanged_page_is_a_304_after_one_query(client, teams, django_assert_num_queries):
    for url in pages(teams):
        first = client.get(url)
        assert first["Cache-Control"] == "private, max-age=0, must-revalidate"
        with django_assert_num_queries(1):  # the session
            again = poll(client, url, first["ETag"])
        assert again.status_code == 304 and again["ETag"] == first["ETag"]


def test_a_result_on_a_hidden_board_keeps_the_pages_a_released_board_changes_them(
        client, teams):
    urls = pages(teams)
    etags = [client.get(url)["ETag"] for url in urls]
    assert etags[0] != etags[1]
    first, second = TeamMatch.objects.filter(session=teams, round=1).order_by("number")
    # Board 1 in both rooms of match 1, one room of match 2: still hidden everywhere.
    enter(teams, 1, first.open_ns, first.open_ew, "3NT= N")
    enter(teams, 1, first.closed_ns, first.closed_ew, "1NT= N")
    enter(teams, 1, second.open_ns, second.open_ew, "2S= N")
    for url, etag in zip(urls, etags, strict=True):
        assert poll(client, url, etag).status_code == 304
    enter(teams, 1, second.closed_ns, second.closed_ew, "2S= N")
    for url, etag in zip(urls, etags, strict=True):
        response = poll(client, url, etag)
        assert response.status_code == 200 and response["ETag"] != etag
    assert 'data-board="1" data-swing="7"' in client.get(urls[1]).content.decode()


def test_a_renamed_player_keeps_the_pages_that_name_no_player(client, teams):
    urls = pages(teams)
    etags = [client.get(url)["ETag"] for url in urls]
    match = TeamMatch.objects.get(session=teams, round=1, number=1)
    save_player({"name": "Renamed Captain"}, members(match.home)[0].pk)
    for url, etag in zip(urls, etags, strict=True):
        assert poll(client, url, etag).status_code == 304


def test_a_knockouts_result_changes_its_pages(client):
    session = knockout(carry_over=3)
    urls = pages(session)
    etags = [client.get(url)["ETag"] for url in urls]
    play(session)
    for url, etag in zip(urls, etags, strict=True):
        response = poll(client, url, etag)
        assert response.status_code == 200 and "Team 1 wins by 21 IMPs" in (
            response.content.decode())


def test_what_the_pages_digest_names_their_data_not_objects(teams):
    match = TeamMatch.objects.get(session=teams, round=1, number=1)
    enter(teams, 1, match.open_ns, match.open_ew, "3NT= N")
    assert_digestible({"shown": public_teams_standings(SessionPlan.load(teams)).shown()})
    session = knockout(carry_over=3)
    assert_digestible({"shown": public_teams_standings(SessionPlan.load(session)).shown()})
