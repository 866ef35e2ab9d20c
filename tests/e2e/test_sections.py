"""A two-section evening in the browser (issue 18): the director sets up sections A and B
of 3 tables each on the setup page, the pairs register into each section's seats, a phone
at table A1 and one at table B1 enter their first round, and the standings show each
section and the whole field. Screenshots go to test-artifacts/sections-*.png."""

import re

from django.urls import reverse
from playwright.sync_api import expect

from club.models import Session
from club.plan import SessionPlan
from club.services.sessions import change_status
from club.services.table_phones import issue_codes
from tests.e2e.test_table_phones import PHONE, accept, enter_with_buttons
from tests.factories import make_pair, make_result


def test_a_two_section_evening(logged_in_page, browser, live_server, artifacts):
    page, base = logged_in_page, live_server.url
    page.goto(base + reverse("setup-session-new"))
    page.fill("#id_name", "Two sections")
    page.fill("#id_date", "2026-12-04")
    page.check("input[name=movement][value=mitchell]")
    page.fill("#id_tables", "")
    page.fill("#id_sections", "3 3")
    page.fill("#id_boards_per_round", "1")
    page.get_by_role("button", name="Create session").click()
    expect(page.get_by_role("heading", name="Pairs of “Two sections”")).to_be_visible()
    session = Session.objects.get()
    assert (session.sections, session.tables, session.rounds) == ("3x3,3x3", 6, 3)

    # The pair form offers section A's seats, then B's.
    expect(page.locator("#id_number option").first).to_have_text("A1NS")
    expect(page.locator("#id_number option").last).to_have_text("B3EW")
    page.select_option("#id_number", label="B2NS")
    page.fill("#id_player1", "Irina Morozova")
    page.fill("#id_player2", "Pavel Orlov")
    page.get_by_role("button", name="Register pair").click()
    expect(page.locator(".message.success")).to_contain_text(
        "Pair B2NS registered: Irina Morozova – Pavel Orlov.")
    for number in (1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12):
        make_pair(session, number)
    change_status(session.pk, "start")
    session.boards.update(ns_hcp=20)
    codes = {c.table: c.code for c in issue_codes(session.pk)}
    page.goto(base + reverse("table-codes", args=[session.pk]))
    expect(page.get_by_role("heading", name="Table B3")).to_be_visible()
    page.screenshot(path=str(artifacts / "sections-01-table-codes.png"), full_page=True)

    # Round 1: table A1 (A1NS v A1EW) and table B1 (B1NS v B1EW) play board 1.
    phones = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  locale="en-US").new_page() for _ in range(2)]
    for phone, table, label in ((phones[0], 1, "A1"), (phones[1], 4, "B1")):
        phone.goto(f"{base}/t/{codes[table]}/")
        assert f"Table {label} · round 1 of 3" in phone.inner_text("h1")
        phone.get_by_role("link", name=re.compile("Board 1")).click()
        phone.wait_for_load_state()
        enter_with_buttons(phone, 4, "S", "N", 10)
        accept(phone)
    phones[1].screenshot(path=str(artifacts / "sections-02-phone-b1.png"), full_page=True)
    # Board 1 is played by tables of both sections later on: still hidden from the public.
    html = page.context.request.get(f"{base}/sessions/{session.id}/boards/1/").text()
    assert "4♠" not in html

    # The director enters the rest of the evening (the other tables' results).
    plan = SessionPlan.load(session)
    for seating in plan.playing_seatings:
        if (seating.round, seating.table) in ((1, 1), (1, 4)):
            continue
        text = "3NT= S" if seating.table % 2 else "2H-1 E"
        make_result(session, seating.board_set, seating.ns, seating.ew, text,
                    round=seating.round, table=seating.table)
    change_status(session.pk, "finish")

    page.goto(f"{base}/sessions/{session.id}/")
    headings = page.locator("h3.standings-line")
    expect(headings).to_have_text(["Section A", "Section B",
                                   "The whole field: every section's pairs ranked together"])
    lists = page.locator("table.standings")
    expect(lists.nth(0).locator("tbody tr")).to_have_count(6)
    expect(lists.nth(1)).to_contain_text("Irina Morozova")
    expect(lists.nth(2).locator("tbody tr")).to_have_count(12)
    page.screenshot(path=str(artifacts / "sections-03-standings.png"), full_page=True)
    html = page.context.request.get(f"{base}/sessions/{session.id}/boards/1/").text()
    assert ">A1<" in html and ">B1<" in html
    for phone in phones:
        phone.context.close()
