"""Player ratings on the public pages (club.stats.ratings): which results they read, the
ratings list with its minimum and downloads, the player page, and a fit never stale."""

import json
from datetime import date

import pytest

from club.services.players import merge_players
from club.services.sessions import change_status
from club.stats.ratings import player_ratings, rated_results
from tests.factories import make_not_played, make_player
from tests.reports.test_players import evenings, players  # noqa: F401 (fixtures)
from tests.reports.test_seasons import evening

pytestmark = pytest.mark.django_db


def test_only_boards_played_in_published_sessions_are_rated(players, evenings):  # noqa: F811
    first, second, _hidden = evenings
    # A board not played (artificial scores) says nothing of the players.
    make_not_played(second, 2, 2, 4, "ave+", "ave-")
    found = rated_results()
    p = players
    assert sorted((r.ns, r.ew, r.ns_imps, r.day) for r in found) == sorted([
        ((p["Ann"].pk, p["Bob"].pk), (p["Eve"].pk, p["Fay"].pk), 9, date(2026, 1, 5)),
        ((p["Ann"].pk, p["Bob"].pk), (p["Eve"].pk, p["Fay"].pk), 3, date(2026, 1, 5)),
        ((p["Eve"].pk, p["Fay"].pk), (p["Ann"].pk, p["Cid"].pk), 9, date(2026, 1, 12)),
    ])


def test_the_list_shows_players_with_the_minimum_of_boards(client, settings, players,  # noqa: F811
                                                           evenings):  # noqa: F811
    # Boards: Ann 3, Eve 3, Fay 3, Bob 2, Cid 1.
    settings.RATINGS_MIN_BOARDS = 3
    page = client.get("/ratings/").content.decode()
    listed = [name for name in ("Ann", "Bob", "Cid", "Eve", "Fay")
              if f'/players/{players[name].pk}/">{name}</a>' in page]
    assert listed == ["Ann", "Eve", "Fay"]
    assert "at least 3 boards" in page
    # Ann won +9 +3 and lost 9 with Cid: above Eve and Fay, who scored the mirror image.
    assert page.index(">Ann</a>") < page.index(">Eve</a>")


def test_the_list_downloads_with_plain_numbers(client, settings, players, evenings):  # noqa: F811
    settings.RATINGS_MIN_BOARDS = 3
    rows = json.loads(client.get("/ratings/?_export=json").content)
    assert [row["Player"] for row in rows][0] == "Ann"
    ann = rows[0]
    assert ann["Rank"] == 1 and ann["Boards"] == 3
    assert isinstance(ann["Rating"], float) and ann["Rating"] > 0
    assert isinstance(ann["Uncertainty (±)"], float) and ann["Uncertainty (±)"] > 0
    csv = client.get("/ratings/?_export=csv").content.decode("utf-8-sig")
    assert csv.splitlines()[0] == "Rank,Player,Rating,Uncertainty (±),Boards"
    assert client.get("/ratings/?_export=xlsx").status_code == 200


def test_russian_pages_write_the_rating_with_a_decimal_comma(client, settings, players,  # noqa: F811
                                                             evenings):  # noqa: F811
    settings.RATINGS_MIN_BOARDS = 3
    rating = player_ratings()[players["Ann"].pk]
    page = client.get("/ratings/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"{rating.uncertainty:.2f}".replace(".", ",") in page


def test_an_empty_club_has_an_empty_list(client):
    page = client.get("/ratings/")
    assert page.status_code == 200
    assert "Nobody has played enough boards" in page.content.decode()


def test_the_player_page_shows_the_rating_and_its_uncertainty(client, players,  # noqa: F811
                                                               evenings):  # noqa: F811
    rating = player_ratings()[players["Ann"].pk]
    page = client.get(f"/players/{players['Ann'].pk}/").content.decode()
    assert f"<strong>+{rating.rating:.2f}</strong> ± {rating.uncertainty:.2f}" in page
    assert "from 3 rated boards" in page
    # Gus and Hal registered for evenings without a board: no rating to show.
    assert "rated board" not in client.get(f"/players/{players['Gus'].pk}/").content.decode()


def test_the_ratings_follow_every_published_change(players, evenings):  # noqa: F811
    first, second, hidden = evenings
    before = player_ratings()
    change_status(hidden.pk, "publish")  # Ann, Bob +9 more against Eve, Fay
    published = player_ratings()
    assert published[players["Ann"].pk].boards == before[players["Ann"].pk].boards + 1
    assert published[players["Bob"].pk].rating > before[players["Bob"].pk].rating
    change_status(hidden.pk, "unpublish")
    assert player_ratings() == before


def test_the_ratings_follow_a_merge_of_two_records():
    people = [make_player(name) for name in ["Ivy", "Ivy M.", "Jon", "Kim", "Lou", "Max",
                                             "Ned", "Oda", "Pia"]]
    ivy, ivy_again, jon, kim, lou, *others = people
    rest = [(others[0], others[1]), (others[2], others[3])]
    evening(date(2026, 2, 2), [(ivy, jon), rest[0], (kim, lou), rest[1]],
            [(1, 1, 3, "4S= N")])
    evening(date(2026, 2, 9), [(ivy_again, jon), rest[0], (kim, lou), rest[1]],
            [(1, 1, 3, "4S= N")])
    assert player_ratings()[ivy.pk].boards == 1
    merge_players(ivy.pk, ivy_again.pk)
    merged = player_ratings()
    assert merged[ivy.pk].boards == 2 and ivy_again.pk not in merged


def test_the_partnership_page_sets_the_pair_against_its_two_ratings(client, players,  # noqa: F811
                                                                    evenings):  # noqa: F811
    ratings = player_ratings()
    ann, bob = players["Ann"].pk, players["Bob"].pk
    eve, fay = ratings[players["Eve"].pk].rating, ratings[players["Fay"].pk].rating
    # Together: +9 and +3 on one evening against Eve and Fay, (9 + 3) / 2 + their ratings.
    together = 6 + eve + fay
    expected = ratings[ann].rating + ratings[bob].rating
    page = client.get(f"/players/{ann}/with/{bob}/").content.decode()
    assert f"<strong>+{together:.2f}</strong>" in page
    assert "from 2 rated boards" in page
    assert f"add up to +{expected:.2f}." in page
    # Ann and Dee never played together: no pair to rate.
    dee = players["Dee"].pk
    assert "rated board" not in client.get(f"/players/{ann}/with/{dee}/").content.decode()
