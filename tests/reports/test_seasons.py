"""The public pages of seasons and events: the rules, the ladder (qualification, best N
evenings, ranks), the event standings with carry-over and a column per session, the
downloads; and the session list grouped by season, a page at a time."""

import io
import json
from datetime import date
from decimal import Decimal
from unittest import mock

import openpyxl
import pytest

from club.models import Event, Pair, Session
from club.services.boards import sync_boards
from club.services.results import contract_values, correct_result
from club.services.seasons import save_event, save_season, set_carry_over
from club.services.sessions import change_status
from club.stats import totals
from club.stats.events import event_sessions, event_standings
from club.stats.ladder import season_ladder, season_sessions
from scoring.engine import parse_result
from tests.factories import make_player, make_result, make_session

pytestmark = pytest.mark.django_db


def evening(day, pairs, results, status="published", name=None):
    """A 2-table Mitchell on `day` with these (player, player) pairs (1, 2 NS; 3, 4 EW)
    and results (board, ns, ew, "4S= N"); boards have 20-20 HCP, so IMPs follow the score
    alone: 4S= N is +420 (9 IMPs), 1NT= N +90 (3 IMPs)."""
    session = make_session(tables=2, pairs=0, boards=False, date=day, status=status,
                           name=name or f"Evening {day}")
    for number, (first, second) in enumerate(pairs, start=1):
        Pair.objects.create(session=session, number=number, player1=first, player2=second)
    sync_boards(session)
    for board, ns, ew, text in results:
        make_result(session, board, ns, ew, text)
    return session


