"""Traveller entry: one board, every table that played it, rows from the schedule."""

import re

import pytest
from django.urls import reverse

from club.models import Result
from club.plan import SessionPlan
from tests.club.test_checks import DEAL_NS_36
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}

# A 3-table Mitchell (6 pairs, 3 rounds, 2 boards a round): board 1 (set 1) is played in
# round 1 at table 1 (1NS-1EW), round 2 at table 3 (3NS-2EW), round 3 at table 2 (2NS-3EW).


def traveller_url(session, board=1):
    return reverse("entry-traveller", args=[session.pk, board])


def row_url(session, board, round, table):
    return reverse("entry-row", args=[session.pk, board, round, table])


def first_row_played():
    """A 3-table session with board 1's first row (round 1, table 1) saved: 4S= N, 20 HCP."""
    session = make_session(tables=3)
    return session, make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)


def set_hcp(session, board_number, hcp):
    board = session.boards.get(number=board_number)
    board.ns_hcp = hcp
    board.save()
    return board


def test_rows_come_from_the_schedule(director_client):
    session = make_session(tables=3)
    page = director_client.get(traveller_url(session)).content.decode()
    rows = re.findall(r'<form id="row-(b1-r\d-t\d)"', page)
    assert rows == ["b1-r1-t1", "b1-r2-t3", "b1-r3-t2"]
    row = page[page.index('id="row-b1-r2-t3"'):page.index('id="row-b1-r3-t2"')]
    assert ">3NS<" in row and ">2EW<" in row
    # Board 1 has no HCP yet: the cursor starts in the board's HCP field.
    assert re.search(r'<input[^>]*name="ns_hcp"[^>]*autofocus', page)


def test_enter_saves_the_row_and_shows_the_outcome(director_client):
    session = make_session(tables=3)
    set_hcp(session, 1, 20)
    response = director_client.post(row_url(session, 1, 2, 3),
                                    {"result": "3nt+1 s", "view": "traveller"}, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<form id="row-b1-r2-t3"')
    assert 'data-outcome="saved"' in html
    # Board 1, nobody vulnerable, 20-20: 3NT+1 is +430, no compensation, 430 = 10 IMPs,
    # signed as the public pages sign them.
    assert re.findall(r'<div class="cell num[^"]*">([+−]?\d+)</div>', html) == [
        "2", "3", "+430", "0", "+430", "+10", "−10"]
    result = Result.objects.get()
    assert (result.ns_pair.number, result.ew_pair.number, result.round, result.table) == (
        3, 5, 2, 3)
    assert result.text == "3NT+1 S"


def test_without_javascript_the_row_posts_and_redirects(director_client):
    session = make_session(tables=3)
    set_hcp(session, 1, 20)
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "4S= N"})
    assert response.status_code == 302
    assert response["Location"] == traveller_url(session) + "#row-b1-r1-t1"
    page = director_client.get(response["Location"]).content.decode()
    assert 'value="4S= N"' in page and ">+420<" in page


def test_bad_entry_shows_the_engine_message_and_keeps_the_text(director_client):
    session = make_session(tables=3)
    set_hcp(session, 1, 20)
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "4S N"},
                                    headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Missing result in &quot;4S N&quot;" in html
    assert 'value="4S N"' in html and 'data-outcome="error"' in html
    assert not Result.objects.exists()


def test_bad_entry_without_javascript_shows_the_whole_page_with_the_message(director_client):
    session = make_session(tables=3)
    set_hcp(session, 1, 20)
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "9S= N"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" in page and 'value="9S= N"' in page
    assert 'class="errorlist"' in page
    assert not Result.objects.exists()


def test_missing_hcp_asks_for_it_and_keeps_the_result(director_client):
    session = make_session(tables=3)
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "4S= N"},
                                    headers=HTMX)
    html = response.content.decode()
    assert "Board 1 has no NS HCP yet" in html
    assert 'value="4S= N"' in html
    assert not Result.objects.exists()


def test_a_second_result_for_a_pair_is_refused_naming_the_first(director_client):
    session = make_session(tables=3)
    # 3NS is (wrongly) entered against 1EW at table 2, round 1 on board 1.
    make_result(session, 1, 3, 4, "4S= N", board_hcp=20, table=2, round=1)
    response = director_client.post(row_url(session, 1, 2, 3), {"result": "3NT= S"},
                                    headers=HTMX)
    assert ("Pair 3NS already has a result on board 1: 4S= N against 1EW (table 2, round 1)."
            in response.content.decode())
    assert Result.objects.count() == 1


