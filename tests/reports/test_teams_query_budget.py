"""The query budget of a teams night (issue 20): a 16-team Swiss teams of 7 rounds runs
exactly as many queries on every teams page (the standings, their downloads, a match
report, the director's Teams page, a room's phone) as a 4-team Swiss of 3 rounds (both
built as bench_pages builds them, club.management.bench_events: every round played but the
last, played in the open rooms only)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.management.bench_events import build_swiss_teams
from club.models import TeamMatch

pytestmark = pytest.mark.django_db


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
    small = page_queries(build_swiss_teams(4, 3), director)
    big_session = build_swiss_teams(16, 7)
    assert TeamMatch.objects.filter(session=big_session).count() == 7 * 8
    big = page_queries(big_session, director)
    assert big == small, (small, big)
    assert max(count for page, count in big.items() if page != "Teams page") <= 10, big
