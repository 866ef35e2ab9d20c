"""A session made by mistake can be deleted by a director; a published one unpublished;
a new session starts from the club's usual setup."""

from datetime import date

import pytest
from django.urls import reverse
from django.utils import timezone

from club.models import Pair, Player, Session
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def test_a_session_without_results_is_deleted_after_confirmation(director_client):
    session = make_session(tables=3, status="setup", name="Typo evening")
    url = reverse("setup-session-delete", args=[session.pk])
    page = director_client.get(url).content.decode()
    assert "Delete the session" in page and "the players stay" in page
    response = director_client.post(url)
    assert response["Location"] == reverse("director-home")
    assert not Session.objects.filter(pk=session.pk).exists()
    assert not Pair.objects.exists() and Player.objects.count() == 12  # 3 tables, 6 pairs
    assert Session.history.filter(id=session.pk, history_type="-").exists()


def test_a_session_with_results_is_not_deleted(director_client):
    session = make_session(tables=3, status="published")
    make_result(session, 1, 1, 4, "4S= N")
    url = reverse("setup-session-delete", args=[session.pk])
    assert "has results, so it cannot be deleted" in director_client.get(url).content.decode()
    response = director_client.post(url, follow=True)
    assert "has results, so it cannot be deleted" in response.content.decode()
    assert Session.objects.filter(pk=session.pk).exists()


def test_a_published_session_is_unpublished_to_finished(director_client, client):
    session = make_session(tables=3, status="published")
    assert client.get(reverse("standings", args=[session.pk])).status_code == 200
    page = director_client.get(reverse("entry-session", args=[session.pk])).content.decode()
    assert 'value="unpublish"' in page
    director_client.post(reverse("entry-session-status", args=[session.pk]),
                         {"action": "unpublish"})
    session.refresh_from_db()
    assert session.status == "finished"


def test_a_new_session_starts_from_the_last_evenings_setup(director_client):
    make_session(tables=5, boards_per_round=4, movement="howell", rounds=9,
                 date=date(2026, 11, 20))
    form = director_client.get(reverse("setup-session-new")).context["form"]
    assert form.initial["date"] == timezone.localdate()
    assert (form.initial["movement"], form.initial["tables"],
            form.initial["boards_per_round"]) == ("howell", 5, 4)


def test_a_first_session_defaults_to_a_club_mitchell(director_client):
    form = director_client.get(reverse("setup-session-new")).context["form"]
    assert (form.initial["movement"], form.initial["tables"],
            form.initial["boards_per_round"]) == ("mitchell", 7, 3)
