"""While play is on, nobody sees a board's results, hands or traveller before every table
scheduled to play it has played it: the rule (club.visibility) and the public pages and
downloads that apply it; finished sessions public as provisional."""

import json

import pytest
from django.db.models import F
from django.test import Client

from club.models import Session
from club.plan import SessionPlan
from club.visibility import played_pairs, public_boards
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987"
# 3-table Mitchell, 2 boards a round: board 1 (set 1) is played at table 1 in round 1
# (1NS-1EW), table 3 in round 2 (3NS-2EW) and table 2 in round 3 (2NS-3EW).
BOARD_1 = [(1, 4, 1, 1), (3, 5, 2, 3), (2, 6, 3, 2)]


@pytest.fixture
def evening():
    session = make_session(tables=3, boards_per_round=2)
    session.boards.filter(number=1).update(deal=DEAL, ns_hcp=20)
    return session


def play_board_1(session, tables=3):
    for ns, ew, rnd, table in BOARD_1[:tables]:
        make_result(session, 1, ns, ew, "4S= N", round=rnd, table=table)


def test_rule_for_a_movement(evening):
    assert 1 not in public_boards(SessionPlan.load(evening))
    play_board_1(evening, 2)
    assert 1 not in public_boards(SessionPlan.load(evening))
    ns, ew, *_ = BOARD_1[2]
    make_result(evening, 1, ns, ew, "4S= N")  # round and table are not needed
    visible = public_boards(SessionPlan.load(evening))
    assert 1 in visible and 2 not in visible and not visible.everything


def test_rule_follows_the_status(evening):
    for status, everything in (("finished", True), ("published", True), ("setup", False)):
        evening.status = status
        visible = public_boards(SessionPlan.of_numbers(evening, range(1, 7)), played={})
        assert visible.everything is everything
        assert (1 in visible) is everything


def test_rule_for_free_seating(db):
    session = make_session(tables=3, movement="free", pairs=5)  # two tables in play
    make_result(session, 1, 1, 2, "4S= N")
    assert 1 not in public_boards(SessionPlan.load(session))
    make_result(session, 1, 3, 4, "4S= N")
    assert 1 in public_boards(SessionPlan.load(session))
    assert played_pairs(session) == {1: {1, 2, 3, 4}}
    # Given the session's pairs as a page loaded them, the same without joining them.
    pairs = SessionPlan.load(session).pairs
    assert played_pairs(session, pairs) == {1: {1, 2, 3, 4}}
    make_result(session, 2, 5, 1, "3NT= S")
    assert played_pairs(session, pairs) == played_pairs(session) == {1: {1, 2, 3, 4},
                                                                    2: {1, 5}}


def test_board_report_of_a_board_in_play(client, evening):
    play_board_1(evening, 2)
    html = client.get(f"/sessions/{evening.pk}/boards/1/").content.decode()
    assert "This board is still being played" in html
    assert 'class="hand north"' not in html and 'class="traveller"' not in html
    assert "dd-table" not in html and "<dd>20</dd>" not in html
    assert "Provisional: play is still going on" in html
    make_result(evening, 1, 2, 6, "4S= N", round=3, table=2)  # the last table
    html = client.get(f"/sessions/{evening.pk}/boards/1/").content.decode()
    assert "still being played" not in html
    assert 'class="hand north"' in html and 'class="traveller"' in html


def test_board_list_hides_links_and_hcp_of_boards_in_play(client, evening):
    evening.boards.filter(number=2).update(ns_hcp=27)
    html = client.get(f"/sessions/{evening.pk}/boards/").content.decode()
    assert f'href="/sessions/{evening.pk}/boards/1/"' not in html
    assert ">27<" not in html and "in play" in html
    play_board_1(evening)
    html = client.get(f"/sessions/{evening.pk}/boards/").content.decode()
    assert f'href="/sessions/{evening.pk}/boards/1/"' in html
    assert f'href="/sessions/{evening.pk}/boards/2/"' not in html


