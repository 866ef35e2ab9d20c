"""An individual's USEBIO file (issue 20): EVENT_TYPE INDIVIDUAL, a PLAYER per entrant
with their total and place, each traveller line naming its four players by seat."""

import xml.etree.ElementTree as ET

import pytest

from club.io.usebio import export_usebio
from scoring.engine.individual import individual
from tests.club.individual.test_standings import play
from tests.factories import make_individual

pytestmark = pytest.mark.django_db


def test_an_individual_is_written_player_by_player():
    session = make_individual(8, rounds=2, boards_per_round=1, status="published")
    expected = play(session, {1, 2})
    root = ET.fromstring(export_usebio(session).split(b"\n", 2)[2])
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "INDIVIDUAL"
    players = event.findall("PARTICIPANTS/PLAYER")
    assert {int(p.findtext("PLAYER_NUMBER")): int(p.findtext("TOTAL_SCORE"))
            for p in players} == expected
    best = max(expected.values())
    assert all(p.findtext("PLACE").startswith("1") for p in players
               if int(p.findtext("TOTAL_SCORE")) == best)
    movement = individual(8, 2)
    lines = [(int(board.findtext("BOARD_NUMBER")), line) for board in event.findall("BOARD")
             for line in board.findall("TRAVELLER_LINE")]
    assert len(lines) == 4
    for board, line in lines:
        seated = {tuple(int(line.findtext(f"{seat}_PLAYER_NUMBER"))
                        for seat in ("NORTH", "SOUTH", "EAST", "WEST"))}
        games = {game.players for game in movement.round_tables(board)}
        assert seated <= games
        assert line.find("NS_PAIR_NUMBER") is None
