"""Players enter a round on their phones while the director watches: three phones (one per
table of a 3-table Mitchell) enter and accept their boards with the big buttons, the
director's dashboard follows live and the director corrects one result; a phone that loses
its connection sends again, a reloaded phone and a resent form make no second result, a
round's boards disappear from the table's phone once the next round's pairs sit there, and
a player opening a board still in play elsewhere sees only that it is still being played.
Screenshots of the phones and the dashboard go to test-artifacts/phones-*.png."""

import re

import pytest
from django.urls import reverse

from club.models import Result, TableEntry
from club.services.table_phones import issue_codes
from tests.factories import make_session

PHONE = {"width": 390, "height": 844}
# Round 1 of a 3-table Mitchell with 2 boards a round: table t plays boards 2t-1 and 2t.
ROUND_1 = {1: (1, 2), 2: (3, 4), 3: (5, 6)}


@pytest.fixture
def phones(browser):
    contexts = [browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                    has_touch=True, locale="en-US") for _ in range(3)]
    pages = []
    for context in contexts:
        page = context.new_page()
        page.set_default_timeout(15_000)
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()


def pick(page, name, value):
    """Tap the big button of a choice (the radio input itself is hidden under it)."""
    page.locator(f"label.pick:has(input[name='{name}'][value='{value}'])").click()


def enter_with_buttons(page, level, strain, declarer, tricks, hcp=None):
    pick(page, "level", level)
    pick(page, "strain", strain)
    pick(page, "declarer", declarer)
    pick(page, "tricks", tricks)
    if hcp is not None and page.locator("input[name=ns_hcp]").count():
        page.fill("input[name=ns_hcp]", str(hcp))
    with page.expect_navigation():
        page.get_by_role("button", name="Enter the result").click()


def accept(page):
    """East-West accept; the phone confirms with the result's outcome (after a round's last
    board the page itself no longer shows it: the next round's pairs sit there)."""
    assert page.get_by_text("East-West: is this the result?").is_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Accept").click()
    page.wait_for_selector(".message.success")
    assert "Accepted:" in page.inner_text(".messages")


