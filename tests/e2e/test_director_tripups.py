"""What used to trip a director up at the keyboard: after correcting a filled row the
cursor went to the next filled row with its text selected (the next slip overwrote another
table's result), and saving a board's HCP lost the results typed before it."""

from django.urls import reverse

from club.models import Result
from tests.e2e.keyboard import wait_for_focus
from tests.factories import make_result, make_session

# A 3-table Mitchell: board 1 is played in round 1 at table 1 (1NS-1EW), round 2 at table 3
# (3NS-2EW), round 3 at table 2 (2NS-3EW), in that order on its traveller.
ROWS = ["b1-r1-t1", "b1-r2-t3", "b1-r3-t2"]


def test_a_correction_moves_on_to_the_next_empty_row(logged_in_page, live_server, screenshot):
    page = logged_in_page
    session = make_session(tables=3, boards_per_round=2, status="running")
    make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    make_result(session, 1, 3, 5, "3NT= S", round=2, table=3)
    page.goto(live_server.url + reverse("entry-traveller", args=[session.pk, 1]))
    wait_for_focus(page, f"id_{ROWS[2]}_result")  # the first row without a result

    # The first slip was misread: correct it.
    page.focus(f"#id_{ROWS[0]}_result")
    page.keyboard.press("Control+A")
    page.keyboard.type("4S-1 N")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#row-{ROWS[0]}[data-outcome="saved"]')
    # Not into table 3's saved row (whose text would be selected): on to the empty one.
    wait_for_focus(page, f"id_{ROWS[2]}_result")
    assert page.evaluate("() => document.activeElement.value") == ""
    screenshot("tripups-01-next-empty-row")

    # The next slip goes where it belongs; the traveller is complete, so on to board 2.
    page.keyboard.type("2H= S")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith(reverse("entry-traveller", args=[session.pk, 2]))
    texts = {(r.ns_pair.number, r.text) for r in Result.objects.filter(board__number=1)}
    assert texts == {(1, "4S-1 N"), (3, "3NT= S"), (2, "2H= S")}


def test_saving_the_hcp_keeps_what_the_rows_hold(logged_in_page, live_server, screenshot):
    page = logged_in_page
    session = make_session(tables=3, boards_per_round=2, status="running")
    page.goto(live_server.url + reverse("entry-traveller", args=[session.pk, 1]))
    wait_for_focus(page, "id_board_hcp_ns_hcp")  # the board has no HCP yet

    # The director starts on the slips before the HCP is known.
    page.focus(f"#id_{ROWS[0]}_result")
    page.keyboard.type("4S= N")
    page.focus(f"#id_{ROWS[1]}_result")
    page.keyboard.type("3NT= S")
    page.focus("#id_board_hcp_ns_hcp")
    page.keyboard.type("20")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "NS HCP 20 saved" in page.inner_text(".messages")
    assert page.input_value(f"#id_{ROWS[0]}_result") == "4S= N"
    assert page.input_value(f"#id_{ROWS[1]}_result") == "3NT= S"
    screenshot("tripups-02-hcp-kept-the-rows")
    assert not Result.objects.exists()

    # Enter saves each of them in turn.
    wait_for_focus(page, f"id_{ROWS[0]}_result")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#row-{ROWS[0]}[data-outcome="saved"]')
    wait_for_focus(page, f"id_{ROWS[1]}_result")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#row-{ROWS[1]}[data-outcome="saved"]')
    wait_for_focus(page, f"id_{ROWS[2]}_result")
    assert sorted(r.text for r in Result.objects.all()) == ["3NT= S", "4S= N"]
    assert {r.ns_imps for r in Result.objects.all()} == {9}  # +420 and +400 at 20-20


def test_a_board_not_played_from_the_keyboard(logged_in_page, live_server):
    page = logged_in_page
    session = make_session(tables=3, boards_per_round=2, status="running")
    page.goto(live_server.url + reverse("entry-traveller", args=[session.pk, 1]))
    page.focus(f"#id_{ROWS[0]}_result")
    page.keyboard.type("A+/A-")  # no HCP needed
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#row-{ROWS[0]}[data-outcome="saved"]')
    assert "not played" in page.inner_text(f"#row-{ROWS[0]}")
    wait_for_focus(page, f"id_{ROWS[1]}_result")
    assert Result.objects.get().outcome == (0, 0, 0, 3, -3)
