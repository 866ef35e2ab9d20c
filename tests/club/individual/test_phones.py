"""A table's phone in an individual (issue 20): the four players by name and seat, results
entered and accepted as at a pairs table (on the movement's partnerships), and where each
player goes next once the round is done."""

import re
import uuid

import pytest
from django.urls import reverse

from club.models import Result, TableEntry
from club.notation import signed
from club.services.table_phones import issue_codes
from scoring.engine.individual import individual
from tests.club.individual.test_standings import play
from tests.factories import make_individual

pytestmark = pytest.mark.django_db


def test_the_table_shows_its_players_enters_and_says_where_each_goes(client):
    session = make_individual(8, rounds=2, boards_per_round=1)
    session.boards.update(ns_hcp=20)
    issue_codes(session.pk)
    code = session.table_codes.get(table=2).code
    names = {e.number: e.player.name for e in session.individual_entries.select_related(
        "player")}
    first, second = individual(8, 2).round_tables(1)[1], individual(8, 2).round_tables(2)
    page = client.get(reverse("table", args=[code])).content.decode()
    seats = re.findall(r"<dt>(\w+)</dt><dd>([^<]*)</dd>", page)
    assert seats == [("North", names[first.north]), ("South", names[first.south]),
                     ("East", names[first.east]), ("West", names[first.west])]
    board = reverse("table-board", args=[code, 1])
    client.post(board, {"key": str(uuid.uuid4()), "shorthand": "4S= N"})
    entry = TableEntry.objects.get(session=session, table=2)
    client.post(reverse("table-accept", args=[code, 1]), {"key": str(entry.key)})
    result = Result.objects.get(board__session=session)
    assert (result.ns_pair.player1.name, result.ew_pair.player2.name) == (
        names[first.north], names[first.west])
    page = client.get(reverse("table", args=[code]) + "?round=1").content.decode()
    for player in first.players:
        game = next(g for g in second if player in g.players)
        seat = {"N": "North", "S": "South", "E": "East", "W": "West"}[
            game.seat_of(player).value]
        verb = "stays at" if game.table == 2 else "goes to"
        assert (f"<strong>{names[player]}</strong> {verb} <strong>table {game.table}"
                f"</strong>, {seat}.") in page


def test_the_running_totals_are_each_players_over_every_partner(client):
    """Once every board is public, the board page's "IMPs so far" gives each of the four
    players seated now their IMPs with every partner the movement gave them."""
    session = make_individual(8, rounds=2, boards_per_round=1)
    expected = play(session, {1, 2})
    issue_codes(session.pk)
    names = {e.number: e.player.name for e in session.individual_entries.select_related(
        "player")}
    game = individual(8, 2).round_tables(2)[1]  # table 2 in the last round
    code = session.table_codes.get(table=2).code
    board = Result.objects.get(board__session=session, round=2, table=2).board.number
    page = client.get(reverse("table-board", args=[code, board])).content.decode()
    totals = page.split('<ul class="totals">')[1].split("</ul>")[0]
    shown = dict(re.findall(r"<li><strong>([^<]*)</strong> ([^<]*)</li>", totals))
    assert shown == {names[p]: signed(expected[p])
                     for p in (game.north, game.south, game.east, game.west)}
    # Partnerships' totals would be a round's only: the players' differ from them here.
    assert any(expected[p] != Result.objects.get(board__session=session, round=2,
                                                 table=2).ns_imps for p in game.ns)

