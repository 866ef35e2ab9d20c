"""Individual sessions on the players' pages and in the season ladder (issue 20): a
player's individual evening is one evening whose boards and IMPs are those of every
partnership the movement gave them, counted beside their pairs evenings."""

import json
from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from club.models import MasterpointAward, Season
from club.plan import SessionPlan
from club.services.masterpoints import save_award_scheme
from club.services.sessions import change_status
from club.stats.ladder import season_ladder, season_sessions
from scoring.engine.individual import individual
from tests.club.individual.test_standings import play
from tests.factories import make_individual, make_result, make_session

pytestmark = pytest.mark.django_db


def test_the_ladder_and_the_player_page_count_an_individual_evening_once(client):
    season = Season.objects.create(name="Winter", start=date(2026, 11, 1),
                                   end=date(2026, 12, 31), min_sessions=1)
    indi = make_individual(8, rounds=2, boards_per_round=1, status="published")
    plan = SessionPlan.load(indi)
    movement = individual(8, 2)
    first = plan.entries[0].player  # player 1
    imps, boards = 0, 0
    for game, contract in zip(movement.games, ["4S= N", "3NT-1 N", "2H+1 E", "1NT= S"],
                              strict=True):
        seating = plan.seating_for(game.table, game.round)
        result = make_result(indi, game.round, seating.ns, seating.ew, contract)
        seat = game.seat_of(1)
        if seat is not None:
            boards += 1
            imps += result.ns_imps if seat.value in "NS" else result.ew_imps
    assert boards == 2  # 8 players: player 1 plays both rounds
    # A pairs evening of the same player.
    pairs = make_session(tables=2, rounds=3, boards_per_round=1, status="published",
                         movement="howell", pairs=4)
    pair = pairs.pairs.get(number=1)
    pair.player1 = first
    pair.save()
    seating = SessionPlan.load(pairs).seatings_of_pair(1)[0]
    board = SessionPlan.load(pairs).boards_of(seating)[0]
    own = make_result(pairs, board, seating.ns, seating.ew, "4H= S")
    own_imps = own.ns_imps if seating.ns == 1 else own.ew_imps
    row = next(r for r in season_ladder(season, list(season_sessions(season)))
               if r.player_id == first.pk)
    assert (row.sessions, row.boards, row.imps) == (2, 3, imps + own_imps)
    page = client.get(reverse("player", args=[first.pk])).content.decode()
    assert page.count("individual: a new partner each round") >= 1
    assert reverse("individual-standings", args=[indi.pk]) in page


def test_an_individual_awards_masterpoints_by_player_places():
    scheme = save_award_scheme({"name": "Places", "top_fixed": Decimal(20),
                                "place_table": "20 17 15 13 12 11 10 9",
                                "others": Decimal(1), "decimals": 2})
    session = make_individual(8, rounds=2, boards_per_round=1, status="finished",
                              award_scheme=scheme)
    expected = play(session, {1, 2})
    change_status(session.pk, "publish")
    players = {e.player_id: e.number for e in session.individual_entries.all()}
    awarded = {players[a.player_id]: (a.pair_number, a.rank, a.points)
               for a in MasterpointAward.objects.filter(session=session)}
    assert set(awarded) == set(range(1, 9))
    order = sorted(expected, key=lambda n: -expected[n])
    best = [n for n in order if expected[n] == expected[order[0]]]
    places = [20, 17, 15, 13, 12, 11, 10, 9]
    share = Decimal(sum(places[:len(best)])) / len(best)
    for number in best:
        assert awarded[number] == (number, 1, share.quantize(Decimal("0.01")))


def test_the_standings_by_player_show_the_awards_once_published(client, director_client):
    scheme = save_award_scheme({"name": "Places", "top_fixed": Decimal(20),
                                "place_table": "20 17 15 13 12 11 10 9", "decimals": 2})
    session = make_individual(8, rounds=2, boards_per_round=1, status="finished",
                              award_scheme=scheme)
    play(session, {1, 2})
    public = reverse("individual-standings", args=[session.pk])
    director = reverse("individual-director-standings", args=[session.pk])
    assert "data-masterpoints" not in client.get(public).content.decode()
    assert "data-masterpoints" not in director_client.get(director).content.decode()
    assert "Masterpoints" not in client.get(public + "?_export=csv").content.decode()

    change_status(session.pk, "publish")
    points = {a.pair_number: a.points for a in MasterpointAward.objects.filter(session=session)}
    assert len(points) == 8
    for page in (client.get(public), director_client.get(director)):
        html = page.content.decode()
        for number, award in points.items():
            row = html.split(f'id="player-{number}"')[1].split("</tr>")[0]
            assert Decimal(row.split('data-masterpoints="')[1].split('"')[0]) == award
    rows = json.loads(client.get(public + "?_export=json").content)
    assert {row["Number"]: Decimal(str(row["Masterpoints"])) for row in rows} == points
