"""Masterpoints of a teams session (issue 20): a published teams session with an award
scheme awards by team place, one table a team; each member who sat in a room gets the
team's award, a reserve who never played gets none; a knockout's winner takes the first
place once decided. The places are worked out here from the stored table scores with
the IMP scale and the WBF formula."""

from decimal import Decimal

import pytest
from django.urls import reverse

from club.models import MasterpointAward, Result, TeamMatch
from club.services.masterpoints import save_award_scheme
from club.services.sessions import change_status
from club.services.teams import make_round_robin
from tests.club.services.test_team_knockout import knockout, play
from tests.club.services.test_teams import enter, line_up_all, register, teams_session
from tests.wbf import imps, wbf_vps

pytestmark = pytest.mark.django_db

PLACES = [20, 17, 15, 13]
# The closed room's contract in each round's two matches; the open room makes 3NT= N.
CLOSED = {1: ("1NT= N", "3NT= N"), 2: ("2NT+1 N", "4S-1 N"), 3: ("3NT-1 N", "1NT+2 N")}


def scheme():
    return save_award_scheme({"name": "Places", "top_fixed": Decimal(20),
                              "place_table": " ".join(map(str, PLACES)),
                              "decimals": 2})


def publish(session):
    change_status(session.pk, "finish")
    change_status(session.pk, "publish")


def awards(session):
    return {a.player.name: (a.pair_number, a.rank, a.tied, a.points)
            for a in MasterpointAward.objects.filter(session=session).select_related("player")}


def played_round_robin():
    """4 teams of 5 (player 5 never sits in a line-up), 3 rounds of 1 board, all played
    and finished, with the award scheme."""
    session = teams_session(teams=4, rounds=3, boards=1, tables=4)
    type(session).objects.filter(pk=session.pk).update(award_scheme=scheme())
    register(session, 4, size=5)
    make_round_robin(session.pk)
    line_up_all(session)
    change_status(session.pk, "start")
    for match in TeamMatch.objects.filter(session=session).order_by("round", "number"):
        enter(session, match.round, match.open_ns, match.open_ew, "3NT= N")
        enter(session, match.round, match.closed_ns, match.closed_ew,
              CLOSED[match.round][match.number - 1])
    change_status(session.pk, "finish")
    return session


def test_a_round_robin_awards_each_team_that_played_by_its_place():
    session = played_round_robin()
    change_status(session.pk, "publish")

    vps = {}
    for match in TeamMatch.objects.filter(session=session).select_related("home", "away"):
        scores = {r.ns_pair_id: r.ns_score
                  for r in Result.objects.filter(board__session=session,
                                                 board__number=match.round)}
        margin = imps(scores[match.open_ns_id] - scores[match.closed_ns_id])
        for team, own in ((match.home, margin), (match.away, -margin)):
            vps[team.number] = vps.get(team.number, Decimal(0)) + wbf_vps(own, 1)
    order = sorted(vps, key=lambda number: -vps[number])
    assert len(set(vps.values())) == 4  # no tie: each place is one team's
    expected = {}
    for place, number in enumerate(order, start=1):
        for i in range(1, 5):
            expected[f"T{number} player {i}"] = (number, place, False,
                                                 Decimal(PLACES[place - 1]))
    assert awards(session) == expected


def test_a_knockout_awards_its_winner_first_and_nothing_while_undecided():
    places = scheme()
    session = knockout(carry_over=0, tie_break="last boards")
    type(session).objects.filter(pk=session.pk).update(award_scheme=places)
    play(session)  # the home team (team 1) wins by 18 IMPs
    publish(session)
    got = awards(session)
    assert {name: value[:2] for name, value in got.items()} == {
        **{f"T1 player {i}": (1, 1) for i in range(1, 5)},
        **{f"T2 player {i}": (2, 2) for i in range(1, 5)}}
    # Two teams fill two tables: the place table's first two places.
    assert {value[3] for name, value in got.items() if name.startswith("T1")} == {20}
    assert {value[3] for name, value in got.items() if name.startswith("T2")} == {17}

    level = knockout(carry_over=0, tie_break="extra boards")
    type(level).objects.filter(pk=level.pk).update(award_scheme=places)
    play(level, open_text="3NT= N", closed_text="3NT= N")  # level: extra boards needed
    publish(level)
    assert awards(level) == {}


def test_the_teams_standings_show_the_awards_once_published(client):
    session = played_round_robin()
    url = reverse("teams-standings", args=[session.pk])
    page = client.get(url).content.decode()
    assert "data-masterpoints" not in page
    assert "Masterpoints" not in client.get(url + "?_export=csv").content.decode()
    etag = client.get(url)["ETag"]

    change_status(session.pk, "publish")
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200  # the awards are news
    page = response.content.decode()
    points = {a.pair_number: a.points for a in MasterpointAward.objects.filter(session=session)}
    assert sorted(points.values()) == [13, 15, 17, 20]
    for number, award in points.items():
        assert f'data-team="{number}"' in page
        row = page.split(f'data-team="{number}"')[1].split("</tr>")[0]
        assert Decimal(row.split('data-masterpoints="')[1].split('"')[0]) == award
    csv = client.get(url + "?_export=csv").content.decode().splitlines()
    assert csv[0].split(",")[-1] == "Masterpoints"
    shown = {int(line.split(",")[1]): Decimal(line.split(",")[-1]) for line in csv[1:]}
    assert shown == points
