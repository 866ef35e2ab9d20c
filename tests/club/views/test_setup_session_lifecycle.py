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


def test_a_session_with_results_is_deleted_after_two_questions(director_client):
    """Imported by mistake: the page says how many results go with it, asks once more,
    and deletes it only with the number the director saw."""
    session = make_session(tables=3, status="finished", name="Wrong file")
    make_result(session, 1, 1, 4, "4S= N")
    make_result(session, 2, 2, 5, "3NT= N")
    url = reverse("setup-session-delete", args=[session.pk])
    page = director_client.get(url).content.decode()
    assert "This session has 2 results." in page and "Delete the session and its 2 results" in page
    assert 'name="results"' not in page
    last_check = director_client.post(url).content.decode()  # the first answer
    assert "Last check: “Wrong file” is deleted" in last_check
    assert '<input type="hidden" name="results" value="2">' in last_check
    assert Session.objects.filter(pk=session.pk).exists()
    # A result entered meanwhile: the number no longer holds, nothing is deleted.
    make_result(session, 3, 3, 6, "1NT= N")
    response = director_client.post(url, {"results": "2"}, follow=True)
    assert "has 3 results; confirm" in response.content.decode()
    assert Session.objects.filter(pk=session.pk).exists()
    response = director_client.post(url, {"results": "3"})
    assert response["Location"] == reverse("director-home")
    assert not Session.objects.filter(pk=session.pk).exists()
    home = director_client.get(response["Location"]).content.decode()
    assert "Session “Wrong file” deleted with its 3 results." in home


def test_a_published_session_with_results_is_not_deleted(director_client):
    session = make_session(tables=3, status="published")
    make_result(session, 1, 1, 4, "4S= N")
    url = reverse("setup-session-delete", args=[session.pk])
    page = director_client.get(url).content.decode()
    assert "is published and has 1 result: unpublish it first" in page
    assert "<form" not in page.split("<main")[-1].split("Back to the session")[0]
    response = director_client.post(url, {"results": "1"}, follow=True)
    assert "unpublish it first" in response.content.decode()
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
