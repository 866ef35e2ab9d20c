"""Each player's table card in an individual (issue 20): table, seat and boards every
round, or the round they sit out, as the engine's movement seats them."""

import re

import pytest
from django.urls import reverse

from scoring.engine.individual import individual
from tests.factories import make_individual

pytestmark = pytest.mark.django_db

SEATS = {"N": "North", "S": "South", "E": "East", "W": "West"}


def test_each_players_card_follows_the_movement(director_client):
    session = make_individual(9, rounds=3, boards_per_round=2)
    page = director_client.get(reverse("individual-cards", args=[session.pk])).content.decode()
    movement = individual(9, 3)
    for player in range(1, 10):
        card = page.split(f'id="card-{player}"')[1].split("</section>")[0]
        rows = re.findall(r'<tr data-round="(\d+)">(.*?)</tr>', card)
        assert len(rows) == 3
        for (round, cells), line in zip(rows, movement.card(player), strict=True):
            text = re.sub(r"<[^>]+>", "|", cells)
            if line.sits_out:
                assert "sits out" in text
            else:
                first = 2 * line.board_set - 1
                assert text == (f"|{round}||{line.table}||{SEATS[line.seat.value]}|"
                                f"|{first}–{first + 1}|")
    # With 9 players, player k sits out round k.
    assert page.split('id="card-2"')[1].split("</section>")[0].count("sits out") == 1