def test_three_phones_play_a_round(phones, logged_in_page, live_server, artifacts):
    session = make_session(tables=3, boards_per_round=2, status="running",
                           name="Phones evening")
    session.boards.filter(number__in=[1, 3, 5]).update(ns_hcp=20)  # from a hand record
    codes = {c.table: c.code for c in issue_codes(session.pk)}
    base = live_server.url
    director = logged_in_page

    director.goto(base + reverse("entry-dashboard", args=[session.pk]))
    assert director.locator('.dash-board[data-state="missing"]').count() == 18
    director.screenshot(path=str(artifacts / "phones-01-dashboard-empty.png"), full_page=True)

    # Phones 1 and 3 scan the QR code (its address); phone 2 types the code.
    phones[0].goto(f"{base}/t/{codes[1]}/")
    phones[2].goto(f"{base}/t/{codes[3]}/")
    phones[1].goto(f"{base}/t/")
    phones[1].fill("input[name=code]", f"{codes[2][:4].lower()} {codes[2][4:]}")
    with phones[1].expect_navigation():
        phones[1].get_by_role("button", name="Open my table").click()
    for table, phone in enumerate(phones, start=1):
        assert f"Table {table} · round 1 of 3" in phone.inner_text("h1")
        assert phone.locator('.board-button[data-state="todo"]').count() == 2
    phones[0].screenshot(path=str(artifacts / "phones-02-round.png"), full_page=True)

    # Table 1, board 1: 4S by North making 10 tricks (20 HCP known: no HCP field).
    phones[0].get_by_role("link", name=re.compile("Board 1")).click()
    phones[0].wait_for_load_state()
    assert phones[0].locator("input[name=ns_hcp]").count() == 0
    pick(phones[0], "level", 4)
    # The tricks buttons say what each number means for the level.
    assert phones[0].locator("[data-tricks='10']").get_attribute("data-relative") == "="
    phones[0].screenshot(path=str(artifacts / "phones-03-entry-form.png"), full_page=True)
    pick(phones[0], "strain", "S")
    pick(phones[0], "declarer", "N")
    pick(phones[0], "tricks", 10)
    phones[0].fill("input[name=lead]", "♥K")
    with phones[0].expect_navigation():
        phones[0].get_by_role("button", name="Enter the result").click()
    # Before East-West accept: the score only (nothing from the board's stored HCP).
    assert "+420" in phones[0].inner_text("table.outcome")
    assert "IMPs" not in phones[0].inner_text("table.outcome")
    phones[0].screenshot(path=str(artifacts / "phones-04-accept.png"), full_page=True)
    accept(phones[0])
    phones[0].wait_for_selector("table.traveller")
    assert "1NS" in phones[0].inner_text(".totals")
    phones[0].screenshot(path=str(artifacts / "phones-05-result-traveller.png"),
                         full_page=True)

    # Table 2, board 3, on a dropped connection: the form says so and sends again.
    phones[1].get_by_role("link", name=re.compile("Board 3")).click()
    phones[1].wait_for_load_state()
    phones[1].context.set_offline(True)
    pick(phones[1], "level", 3)
    pick(phones[1], "strain", "NT")
    pick(phones[1], "declarer", "S")
    pick(phones[1], "tricks", 9)
    phones[1].get_by_role("button", name="Enter the result").click()
    phones[1].wait_for_selector(".send-status.not-sent")
    assert "Not sent yet" in phones[1].inner_text(".send-status")
    phones[1].screenshot(path=str(artifacts / "phones-06-not-sent.png"), full_page=True)
    assert not TableEntry.objects.filter(table=2).exists()
    phones[1].context.set_offline(False)
    phones[1].wait_for_selector("text=East-West: is this the result?")
    # A reload and the back button change nothing (the form was posted, then redirected).
    phones[1].reload()
    phones[1].go_back()
    phones[1].wait_for_load_state()
    assert TableEntry.objects.filter(table=2).count() == 1
    phones[1].goto(f"{base}/t/{codes[2]}/boards/3/")
    accept(phones[1])
    phones[1].wait_for_selector("table.traveller")

    # Table 3, board 5, typed in the shorthand box; the server gets it but its answer is
    # lost: the phone sends the same form again (same key) and there is still one entry.
    lost = []

    def lose_the_answer(route):
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server takes the entry ...
            lost.append(route.request.post_data)
            route.abort()  # ... and the phone never hears back
        else:
            route.continue_()

    phones[2].route(re.compile(r".*/boards/5/$"), lose_the_answer)
    phones[2].get_by_role("link", name=re.compile("Board 5")).click()
    phones[2].wait_for_load_state()
    phones[2].fill("input[name=shorthand]", "2HX-1 E")
    phones[2].get_by_role("button", name="Enter the result").click()
    phones[2].wait_for_selector("text=East-West: is this the result?")
    phones[2].unroute(re.compile(r".*/boards/5/$"))
    assert lost and TableEntry.objects.filter(table=3, board__number=5).count() == 1
    with phones[2].expect_navigation():
        phones[2].get_by_role("button", name="Accept").dblclick()
    phones[2].wait_for_selector("table.traveller")
    assert Result.objects.filter(board__number=5).count() == 1

    # The second board of each table; boards 2, 4 and 6 have no HCP yet: the phones give it.
    # The round is then over: the next round's pairs have not played these boards, so the
    # phone shows the outcome once, to the pairs who accept it, and no traveller.
    for table, phone in enumerate(phones, start=1):
        phone.goto(f"{base}/t/{codes[table]}/boards/{ROUND_1[table][1]}/")
        enter_with_buttons(phone, 1, "NT", "N", 7, hcp=22)
        accept(phone)
        assert phone.locator("table.traveller").count() == 0
        assert phone.get_by_text("This board has its result at this table").is_visible()
        phone.get_by_role("link", name=re.compile("End of the round")).click()
        phone.wait_for_load_state()
        assert phone.locator(".moves").is_visible()
    moves = phones[0].inner_text(".moves")
    assert "1EW goes to table 2, East-West" in moves and "go to table 3" in moves
    phones[0].screenshot(path=str(artifacts / "phones-07-next-round.png"), full_page=True)
    assert Result.objects.filter(board__session=session).count() == 6

    # Table 3 calls the director; pressing twice is one call.
    for _press in range(2):
        with phones[2].expect_navigation():
            phones[2].get_by_role("button", name="Call the director").click()
    assert "The director has been called" in phones[2].inner_text("main")

    # The dashboard follows: htmx fetches it again every 10 seconds; what that poll does,
    # done now rather than waited for.
    assert director.locator("#dashboard").get_attribute("hx-trigger") == "every 10s"
    director.evaluate("() => htmx.ajax('GET', document.querySelector('#dashboard')"
                      ".getAttribute('hx-get'), {target: '#dashboard', swap: 'outerHTML'})")
    director.wait_for_function(
        "(count) => document.querySelectorAll('.dash-board[data-state=accepted]').length"
        " === count && document.querySelectorAll('.call').length === 1", arg=6)
    assert director.locator("#dashboard[hx-trigger]").count() == 1  # still polling
    assert "Table 3" in director.inner_text(".call")
    director.screenshot(path=str(artifacts / "phones-08-dashboard.png"), full_page=True)
    with director.expect_navigation():
        director.get_by_role("button", name="Answered").click()
    assert director.locator(".call").count() == 0

    # The director corrects board 5: 2HX went two down, not one.
    corrected = Result.objects.get(board__number=5)
    director.locator(f'a.dash-board[href$="/results/{corrected.pk}/"]').click()
    director.wait_for_load_state()
    director.focus("#id_result")
    director.keyboard.press("Control+A")
    director.keyboard.type("2HX-2 E")
    with director.expect_navigation():
        director.keyboard.press("Enter")
    corrected.refresh_from_db()
    assert corrected.text == "2HX-2 E"
    # Table 3's phone no longer shows board 5: 2EW, now at table 3, has not played it.
    phones[2].goto(f"{base}/t/{codes[3]}/boards/5/")
    assert "2♥X" not in phones[2].inner_text("main")
    assert phones[2].get_by_text("This board has its result at this table").is_visible()

    # A player looks up board 3 on the public pages: table 2 played it, the others have not.
    phones[0].goto(base + reverse("board-report", args=[session.pk, 3]))
    assert "still being played" in phones[0].inner_text("main")
    assert phones[0].locator(".deal, table.traveller").count() == 0
    phones[0].screenshot(path=str(artifacts / "phones-09-board-in-play.png"), full_page=True)