@pytest.fixture
def club():
    """Eight players; Ann and Bob always together."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    return {name: make_player(name) for name in names}


def four_pairs(p, swap=False):
    second = p["Fay"] if swap else p["Dee"]
    return [(p["Ann"], p["Bob"]), (p["Cid"], second), (p["Eve"], p["Hal"] if swap else p["Fay"]),
            (p["Gus"], p["Hal"] if not swap else p["Dee"])]


@pytest.fixture
def season(club):
    """Three published evenings and one only finished (it must not count). IMPs:
    Ann, Bob +9 +3 +9; Cid, Dee +3 +9 (no board on the third); Eve -9 -3 -9 (with Hal on
    the third); Fay -9 -3; Gus -3 -9; Hal -3 -9 -9."""
    first = evening(date(2026, 1, 5), four_pairs(club),
                    [(1, 1, 3, "4S= N"), (1, 2, 4, "1NT= N")])  # Ann/Bob +9, Cid/Dee +3
    second = evening(date(2026, 1, 12), four_pairs(club),
                     [(1, 1, 3, "1NT= N"), (1, 2, 4, "4S= N")])  # Ann/Bob +3, Cid/Dee +9
    third = evening(date(2026, 1, 19), four_pairs(club, swap=True),
                    [(1, 1, 3, "4S= N")])  # Ann/Bob +9; Eve/Hal -9
    evening(date(2026, 1, 26), four_pairs(club), [(1, 1, 3, "4S= N")], status="finished")
    found = save_season({"name": "Winter 2026", "start": date(2026, 1, 1),
                         "end": date(2026, 3, 31), "min_sessions": 3, "best_of": None})
    return found, (first, second, third)


def test_season_page_states_the_rules_and_ranks_by_imps_per_board(client, season):
    found, _sessions = season
    page = client.get(f"/seasons/{found.pk}/").content.decode()
    assert "Winter 2026" in page
    assert "A player is ranked after playing at least 3 sessions." in page
    assert "Every evening counts." in page
    # Ann and Bob: 3 evenings, 3 boards, 21 IMPs -> 7.00 a board; rank 1 (shared).
    table = page[page.index('<table class="standings ladder">'):]
    assert table.index(">Ann<") < table.index(">Cid<")
    assert "+7.00" in table


def test_ladder_rows_from_the_stats(season):
    found, _sessions = season
    sessions = list(season_sessions(found))
    assert len(sessions) == 3  # the finished evening does not count
    rows = {r.name: r for r in season_ladder(found, sessions)}
    assert (rows["Ann"].imps, rows["Ann"].boards, rows["Ann"].rank_label) == (21, 3, "1=")
    assert rows["Bob"].rank_label == "1="
    assert (rows["Eve"].imps, rows["Eve"].rank_label) == (-21, "3=")
    assert rows["Hal"].rank_label == "3="
    # Cid played two evenings with a board: not qualified (3 needed), no rank, listed after.
    assert (rows["Cid"].sessions, rows["Cid"].imps) == (2, 12)
    assert not rows["Cid"].qualified and rows["Cid"].rank_label == "—"
    order = [r.name for r in season_ladder(found, sessions)]
    assert order[:4] == ["Ann", "Bob", "Eve", "Hal"]


def test_best_of_counts_only_the_best_evenings(season):
    found, _sessions = season
    found.best_of = 1
    rows = {r.name: r for r in season_ladder(found, list(season_sessions(found)))}
    assert (rows["Ann"].imps, rows["Ann"].boards, len(rows["Ann"].counted)) == (9, 1, 1)
    assert rows["Ann"].sessions == 3


def test_ladder_downloads_have_names_and_figures_only(client, season):
    found, _sessions = season
    csv = client.get(f"/seasons/{found.pk}/?_export=csv").content.decode("utf-8-sig")
    assert csv.splitlines()[0].startswith("Rank,Player,Sessions")
    assert "Ann" in csv
    data = json.loads(client.get(f"/seasons/{found.pk}/?_export=json").content)
    assert data[0]["Player"] in ("Ann", "Bob") and data[0]["IMPs per board"] == 7.0
    assert client.get(f"/seasons/{found.pk}/?_export=xlsx").status_code == 200


@pytest.mark.parametrize("sort", ["-imps_per_board", "player", "-sessions", "rank", "nonsense",
                                  "-counted", "boards", "qualified"])
def test_the_ladder_sorts_by_any_column_and_ignores_the_rest(client, season, sort):
    found, _sessions = season
    assert client.get(f"/seasons/{found.pk}/", {"sort": sort}).status_code == 200


def test_a_season_of_chosen_sessions(client, season):
    _found, (first, _second, third) = season
    chosen = save_season({"name": "Cup", "start": None, "end": None, "min_sessions": 1,
                          "best_of": None}, [first.pk, third.pk])
    page = client.get(f"/seasons/{chosen.pk}/").content.decode()
    assert "The published sessions the directors chose count" in page
    assert "Evening 2026-01-12" not in page and "Evening 2026-01-05" in page


def test_event_standings_add_up_sessions_with_carry_over(client, season, club):
    _found, (first, second, _third) = season
    event = save_event({"name": "Winter pairs", "scoring": Event.Scoring.PAIR, "season": None},
                       [first.pk, second.pk])
    set_carry_over(event.pk, club["Dee"].pk, club["Cid"].pk, Decimal("1.5"))
    page = client.get(f"/events/{event.pk}/").content.decode()
    table = page[page.index('<table class="standings event">'):]
    # Ann/Bob 9 + 3 = 12; Cid/Dee 3 + 9 + 1.5 = 13.5 -> first.
    assert table.index(">Cid<") < table.index(">Ann<")
    assert "+13.50" in table and "+12" in table
    assert "2026-01-05" in table and "2026-01-12" in table
    data = json.loads(client.get(f"/events/{event.pk}/?_export=json").content)
    assert data[0]["Players"] == "Cid – Dee" and data[0]["Total IMPs"] == 13.5


def test_event_by_player_follows_partner_changes(client, season, club):
    _found, (first, _second, third) = season
    event = save_event({"name": "Individual", "scoring": Event.Scoring.PLAYER,
                        "season": None}, [first.pk, third.pk])
    rows = {r.names[0]: r for r in event_standings(event, event_sessions(event)[0])}
    assert rows["Ann"].imps == 18 and rows["Ann"].rank_label == "1="
    assert rows["Dee"].by_session == {first.pk: 3}  # sat out the third with no board
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Each player's IMPs over the sessions" in page


def test_an_event_counts_published_sessions_only(client, club):
    published = evening(date(2026, 2, 2), four_pairs(club), [(1, 1, 3, "4S= N")])
    running = evening(date(2026, 2, 9), four_pairs(club), [(1, 1, 3, "4S= N")],
                      status="running")
    event = save_event({"name": "Spring", "scoring": "pair", "season": None},
                       [published.pk, running.pk])
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "1 session of this event is not published yet" in page
    assert "2026-02-09" not in page[page.index("<table"):page.index("</table>")]


def test_season_list_page(client, season):
    found, _sessions = season
    page = client.get("/seasons/").content.decode()
    assert f'href="/seasons/{found.pk}/"' in page


def test_unknown_season_and_event_are_404(client):
    assert client.get("/seasons/999999/").status_code == 404
    assert client.get("/events/999999/").status_code == 404
    assert client.get(f"/seasons/{10**25}/").status_code == 404


def test_session_list_groups_by_season(client, season):
    found, _sessions = season
    evening(date(2025, 6, 1), four_pairs(make_players()), [], name="Summer evening")
    page = client.get("/").content.decode()
    assert f'<a href="/seasons/{found.pk}/">Winter 2026</a>' in page
    assert page.index("Winter 2026") < page.index("Other sessions") < page.index(
        "Summer evening")


def make_players():
    return {name: make_player(name) for name in
            ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]}


def test_session_list_pages(client):
    for day in range(1, 33):
        make_session(tables=2, name=f"Day {day}", date=date(2026, 3, day % 28 + 1),
                     status="published")
    first = client.get("/").content.decode()
    assert "Page 1 of 2" in first and "?page=2" in first
    second = client.get("/", {"page": 2}).content.decode()
    assert second.count("<tr>") < first.count("<tr>")
    assert client.get("/", {"page": "x"}).status_code == 200
    assert client.get("/", {"page": 999}).status_code == 200
    assert Session.objects.count() == 32


def test_a_long_ladder_is_a_page_at_a_time_and_downloads_whole(client):
    for week in range(5):
        players = [make_player(f"P{week}-{n}") for n in range(8)]
        pairs = [(players[i], players[i + 1]) for i in range(0, 8, 2)]
        evening(date(2026, 4, 6 + week), pairs, [(1, 1, 3, "4S= N"), (1, 2, 4, "1NT= N")])
    found = save_season({"name": "Spring", "start": date(2026, 4, 1), "end": date(2026, 4, 30),
                         "min_sessions": 1, "best_of": None})
    first = client.get(f"/seasons/{found.pk}/").content.decode()
    assert "Page 1 of 2" in first and "page=2" in first
    second = client.get(f"/seasons/{found.pk}/", {"page": 2, "sort": "player"}).content.decode()
    assert "Page 2 of 2" in second
    for page in ("0", "x", "99"):
        assert client.get(f"/seasons/{found.pk}/", {"page": page}).status_code == 200
    data = json.loads(client.get(f"/seasons/{found.pk}/?_export=json").content)
    assert len(data) == 40


@pytest.fixture
def same_day(club):
    """An event of two sessions on one date (an afternoon and an evening), each pair
    playing a board in each: Ann/Bob +9 then +3, Cid/Dee +3 then +9."""
    day = date(2026, 3, 7)
    afternoon = evening(day, four_pairs(club), [(1, 1, 3, "4S= N"), (1, 2, 4, "1NT= N")],
                        name="Afternoon")
    night = evening(day, four_pairs(club), [(1, 1, 3, "1NT= N"), (1, 2, 4, "4S= N")],
                    name="Evening")
    event = save_event({"name": "Saturday", "scoring": "pair", "season": None},
                       [afternoon.pk, night.pk])
    return f"/events/{event.pk}/"


def test_an_event_s_sessions_on_one_date_keep_their_own_columns(client, same_day):
    headings = ["2026-03-07 Afternoon", "2026-03-07 Evening"]
    page = client.get(same_day).content.decode()
    table = page[page.index('<table class="standings event">'):page.index("</table>")]
    assert all(heading in table for heading in headings)
    data = json.loads(client.get(same_day, {"_export": "json"}).content)
    rows = {row["Players"]: row for row in data}
    assert [rows["Ann – Bob"][h] for h in headings] == [9, 3]
    assert [rows["Cid – Dee"][h] for h in headings] == [3, 9]
    lines = client.get(same_day, {"_export": "csv"}).content.decode("utf-8-sig").splitlines()
    header = lines[0].split(",")
    assert header == ["Rank", "Players", "Carry-over", *headings, "Boards", "Total IMPs"]
    assert len(lines) == 1 + len(data)  # one header row, one row an entry
    sheet = openpyxl.load_workbook(io.BytesIO(client.get(same_day, {"_export": "xlsx"}).content)
                                   ).active
    cells = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert cells[0] == header and len(cells) == 1 + len(data)
    by_players = {row[1]: row[3:5] for row in cells[1:]}
    assert (by_players["Ann – Bob"], by_players["Cid – Dee"]) == ([9, 3], [3, 9])


def test_sessions_with_one_date_and_one_name_are_told_apart_by_id(client, club):
    day = date(2026, 3, 14)
    first = evening(day, four_pairs(club), [(1, 1, 3, "4S= N")], name="Club")
    second = evening(day, four_pairs(club), [(1, 1, 3, "1NT= N")], name="Club")
    event = save_event({"name": "Twice", "scoring": "pair", "season": None},
                       [first.pk, second.pk])
    data = json.loads(client.get(f"/events/{event.pk}/", {"_export": "json"}).content)
    row = next(row for row in data if row["Players"] == "Ann – Bob")
    assert (row[f"2026-03-14 Club #{first.pk}"], row[f"2026-03-14 Club #{second.pk}"]) == (9, 3)


def test_a_season_sums_its_results_once_until_a_session_changes(client, season, settings):
    """The pairs' totals over the season's sessions are kept (club.stats.totals) under the
    sessions' state: a second visitor's ladder and the event standings over the same
    sessions sum nothing again, and a corrected result in a published session (reopened,
    corrected and published again, each step bumping its version) is summed afresh."""
    settings.PAGE_CACHE_SECONDS = 600
    found, (first, _second, _third) = season
    with mock.patch.object(totals, "pair_totals", wraps=totals.pair_totals) as summed:
        client.get(f"/seasons/{found.pk}/")
        client.get(f"/seasons/{found.pk}/?sort=-boards")
        assert summed.call_count == 1
        result = first.boards.get(number=1).results.get(ns_pair__number=1)
        change_status(first.pk, "reopen")
        correct_result(result.pk, result.version, contract_values(parse_result("4S-2 N")))
        change_status(first.pk, "finish")
        change_status(first.pk, "publish")
        page = client.get(f"/seasons/{found.pk}/").content.decode()
        assert summed.call_count == 2
    # Ann and Bob: 4S-2 is -100 (-3 IMPs), so -3 + 3 + 9 over 3 boards: +3.00 a board.
    table = page[page.index('<table class="standings ladder">'):]
    assert "+3.00" in table and "+7.00" not in table
