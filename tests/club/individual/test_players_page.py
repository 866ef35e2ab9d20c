"""The director's players page of an individual (issue 20): a new individual session goes
there, a player is entered by number and name, a bad entry keeps what was typed and names
the problem, and a player is withdrawn."""

import pytest
from django.urls import reverse

from club.models import IndividualEntry, Session
from scoring.models import moscow_table
from tests.factories import make_player, make_session

pytestmark = pytest.mark.django_db


def test_a_new_individual_plays_the_full_movement_of_its_tables(director_client):
    response = director_client.post(reverse("setup-session-new"), {
        "name": "Individual Friday", "date": "2026-12-04", "movement": "individual",
        "tables": 3, "rounds": "", "boards_per_round": 2, "duplicated": "True",
        "compensation_table": moscow_table().pk, "policy": "line"})
    session = Session.objects.get(name="Individual Friday")
    assert response.url == reverse("individual-players", args=[session.pk])
    # 12 players play 11 rounds, 13 play 13 and 15 play 15: empty means the shortest.
    assert session.rounds == 11


def test_entering_and_withdrawing_players(director_client):
    session = make_session(movement="individual", tables=2, rounds=3, pairs=0,
                           status="setup")
    url = reverse("individual-players", args=[session.pk])
    make_player("Anna Petrova")
    response = director_client.post(url, {"number": 1, "player": "Anna Petrova"})
    assert response.status_code == 302
    entry = IndividualEntry.objects.get(session=session)
    assert (entry.number, entry.player.name) == (1, "Anna Petrova")
    response = director_client.post(url, {"number": 1, "player": "Boris Ivanov"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Number 1 is taken by Anna Petrova" in page
    assert 'value="Boris Ivanov"' in page
    response = director_client.post(url, {"number": "x", "player": "Boris Ivanov"})
    assert response.status_code == 200 and 'value="Boris Ivanov"' in response.content.decode()
    page = director_client.get(url).content.decode()
    assert "1 player entered." in page and "Before play can start" in page
    director_client.post(reverse("individual-withdraw", args=[session.pk, entry.pk]))
    assert not IndividualEntry.objects.filter(session=session).exists()


def test_a_pairs_session_has_no_players_page(director_client):
    session = make_session(tables=2)
    assert director_client.get(
        reverse("individual-players", args=[session.pk])).status_code == 404


def test_the_session_list_counts_an_individuals_players_and_pairs_lead_there(director_client):
    session = make_session(movement="individual", tables=2, rounds=3, pairs=0,
                           status="setup", name="Indi night")
    for number in range(1, 9):
        IndividualEntry.objects.create(session=session, number=number, player=make_player())
    make_session(tables=2, name="Pairs night")
    page = director_client.get(reverse("director-home")).content.decode()
    row = page.split("Indi night")[1].split("</tr>")[0]
    assert '<td class="num player-count">8</td>' in row
    assert reverse("individual-players", args=[session.pk]) in row
    assert director_client.get(reverse("setup-pairs", args=[session.pk])).url == reverse(
        "individual-players", args=[session.pk])
