"""Masterpoints on the pages: a player's totals per season and for life, a season's totals,
the director's schemes and the CSV of a season's awards with federation numbers (the only
place they leave the director's pages), in a fixed number of queries."""

import csv
import io
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.models import AwardScheme, MasterpointAward
from club.services.masterpoints import save_award_scheme
from club.services.players import save_player
from club.services.seasons import save_season
from club.services.sessions import change_status
from tests.factories import make_player, make_result, make_session

pytestmark = pytest.mark.django_db

FIRST = date(2026, 1, 5)


@pytest.fixture
def scheme():
    # Four pairs: 10 for the winner, 5 for the second.
    return save_award_scheme({"name": "Club pairs", "top_fixed": Decimal(10),
                              "scoring_numerator": 1, "scoring_denominator": 2})


@pytest.fixture
def ann():
    player = make_player("Ann")
    save_player({"federation_number": "RU-0815", "membership_number": "M-4711"},
                player_id=player.pk)
    return player


def published_evening(scheme, ann, week):
    """Ann's pair (1) wins by 9 IMPs, pair 2 second; published with the scheme."""
    session = make_session(tables=2, status="running", award_scheme=scheme,
                           date=FIRST + timedelta(weeks=week), name=f"Week {week}")
    pair = session.pairs.get(number=1)
    pair.player1 = ann
    pair.save(update_fields=["player1"])
    make_result(session, 1, 1, 3, "4S= N")
    make_result(session, 3, 2, 4, "1NT= N")
    change_status(session.pk, "finish")
    change_status(session.pk, "publish")
    return session


@pytest.fixture
def season():
    return save_season({"name": "Winter", "start": FIRST, "end": FIRST + timedelta(weeks=8),
                        "min_sessions": 1, "best_of": None}, [])


def queries(client, url):
    client.get(url)  # warm-up: caches filled once
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


def test_player_page_shows_lifetime_and_season_totals(client, scheme, ann, season):
    published_evening(scheme, ann, 0)
    published_evening(scheme, ann, 1)
    published_evening(scheme, ann, 20)  # after the season
    page = client.get(f"/players/{ann.pk}/").content.decode()
    assert "Lifetime: <strong>30</strong> masterpoints" in page
    assert f'<a href="/seasons/{season.pk}/">Winter</a></td><td class="num">2</td>' \
        '<td class="num">20</td>' in page


def test_season_page_ranks_the_players_by_masterpoints(client, scheme, ann, season):
    first = published_evening(scheme, ann, 0)
    published_evening(scheme, ann, 1)
    page = client.get(f"/seasons/{season.pk}/").content.decode()
    partner = first.pairs.get(number=1).player2
    assert (f'<td class="num">1</td><td><a href="/players/{ann.pk}/">Ann</a></td>'
            '<td class="num">2</td><td class="num">20</td>') in page
    assert f'<a href="/players/{partner.pk}/">{partner.name}</a></td><td class="num">1</td>' \
        '<td class="num">10</td>' in page


def test_pages_run_a_fixed_number_of_queries(client, scheme, ann, season):
    published_evening(scheme, ann, 0)
    urls = [f"/players/{ann.pk}/", f"/seasons/{season.pk}/"]
    one = [queries(client, url) for url in urls]
    for week in range(1, 5):
        published_evening(scheme, ann, week)
    assert MasterpointAward.objects.filter(player=ann).count() == 5
    assert [queries(client, url) for url in urls] == one


def test_the_export_lists_every_award_with_federation_numbers(director_client, scheme, ann,
                                                              season):
    first = published_evening(scheme, ann, 0)
    response = director_client.get(f"/director/masterpoints/seasons/{season.pk}.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["federation_number", "name", "membership_number", "date", "session",
                       "line", "place", "points", "scheme"]
    assert ["RU-0815", "Ann", "M-4711", "2026-01-05", "Week 0", "", "1", "10",
            "Club pairs"] in rows
    partner = first.pairs.get(number=1).player2
    assert ["", partner.name, "", "2026-01-05", "Week 0", "", "1", "10",
            "Club pairs"] in rows
    assert len(rows) == 1 + 4  # two pairs scored, two players each


def test_the_public_cannot_download_the_export(client, scheme, ann, season):
    published_evening(scheme, ann, 0)
    for url in (f"/director/masterpoints/seasons/{season.pk}.csv", "/director/masterpoints/"):
        response = client.get(url)
        assert response.status_code in (302, 403), url
        assert b"RU-0815" not in response.content


def test_no_public_page_shows_federation_numbers(client, scheme, ann, season):
    session = published_evening(scheme, ann, 0)
    for url in (f"/players/{ann.pk}/", f"/seasons/{season.pk}/", "/seasons/", "/players/",
                f"/sessions/{session.pk}/", "/ratings/", f"/seasons/{season.pk}/?export=csv"):
        html = client.get(url).content.decode()
        assert "RU-0815" not in html and "M-4711" not in html, url


def test_director_creates_and_changes_a_scheme(director_client, scheme, ann):
    session = published_evening(scheme, ann, 0)
    page = director_client.get("/director/masterpoints/").content.decode()
    assert "Club pairs" in page and "Add the 2 shipped schemes (EBU club scale" in page
    director_client.post("/director/masterpoints/schemes/shipped/")
    page = director_client.get("/director/masterpoints/").content.decode()
    assert "EBU club scale" in page and "shipped schemes" not in page
    response = director_client.post(f"/director/masterpoints/schemes/{scheme.pk}/", {
        "name": "Club pairs", "top_fixed": "12", "top_per_table": "0", "scoring_numerator": 1,
        "scoring_denominator": 2, "place_table": "", "minimum": "0", "others": "0",
        "win_bonus": "0", "decimals": 2, "source": "Our club's rules, 2026"})
    assert response.status_code == 302
    assert MasterpointAward.objects.get(session=session, player=ann).points == 12


def test_a_bad_place_table_is_shown_with_what_was_typed(director_client):
    response = director_client.post("/director/masterpoints/schemes/new/", {
        "name": "Odd", "top_fixed": "10", "top_per_table": "0", "scoring_numerator": 1,
        "scoring_denominator": 1, "place_table": "20 seventeen", "minimum": "0",
        "others": "0", "win_bonus": "0", "decimals": 2, "source": ""})
    assert response.status_code == 200
    page = response.content.decode()
    assert "is not a list of points" in page and 'value="20 seventeen"' in page
    assert not AwardScheme.objects.filter(name="Odd").exists()


def test_the_setup_form_offers_the_schemes(director_client, scheme):
    page = director_client.get("/director/sessions/new/").content.decode()
    assert "No masterpoints" in page and "Club pairs" in page


def test_player_page_draws_the_rating_month_by_month(client, scheme, ann):
    import re

    from club.stats.ratings import player_ratings

    for week in (0, 1, 5):  # January (twice) and February
        published_evening(scheme, ann, week)
    page = client.get(f"/players/{ann.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    chart = re.search(r'<svg class="chart rating-trend".*?</svg>', page, re.S).group(0)
    tips = re.findall(r"<title>(\d{4}-\d\d)[^<]*</title>", chart)
    assert tips == ["2026-01", "2026-02"]
    # The last point is the rating shown above it: the fit with every published result.
    last = player_ratings()[ann.pk].rating
    assert chart.count("<circle") == 2
    assert f"{last:+.2f}" in chart.split("<title>")[-1]
    # Coordinates keep their decimal point in Russian; the text alternative lists both.
    assert re.search(r'cy="\d+\.\d"', chart) and not re.search(r'c[xy]="\d+,\d', chart)
    assert page.count('<tr><td>2026-0') == 2
