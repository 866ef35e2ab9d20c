"""A teams session's Pairs page (issue 20): no "Register a pair" form, a pointer to the
Teams page instead, and the service refusing a pair registered by hand."""

import pytest
from django.urls import reverse

from club.models import Pair
from club.services.errors import Refused
from club.services.pairs import save_pair
from tests.club.services.test_teams import register, teams_session
from tests.factories import make_player

pytestmark = pytest.mark.django_db


def test_the_pairs_page_of_a_teams_session_sends_to_the_teams_page(director_client):
    session = teams_session()
    register(session, 4)
    page = reverse("setup-pairs", args=[session.pk])
    html = director_client.get(page).content.decode()
    assert "Register a pair" not in html and 'class="form pair-form"' not in html
    assert "teams register on the" in html
    assert f'href="{reverse("teams", args=[session.pk])}"' in html
    first, second = make_player("A"), make_player("B")
    response = director_client.post(page, {"number": "1", "player1": first.name,
                                            "player2": second.name})
    assert response.status_code == 200
    assert "each line-up makes its pairs." in response.content.decode()
    assert not Pair.objects.filter(session=session).exists()


def test_the_service_refuses_a_pair_in_a_teams_session():
    session = teams_session()
    with pytest.raises(Refused, match="teams register on the session's Teams page"):
        save_pair(session.pk, 1, make_player("A"), make_player("B"))
    assert not Pair.objects.filter(session=session).exists()