def test_scorecard_rows_of_boards_in_play(client, evening):
    make_result(evening, 1, 1, 4, "4S= N", round=1, table=1)
    html = client.get(f"/sessions/{evening.pk}/pairs/1/").content.decode()
    row = html[html.index('class="in-play"'):]
    row = row[:row.index("</tr>")]
    assert "in play" in row and "4<span" not in row and "+420" not in row
    assert "1 board this pair played is still in play" in html
    # Nor does the pair's total count it yet: a total minus the rows shown would give it.
    assert "+9" not in html and "<dd>0</dd>" in html
    for ns, ew, rnd, table in BOARD_1[1:]:
        make_result(evening, 1, ns, ew, "4S= N", round=rnd, table=table)
    html = client.get(f"/sessions/{evening.pk}/pairs/1/").content.decode()
    assert 'class="in-play"' not in html and "+420" in html
    assert '<dd class="pos">+9</dd>' in html


def test_downloads_leave_out_boards_in_play(client, evening):
    make_result(evening, 3, 2, 5, "3NT= N", round=1, table=2)
    play_board_1(evening)
    base = f"/sessions/{evening.pk}/boards/"
    rows = json.loads(client.get(base, {"_export": "json"}).content)
    assert {row["board"] for row in rows} == {1}
    csv = client.get(base, {"_export": "csv"}).content.decode("utf-8-sig")
    assert len(csv.strip().splitlines()) == 1 + 3
    pbn = client.get(base, {"_export": "pbn"}).content.decode()
    assert '[Board "1"]' in pbn and '[Board "3"]' not in pbn
    xml = client.get(base, {"_export": "usebio"}).content.decode()
    assert "<BOARD_NUMBER>1</BOARD_NUMBER>" in xml and "<BOARD_NUMBER>3</BOARD_NUMBER>" not in xml
    Session.objects.filter(pk=evening.pk).update(status="finished")
    rows = json.loads(client.get(base, {"_export": "json"}).content)
    assert {row["board"] for row in rows} == {1, 3}
    assert '[Board "3"]' in client.get(base, {"_export": "pbn"}).content.decode()


def test_deal_of_an_unplayed_board_stays_out_of_the_pbn(client, evening):
    pbn = client.get(f"/sessions/{evening.pk}/boards/", {"_export": "pbn"}).content.decode()
    assert DEAL not in pbn


@pytest.mark.parametrize("status,banner", [
    ("running", "Provisional: play is still going on"),
    ("finished", "Provisional: the directors have not yet checked"),
    ("published", None)])
def test_public_statuses_and_the_provisional_banner(client, evening, status, banner):
    Session.objects.filter(pk=evening.pk).update(status=status)
    for url in (f"/sessions/{evening.pk}/", f"/sessions/{evening.pk}/boards/",
                f"/sessions/{evening.pk}/pairs/1/"):
        response = client.get(url)
        assert response.status_code == 200
        html = response.content.decode()
        if banner:
            assert banner in html
        else:
            assert "Provisional" not in html
    assert evening.name in client.get("/").content.decode()


def test_setup_sessions_stay_hidden(client, evening):
    Session.objects.filter(pk=evening.pk).update(status="setup")
    assert client.get(f"/sessions/{evening.pk}/").status_code == 404
    assert evening.name not in client.get("/").content.decode()


@pytest.mark.parametrize("page", ["boards/", "boards/2/", "pairs/1/", "boards/?_export=json",
                                  "boards/?_export=pbn", "boards/?_export=usebio"])
def test_pages_of_a_running_session_run_a_fixed_number_of_queries(
        page, django_assert_max_num_queries):
    client = Client()
    counts = []
    for tables in (3, 9):
        session = make_session(tables=tables, boards_per_round=2)
        for table in range(1, tables + 1):
            make_result(session, 1, table, tables + table, "3NT= N", board_hcp=25)
        with django_assert_max_num_queries(10) as captured:
            assert client.get(f"/sessions/{session.pk}/{page}").status_code == 200
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]


