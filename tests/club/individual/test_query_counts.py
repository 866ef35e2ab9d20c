"""The individual's pages run a fixed number of SQL queries whatever the number of players
(issue 20): 8 and 20 players, every table's results entered, need exactly as many, and
the public ones stay within the public pages' budget of 10."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.plan import SessionPlan
from tests.factories import make_individual, make_result

pytestmark = pytest.mark.django_db

PUBLIC = {
    "standings": lambda s: reverse("individual-standings", args=[s.pk]),
    "standings CSV": lambda s: reverse("individual-standings", args=[s.pk]) + "?_export=csv",
    "board report": lambda s: reverse("board-report", args=[s.pk, 1]),
    "USEBIO": lambda s: reverse("board-list", args=[s.pk]) + "?_export=usebio",
}
DIRECTOR = {
    "director's standings": lambda s: reverse("individual-director-standings", args=[s.pk]),
    "players": lambda s: reverse("individual-players", args=[s.pk]),
    "table cards": lambda s: reverse("individual-cards", args=[s.pk]),
}


def played(players):
    session = make_individual(players, rounds=3, boards_per_round=1)
    plan = SessionPlan.load(session)
    for seating in plan.playing_seatings:
        make_result(session, seating.round, seating.ns, seating.ew, "3NT= N",
                    round=seating.round, table=seating.table)
    return session


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


@pytest.mark.parametrize("page", sorted(PUBLIC))
def test_public_pages_cost_the_same_for_8_and_20_players(client, page):
    small, large = played(8), played(20)
    count = queries(client, PUBLIC[page](small))
    assert count == queries(client, PUBLIC[page](large))
    assert count <= 10  # the public pages' budget (tests/reports/test_query_counts.py)


@pytest.mark.parametrize("page", sorted(DIRECTOR))
def test_director_pages_cost_the_same_for_8_and_20_players(director_client, page):
    small, large = played(8), played(20)
    counts = [queries(director_client, DIRECTOR[page](s)) for s in (small, large)]
    assert counts[0] == counts[1]
