"""Withdrawing a pair before play starts; refused, with the reason, once it has results."""

import pytest
from django.urls import reverse

from club.models import Pair, Player
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def withdraw_url(pair):
    return reverse("setup-pair-delete", args=[pair.session_id, pair.pk])


def test_the_confirmation_page_changes_nothing(director_client):
    session = make_session(tables=3, status="setup")
    pair = session.pairs.get(number=6)
    page = director_client.get(withdraw_url(pair)).content.decode()
    assert "Withdraw pair 3EW" in page
    assert 'method="post"' in page
    assert session.pairs.count() == 6


def test_a_pair_is_withdrawn_and_its_players_stay(director_client):
    session = make_session(tables=3, status="setup")
    pair = session.pairs.get(number=6)
    players = [pair.player1_id, pair.player2_id]
    response = director_client.post(withdraw_url(pair))
    assert response.status_code == 302
    assert response["Location"] == reverse("setup-pairs", args=[session.pk])
    assert sorted(session.pairs.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert Player.objects.filter(pk__in=players).count() == 2
    # 5 pairs on 3 tables: still the full Mitchell, 3 sets of 2 boards.
    assert session.boards.count() == 6


def test_withdrawing_a_howell_pair_keeps_the_boards_of_the_movement(director_client):
    session = make_session(tables=3, movement="howell", rounds=5, status="running")
    director_client.post(withdraw_url(session.pairs.get(number=6)))
    # 5 pairs: 5 rounds with a sit-out, 5 board sets of 2 boards.
    assert sorted(session.boards.values_list("number", flat=True)) == list(range(1, 11))


def test_a_pair_with_results_cannot_be_withdrawn(director_client):
    session = make_session(tables=3, status="running")
    make_result(session, 1, 1, 4, "4S= N")
    make_result(session, 4, 2, 4, "3NT= S")
    pair = session.pairs.get(number=4)
    page = director_client.get(withdraw_url(pair)).content.decode()
    assert "Pair 1EW has results on boards 1, 4 and cannot be withdrawn." in page
    assert 'method="post" class="form"' not in page
    response = director_client.post(withdraw_url(pair), follow=True)
    assert "Pair 1EW has results on boards 1, 4 and cannot be withdrawn." in (
        response.content.decode())
    assert Pair.objects.filter(pk=pair.pk).exists()


def test_no_pair_can_leave_once_any_result_exists(director_client):
    session = make_session(tables=3, status="running")
    make_result(session, 3, 3, 6, "2H= S")
    pair = session.pairs.get(number=2)
    response = director_client.post(withdraw_url(pair), follow=True)
    assert ("Results exist on boards 3, so the number of pairs can no longer change."
            in response.content.decode())
    assert session.pairs.count() == 6


def test_a_finished_session_keeps_its_pairs(director_client):
    session = make_session(tables=3, status="finished")
    director_client.post(withdraw_url(session.pairs.get(number=6)))
    assert session.pairs.count() == 6
