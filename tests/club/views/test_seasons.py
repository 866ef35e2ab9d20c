"""The director's pages for seasons and events: creating, changing, deleting, carry-overs;
every bad input gets a message on the form, never an error page."""

from datetime import date

import pytest
from django.urls import reverse

from club.models import CarryOver, Event, Season
from tests.factories import make_player, make_session

pytestmark = pytest.mark.django_db

LIST = reverse("director-seasons")
NEW_SEASON = reverse("director-season-new")
NEW_EVENT = reverse("director-event-new")


def assert_refused(client, url, data, message, model):
    """The form comes back with the message and nothing is saved."""
    response = client.post(url, data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not model.objects.exists()


def test_directors_only(client):
    for url in (LIST, NEW_SEASON, NEW_EVENT):
        assert client.get(url).status_code == 302


def test_create_a_season_over_a_period_and_change_it(director_client):
    response = director_client.post(NEW_SEASON, {
        "name": "Autumn", "start": "2026-09-01", "end": "2026-11-30", "min_sessions": "3",
        "best_of": "8"})
    assert response.status_code == 302
    season = Season.objects.get()
    assert (season.start, season.min_sessions, season.best_of) == (date(2026, 9, 1), 3, 8)
    url = reverse("director-season", args=[season.pk])
    page = director_client.get(url).content.decode()
    assert 'value="Autumn"' in page and 'value="2026-09-01"' in page
    director_client.post(url, {"name": "Autumn 26", "start": "2026-09-01",
                               "end": "2026-11-30", "min_sessions": "1"})
    season.refresh_from_db()
    assert (season.name, season.best_of) == ("Autumn 26", None)
    assert "Autumn 26" in director_client.get(LIST).content.decode()


def test_a_season_of_chosen_sessions(director_client):
    first, second = make_session(tables=2), make_session(tables=2)
    director_client.post(NEW_SEASON, {"name": "Cup", "sessions": [first.pk, second.pk],
                                      "min_sessions": "1"})
    assert set(Season.objects.get().sessions.all()) == {first, second}


@pytest.mark.parametrize(("data", "message"), [
    ({"name": "A", "min_sessions": "1"}, "Give the season a period"),
    ({"name": "A", "start": "2026-01-01", "min_sessions": "1"}, "both its first and its last"),
    ({"name": "A", "start": "2026-02-01", "end": "2026-01-01", "min_sessions": "1"},
     "The last day comes before the first"),
    ({"name": "A", "start": "2026-13-01", "end": "2026-01-01", "min_sessions": "1"},
     "Enter a valid date."),
    ({"name": "A", "start": "2026-01-01", "end": "2026-02-01", "min_sessions": "0"},
     "greater than or equal to 1"),
    ({"name": "A", "start": "2026-01-01", "end": "2026-02-01", "min_sessions": "x"},
     "Enter a whole number."),
    ({"name": "A", "start": "2026-01-01", "end": "2026-02-01", "min_sessions": "1",
      "best_of": "99999999999"}, "less than or equal to 1000"),
    ({"name": "A", "sessions": ["abc"], "min_sessions": "1"}, "is not a valid value"),
    ({"name": "A", "sessions": ["999999"], "min_sessions": "1"}, "Select a valid choice"),
    ({"name": "", "start": "2026-01-01", "end": "2026-02-01", "min_sessions": "1"},
     "This field is required."),
])
def test_bad_season_input_gets_a_message(director_client, data, message):
    assert_refused(director_client, NEW_SEASON, data, message, Season)


def test_both_a_period_and_sessions_is_refused(director_client):
    session = make_session(tables=2)
    response = director_client.post(NEW_SEASON, {
        "name": "A", "start": "2026-01-01", "end": "2026-02-01", "min_sessions": "1",
        "sessions": [session.pk]})
    assert "either a period or a list of sessions" in response.content.decode()


def test_delete_a_season(director_client):
    season = Season.objects.create(name="Old", start=date(2025, 1, 1), end=date(2025, 2, 1))
    url = reverse("director-season-delete", args=[season.pk])
    assert "Delete “Old”?" in director_client.get(url).content.decode()
    assert director_client.post(url).status_code == 302
    assert not Season.objects.exists()
    assert director_client.post(url).status_code == 404


def test_events_with_carry_over(director_client):
    first, second = make_session(tables=2), make_session(tables=2)
    response = director_client.post(NEW_EVENT, {"name": "Championship", "scoring": "pair",
                                                "sessions": [first.pk, second.pk]})
    event = Event.objects.get()
    assert response["Location"] == reverse("director-event", args=[event.pk])
    ann, bob = make_player("Ann"), make_player("Bob")
    add = reverse("director-carry-over-add", args=[event.pk])
    assert director_client.post(add, {"player": "ann", "partner": "Bob",
                                      "imps": "4.5"}).status_code == 302
    row = CarryOver.objects.get()
    assert (row.key, str(row.imps)) == (tuple(sorted((ann.pk, bob.pk))), "4.50")
    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert "Ann – Bob" in page and "4.50" in page
    remove = reverse("director-carry-over-delete", args=[event.pk, row.pk])
    assert director_client.post(remove).status_code == 302
    assert not CarryOver.objects.exists()
    assert director_client.post(remove, follow=True).status_code == 200  # already gone


@pytest.mark.parametrize(("data", "message"), [
    ({"player": "Nobody", "partner": "Bob", "imps": "1"}, "No active player is called"),
    ({"player": "Ann", "partner": "", "imps": "1"}, "type the partner too"),
    ({"player": "Ann", "partner": "Ann", "imps": "1"}, "two different players"),
    ({"player": "Ann", "partner": "Bob", "imps": "many"}, "Enter a number."),
    ({"player": "Ann", "partner": "Bob", "imps": "1e12"}, "less than or equal to"),
    ({"player": "Ann", "partner": "Bob", "imps": "1.234"}, "more than 2 decimal places"),
    ({"player": "", "partner": "Bob", "imps": "1"}, "This field is required."),
])
def test_bad_carry_over_input_gets_a_message(director_client, data, message):
    make_player("Ann"), make_player("Bob")
    event = Event.objects.create(name="Cup", scoring="pair")
    assert_refused(director_client, reverse("director-carry-over-add", args=[event.pk]), data,
                   message, CarryOver)


def test_an_event_by_player_has_no_partner_field(director_client):
    make_player("Ann")
    event = Event.objects.create(name="Solo", scoring="player")
    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert 'name="partner"' not in page
    director_client.post(reverse("director-carry-over-add", args=[event.pk]),
                         {"player": "Ann", "imps": "-3"})
    assert CarryOver.objects.get().partner is None


@pytest.mark.parametrize(("data", "message"), [
    ({"name": "E", "scoring": "pair"}, "This field is required."),
    ({"name": "E", "scoring": "team", "sessions": ["1"]}, "Select a valid choice"),
    ({"name": "E", "scoring": "pair", "sessions": ["1"], "season": "x"},
     "Select a valid choice"),
])
def test_bad_event_input_gets_a_message(director_client, data, message):
    make_session(tables=2)
    assert_refused(director_client, NEW_EVENT, data, message, Event)


def test_changing_scoring_with_carry_overs_is_refused_on_the_form(director_client):
    session = make_session(tables=2)
    event = Event.objects.create(name="Cup", scoring="pair")
    event.sessions.set([session])
    CarryOver.objects.create(event=event, player=make_player("A"), partner=make_player("B"),
                             imps=1)
    response = director_client.post(reverse("director-event", args=[event.pk]), {
        "name": "Cup", "scoring": "player", "sessions": [session.pk]})
    assert "delete them before changing how it is scored" in response.content.decode()


def test_delete_an_event(director_client):
    event = Event.objects.create(name="Cup", scoring="pair")
    url = reverse("director-event-delete", args=[event.pk])
    assert director_client.get(url).status_code == 200
    director_client.post(url)
    assert not Event.objects.exists()


def test_unknown_ids_are_404(director_client):
    for url in ("/director/seasons/999999/", "/director/events/999999/",
                "/director/events/999999/delete/", "/director/seasons/12345678901/"):
        assert director_client.get(url).status_code == 404


def test_the_directors_home_is_a_page_at_a_time(director_client):
    """The director's home (with its links to players, seasons and calibration) shows 25
    sessions a page; older ones are a link away."""
    for day in range(1, 28):
        make_session(tables=2, name=f"Evening {day:02d}", date=date(2026, 1, day))
    page = director_client.get("/director/").content.decode()
    assert "Evening 27" in page and "Evening 03" in page and "Evening 02" not in page
    assert "?page=2" in page
    for name in ("director-players", "director-seasons", "calibration"):
        assert f'href="{reverse(name)}"' in page
    older = director_client.get("/director/", {"page": 2}).content.decode()
    assert "Evening 02" in older and "Evening 01" in older and "Evening 27" not in older
    assert "?page=1" in older
    for params in ({"page": "x"}, {"page": "-4"}, {"page": "99"}, {"page": "9" * 30}):
        assert director_client.get("/director/", params).status_code == 200


def test_the_admin_shows_seasons_and_events_read_only(client, django_user_model):
    admin = django_user_model.objects.create_superuser("boss", password="boss-pass-77")
    client.force_login(admin)
    season = Season.objects.create(name="Old", start=date(2025, 1, 1), end=date(2025, 2, 1))
    event = Event.objects.create(name="Cup", scoring="pair", season=season)
    CarryOver.objects.create(event=event, player=make_player("A"), imps=2)
    for url in ("/admin/club/season/", f"/admin/club/season/{season.pk}/change/",
                "/admin/club/event/", f"/admin/club/event/{event.pk}/change/"):
        assert client.get(url).status_code == 200, url
    assert client.get("/admin/club/season/add/").status_code == 403
    assert client.post(f"/admin/club/event/{event.pk}/delete/").status_code == 403
