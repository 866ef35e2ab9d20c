"""The pages every session has still open for an individual (issue 20): its partnerships
are pairs to them, seated by the plan, so none needs a branch of its own."""

import pytest
from django.urls import reverse

from club.plan import SessionPlan
from tests.factories import make_individual, make_result

pytestmark = pytest.mark.django_db

DIRECTOR_PAGES = ["director-session", "setup-session-edit", "setup-schedule",
                  "setup-table-cards", "entry-session", "entry-dashboard", "entry-checks",
                  "hand-records", "table-codes"]


def test_the_director_and_public_pages_open(director_client, client):
    session = make_individual(13, rounds=2, boards_per_round=1)
    plan = SessionPlan.load(session)
    seating = plan.seating_for(1, 1)
    make_result(session, 1, seating.ns, seating.ew, "3NT= N", round=1, table=1)
    for name in DIRECTOR_PAGES:
        response = director_client.get(reverse(name, args=[session.pk]))
        assert response.status_code == 200, name
    assert director_client.get(reverse("entry-traveller", args=[session.pk, 1])).status_code == 200
    for url in (reverse("board-list", args=[session.pk]),
                reverse("board-report", args=[session.pk, 1]),
                reverse("pair-scorecard", args=[session.pk, seating.ns])):
        assert client.get(url).status_code == 200, url
    # 13 players: player k sits out round k, so the cards say so.
    cards = director_client.get(reverse("individual-cards", args=[session.pk])).content
    assert cards.decode().count("sits out") == 2


def test_the_session_page_leads_to_the_players_cards_and_standings(director_client):
    session = make_individual(8, rounds=2)
    page = director_client.get(reverse("director-session", args=[session.pk])).content.decode()
    actions = page.split('<div class="actions">')[1]  # the buttons, not the navigation
    for name in ("individual-players", "individual-cards", "individual-director-standings"):
        assert f'class="button" href="{reverse(name, args=[session.pk])}"' in actions