# --- totals while play is on count only the boards every table has played -----------------

@pytest.fixture
def half_played(evening):
    """Board 1 played at every table (released); board 3 only at table 2 (2NS v 2EW) in
    round 1. Board 1 (none vulnerable, 20 HCP) 4S= N: NS +9; board 3 (EW vulnerable, 20 HCP)
    2NT-1 N: NS -50 - 0 -> -2."""
    play_board_1(evening)
    make_result(evening, 3, 2, 5, "2NT-1 N", board_hcp=20, round=1, table=2)
    return evening


def test_the_standings_count_only_released_boards(client, half_played):
    base = f"/sessions/{half_played.pk}/"
    rows = {row["Pair"]: row for row in json.loads(client.get(base, {"_export": "json"})
                                                   .content)}
    # 2NS: +9 on board 1 counts, -2 on board 3 (still in play) does not; 2EW (-9 on board
    # 1 at table 3) the same, without its +2 on board 3.
    assert (rows["2NS"]["IMPs"], rows["2NS"]["Boards"]) == (9, 1)
    assert (rows["2EW"]["IMPs"], rows["2EW"]["Boards"]) == (-9, 1)
    csv = client.get(base, {"_export": "csv"}).content.decode("utf-8-sig")
    assert "-2" not in csv and "−2" not in csv
    for page in (base, base + "?part=table"):
        html = client.get(page).content.decode()
        assert "−2" not in html and "−7" not in html and "+7" not in html
        assert "1 of 6 boards" in html
    # As change_status does: a new version, so the cached block is made again.
    Session.objects.filter(pk=half_played.pk).update(status="finished",
                                                     version=F("version") + 1)
    rows = {row["Pair"]: row for row in json.loads(client.get(base, {"_export": "json"})
                                                   .content)}
    assert (rows["2NS"]["IMPs"], rows["2NS"]["Boards"]) == (7, 2)
    assert "of 6 boards" not in client.get(base).content.decode()


def test_the_scorecard_total_is_the_sum_of_its_shown_rows(client, half_played):
    html = client.get(f"/sessions/{half_played.pk}/pairs/2/").content.decode()
    assert '<dd class="pos">+9</dd>' in html and "+7" not in html
    assert "1 board this pair played is still in play" in html
    html = client.get(f"/sessions/{half_played.pk}/pairs/5/").content.decode()
    assert '<dd class="neg">−9</dd>' in html and "−7" not in html and "+2" not in html


def test_a_relay_board_waits_for_both_relay_tables():
    # One round of a 4-table relay: tables 1 and 4 share set 1 (board 1); table 2 plays
    # board 2 alone.
    session = make_session(tables=4, rounds=1, boards_per_round=1, arrangement="relay")
    make_result(session, 2, 2, 6, "4S= N", round=1, table=2)
    make_result(session, 1, 1, 5, "4S= N", round=1, table=1)
    public = public_boards(SessionPlan.load(session))
    assert 2 in public and 1 not in public
    make_result(session, 1, 4, 8, "3NT= N", round=1, table=4)
    assert 1 in public_boards(SessionPlan.load(session))


def test_an_arrow_switched_board_is_released_whichever_way_the_pairs_sat():
    # 3-table Mitchell, 1 board a round, last round switched: board 1 is played by 1NS-1EW
    # (table 1, round 1), 3NS-2EW (table 3, round 2) and, switched, 3EW-2NS (table 2).
    session = make_session(tables=3, boards_per_round=1, arrow_switch="last")
    make_result(session, 1, 1, 4, "4S= N", round=1, table=1)
    make_result(session, 1, 3, 5, "4S= N", round=2, table=3)
    assert 1 not in public_boards(SessionPlan.load(session))
    make_result(session, 1, 6, 2, "4S= N", round=3, table=2)
    assert 1 in public_boards(SessionPlan.load(session))
