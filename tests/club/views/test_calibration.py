"""The calibration: the figures summed by the database (which line held 21+ HCP, its
vulnerability, its own score and net), the page with its plot and proposal, the new table
made from it, the JSON download and the `calibrate` command."""

import json
import re
from datetime import date
from unittest import mock

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from club.models import Pair
from club.services.boards import sync_boards
from club.services.compensation_tables import copy_table
from club.services.sessions import change_status
from club.stats import methods
from club.stats.calibration import club_figures
from scoring.models import CompensationTable
from tests.factories import make_player, make_result, make_session

pytestmark = pytest.mark.django_db

PAGE = reverse("calibration")


@pytest.fixture
def results():
    """Board 1 (nobody vulnerable): NS 25 HCP, 4S= N +420. Board 2 (NS vulnerable): NS 15,
    so EW hold 25 not vulnerable, 3NT= E: EW +400. Board 3 (EW vulnerable): NS 12, EW 28
    vulnerable, 4H+1 W: EW +650. Board 4: 20-20, nobody owes. Board 5: an adjusted score,
    left out. Board 6 with an "All" override: NS 30 vulnerable, 4S+2 N +680."""
    session = make_session(tables=3, date=date(2026, 3, 2), name="March")
    make_result(session, 1, 1, 4, "4S= N", board_hcp=25)
    make_result(session, 2, 2, 5, "3NT= E", board_hcp=15)
    make_result(session, 3, 3, 6, "4H+1 W", board_hcp=12)
    make_result(session, 4, 1, 5, "1NT= N", board_hcp=20)
    make_result(session, 5, 2, 6, "4S= N", board_hcp=25, ns_adjustment="ave+")
    board = session.boards.get(number=6)
    board.vulnerability_override = "All"
    board.save()
    make_result(session, 6, 3, 4, "4S+2 N", board_hcp=30)
    return session


def test_figures_from_the_line_holding_the_hcp(results):
    figures = club_figures()
    assert figures.cells == {(25, False): (2, 820), (28, True): (1, 650), (30, True): (1, 680)}
    # Stronger line's net against Moscow: +120 (420 - 300), +100 (400 - 300), +20
    # (650 - 630), -10 (680 - 690 at 30 vulnerable): all games, 230 in all.
    assert figures.overall == {"game": [4, 230]}
    assert figures.bands[results.pk] == {"game": [4, 230]}
    assert club_figures(date_from=date(2026, 3, 3)).cells == {}
    assert club_figures(date_to=date(2026, 3, 2)).cells[(28, True)] == (1, 650)


def test_the_page(director_client, results):
    page = director_client.get(PAGE).content.decode()
    assert "4 results read; compared with the table “Moscow”." in page
    assert "<svg" in page and "polyline" in page
    assert "too few results" in page  # 4 results: every cell is thin
    # ... so the proposal is the table itself, and no new table is offered.
    assert "The proposal differs from it in 0 cells." in page
    assert "no cell has enough results to change it" in page
    assert "Create the table" not in page
    assert "All boards" in page and "March" in page
    assert "game (25-32 HCP)" in page
    # A dot's tooltip counts its results with their plural form.
    assert "28 HCP: mean 650 over 1 result;" in page and " over 1 results" not in page


def test_the_json_download(director_client, results):
    data = json.loads(director_client.get(PAGE, {"_export": "json"}).content)
    assert len(data) == 40
    cell = next(d for d in data if d["hcp"] == 25 and not d["vulnerable"])
    assert (cell["results"], cell["mean_score"], cell["table"]) == (2, 410.0, 300)
    assert set(cell) == {"hcp", "vulnerable", "results", "mean_score", "table", "proposed",
                         "thin"}
    assert cell["thin"] and cell["proposed"] == 300  # 2 results: Moscow's value kept


def test_the_proposal_becomes_a_table(director_client, results):
    query = "min_results=1"
    response = director_client.post(f"{PAGE}?{query}", {"name": "Club 2027"})
    table = CompensationTable.objects.get(name="Club 2027")
    assert response.status_code == 302
    assert f"table={table.pk}" in response["Location"]
    rows = {h: (n, v) for h, n, v in table.row_tuples()}
    assert rows[25][0] == 410  # its only not vulnerable results: 420 and 400
    assert CompensationTable.objects.get(name="Moscow").builtin
    again = director_client.post(f"{PAGE}?{query}", {"name": "Club 2027"})
    assert "already exists" in again.content.decode()
    empty = director_client.post(f"{PAGE}?{query}", {"name": ""})
    assert "This field is required." in empty.content.decode()
    # With the default 20 results a cell, nothing here moves the table: nothing to create.
    unchanged = director_client.post(PAGE, {"name": "Club 2028"})
    assert "Nothing was created." in unchanged.content.decode()
    assert not CompensationTable.objects.filter(name="Club 2028").exists()


