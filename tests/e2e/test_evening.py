"""A whole club evening in a real browser, keyboard only: a director enters every result
of a 3-table Mitchell from the travellers, corrects one, gives a ruling, and reads the
standings."""

import re

from django.urls import reverse

from club.models import Result
from tests.e2e.keyboard import focused_id, wait_for_focus
from tests.factories import make_session

# 3 tables, 3 rounds, 2 boards a round: boards 1-6, each played at three tables. Every
# board is 20-20 (no compensation) and every table makes 1NT by North (+90 = 3 IMPs for
# NS), typed in the many ways the shorthand allows.
SPELLINGS = ["1NT= N", "1nt=n", "1БК= С", "1NT N 7", "N 1NT=", "1nt = n"]

# Board 1 (set 1): round 1 table 1, round 2 table 3, round 3 table 2; set k starts at
# table k and moves down one table a round.
def traveller_rows(board):
    board_set = (board + 1) // 2
    return [f"b{board}-r{r}-t{(board_set - 1 - (r - 1)) % 3 + 1}" for r in (1, 2, 3)]


def test_a_whole_evening_by_keyboard(logged_in_page, live_server, screenshot):
    page = logged_in_page
    session = make_session(tables=3, boards_per_round=2, status="running",
                           name="Thursday pairs")
    base = live_server.url

    page.goto(base + reverse("entry-traveller", args=[session.pk, 1]))
    # The cursor starts in the board's HCP field: from here on, only the keyboard.
    assert focused_id(page) == "id_board_hcp_ns_hcp"
    spelling = iter(SPELLINGS * 3)
    for board in range(1, 7):
        assert page.url.endswith(reverse("entry-traveller", args=[session.pk, board]))
        wait_for_focus(page, "id_board_hcp_ns_hcp")
        page.keyboard.type("20")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        rows = traveller_rows(board)
        for index, key in enumerate(rows):
            wait_for_focus(page, f"id_{key}_result")
            if board == 2 and index == 1:
                # A slip misread: the message appears by the field, the text stays, the
                # cursor stays (with the text selected) for the correction.
                page.keyboard.type("1NT N")
                page.keyboard.press("Enter")
                page.wait_for_selector(f'#row-{key}[data-outcome="error"]')
                assert "Missing result" in page.inner_text(f"#row-{key}")
                screenshot("evening-02-entry-error")
                wait_for_focus(page, f"id_{key}_result")
            page.keyboard.type(next(spelling))
            if index < len(rows) - 1:
                page.keyboard.press("Enter")
                page.wait_for_selector(f'#row-{key}[data-outcome="saved"]')
                assert "90" in page.inner_text(f"#row-{key}")
            elif board < 6:
                if board == 1:
                    # The last row of board 1, before Enter takes us to board 2.
                    screenshot("evening-01-traveller")
                with page.expect_navigation():
                    page.keyboard.press("Enter")  # the last row: on to the next board
            else:
                page.keyboard.press("Enter")
                page.wait_for_selector(f'#row-{key}[data-outcome="saved"]')
    screenshot("evening-03-last-traveller")
    assert Result.objects.filter(board__session=session).count() == 18
    assert set(Result.objects.values_list("ns_imps", "ew_imps")) == {(3, -3)}

    # A scorecard shows the same results table by table.
    page.goto(base + reverse("entry-scorecard", args=[session.pk, 1, 1]))
    assert page.locator(".entry-row").count() == 2
    screenshot("evening-04-scorecard")

    # Correction: 1NS-1EW on board 1 actually went one down (-50 = -2 IMPs for NS).
    corrected = Result.objects.get(board__number=1, ns_pair__number=1)
    page.goto(base + reverse("result-detail", args=[corrected.pk]))
    page.focus("#id_result")
    page.keyboard.press("Control+A")
    page.keyboard.type("1NT-1 N")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "Result saved." in page.inner_text(".messages")
    assert "1NT= N → 1NT-1 N" in page.inner_text("table.history")

    # Ruling on board 3 (2NS-2EW): NS Average minus, EW Average plus.
    ruled = Result.objects.get(board__number=3, ns_pair__number=2)
    page.goto(base + reverse("result-detail", args=[ruled.pk]))
    page.focus("#id_ns_adjustment")
    page.keyboard.press("End")  # the last choice: Average minus
    page.focus("#id_ew_adjustment")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")  # the first choice after "none": Average plus
    page.focus("#id_assigned")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("h1 .badge").count() == 1
    screenshot("evening-05-ruling")
    ruled.refresh_from_db()
    assert (ruled.ns_adjustment, ruled.ew_adjustment, ruled.ns_imps, ruled.ew_imps) == (
        "ave-", "ave+", -3, 3)

    page.goto(base + reverse("entry-checks", args=[session.pk]))
    assert "Nothing needs attention" in page.inner_text("main")

    # Standings: 18 results of +3 for NS, then 1NS loses 5 on board 1 (3 to -2) and 2NS
    # 6 on board 3 (3 to -3): 1NS 13, 2NS 12, 3NS 18; EW the opposite.
    page.goto(base + reverse("standings", args=[session.pk]))
    screenshot("evening-06-standings")
    expected = {"1NS": "+13", "2NS": "+12", "3NS": "+18",
                "1EW": "−13", "2EW": "−12", "3EW": "−18"}
    for label, total in expected.items():
        row = page.locator("tbody tr", has=page.locator(f"text='{label}'"))
        assert row.count() == 1, label
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        assert total in cells, (label, cells)
        assert "6" in cells  # boards played
    assert re.search(r"\b3NS\b", page.inner_text("tbody tr:first-child"))

    page.goto(base + reverse("entry-session", args=[session.pk]))
    screenshot("evening-07-session")
