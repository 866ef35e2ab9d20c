"""The director's home page: every session with its status and the links to set it up."""

from datetime import date

import pytest
from django.urls import reverse

from tests.factories import make_session

pytestmark = pytest.mark.django_db

HOME = reverse("director-home")


def test_sessions_are_listed_newest_first_with_status_and_links(director_client):
    old = make_session(tables=3, name="Autumn cup", date=date(2026, 10, 1), status="published")
    new = make_session(tables=2, movement="free", rounds=3, pairs=3, name="Free evening",
                       date=date(2026, 12, 1), status="setup")
    page = director_client.get(HOME).content.decode()
    assert page.index("Free evening") < page.index("Autumn cup")
    assert reverse("director-session", args=[old.pk]) in page
    for name in ("setup-session-edit", "setup-pairs", "setup-schedule"):
        assert reverse(name, args=[old.pk]) in page
    # Free seating has no schedule to link to.
    assert reverse("setup-schedule", args=[new.pk]) not in page
    assert '<span class="badge status-published">published</span>' in page
    assert '<td class="num">3</td>' in page  # pairs of the free evening
    assert f'href="{reverse("setup-session-new")}"' in page


def test_no_sessions_yet(director_client):
    page = director_client.get(HOME).content.decode()
    assert "No sessions yet." in page
    assert "New session" in page


def test_the_site_header_links_directors_here(director_client):
    page = director_client.get(reverse("session-list")).content.decode()
    assert f'href="{HOME}"' in page


@pytest.mark.parametrize("sessions", [1, 12])
def test_a_fixed_number_of_queries(director_client, django_assert_max_num_queries, sessions):
    for _n in range(sessions):
        make_session(tables=2)
    with django_assert_max_num_queries(4):  # auth (3), sessions with their pair counts
        director_client.get(HOME)