def test_the_board_hcp_rescores_its_results(director_client):
    session, result = first_row_played()
    assert (result.ns_net, result.ns_imps) == (420, 9)
    response = director_client.post(reverse("entry-board-hcp", args=[session.pk, 1]),
                                    {"ns_hcp": "25"})
    assert response.status_code == 302
    result.refresh_from_db()
    # NS hold 25 HCP, not vulnerable: they owe 300; 420 - 300 = 120 = 3 IMPs.
    assert (result.ns_compensation, result.ns_net, result.ns_imps, result.ew_imps) == (
        300, 120, 3, -3)
    assert session.boards.get(number=1).ns_hcp == 25


@pytest.mark.parametrize("typed", ["41", "-1", "twenty", "2.5"])
def test_an_impossible_board_hcp_is_refused(director_client, typed):
    session = make_session(tables=3)
    set_hcp(session, 1, 22)
    response = director_client.post(reverse("entry-board-hcp", args=[session.pk, 1]),
                                    {"ns_hcp": typed})
    page = response.content.decode()
    assert response.status_code == 200
    assert "NS HCP is a whole number from 0 to 40" in page
    assert f'value="{typed}"' in page
    assert session.boards.get(number=1).ns_hcp == 22


def test_clearing_the_hcp_under_results_is_refused(director_client):
    session, _ = first_row_played()
    response = director_client.post(reverse("entry-board-hcp", args=[session.pk, 1]),
                                    {"ns_hcp": ""})
    assert "rather than clearing it" in response.content.decode()
    assert session.boards.get(number=1).ns_hcp == 20


def test_two_directors_setting_the_board_hcp_the_second_is_told(director_client, client,
                                                                director):
    """Both pages showed 24; one director saves 25, the other then saves 23: the second is
    refused and told the stored value instead of overwriting it."""
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=24, round=1, table=1)
    page = director_client.get(traveller_url(session, 1)).content.decode()
    assert 'name="shown" value="24"' in page
    url = reverse("entry-board-hcp", args=[session.pk, 1])
    client.force_login(director)
    assert client.post(url, {"ns_hcp": "25", "shown": "24"}).status_code == 302
    response = director_client.post(url, {"ns_hcp": "23", "shown": "24"})
    page = response.content.decode()
    assert "someone set the NS HCP of board 1 to 25 meanwhile" in page
    assert 'name="shown" value="25"' in page  # saving again now replaces it knowingly
    assert session.boards.get(number=1).ns_hcp == 25
    assert Result.objects.get().ns_compensation == 300  # 25 HCP, board 1 not vulnerable


def test_pages_link_to_the_next_board(director_client):
    session = make_session(tables=3)  # boards 1 to 6
    first = director_client.get(traveller_url(session, 1)).content.decode()
    assert f'href="{traveller_url(session, 2)}" rel="next"' in first
    assert f'data-next-url="{traveller_url(session, 2)}"' in first
    last = director_client.get(traveller_url(session, 6)).content.decode()
    assert 'rel="next"' not in last and 'data-next-url=""' in last
    assert f'href="{traveller_url(session, 5)}" rel="prev"' in last


def test_saving_an_unchanged_row_changes_nothing(director_client):
    session, result = first_row_played()
    response = director_client.post(row_url(session, 1, 1, 1),
                                    {"result": "4s=n", "version": "1"}, headers=HTMX)
    assert 'data-outcome="unchanged"' in response.content.decode()
    result.refresh_from_db()
    assert result.version == 1
    assert result.history.count() == 1


def test_a_row_can_be_corrected_in_place(director_client):
    session, result = first_row_played()
    response = director_client.post(row_url(session, 1, 1, 1),
                                    {"result": "4S-1 N", "version": "1"}, headers=HTMX)
    assert 'data-outcome="saved"' in response.content.decode()
    result.refresh_from_db()
    assert (result.text, result.version, result.ns_score) == ("4S-1 N", 2, -50)


