"""The director's player registry: list and search (numbers shown here only), adding and
changing a player, merging two records; bad input gets a message, never an error page."""

from datetime import date

import pytest
from django.urls import reverse

from club.models import Pair, Player
from tests.factories import make_player
from tests.reports.test_seasons import evening

pytestmark = pytest.mark.django_db

LIST = reverse("director-players")
NEW = reverse("director-player-new")


def test_directors_only(client, django_user_model):
    player = make_player("Olga")
    for url in (LIST, NEW, reverse("director-player", args=[player.pk]),
                reverse("director-player-merge", args=[player.pk])):
        assert client.get(url).status_code == 302
    user = django_user_model.objects.create_user("someone", password="pw-someone-1")
    client.force_login(user)
    assert client.get(LIST).status_code == 403


def test_list_and_search_by_name_or_number(director_client):
    make_player("Olga Ivanova", membership_number="M-17", federation_number="RU-5")
    make_player("Pavel")
    page = director_client.get(LIST).content.decode()
    assert "Olga Ivanova" in page and "M-17" in page and "RU-5" in page and "Pavel" in page
    page = director_client.get(LIST, {"q": "ivan"}).content.decode()
    assert "Olga Ivanova" in page and "Pavel" not in page
    page = director_client.get(LIST, {"q": "RU-5"}).content.decode()
    assert "Olga Ivanova" in page and "Pavel" not in page
    for params in ({"q": "\x00"}, {"page": "-1"}, {"q": "x" * 500}):
        assert director_client.get(LIST, params).status_code == 200


def test_create_and_edit_a_player(director_client):
    response = director_client.post(NEW, {"name": "  Olga   Ivanova ", "membership_number": "7",
                                          "federation_number": "RU-1", "active": "on"})
    assert response.status_code == 302
    player = Player.objects.get()
    assert (player.name, player.federation_number) == ("Olga Ivanova", "RU-1")
    url = reverse("director-player", args=[player.pk])
    response = director_client.post(url, {"name": "Olga I.", "membership_number": "",
                                          "federation_number": "RU-1"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.membership_number, player.active) == ("Olga I.", "", False)
    page = director_client.get(url).content.decode()
    assert "History" in page and "Olga Ivanova" in page


@pytest.mark.parametrize(("data", "message"), [
    ({"name": "   "}, "This field is required."),
    ({"name": "\x00"}, "Null characters are not allowed."),
    ({"name": "X", "membership_number": "M-1"}, "already has this number"),
    ({"name": "X", "federation_number": "F-1"}, "already has this number"),
    ({"name": "X" * 200}, "at most 120 characters"),
])
def test_bad_player_input_gets_a_message(director_client, data, message):
    make_player("Holder", membership_number="M-1", federation_number="F-1")
    response = director_client.post(NEW, data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Player.objects.count() == 1


def test_unknown_player_is_404(director_client):
    assert director_client.get(reverse("director-player", args=[999999])).status_code == 404
    assert director_client.get("/director/players/1234567890/").status_code == 404


@pytest.fixture
def twins():
    typed, imported = make_player("Olga"), make_player("Olga", membership_number="M-1")
    others = [make_player(name) for name in "ABCDEFG"]
    evening(date(2026, 1, 5), [(imported, others[0]), (others[1], others[2]),
                               (others[3], others[4]), (others[5], others[6])],
            [(1, 1, 3, "4S= N")])
    return typed, imported


def test_merge_preview_then_confirm(director_client, twins):
    typed, imported = twins
    url = reverse("director-player-merge", args=[typed.pk])
    page = director_client.get(url).content.decode()
    assert f"?other={imported.pk}&amp;keep=this" in page  # a record with the same name
    page = director_client.get(url, {"other": imported.pk, "keep": "other"}).content.decode()
    assert f"Merged and deleted: Olga (#{typed.pk})" in page
    assert "Merge the two records" in page
    response = director_client.post(
        reverse("director-player-merge-confirm", args=[typed.pk]),
        {"other": imported.pk, "keep": "other"})
    assert response.status_code == 302
    assert response["Location"] == reverse("director-player", args=[imported.pk])
    assert not Player.objects.filter(pk=typed.pk).exists()
    assert Pair.objects.filter(player1=imported).count() == 1


def test_a_refused_merge_says_why(director_client, twins):
    _typed, imported = twins
    partner = Pair.objects.get(player1=imported).player2
    url = reverse("director-player-merge", args=[imported.pk])
    page = director_client.get(url, {"other": partner.pk, "keep": "this"}).content.decode()
    assert "played together" in page and "Merge the two records" not in page
    response = director_client.post(
        reverse("director-player-merge-confirm", args=[imported.pk]),
        {"other": partner.pk, "keep": "this"}, follow=True)
    assert "played together" in response.content.decode()
    assert Player.objects.filter(pk=partner.pk).exists()


@pytest.mark.parametrize("params", [
    {"other": "abc", "keep": "this"}, {"other": "999999", "keep": "this"},
    {"other": "-1", "keep": "this"}, {"other": "1", "keep": "both"},
    {"other": str(10**30), "keep": "this"}, {"other": "", "keep": ""},
])
def test_bad_merge_input_gets_a_message(director_client, twins, params):
    typed, _imported = twins
    page = director_client.get(reverse("director-player-merge", args=[typed.pk]), params)
    assert page.status_code == 200
    assert 'class="errorlist' in page.content.decode()
    response = director_client.post(reverse("director-player-merge-confirm",
                                            args=[typed.pk]), params)
    assert response.status_code == 200
    assert Player.objects.filter(pk=typed.pk).exists()


def test_merging_a_record_with_itself(director_client, twins):
    typed, _imported = twins
    page = director_client.get(reverse("director-player-merge", args=[typed.pk]),
                               {"other": typed.pk, "keep": "this"}).content.decode()
    assert "Choose another record than this one." in page


def test_merge_refuses_get_on_confirm(director_client, twins):
    typed, _imported = twins
    url = reverse("director-player-merge-confirm", args=[typed.pk])
    assert director_client.get(url).status_code == 405
