"""A director sets up a four-table Mitchell in a real browser: login, the session form,
eight pairs of new players typed in, and the schedule with its skip."""

from datetime import date

from playwright.sync_api import expect

from club.models import Player, Session
from tests.e2e.conftest import DIRECTOR_PASSWORD, DIRECTOR_USERNAME

PAIRS = [("Anna Petrova", "Boris Ivanov"), ("Clara Smirnova", "Dmitri Orlov"),
         ("Elena Volkova", "Fyodor Lebedev"), ("Galina Sokolova", "Igor Kozlov"),
         ("Irina Novikova", "Kirill Morozov"), ("Larisa Pavlova", "Maxim Egorov"),
         ("Nina Fedorova", "Oleg Vasiliev"), ("Polina Zaitseva", "Roman Belov")]


def test_a_director_sets_up_a_mitchell_evening(page, live_server, e2e_director, screenshot):
    page.goto(f"{live_server.url}/director/")
    expect(page.locator("#id_username")).to_be_visible()  # sent to the login page
    screenshot("setup-01-login")
    page.fill("#id_username", DIRECTOR_USERNAME)
    page.fill("#id_password", DIRECTOR_PASSWORD)
    page.press("#id_password", "Enter")
    expect(page.get_by_role("heading", name="Director")).to_be_visible()

    page.get_by_role("link", name="New session").first.click()
    page.fill("#id_name", "Friday Mitchell")
    page.fill("#id_date", "2026-12-04")
    page.check("input[name=movement][value=mitchell]")
    page.fill("#id_tables", "4")
    page.fill("#id_boards_per_round", "3")
    screenshot("setup-02-session-form")
    page.get_by_role("button", name="Create session").click()
    expect(page.get_by_role("heading", name="Pairs of “Friday Mitchell”")).to_be_visible()

    session = Session.objects.get()
    assert (session.name, session.date, session.tables, session.rounds) == (
        "Friday Mitchell", date(2026, 12, 4), 4, 3)

    for index, (first, second) in enumerate(PAIRS):
        # The next free seat is offered: 1NS..4NS, then 1EW..4EW.
        seat = f"{index % 4 + 1}{'NS' if index < 4 else 'EW'}"
        expect(page.locator("#id_number option:checked")).to_have_text(seat)
        if index == 1:
            # Search as you type: a player registered before is suggested.
            page.locator("#id_player1").press_sequentially("petr", delay=30)
            suggestion = page.locator('#player-suggestions option[value="Anna Petrova"]')
            expect(suggestion).to_have_count(1)
            page.fill("#id_player1", "")
        page.fill("#id_player1", first)
        page.fill("#id_player2", second)
        if index == 4:
            screenshot("setup-03-pair-form")
        page.get_by_role("button", name="Register pair").click()
        expect(page.locator(".message.success")).to_contain_text(
            f"Pair {seat} registered: {first} – {second}.")
    assert Player.objects.count() == 16
    expect(page.locator("table.pairs tbody tr")).to_have_count(8)
    expect(page.locator("#pair-5")).to_contain_text("1EW")
    screenshot("setup-03-pairs")

    page.get_by_role("link", name="Schedule").first.click()
    expect(page.get_by_role("heading", name="Schedule of “Friday Mitchell”")).to_be_visible()
    cell = page.locator('td[data-round="1"][data-table="1"]')
    expect(cell).to_contain_text("1NS – 1EW")
    expect(cell).to_contain_text("boards 1–3")
    # 4 tables: 3 rounds. EW pairs move up a table a round and skip one after round 2, so
    # 1EW plays at tables 1, 2 and 4; board sets move down a table a round, so table 4
    # gets set 2 (boards 4-6) in round 3: tables 2, 1, then 4.
    expect(page.locator("table.schedule tbody tr")).to_have_count(3)
    expect(page.locator('td[data-round="2"][data-table="2"]')).to_contain_text("2NS – 1EW")
    last = page.locator('td[data-round="3"][data-table="4"]')
    expect(last).to_contain_text("4NS – 1EW")
    expect(last).to_contain_text("boards 4–6")
    screenshot("setup-04-schedule")

    page.get_by_role("link", name="Table cards").first.click()
    expect(page.locator("section.table-card")).to_have_count(4)
    expect(page.locator("section.table-card h2").last).to_have_text("Table 4")
    screenshot("setup-05-table-cards")
    page.emulate_media(media="print")  # the printed cards: no header, no buttons
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    screenshot("setup-06-table-cards-print")


def create_session(page, live_server, name, movement, tables, rounds=""):
    page.goto(f"{live_server.url}/director/sessions/new/")
    page.fill("#id_name", name)
    page.fill("#id_date", "2026-12-05")
    page.check(f"input[name=movement][value={movement}]")
    page.fill("#id_tables", str(tables))
    page.fill("#id_rounds", str(rounds))
    page.fill("#id_boards_per_round", "2")
    page.get_by_role("button", name="Create session").click()


def test_a_howell_with_a_sit_out_and_a_free_seating_evening(logged_in_page, live_server,
                                                             screenshot):
    page = logged_in_page
    # Too big for a Howell: the form says so and keeps what was typed.
    create_session(page, live_server, "Big Howell", "howell", 30)
    expect(page.locator(".errorlist")).to_contain_text("A Howell takes at most 32 pairs")
    expect(page.locator("#id_name")).to_have_value("Big Howell")

    page.fill("#id_tables", "3")
    page.get_by_role("button", name="Create session").click()
    for first, second in PAIRS[:5]:
        page.fill("#id_player1", first)
        page.fill("#id_player2", second)
        page.get_by_role("button", name="Register pair").click()
    expect(page.locator("table.pairs tbody tr")).to_have_count(5)
    page.get_by_role("link", name="Schedule").first.click()
    # 5 pairs: 5 rounds, every pair sits out once, at the last table.
    expect(page.locator("table.schedule tbody tr")).to_have_count(5)
    expect(page.locator('td.is-sit-out[data-table="3"]')).to_have_count(5)
    screenshot("setup-07-howell-schedule")

    create_session(page, live_server, "Free evening", "free", 4, rounds=6)
    page.get_by_role("link", name="Schedule").first.click()
    expect(page.locator(".message")).to_contain_text("Free seating: pairs sit where they like")
    assert Session.objects.get(name="Free evening").boards.count() == 12