def test_a_stale_row_is_refused_then_saved_on_purpose(director_client):
    session, result = first_row_played()
    # Another director corrects the result first.
    director_client.post(row_url(session, 1, 1, 1), {"result": "4S+1 N", "version": "1"})
    response = director_client.post(row_url(session, 1, 1, 1),
                                    {"result": "4S-1 N", "version": "1"}, headers=HTMX)
    html = response.content.decode()
    assert "it is now 4S+1 N" in html
    assert 'name="version" value="2"' in html and 'value="4S-1 N"' in html
    result.refresh_from_db()
    assert (result.text, result.version) == ("4S+1 N", 2)
    # Having seen the message, the director saves again: now it replaces the stored value.
    director_client.post(row_url(session, 1, 1, 1), {"result": "4S-1 N", "version": "2"})
    result.refresh_from_db()
    assert (result.text, result.version) == ("4S-1 N", 3)


def test_a_row_loaded_empty_does_not_overwrite_a_result_entered_meanwhile(director_client):
    session, _ = first_row_played()
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "3NT= N"},
                                    headers=HTMX)
    assert "it is now 4S= N" in response.content.decode()
    assert Result.objects.get().text == "4S= N"


def test_a_table_the_schedule_does_not_put_on_the_board_is_not_found(director_client):
    session = make_session(tables=3)
    set_hcp(session, 1, 20)
    # Round 1, table 2 plays board set 2 (boards 3 and 4), not board 1.
    response = director_client.post(row_url(session, 1, 1, 2), {"result": "4S= N"})
    assert response.status_code == 404
    assert not Result.objects.exists()


def test_not_duplicated_each_row_takes_its_own_hcp(director_client):
    session = make_session(tables=3, duplicated=False)
    page = director_client.get(traveller_url(session)).content.decode()
    assert 'id="board-hcp"' not in page
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "4S= N"},
                                    headers=HTMX)
    assert "Enter the NS HCP of this table" in response.content.decode()
    director_client.post(row_url(session, 1, 1, 1),
                         {"result": "4S= N", "ns_hcp": "25"}, headers=HTMX)
    result = Result.objects.get()
    assert (result.ns_hcp, result.ns_net, result.ns_imps) == (25, 120, 3)
    assert session.boards.get(number=1).ns_hcp is None


def test_sit_outs_get_no_row(director_client):
    session = make_session(tables=3, pairs=5)  # EW pair 6 is the phantom
    page = director_client.get(traveller_url(session, 5)).content.decode()
    # Board 5 (set 3): round 1 table 3 would be 3NS against the phantom.
    assert re.findall(r'<form id="row-(b5-r\d-t\d)"', page) == ["b5-r2-t2", "b5-r3-t1"]


def test_results_outside_the_schedule_are_listed_apart(director_client):
    session = make_session(tables=3)
    stray = make_result(session, 1, 2, 6, "2H= E", board_hcp=20)  # 2NS-3EW: ok
    odd = make_result(session, 1, 1, 5, "1NT= N")  # 1NS-2EW never meet on board 1
    page = director_client.get(traveller_url(session)).content.decode()
    others = page[page.index("Other results on this board"):]
    assert reverse("result-detail", args=[odd.pk]) in others
    assert reverse("result-detail", args=[stray.pk]) not in others


def test_traveller_queries_do_not_grow_with_the_session(director_client,
                                                        django_assert_max_num_queries):
    def fill(session):
        for board in session.boards.all():
            board.ns_hcp = 20
            board.save()
        for seating in SessionPlan.load(session).seatings:
            if seating.board_set == 1:
                make_result(session, 1, seating.ns, seating.ew, "4S= N",
                            round=seating.round, table=seating.table)

    small, big = make_session(tables=3), make_session(tables=9, name="Big")
    fill(small)
    fill(big)
    director_client.get(traveller_url(small))  # warm the session and user caches
    with django_assert_max_num_queries(9) as small_queries:
        director_client.get(traveller_url(small))
    with django_assert_max_num_queries(9) as big_queries:
        director_client.get(traveller_url(big))
    assert len(small_queries) == len(big_queries)


def test_a_row_with_a_broken_version_says_so(director_client):
    session, _ = first_row_played()
    html = director_client.post(row_url(session, 1, 1, 1),
                                {"result": "4S-1 N", "version": "x"},
                                headers=HTMX).content.decode()
    assert "The page was incomplete" in html
    assert Result.objects.get().text == "4S= N"


