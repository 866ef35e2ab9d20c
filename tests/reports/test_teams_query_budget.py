"""The query budget of a teams night (issue 20): a 16-team Swiss teams of 7 rounds runs
exactly as many queries on every teams page (the standings, their downloads, a match
report, the director's Teams page, a room's phone) as a 4-team Swiss of 3 rounds."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import TeamMatch
from club.services.sessions import change_status
from club.services.teams import start_swiss_teams_round
from tests.club.services.test_teams import enter, line_up_all, play_all, swiss_teams

pytestmark = pytest.mark.django_db


def swiss_night(teams, rounds):
    """Every round played in both rooms but the last, played in the open rooms only (its
    board still hidden)."""
    session = swiss_teams(teams, rounds, boards=1)
    start_swiss_teams_round(session.pk)
    line_up_all(session)
    change_status(session.pk, "start")
    for round in range(1, rounds):
        play_all(session, round, "3NT= N" if round % 2 else "4S= N", "1NT= N")
        start_swiss_teams_round(session.pk)
    for match in TeamMatch.objects.filter(session=session, round=rounds, away__isnull=False):
        enter(session, rounds, match.open_ns, match.open_ew, "2S= N")
    return session


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200, url
    return len(captured.captured_queries)


def page_queries(session, director):
    director_client = Client()
    director_client.force_login(director)
    standings = reverse("teams-standings", args=[session.pk])
    played = TeamMatch.objects.filter(session=session, round=1, away__isnull=False).last()
    playing = TeamMatch.objects.filter(session=session, round=session.rounds,
                                       away__isnull=False).last()
    return {
        "standings": queries(Client(), standings),
        **{f"download {fmt}": queries(Client(), f"{standings}?_export={fmt}")
           for fmt in ("csv", "xlsx", "json", "usebio")},
        "match report played": queries(Client(), reverse("team-match",
                                                         args=[session.pk, played.pk])),
        "match report in play": queries(Client(), reverse("team-match",
                                                          args=[session.pk, playing.pk])),
        "Teams page": queries(director_client, reverse("teams", args=[session.pk])),
        "room phone": queries(Client(), reverse("table", args=[
            session.table_codes.get(table=playing.closed_table).code])),
    }


def test_a_16_team_swiss_of_7_rounds_keeps_the_4_team_query_counts(director):
    small = page_queries(swiss_night(4, 3), director)
    big_session = swiss_night(16, 7)
    assert TeamMatch.objects.filter(session=big_session).count() == 7 * 8
    big = page_queries(big_session, director)
    assert big == small, (small, big)
    assert max(count for page, count in big.items() if page != "Teams page") <= 10, big