@pytest.mark.parametrize("params", [
    {"start": "2026-02-30"}, {"start": "2026-05-01", "end": "2026-01-01"},
    {"table": "abc"}, {"table": "999999"}, {"min_results": "0"}, {"min_results": "x"},
])
def test_bad_filters_get_a_message(director_client, results, params):
    response = director_client.get(PAGE, params)
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()


def test_another_table_and_a_period(director_client, results):
    moscow = CompensationTable.objects.get(name="Moscow")
    copy = copy_table(moscow.pk, "Copy")
    page = director_client.get(PAGE, {"table": copy.pk, "start": "2026-04-01"}).content
    assert "0 results read; compared with the table “Copy”." in page.decode()


def test_directors_only(client):
    assert client.get(PAGE).status_code == 302


def test_the_command(results, capsys):
    call_command("calibrate", "--json", "--from", "2026-01-01", "--to", "2026-12-31")
    data = json.loads(capsys.readouterr().out)
    assert next(d for d in data if d["hcp"] == 28 and d["vulnerable"])["results"] == 1
    call_command("calibrate", "--table", "Moscow")
    assert "Compared with the table “Moscow”." in capsys.readouterr().out
    for args in (["--from", "yesterday"], ["--table", "Nope"],
                 ["--from", "2026-02-01", "--to", "2026-01-01"], ["--min-results", "0"]):
        with pytest.raises(CommandError):
            call_command("calibrate", *args)


def two_published_evenings():
    """Two published evenings of the same four pairs, eight boards each (the least a
    player needs in each half): on every board pair 1 makes 4S (+420) and pair 2 3H+1
    (+170) in the first, the other way round in the second. Matchpoints rank every player
    exactly reversed (-1.00); compensation keeps the NS pairs above the EW pairs (0.60:
    tests/club/test_stats_methods.py works both out)."""
    players = [make_player(f"Player {n}") for n in range(1, 9)]
    for day, (first, second) in enumerate((("4S= N", "3H+1 N"), ("3H+1 N", "4S= N")), 1):
        session = make_session(tables=2, boards_per_round=8, date=date(2026, 4, day),
                               status="published", pairs=0, boards=False)
        for number in range(1, 5):
            Pair.objects.create(session=session, number=number,
                                player1=players[2 * number - 2], player2=players[2 * number - 1])
        sync_boards(session)
        for board in range(1, 9):
            make_result(session, board, 1, 3, first)
            make_result(session, board, 2, 4, second)
    return session


def test_the_methods_compared_on_the_clubs_own_history(director_client):
    two_published_evenings()
    page = director_client.get(PAGE).content.decode()
    assert "The 2 published sessions of the period" in page
    rows = {method: page[page.index(f'data-method="{method}"'):][:400]
            for method in ("compensation", "matchpoints", "butler", "cross_imps")}
    assert '<td class="num">8</td><td class="num">-1.00</td>' in rows["matchpoints"]
    assert '<td class="num">8</td><td class="num">0.60</td>' in rows["compensation"]
    assert "Which method ranks the players most consistently" in page


def test_the_comparison_is_worked_out_once_per_state_of_the_published_results(
        director_client, settings):
    """It scores every board by every method: kept under the published sessions' state,
    worked out again when a published session changes (here: unpublished)."""
    settings.PAGE_CACHE_SECONDS = 600
    last = two_published_evenings()
    with mock.patch.object(methods, "method_agreement",
                           wraps=methods.method_agreement) as worked_out:
        director_client.get(PAGE)
        director_client.get(PAGE)
        assert worked_out.call_count == 1
        change_status(last.pk, "unpublish")
        page = director_client.get(PAGE).content.decode()
        assert worked_out.call_count == 2
    assert "The 1 published session of the period" in page


def test_the_chart_on_russian_pages_keeps_a_dot_in_its_numbers(director_client, results):
    """SVG coordinates are numbers for the browser, not text for the reader: a Russian
    page must not write them with a decimal comma ("238,0" breaks the chart)."""
    page = director_client.get(PAGE, {"min_results": 1}, HTTP_ACCEPT_LANGUAGE="ru").content
    svg = page.decode()[page.decode().index("<svg"):page.decode().index("</svg>")]
    values = re.findall(r'\b(?:x|y|cx|cy|x1|x2|y1|y2|dy|points)="([^"]*)"', svg)
    assert values and all(re.fullmatch(r"[-\d. ,]*", v) for v in values)
    assert not any("," in v for v in values if not v.count(" ")), values
    assert "до зоны" in svg  # the legend in Russian