def test_reloading_after_an_invalid_board_hcp_goes_back_to_the_traveller(director_client):
    """An invalid HCP leaves the browser on the HCP form's address: reloading it (a GET)
    opens the traveller instead of a blank 405, and changes nothing."""
    session = make_session(tables=3)
    set_hcp(session, 1, 22)
    url = reverse("entry-board-hcp", args=[session.pk, 1])
    assert director_client.post(url, {"ns_hcp": "41"}).status_code == 200
    response = director_client.get(url)
    assert response.status_code == 302
    assert response["Location"] == traveller_url(session, 1)
    assert session.boards.get(number=1).ns_hcp == 22


def hcp_url(session, board=1):
    return reverse("entry-board-hcp", args=[session.pk, board])


def test_an_empty_hcp_says_what_is_missing(director_client):
    session = make_session(tables=3)
    response = director_client.post(hcp_url(session), {"ns_hcp": "", "shown": ""})
    assert response.status_code == 200
    assert "Type the NS HCP of the board (0-40)." in response.content.decode()
    assert session.boards.get(number=1).ns_hcp is None


def test_the_hcp_form_brings_back_what_the_rows_held(director_client):
    session = make_session(tables=3)
    response = director_client.post(hcp_url(session), {
        "ns_hcp": "20", "shown": "",
        # Typed in two rows before the HCP (static/js/entry.js carries them).
        "carry-id_b1-r1-t1_result": "4S= N", "carry-id_b1-r2-t3_result": "3nt+1 s",
        "carry-id_b9-r9-t9_result": "ignored: no such row"})
    assert response.status_code == 200  # the page itself, with the texts in place
    page = response.content.decode()
    assert "Board 1: NS HCP 20 saved" in page
    first = page[page.index('id="row-b1-r1-t1"'):page.index('id="row-b1-r2-t3"')]
    assert 'value="4S= N"' in first and "autofocus" in first
    assert 'value="3nt+1 s"' in page and "ignored" not in page
    assert not Result.objects.exists()  # nothing is saved until each row is
    assert session.boards.get(number=1).ns_hcp == 20
    # The rows are then saved with Enter as usual.
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "4S= N"},
                                    headers=HTMX)
    assert 'data-outcome="saved"' in response.content.decode()


def test_carried_texts_never_cover_a_saved_row_and_survive_a_bad_hcp(director_client):
    session = make_session(tables=3)
    set_hcp(session, 1, 20)
    make_result(session, 1, 1, 4, "4S= N", round=1, table=1)
    response = director_client.post(hcp_url(session), {
        "ns_hcp": "41", "shown": "20", "carry-id_b1-r1-t1_result": "7NT= N",
        "carry-id_b1-r2-t3_result": "3NT= S"})
    page = response.content.decode()
    assert "NS HCP is a whole number from 0 to 40" in page
    assert 'value="7NT= N"' not in page and 'value="4S= N"' in page
    assert 'value="3NT= S"' in page


def test_director_rows_write_scores_and_results_as_the_public_pages(director_client):
    session = make_session(tables=3)
    set_hcp(session, 1, 20)
    make_result(session, 1, 1, 4, "4S-1 N", round=1, table=1)
    make_result(session, 1, 3, 5, "pass", round=2, table=3)
    page = director_client.get(traveller_url(session)).content.decode()
    first = page[page.index('id="row-b1-r1-t1"'):page.index('id="row-b1-r2-t3"')]
    # -50 and 2 IMPs against NS, with a typographic minus; the box keeps the shorthand.
    assert ">−50<" in first and ">−2<" in first and ">+2<" in first and "-50" not in first
    assert 'value="4S-1 N"' in first
    second = page[page.index('id="row-b1-r2-t3"'):page.index('id="row-b1-r3-t2"')]
    assert 'value="PASS"' in second


def test_a_board_hcp_the_deal_contradicts_is_flagged_on_the_entry_page(director_client):
    """Not only on the checks page: the traveller where the director types says so."""
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    board.deal = DEAL_NS_36
    board.ns_hcp = 26
    board.save()
    page = director_client.get(traveller_url(session)).content.decode()
    assert 'id="deal-conflict"' in page
    assert "Board 1: NS HCP entered as 26, but the deal gives NS 36." in page
    board.ns_hcp = 36
    board.save()
    page = director_client.get(traveller_url(session)).content.decode()
    assert 'id="deal-conflict"' not in page  # the deal agrees: nothing to flag
