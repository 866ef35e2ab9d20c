"""The players' table pages: codes, the round, entering, accepting, the outcome and the
traveller, the next round, calls, and a phone on a flaky network."""

import html
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from club.models import DirectorCall, Result, Session, TableEntry
from club.services.players import save_player
from club.services.table_phones import issue_codes
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """3-table Mitchell, 2 boards a round (boards 1-6), every table with its code; board
    HCP known on board 1 (20), unknown on the others."""
    session = make_session(tables=3, boards_per_round=2)
    session.boards.filter(number=1).update(ns_hcp=20)
    issue_codes(session.pk)
    return session


def code_of(session, table):
    return session.table_codes.get(table=table).code


def board_url(session, table, board):
    return reverse("table-board", args=[code_of(session, table), board])


def enter(client, session, table, board, follow=True, key=None, **fields):
    data = {"key": str(key or uuid.uuid4()), **fields}
    return client.post(board_url(session, table, board), data, follow=follow)


def accept(client, session, table, board):
    entry = TableEntry.objects.get(session=session, table=table, board__number=board,
                                   status__in=TableEntry.OPEN)
    return client.post(reverse("table-accept", args=[code_of(session, table), board]),
                       {"key": str(entry.key)}, follow=True)


def test_round_page_shows_pairs_and_boards(client, evening):
    response = client.get(reverse("table", args=[code_of(evening, 2)]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Table 2 · round 1 of 3" in html
    assert "2NS" in html and "2EW" in html
    # Table 2 plays board set 2 (boards 3-4) in round 1.
    assert reverse("table-board", args=[code_of(evening, 2), 3]) in html
    assert reverse("table-board", args=[code_of(evening, 2), 4]) in html
    assert html.count('data-state="todo"') == 2
    assert response.cookies["table_pass"]


def test_the_typed_code_opens_the_table_in_any_case_and_grouping(client, evening):
    code = code_of(evening, 1)
    typed = f"{code[:4].lower()}-{code[4:]}"
    response = client.get(reverse("table-code-entry"), {"code": typed})
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[code])


def test_enter_accept_outcome_traveller_and_totals(client, evening):
    response = enter(client, evening, 1, 1, level="4", strain="S", doubling="0",
                     declarer="N", tricks="10", lead="♠k")
    html = response.content.decode()
    entry = TableEntry.objects.get()
    assert (entry.status, entry.lead, entry.ns_hcp) == ("entered", "SK", None)
    assert "East-West: is this the result?" in html
    # Board 1 none vulnerable: +420; the IMPs (+9 on 20 HCP) come once accepted.
    assert "+420" in html and "+9" not in html and "−9" not in html
    assert not Result.objects.exists()  # nothing final before East-West accept
    html = accept(client, evening, 1, 1).content.decode()
    assert "+420" in html and "+9" in html and "−9" in html
    result = Result.objects.get()
    entry.refresh_from_db()
    assert (entry.status, entry.result) == ("accepted", result)
    assert (result.round, result.table, result.lead, result.ns_imps) == (1, 1, "SK", 9)
    assert "Traveller" in html and "IMPs so far" in html
    assert "1NS</strong> +9" in html and "1EW</strong> −9" in html
    # Accepting twice is the same acceptance.
    accept_again = client.post(reverse("table-accept", args=[code_of(evening, 1), 1]),
                               {"key": str(entry.key)})
    assert accept_again.status_code == 302 and Result.objects.count() == 1


def test_board_without_hcp_asks_for_it(client, evening):
    response = enter(client, evening, 1, 2, shorthand="3NT= S")
    assert response.status_code == 400
    assert "Enter the high-card points of North-South" in response.content.decode()
    enter(client, evening, 1, 2, shorthand="3NT= S", ns_hcp="25")
    accept(client, evening, 1, 2)
    assert evening.boards.get(number=2).ns_hcp == 25
    # The board now has its HCP: the next table is not asked.
    form = client.get(board_url(evening, 3, 2)).content.decode()
    assert 'name="ns_hcp"' not in form


def test_incomplete_buttons_and_bad_shorthand_are_refused(client, evening):
    html = enter(client, evening, 1, 1, level="4", strain="S").content.decode()
    assert "Choose the level, the suit, the declarer and the tricks" in html
    html = enter(client, evening, 1, 1, shorthand="4Z= N").content.decode()
    assert "4Z" in html
    assert not TableEntry.objects.exists()


def test_passed_out(client, evening):
    enter(client, evening, 1, 1, passed_out="1", lead="SK")
    entry = TableEntry.objects.get()
    assert entry.level is None and entry.lead == ""
    accept(client, evening, 1, 1)
    assert Result.objects.get().passed_out


def test_same_key_twice_is_one_entry(client, evening):
    key = uuid.uuid4()
    first = enter(client, evening, 1, 1, key=key, follow=False, shorthand="4S= N")
    second = enter(client, evening, 1, 1, key=key, follow=False, shorthand="4S= N")
    assert first.status_code == second.status_code == 302
    assert TableEntry.objects.count() == 1


def test_two_phones_on_the_same_board_see_the_first_entry(client, evening):
    enter(client, evening, 1, 1, shorthand="4S= N")
    html = enter(client, evening, 1, 1, shorthand="4H= N").content.decode()
    assert "entered this board first" in html
    assert TableEntry.objects.get().strain == "S"


def test_withdraw_and_enter_again(client, evening):
    enter(client, evening, 1, 1, shorthand="4S= N")
    entry = TableEntry.objects.get()
    client.post(reverse("table-withdraw", args=[code_of(evening, 1), 1]), {"key": str(entry.key)})
    entry.refresh_from_db()
    assert entry.status == "withdrawn"
    enter(client, evening, 1, 1, shorthand="4S+1 N")
    assert TableEntry.objects.filter(status="entered").get().tricks == 11


def test_hcp_conflict_is_held_for_the_director(client, evening, director_client):
    enter(client, evening, 1, 2, shorthand="3NT= S", ns_hcp="25")  # table 1, round 1
    for board in (5, 6):  # table 3's round 1
        make_result(evening, board, 3, 6, "1NT= N", round=1, table=3)
    # Board 2 is played by table 3 in round 2 (board sets move down one table).
    html = client.post(board_url(evening, 3, 2), {"key": str(uuid.uuid4()),
                                                  "shorthand": "3NT= S", "ns_hcp": "24"},
                       follow=True).content.decode()
    held = TableEntry.objects.get(table=3)
    assert held.status == "held" and "table 1 gave 25" in held.note
    assert "Held for the director" in html and "Accept" not in html.split("Held")[1][:200]
    response = client.post(reverse("table-accept", args=[code_of(evening, 3), 2]),
                           {"key": str(held.key)}, follow=True)
    assert "held for the director" in response.content.decode()
    assert not Result.objects.filter(board__number=2).exists()
    dashboard = director_client.get(reverse("entry-dashboard", args=[evening.pk]))
    assert 'data-state="held"' in dashboard.content.decode()


def test_a_director_result_wins(client, evening):
    enter(client, evening, 1, 1, shorthand="4S= N")
    make_result(evening, 1, 1, 4, "4S-1 N", round=1, table=1)
    # The factory does what the service does not here: close the entry as enter_result does.
    from club.services.results import close_table_entries
    close_table_entries(Result.objects.get())
    html = client.get(board_url(evening, 1, 1)).content.decode()
    assert "The director entered this result" in html
    assert "4S-1 N" in html.replace("♠", "S")
    html = enter(client, evening, 1, 1, shorthand="4S= N").content.decode()
    assert "already has a result at this table" in html
    assert Result.objects.get().tricks == 9


def test_the_traveller_shows_only_after_this_table_played(client, evening):
    make_result(evening, 3, 2, 5, "3NT= N", round=1, table=2)  # table 2, round 1
    for board in (1, 2):  # table 1's round 1
        make_result(evening, board, 1, 4, "1NT= N", round=1, table=1)
    # Table 1 plays board 3 in round 2: before that its page shows the form, no traveller.
    html = client.get(board_url(evening, 1, 3)).content.decode()
    assert 'class="traveller"' not in html and "3NT= N" not in html
    assert 'name="level"' in html


def test_end_of_round_says_where_everyone_goes(client, evening):
    for board in (1, 2):
        enter(client, evening, 1, board, shorthand="1NT= N", ns_hcp="20")
        accept(client, evening, 1, board)
    html = client.get(reverse("table", args=[code_of(evening, 1)]) + "?round=1").content.decode()
    # Mitchell: 1NS stays at table 1, 1EW moves up to table 2, boards 1-2 go down to table 3.
    assert "<strong>1NS</strong> stays at <strong>table 1</strong>, North-South" in html
    assert "<strong>1EW</strong> goes to <strong>table 2</strong>, East-West" in html
    assert "Boards 1, 2 go to <strong>table 3</strong>" in html
    # Reopening the code resumes at round 2.
    html = client.get(reverse("table", args=[code_of(evening, 1)])).content.decode()
    assert "round 2 of 3" in html


def test_a_relay_and_bye_stand_sends_the_boards_on(client, db):
    # 4 tables with the relay and bye stand, 1 board a round: round 1 plays sets 1, 2, 4, 1
    # (tables 1 and 4 share set 1), set 3 rests on the stand; sets move relay -> table 3
    # -> stand -> table 2 -> relay.
    session = make_session(tables=4, rounds=4, boards_per_round=1, arrangement="relay")
    issue_codes(session.pk)

    def round_1(table):
        board = {1: 1, 2: 2, 3: 4, 4: 1}[table]
        make_result(session, board, table, 4 + table, "3NT= N", round=1, table=table)
        return client.get(reverse("table", args=[code_of(session, table)]) + "?round=1"
                          ).content.decode()

    assert "Board 4 goes to the <strong>bye stand</strong>" in round_1(3)
    assert "Board 2 goes to <strong>tables 1, 4</strong>" in round_1(2)
    assert "Board 1 goes to <strong>table 3</strong>" in round_1(4)


def test_an_arrow_switched_round_seats_the_pairs_the_other_way(client, db):
    session = make_session(tables=3, boards_per_round=1, arrow_switch="last")
    issue_codes(session.pk)
    make_result(session, 2, 1, 6, "3NT= N", round=2, table=1)  # 1NS against 3EW, set 2
    html = client.get(reverse("table", args=[code_of(session, 1)]) + "?round=2"
                      ).content.decode()
    # Round 3 is played the other way round: 1NS stays at table 1 but sits East-West;
    # 3EW moves up to table 2 and sits North-South.
    assert "<strong>1NS</strong> stays at <strong>table 1</strong>, East-West" in html
    assert "<strong>3EW</strong> goes to <strong>table 2</strong>, North-South" in html


def test_call_the_director_twice_is_one_call(client, evening, director_client):
    url = reverse("table-call", args=[code_of(evening, 2)])
    client.post(url)
    html = client.post(url, follow=True).content.decode()
    assert "The director has been called" in html
    call = DirectorCall.objects.get()
    assert (call.table, call.round, call.answered_at) == (2, 1, None)
    page = director_client.get(reverse("entry-dashboard", args=[evening.pk])).content.decode()
    assert "Table 2" in page and "Answered" in page
    director_client.post(reverse("entry-call-answered", args=[evening.pk, call.pk]))
    call.refresh_from_db()
    assert call.answered_at is not None
    client.post(url)
    assert DirectorCall.objects.count() == 2


@pytest.mark.parametrize("status,text", [("setup", "Play has not started"),
                                         ("finished", "The session is over"),
                                         ("published", "The session is over")])
def test_code_works_only_while_the_session_runs(client, evening, status, text):
    Session.objects.filter(pk=evening.pk).update(status=status)
    response = client.get(reverse("table", args=[code_of(evening, 1)]))
    assert text in response.content.decode()
    response = enter(client, evening, 1, 1, follow=False, shorthand="4S= N")
    assert text in response.content.decode() and not TableEntry.objects.exists()


def test_unknown_code_and_other_tables_boards(client, evening):
    response = client.get(reverse("table", args=["ZZZZ2222"]))
    assert response.status_code == 404
    assert "This code opens no table" in response.content.decode()
    # Table 1 does not play board 3 in round 1 ... but in round 2; board 7 never.
    assert client.get(board_url(evening, 1, 7)).status_code == 404


def test_reissued_code_stops_the_old_one(client, evening):
    old = code_of(evening, 1)
    issue_codes(evening.pk, [1])
    assert client.get(reverse("table", args=[old])).status_code == 404
    assert client.get(reverse("table", args=[code_of(evening, 1)])).status_code == 200


def test_wrong_codes_are_rate_limited(client, evening):
    for attempt in range(5):
        assert client.get(reverse("table", args=[f"WRONG{attempt}AA"])).status_code == 404
    response = client.get(reverse("table", args=["WRONG9AA"]))
    assert response.status_code == 429
    assert "Too many wrong codes" in response.content.decode()
    # Even the right code is refused now (guessing must not pay) ...
    assert client.get(reverse("table", args=[code_of(evening, 2)])).status_code == 429


def test_a_phone_holding_the_tables_pass_is_not_locked_out(client, evening):
    url = reverse("table", args=[code_of(evening, 2)])
    assert client.get(url).status_code == 200  # the pass cookie
    for attempt in range(6):
        client.get(reverse("table", args=[f"WRONG{attempt}AA"]))
    assert client.get(url).status_code == 200


def test_table_pages_run_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    counts = []
    for tables in (3, 9):
        session = make_session(tables=tables, boards_per_round=3)
        issue_codes(session.pk)
        code = session.table_codes.get(table=2).code
        for board in (4, 5, 6):
            make_result(session, board, 2, tables + 2, "3NT= N", board_hcp=25, round=1, table=2)
        with django_assert_max_num_queries(12) as round_page:
            assert client.get(reverse("table", args=[code]) + "?round=1").status_code == 200
        with django_assert_max_num_queries(14) as board_page:
            assert client.get(reverse("table-board", args=[code, 4])).status_code == 200
        counts.append((len(round_page.captured_queries), len(board_page.captured_queries)))
    assert counts[0] == counts[1]


def test_free_seating_has_no_table_pages(client, db):
    session = make_session(tables=3, movement="free")
    issue_codes(session.pk)
    response = client.get(reverse("table", args=[code_of(session, 1)]))
    assert "free seating" in response.content.decode()


def test_a_sit_out_round(client, db):
    session = make_session(tables=3, pairs=5)  # 3EW (pair 6) missing: its opponents sit out
    issue_codes(session.pk)
    code = code_of(session, 3)
    html = client.get(reverse("table", args=[code]) + "?round=1").content.decode()
    assert "Pair 3NS sits out this round" in html
    # Opening the code goes to the first round with something to enter.
    assert "round 2 of 3" in client.get(reverse("table", args=[code])).content.decode()


# --- conditional requests: the round page's ETag is what it shows (test_round_etag.py) ---

def test_an_unchanged_round_page_is_a_304_after_one_query(client, evening,
                                                          django_assert_num_queries):
    url = reverse("table", args=[code_of(evening, 2)])
    first = client.get(url)
    etag = first["ETag"]
    assert etag.startswith('W/"')
    assert first["Cache-Control"] == "private, max-age=0, must-revalidate"
    assert set(first["Vary"].split(", ")) >= {"Accept-Language", "Cookie"}
    with django_assert_num_queries(1) as asked:  # the code (and its session)
        again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.content
    # Kept plain, as most polls end after it: neither a subquery nor a sort to plan.
    sql = asked.captured_queries[0]["sql"].upper()
    assert "EXISTS" not in sql and "ORDER BY" not in sql
    assert again["ETag"] == etag and again.cookies["table_pass"]  # the pass is kept fresh


def test_the_round_page_changes_with_the_session_the_round_and_the_language(client, evening):
    url = reverse("table", args=[code_of(evening, 1)])
    etag = client.get(url)["ETag"]
    for query, headers in [("?round=2", {}), ("", {"Accept-Language": "ru"})]:
        response = client.get(url + query, headers={"If-None-Match": etag, **headers})
        assert response.status_code == 200 and response["ETag"] != etag
    enter(client, evening, 1, 1, shorthand="4S= N")  # an entry changes the round's state
    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag
    assert 'data-state="entered"' in response.content.decode()


def test_a_phone_without_the_csrf_cookie_gets_the_page_and_the_cookie(client, evening):
    url = reverse("table", args=[code_of(evening, 1)])
    first = client.get(url)
    client.cookies.pop("csrftoken")
    response = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert response.status_code == 200 and response.cookies["csrftoken"]
    # The ETag given names the new cookie, so the next poll is a 304.
    assert client.get(url, headers={"If-None-Match": response["ETag"]}).status_code == 304


def test_a_waiting_message_is_shown_rather_than_a_304(client, evening):
    url = reverse("table", args=[code_of(evening, 1)])
    etag = client.get(url)["ETag"]
    client.cookies["messages"] = "waiting"
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_closed_tables_are_never_stored(client, evening):
    url = reverse("table", args=[code_of(evening, 1)])
    Session.objects.filter(pk=evening.pk).update(status="finished")
    response = client.get(url)
    assert "ETag" not in response and "no-store" in response["Cache-Control"]
    response = client.get(reverse("table", args=["NOSUCHCODE"]))
    assert response.status_code == 404 and "no-store" in response["Cache-Control"]


# --- what a table's phone may read: its own pairs' boards, and the released ones -----------
# 3-table Mitchell, 2 boards a round: board set s is at table s - (r - 1) (mod 3) in round r;
# NS pairs 1-3 stay, EW pairs 4-6 move up a table. Table 2: round 1 2NS-2EW (pairs 2 and 5)
# on boards 3-4, round 2 2NS-1EW (2 and 4) on boards 5-6, round 3 2NS-3EW (2 and 6) on 1-2.
# Pair 4 plays boards 3-4 in round 3 (table 3), pair 6 in round 2 (table 1).

def table_page(client, session, table, round=None):
    url = reverse("table", args=[code_of(session, table)])
    return client.get(url + (f"?round={round}" if round else "")).content.decode()


def test_a_later_pair_cannot_read_an_earlier_rounds_board(client, evening):
    make_result(evening, 3, 2, 5, "3NT+1 N", board_hcp=25, round=1, table=2)
    make_result(evening, 4, 2, 5, "2S-2 E", board_hcp=19, round=1, table=2)
    # Round 1 is over at table 2: 2NS and 1EW (pair 4, who plays boards 3-4 in round 3)
    # sit there now.
    assert "round 2 of 3" in table_page(client, evening, 2)
    html = table_page(client, evening, 2, round=1)
    assert 'data-state="accepted"' not in html and 'data-state="director"' in html
    assert "3NT+1" not in html and "board-result" not in html
    html = client.get(board_url(evening, 2, 3)).content.decode()
    assert 'class="traveller"' not in html and "IMPs so far" not in html
    assert "3NT" not in html and "+630" not in html and 'class="outcome"' not in html
    assert "once both pairs at this table have played it" in html


def test_a_board_both_pairs_here_have_played_shows_its_traveller(client, evening):
    make_result(evening, 3, 2, 5, "3NT+1 N", board_hcp=25, round=1, table=2)
    make_result(evening, 4, 2, 5, "2S-2 E", board_hcp=19, round=1, table=2)
    make_result(evening, 5, 2, 4, "1NT= N", board_hcp=20, round=2, table=2)
    make_result(evening, 6, 2, 4, "1NT= S", board_hcp=20, round=2, table=2)
    # Pair 6 (3EW) played board 3 at table 1 in round 2; table 3 has not played it yet.
    make_result(evening, 3, 1, 6, "4S= N", round=2, table=1)
    assert "round 3 of 3" in table_page(client, evening, 2)
    html = client.get(board_url(evening, 2, 3)).content.decode()
    traveller = html[html.index('class="traveller"'):]
    assert "3NT+1" in traveller.replace("♠", "S") and "4S=" in traveller.replace("♠", "S")
    # Board 4: pair 6 has not played it, so nobody at table 2 now may read it.
    html = client.get(board_url(evening, 2, 4)).content.decode()
    assert 'class="traveller"' not in html and "2♠-2" not in html
    # Round 2's boards: pair 6 has not played them either.
    html = client.get(board_url(evening, 2, 5)).content.decode()
    assert 'class="traveller"' not in html


def test_the_running_totals_count_only_what_both_pairs_here_may_see(client, evening):
    make_result(evening, 3, 2, 5, "3NT+1 N", board_hcp=25, round=1, table=2)  # 2NS: +3
    make_result(evening, 4, 2, 5, "3NT+1 N", board_hcp=25, round=1, table=2)  # 2NS: +3
    # Round 2 at table 2 (2NS v 1EW): board 5, NS vulnerable, 4S= N on 20 HCP: +12.
    evening.boards.filter(number=5).update(ns_hcp=20)
    enter(client, evening, 2, 5, shorthand="4S= N")
    html = accept(client, evening, 2, 5).content.decode()
    totals = html[html.index('class="totals"'):]
    totals = totals[:totals.index("</ul>")]
    # 2NS's boards 3-4 count nowhere here: 1EW has not played them.
    assert "2NS</strong> +12" in totals and "1EW</strong> −12" in totals
    assert "both pairs at this table have played" in html


def test_the_preview_shows_the_score_but_nothing_from_the_boards_hcp(client, evening):
    html = enter(client, evening, 1, 1, shorthand="PASS").content.decode()
    assert "East-West: is this the result?" in html
    # Board 1 has 20 HCP stored: a compensation, net or IMPs would tell the table.
    outcome = html[html.index('class="outcome"'):html.index("</table>", html.index(
        'class="outcome"'))]
    assert "Score" in outcome and "Compensation" not in outcome and "IMPs" not in outcome
    html = enter(client, evening, 1, 2, shorthand="4S= N", ns_hcp="20").content.decode()
    assert "Enter the result" not in html
    html = client.get(board_url(evening, 1, 1)).content.decode()
    assert "+420" not in html
    withdraw_all(client, evening, 1)
    html = enter(client, evening, 1, 1, shorthand="4S= N").content.decode()
    assert "+420" in html and "+9" not in html and "Net" not in html


def withdraw_all(client, session, table):
    for entry in TableEntry.objects.filter(session=session, table=table,
                                           status__in=TableEntry.OPEN):
        client.post(reverse("table-withdraw", args=[code_of(session, table),
                                                    entry.board.number]),
                    {"key": str(entry.key)})


def test_a_held_entry_does_not_show_the_other_tables_hcp(client, evening):
    make_result(evening, 1, 1, 4, "1NT= N", round=1, table=1)
    make_result(evening, 2, 1, 4, "1NT= N", round=1, table=1)
    enter(client, evening, 3, 5, shorthand="3NT= S", ns_hcp="25")  # table 3, round 1
    make_result(evening, 6, 3, 6, "1NT= N", board_hcp=21, round=1, table=3)
    # Table 2 plays board 5 in round 2, after its round 1.
    make_result(evening, 3, 2, 5, "1NT= N", round=1, table=2)
    make_result(evening, 4, 2, 5, "1NT= N", round=1, table=2)
    html = enter(client, evening, 2, 5, shorthand="3NT= S", ns_hcp="24").content.decode()
    held = TableEntry.objects.get(table=2)
    assert held.status == "held" and "table 3 gave 25" in held.note  # for the director
    message = html[html.index("Held for the director"):]
    message = message[:message.index("</p>")]
    assert "25" not in message and "gave" not in html


def test_a_board_of_a_later_round_cannot_be_entered(client, evening):
    # Table 1 plays boards 3-4 in round 2: while its round 1 is not over, no form.
    html = client.get(board_url(evening, 1, 3)).content.decode()
    assert 'name="level"' not in html and "round 2" in html
    response = enter(client, evening, 1, 3, shorthand="4S= N", ns_hcp="20")
    assert "Table 1 is playing round 1" in response.content.decode()
    assert not TableEntry.objects.exists() and not Result.objects.exists()
    # Once round 1 is over, round 2 is the table's.
    make_result(evening, 1, 1, 4, "1NT= N", round=1, table=1)
    make_result(evening, 2, 1, 4, "1NT= N", round=1, table=1)
    enter(client, evening, 1, 3, shorthand="4S= N", ns_hcp="20")
    assert TableEntry.objects.get().board.number == 3


def test_the_last_board_of_a_round_shows_its_outcome_to_the_phone_that_accepts_it(
        client, evening):
    make_result(evening, 1, 1, 4, "1NT= N", round=1, table=1)
    enter(client, evening, 1, 2, shorthand="4S= N", ns_hcp="20")
    html = accept(client, evening, 1, 2).content.decode()
    # The round is over: 1EW moves on and 3EW comes, who has not played board 2. The phone
    # that accepted still reads this board's outcome once, in its message.
    # Board 2: NS vulnerable, 20 HCP.
    assert "Accepted: 4♠= N, NS +620; IMPs NS +12, EW −12." in html
    again = client.get(board_url(evening, 1, 2)).content.decode()
    assert "+620" not in again and "This board has its result at this table" in again


def test_a_howell_table_plays_a_board_in_two_rounds(client, db):
    """5 pairs, 1 board a round: table 1 plays board 1 in round 1 (2 v 5) and again in
    round 2 (3 v 1). Each round's pairs enter their own result."""
    session = make_session(tables=3, movement="howell", pairs=5, rounds=5,
                           boards_per_round=1)
    session.boards.update(ns_hcp=20)
    issue_codes(session.pk)
    enter(client, session, 1, 1, shorthand="4S= N")
    entry = TableEntry.objects.get()
    assert (entry.round, entry.ns_pair.number, entry.ew_pair.number) == (1, 2, 5)
    accept(client, session, 1, 1)
    html = client.get(board_url(session, 1, 1)).content.decode()
    assert "round 2 of 5" in html and 'name="level"' in html  # round 2's pairs now
    enter(client, session, 1, 1, shorthand="3NT= S")
    entry = TableEntry.objects.get(status="entered")
    assert (entry.round, entry.ns_pair.number, entry.ew_pair.number) == (2, 3, 1)
    accept(client, session, 1, 1)
    rows = Result.objects.order_by("round").values_list("round", "ns_pair__number", "tricks")
    assert list(rows) == [(1, 2, 10), (2, 3, 9)]


def test_the_phones_script_following_the_redirect_leaves_the_message_for_the_page(
        client, evening):
    """phones.js posts with fetch(), which follows the redirect, then opens the page: that
    first request must leave the accepted result's message for the page."""
    enter(client, evening, 1, 1, shorthand="4S= N")
    entry = TableEntry.objects.get()
    response = client.post(reverse("table-accept", args=[code_of(evening, 1), 1]),
                           {"key": str(entry.key)}, headers={"X-Requested-With": "fetch"})
    followed = client.get(response["Location"], headers={"X-Requested-With": "fetch"})
    assert followed.status_code == 204 and not followed.content
    assert "Accepted: 4♠= N" in client.get(response["Location"]).content.decode()


def test_the_history_says_which_table_entered_a_result(evening, director_client):
    """A result entered on a phone has no user: its history names the table and round
    where it was entered and accepted; the director's correction names the director."""
    phone = Client()  # not the director's browser: nobody is logged in at the table
    enter(phone, evening, 1, 1, level="4", strain="S", doubling="0", declarer="N",
          tricks="10")
    accept(phone, evening, 1, 1)
    result = Result.objects.get()
    url = reverse("result-detail", args=[result.pk])
    page = html.unescape(director_client.get(url).content.decode())
    assert ("Table 1, round 1: entered on the table's phone, accepted by East-West"
            in page)
    assert ">unknown<" not in page
    response = director_client.post(url, {
        "result": "4S+1 N", "ns_hcp": "", "ns_adjustment": "", "ew_adjustment": "",
        "assigned": "", "version": str(result.version), "round": "1", "table": "1",
        "ns_pair": str(result.ns_pair_id), "ew_pair": str(result.ew_pair_id)})
    assert response.status_code == 302
    page = director_client.get(url).content.decode()
    assert "<td>td</td>" in page  # the director (user "td") made the correction


def test_a_renamed_player_changes_the_round_page(client, evening):
    """The round page shows the pairs' names: renaming a player bumps the version of every
    session the player plays in (club.services.locks.touch_sessions_of)."""
    url = reverse("table", args=[code_of(evening, 2)])
    etag = client.get(url)["ETag"]
    player = evening.pairs.get(number=2).player1
    save_player({"name": "Renamed Player"}, player.pk)
    response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag
    assert "Renamed Player" in response.content.decode()


def outcome_table(html):
    start = html.index('class="outcome"')
    return html[start:html.index("</table>", start)]


def test_the_outcome_shows_the_hcp_that_decided_the_compensation(client, evening):
    enter(client, evening, 1, 2, shorthand="4SX-3 N", ns_hcp="25")
    outcome = outcome_table(accept(client, evening, 1, 2).content.decode())
    result = Result.objects.get()
    assert result.ns_score == -800  # board 2: North-South vulnerable
    # 25 HCP for North-South, so 15 for East-West, beside the compensation they decide.
    hcp_row = outcome[outcome.index(">HCP<"):outcome.index("</tr>", outcome.index(">HCP<"))]
    assert ">25<" in hcp_row and ">15<" in hcp_row
    assert outcome.index(">HCP<") < outcome.index("Compensation") < outcome.index("Net")


def test_a_second_phones_different_entry_is_told_it_was_not_stored(client, evening):
    enter(client, evening, 1, 1, shorthand="4S= N")
    page = html.unescape(enter(client, evening, 1, 1, shorthand="4H-1 N").content.decode())
    assert "Another phone at this table entered this board first: 4♠= N" in page
    assert "Yours, 4♥-1 N, was not stored" in page
    assert TableEntry.objects.get().strain == "S"
    # The same result from a second phone: only that it is there already.
    page = html.unescape(enter(client, evening, 1, 1, shorthand="4S= N").content.decode())
    assert "already been entered at this table" in page and "Yours" not in page


def test_a_result_entered_after_the_director_names_both(client, evening):
    make_result(evening, 1, 1, 4, "4S-1 N", round=1, table=1)
    page = html.unescape(enter(client, evening, 1, 1, shorthand="3NT= S",
                               ns_hcp="20").content.decode())
    assert "already has a result at this table: 4♠-1 N" in page
    assert "Yours, 3NT= S, was not stored: call the director" in page


def test_a_result_the_director_corrected_is_no_longer_accepted(client, evening):
    from club.services.results import correct_result

    enter(client, evening, 1, 1, shorthand="4S= N")
    accept(client, evening, 1, 1)
    page = client.get(board_url(evening, 1, 1)).content.decode()
    assert 'data-state="accepted"' in page and "changed it" not in page
    round_page = client.get(reverse("table", args=[code_of(evening, 1)]))
    result = Result.objects.get()
    correct_result(result.pk, result.version, {"tricks": 9})
    page = client.get(board_url(evening, 1, 1)).content.decode()
    assert 'data-state="accepted"' not in page and 'data-state="corrected"' in page
    assert "The director changed this result after East-West accepted it" in page
    again = client.get(reverse("table", args=[code_of(evening, 1)]),
                       headers={"if-none-match": round_page["ETag"]})
    assert again.status_code == 200  # a new ETag: the page shows the change
    assert "changed by the director" in again.content.decode()


def test_the_traveller_stops_saying_so_far_once_every_table_has_played(client, evening):
    from club.plan import SessionPlan

    enter(client, evening, 1, 1, shorthand="4S= N")
    accept(client, evening, 1, 1)
    so_far = "Only the tables that have played this board so far."
    assert so_far in client.get(board_url(evening, 1, 1)).content.decode()
    for seating in SessionPlan.load(evening).seatings_of_board(1):
        if seating.table != 1:
            make_result(evening, 1, seating.ns, seating.ew, "3NT= S", round=seating.round,
                        table=seating.table)
    page = client.get(board_url(evening, 1, 1)).content.decode()
    assert page.count("<tr", page.index('class="traveller"')) >= 4  # head + 3 tables
    assert so_far not in page


def test_a_call_carries_its_board_and_reason_to_the_dashboard(client, evening,
                                                              director_client):
    url = reverse("table-call", args=[code_of(evening, 2)])
    board_page = client.get(board_url(evening, 2, 3)).content.decode()
    assert "Why do you call the director?" in board_page and 'value="revoke"' in board_page
    client.post(url, {"board": "3", "back": "board", "reason": "revoke"})
    call = DirectorCall.objects.get()
    assert (call.table, call.round, call.board, call.reason) == (2, 1, 3, "revoke")
    # A second press from the round page, saying less, keeps the board and the reason.
    client.post(url, {"reason": "other"})
    call.refresh_from_db()
    assert (call.board, call.reason) == (3, "revoke")
    dashboard = director_client.get(reverse("entry-dashboard", args=[evening.pk]))
    calls = dashboard.content.decode().split('class="call-list"')[1].split("</ul>")[0]
    assert "Table 2" in calls and "board 3" in calls and "A revoke" in calls
    response = director_client.post(reverse("entry-call-answered", args=[evening.pk, call.pk]),
                                    follow=True)
    assert "Table 2&#x27;s call is answered" in response.content.decode()
    assert "The director has been called." not in client.get(
        board_url(evening, 2, 3)).content.decode()


def test_not_agreed_calls_the_director_for_east_west(client, evening):
    enter(client, evening, 1, 1, shorthand="4S= N")
    page = client.get(board_url(evening, 1, 1)).content.decode()
    assert '<input type="hidden" name="reason" value="ew_disagree">' in page
    client.post(reverse("table-call", args=[code_of(evening, 1)]),
                {"board": "1", "back": "board", "reason": "ew_disagree"})
    assert DirectorCall.objects.get().get_reason_display() == "East-West disagree with the result"


def test_a_call_with_an_unknown_reason_is_refused_saying_which_are_accepted(client, evening):
    response = client.post(reverse("table-call", args=[code_of(evening, 1)]),
                           {"reason": "boredom"}, follow=True)
    page = html.unescape(response.content.decode())
    assert "Choose why you call the director: East-West disagree with the result" in page
    assert not DirectorCall.objects.exists()


def test_the_service_worker_is_served_under_the_table_pages(client, evening):
    response = client.get(reverse("table-service-worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]  # a new version reaches the phones
    assert reverse("table-service-worker").startswith(reverse("table-code-entry"))
    assert "/static/js/phones.js" in response.content.decode()
    page = client.get(reverse("table", args=[code_of(evening, 1)])).content.decode()
    assert f'data-sw="{reverse("table-service-worker")}"' in page
    # The round and its boards are kept on the phone for use without a connection.
    assert f'data-prefetch="/t/{code_of(evening, 1)}/?round=1 {board_url(evening, 1, 1)} ' \
           f'{board_url(evening, 1, 2)}"' in page


def test_the_phones_script_learns_that_a_resent_entry_was_not_stored(client, evening):
    """An entry that waited on the phone for the connection, for a board another phone
    entered meanwhile: phones.js gets a 409 (not a redirect, which reads as stored) and the
    next page says why."""
    enter(client, evening, 1, 1, shorthand="4S= N")
    response = client.post(board_url(evening, 1, 1),
                           {"key": str(uuid.uuid4()), "shorthand": "4H= N"},
                           headers={"x-requested-with": "fetch"})
    assert response.status_code == 409
    page = html.unescape(client.get(board_url(evening, 1, 1)).content.decode())
    assert "Yours, 4♥= N, was not stored" in page
    assert TableEntry.objects.get().strain == "S"
