"""Only directors enter and correct results; nothing changes on GET."""

import pytest
from django.urls import reverse

from club.models import Result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def urls(session, result):
    return [
        ("get", reverse("entry-session", args=[session.pk])),
        ("get", reverse("entry-traveller", args=[session.pk, 1])),
        ("get", reverse("entry-scorecard", args=[session.pk, 1, 1])),
        ("get", reverse("entry-checks", args=[session.pk])),
        ("get", reverse("result-detail", args=[result.pk])),
        ("post", reverse("entry-row", args=[session.pk, 1, 2, 3])),
        ("post", reverse("entry-board-hcp", args=[session.pk, 1])),
        ("post", reverse("entry-free-row", args=[session.pk, 1])),
        ("post", reverse("entry-session-status", args=[session.pk])),
        ("post", reverse("result-detail", args=[result.pk])),
        ("post", reverse("result-delete", args=[result.pk])),
    ]


def test_anonymous_users_are_sent_to_the_login_page(client):
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N")
    for method, url in urls(session, result):
        response = getattr(client, method)(url, {"result": "3NT= S", "action": "finish"})
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url


def test_signed_in_non_directors_are_forbidden(client, django_user_model):
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N")
    client.force_login(django_user_model.objects.create_user("player", password="x"))
    for method, url in urls(session, result):
        response = getattr(client, method)(url, {"result": "3NT= S", "action": "finish",
                                                 "version": "1", "confirm": "yes"})
        assert response.status_code == 403, url
    session.refresh_from_db()
    assert session.status == "running" and Result.objects.count() == 1


def test_posting_pages_refuse_get(director_client):
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N")
    # Addresses a browser is left on (an invalid board HCP, the delete confirmation) answer
    # a reload with a redirect to their page instead.
    reloadable = {reverse("entry-board-hcp", args=[session.pk, 1]): reverse(
                      "entry-traveller", args=[session.pk, 1]),
                  reverse("result-delete", args=[result.pk]): reverse(
                      "result-detail", args=[result.pk])}
    for method, url in urls(session, result):
        if url in reloadable:
            assert director_client.get(url)["Location"] == reloadable[url], url
        elif method == "post" and "results/" not in url:
            assert director_client.get(url).status_code == 405, url
    assert Result.objects.get().version == 1
