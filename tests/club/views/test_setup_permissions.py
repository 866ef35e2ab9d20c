"""Every setup page is for directors only: the login page for anonymous visitors, 403 for
signed-in users who do not direct (staff or not) — and a refused POST changes nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Pair, Player, Session
from tests.factories import make_session

pytestmark = pytest.mark.django_db

# (URL name, needs the session, needs a pair)
URLS = [
    ("director-home", False, False),
    ("setup-session-new", False, False),
    ("director-session", True, False),
    ("setup-session-edit", True, False),
    ("setup-session-start", True, False),
    ("setup-pairs", True, False),
    ("setup-pair-edit", True, True),
    ("setup-pair-delete", True, True),
    ("setup-schedule", True, False),
    ("setup-table-cards", True, False),
    ("setup-player-search", False, False),
]


@pytest.fixture
def evening():
    return make_session(tables=2, status="setup")


def url_for(name, with_session, with_pair, session):
    args = []
    if with_session:
        args.append(session.pk)
    if with_pair:
        args.append(session.pairs.get(number=1).pk)
    return reverse(name, args=args)


@pytest.fixture
def staff_not_director(client, django_user_model):
    user = django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)
    client.force_login(user)
    return client


@pytest.fixture
def plain_user(client, django_user_model):
    user = django_user_model.objects.create_user("player", password="pw-player-1")
    client.force_login(user)
    return client


def snapshot():
    return (list(Session.objects.values_list("id", "name", "tables", "status")),
            list(Pair.objects.values_list("id", "number")), Player.objects.count())


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize(("name", "with_session", "with_pair"), URLS)
def test_anonymous_visitors_get_the_login_page(client, evening, name, with_session,
                                               with_pair, method):
    url = url_for(name, with_session, with_pair, evening)
    before = snapshot()
    response = getattr(client, method)(url, {"name": "Hacked", "tables": "9"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")
    assert snapshot() == before


@pytest.mark.parametrize("who", ["staff_not_director", "plain_user"])
@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize(("name", "with_session", "with_pair"), URLS)
def test_signed_in_non_directors_are_refused(request, evening, who, name, with_session,
                                             with_pair, method):
    client = request.getfixturevalue(who)
    url = url_for(name, with_session, with_pair, evening)
    before = snapshot()
    response = getattr(client, method)(url, {"name": "Hacked", "tables": "9"})
    assert response.status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize(("name", "with_session", "with_pair"),
                         [u for u in URLS if u[0] != "setup-session-start"])
def test_directors_see_every_page_and_a_get_changes_nothing(director_client, evening, name,
                                                            with_session, with_pair):
    before = snapshot()
    response = director_client.get(url_for(name, with_session, with_pair, evening))
    assert response.status_code == 200
    assert snapshot() == before


def test_starting_play_takes_a_post(director_client, evening):
    url = reverse("setup-session-start", args=[evening.pk])
    assert director_client.get(url).status_code == 405
    evening.refresh_from_db()
    assert evening.status == "setup"


def test_forms_carry_a_csrf_token(director):
    evening = make_session(tables=2, pairs=3, status="setup")  # seat 2EW (4) is free
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    for name, args in [("setup-session-new", []), ("setup-session-edit", [evening.pk]),
                       ("setup-pairs", [evening.pk]), ("director-session", [evening.pk])]:
        page = client.get(reverse(name, args=args)).content.decode()
        assert 'name="csrfmiddlewaretoken"' in page, name
    # Without the token a POST is refused and nothing is created.
    response = client.post(reverse("setup-pairs", args=[evening.pk]),
                           {"number": "4", "player1": "A", "player2": "B"})
    assert response.status_code == 403
    assert not Player.objects.filter(name="A").exists()
