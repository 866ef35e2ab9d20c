"""Standings by player of an individual (issue 20): each result's NS IMPs to North and
South, EW IMPs to East and West, checked against sums made here from the engine's seats;
the public page counts only the boards every table has played (the hidden-board rule),
the director's page every result; the downloads give the same rows."""

import json
import re

import pytest
from django.urls import reverse

from club.models import Result
from club.plan import SessionPlan
from club.stats.individual import player_standings
from scoring.engine.individual import individual
from tests.factories import make_individual, make_not_played, make_result

pytestmark = pytest.mark.django_db

CONTRACTS = ["4S= N", "3NT-1 N", "2H+1 E", "1NT= S", "4H-2 W", "3C= N"]


def play(session, rounds, skip=()):
    """A result at every table of `rounds` (but the (round, table)s in `skip`); returns
    {player number: expected IMPs} summed here from the engine's seats."""
    plan = SessionPlan.load(session)
    players = len(plan.entries)
    movement = individual(players, session.rounds)
    totals = {number: 0 for number in range(1, players + 1)}
    contracts = iter(CONTRACTS * 10)
    for game in movement.games:
        if game.round not in rounds or (game.round, game.table) in skip:
            continue
        seating = plan.seating_for(game.table, game.round)
        for board in plan.boards_of(seating):
            result = make_result(session, board, seating.ns, seating.ew, next(contracts),
                                 round=game.round, table=game.table)
            for player in game.ns:
                totals[player] += result.ns_imps
            for player in game.ew:
                totals[player] += result.ew_imps
    return totals


def by_number(rows):
    return {row.number: row.imps for row in rows}


def test_each_player_gets_the_imps_of_their_line():
    session = make_individual(12, rounds=2)
    expected = play(session, {1, 2})
    rows = player_standings(SessionPlan.load(session))
    assert by_number(rows) == expected
    assert all(row.boards == 4 for row in rows)  # 12 players: nobody sits out
    assert [row.imps for row in rows] == sorted(expected.values(), reverse=True)


def test_adjusted_scores_go_to_each_line():
    session = make_individual(8, rounds=1)
    plan = SessionPlan.load(session)
    seating = plan.seating_for(1, 1)
    make_not_played(session, 1, seating.ns, seating.ew, "ave+", "ave+")
    game = individual(8, 1).games[0]
    imps = by_number(player_standings(SessionPlan.load(session)))
    assert [imps[p] for p in game.players] == [3, 3, 3, 3]


def test_the_public_page_counts_only_boards_every_table_has_played(client,
                                                                   director_client):
    session = make_individual(12, rounds=2)
    # Round 2's boards (3 and 4, played at every table) still wait for table 3.
    complete = play(session, {1})
    play(session, {2}, skip={(2, 3)})
    page = client.get(reverse("individual-standings", args=[session.pk]))
    shown = {int(number): int(imps) for number, imps in
             re.findall(r'id="player-(\d+)" data-imps="(-?\d+)"',
                                      page.content.decode())}
    assert shown == complete
    text = " ".join(page.content.decode().split())
    assert "The totals count 2 of 4 boards: a board counts once every table has played it." \
        in text
    # The block the page fetches again while play is on; 304 while nothing changed.
    live = client.get(reverse("individual-standings", args=[session.pk]), {"part": "table"})
    assert live.content.decode().startswith('<div id="standings-live"')
    assert client.get(reverse("individual-standings", args=[session.pk]), {"part": "table"},
                      HTTP_IF_NONE_MATCH=live["ETag"]).status_code == 304
    director = director_client.get(
        reverse("individual-director-standings", args=[session.pk])).content.decode()
    assert director.count('id="player-') == 12
    # The pairs' standings address leads here.
    assert client.get(reverse("standings", args=[session.pk])).url == reverse(
        "individual-standings", args=[session.pk])


def test_the_downloads_give_the_standings_by_player(client):
    session = make_individual(8, rounds=2, status="finished")
    expected = play(session, {1, 2})
    response = client.get(reverse("individual-standings", args=[session.pk]),
                          {"_export": "json"})
    rows = json.loads(response.content)
    assert {row["Number"]: row["IMPs"] for row in rows} == expected
    assert set(rows[0]) == {"Rank", "Tied", "Number", "Player", "Boards", "IMPs",
                            "IMPs per board"}
    csv = client.get(reverse("individual-standings", args=[session.pk]),
                     {"_export": "csv"})
    assert csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode("utf-8-sig").splitlines()[0].startswith("Rank,Tied,Number")
    assert client.get(reverse("individual-standings", args=[session.pk]),
                      {"_export": "xlsx"}).status_code == 200
    assert Result.objects.filter(board__session=session).count() == 8
