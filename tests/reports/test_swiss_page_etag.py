"""The public Swiss page answers a reload with a 304 while what it shows is the same
(issue 24): a result on a board still in play changes nothing there; a round complete
(its VPs), the director starting a round and a renamed player change it."""

import pytest
from django.urls import reverse

from club.models import Board, SwissSeat
from club.plan import SessionPlan
from club.services.players import save_player
from club.services.results import contract_values, enter_result
from club.services.swiss import start_swiss_round
from reports.views.swiss import public_swiss_standings
from scoring.engine import parse_result
from tests.club.phones.test_round_etag import assert_digestible
from tests.club.views.test_swiss_pages import play_round, swiss_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss():
    session = swiss_session()
    start_swiss_round(session.pk, seeded=True)
    return session


def poll(client, url, etag):
    return client.get(url, headers={"If-None-Match": etag})


def test_an_unchanged_page_is_a_304_after_one_query(client, swiss,
                                                    django_assert_num_queries):
    url = reverse("swiss", args=[swiss.pk])
    first = client.get(url)
    assert first["Cache-Control"] == "private, max-age=0, must-revalidate"
    with django_assert_num_queries(1):  # the session
        again = poll(client, url, first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]


def test_a_result_on_a_board_in_play_keeps_the_page(client, swiss):
    url = reverse("swiss", args=[swiss.pk])
    etag = client.get(url)["ETag"]
    seat = SwissSeat.objects.filter(session=swiss, round=1, north_south=True).first()
    enter_result(Board.objects.get(session=swiss, number=1).pk, ns_pair_id=seat.pair_id,
                 ew_pair_id=seat.opponents_id,
                 values=contract_values(parse_result("pass")), board_hcp=20)
    assert poll(client, url, etag).status_code == 304


def test_a_complete_round_and_the_next_one_change_the_page(client, swiss):
    url = reverse("swiss", args=[swiss.pk])
    etag = client.get(url)["ETag"]
    play_round(swiss, 1)
    response = poll(client, url, etag)
    assert response.status_code == 200 and "10.00 : 10.00" in response.content.decode()
    etag = response["ETag"]
    start_swiss_round(swiss.pk, seeded=True)
    response = poll(client, url, etag)
    assert response.status_code == 200
    assert 'id="round-2"' in response.content.decode()


def test_a_renamed_player_changes_the_page(client, swiss):
    url = reverse("swiss", args=[swiss.pk])
    etag = client.get(url)["ETag"]
    save_player({"name": "Renamed Player"}, swiss.pairs.get(number=3).player1.pk)
    response = poll(client, url, etag)
    assert response.status_code == 200 and "Renamed Player" in response.content.decode()


def test_what_the_page_digests_names_its_data_not_objects(swiss):
    play_round(swiss, 1)
    start_swiss_round(swiss.pk, seeded=True)
    assert_digestible(public_swiss_standings(SessionPlan.load(swiss)).context())
