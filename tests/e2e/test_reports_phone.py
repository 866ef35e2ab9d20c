"""A player follows the evening on a phone: standings -> own scorecard -> a board's report,
without the page scrolling sideways; the same pages print on A4 without navigation."""

import pytest

from club.management.bench import build_session

PHONE = {"width": 375, "height": 740}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def page_fits_the_screen(page):
    """The document is no wider than the screen: wide tables scroll inside .table-wrap."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_following_the_evening_on_a_phone(phone, live_server, artifacts, transactional_db):
    session = build_session(8, 6, name="Phone evening")
    phone.goto(f"{live_server.url}/")
    phone.get_by_role("link", name="Phone evening").click()
    phone.wait_for_load_state()
    assert phone.locator("h2", has_text="Standings").is_visible()
    assert page_fits_the_screen(phone)
    # Less important columns are hidden on a narrow screen.
    assert not phone.locator("th.hide-narrow").first.is_visible()
    assert phone.locator("tbody tr").count() == 16
    phone.screenshot(path=str(artifacts / "reports-01-standings-phone.png"), full_page=True)

    phone.get_by_role("link", name="1NS", exact=True).first.click()
    phone.wait_for_load_state()
    assert phone.locator("h2", has_text="Pair 1NS").is_visible()
    assert phone.locator("svg.chart").is_visible()
    assert phone.locator("table.scorecard tbody tr").count() == 6
    assert page_fits_the_screen(phone)
    phone.screenshot(path=str(artifacts / "reports-02-scorecard-phone.png"), full_page=True)

    phone.locator("table.scorecard tbody tr").first.get_by_role("link").first.click()
    phone.wait_for_load_state()
    assert phone.locator("h2", has_text="Board 1").is_visible()
    assert phone.locator(".deal .hand").count() == 4
    assert phone.locator("table.traveller tbody tr").count() == 8
    assert page_fits_the_screen(phone)
    wrap = phone.locator(".table-wrap").first
    assert wrap.evaluate("el => el.scrollWidth >= el.clientWidth")
    phone.screenshot(path=str(artifacts / "reports-03-board-phone.png"), full_page=True)

    phone.get_by_role("link", name="Board 2 →").click()
    phone.wait_for_load_state()
    assert phone.locator("h2", has_text="Board 2").is_visible()
    assert session.boards.count() == 6


def test_board_report_prints_on_a4(page, live_server, artifacts, transactional_db):
    session = build_session(4, 3, name="Print evening")
    page.goto(f"{live_server.url}/sessions/{session.id}/boards/1/")
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".board-jump").is_visible()
    assert not page.locator(".pager").is_visible()
    assert page.locator("table.traveller").is_visible()
    assert page.locator("th.hide-narrow").first.is_visible()  # paper is wide enough
    pdf = page.pdf(format="A4", print_background=False)
    (artifacts / "reports-04-board-a4.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF")


def test_each_pair_under_its_own_number_on_a_desktop(page, live_server, transactional_db):
    """On a wide screen the traveller has an EW column, so the EW pair is not repeated
    under the NS names (it is only on a phone, where that column folds away)."""
    session = build_session(4, 3, name="Desktop evening")
    page.goto(f"{live_server.url}/sessions/{session.id}/boards/1/")
    first_row = page.locator("table.traveller tbody tr").first
    assert first_row.locator("td.hide-narrow").first.is_visible()  # the EW column
    assert not first_row.locator(".narrow-only.stacked").is_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    assert first_row.locator(".narrow-only.stacked").is_visible()


def test_a_phone_explains_how_the_score_became_imps(browser, live_server, transactional_db):
    """At 390 px the HCP, compensation and net columns fold away; the line under the
    contract keeps them, so "4SX-3 +500" beside "-1 IMP" is explained."""
    from club.notation import signed
    from tests.factories import make_result, make_session

    session = make_session(tables=2, boards_per_round=2, status="finished", rounds=1)
    make_result(session, 1, 1, 3, "4SX-3 N", board_hcp=24, round=1, table=1)
    make_result(session, 1, 2, 4, "3NT= S", board_hcp=24, round=1, table=2)
    result = session.boards.get(number=1).results.get(ns_pair__number=1)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    phone = context.new_page()
    explained = (f"HCP 24 · comp. {signed(result.ns_compensation)} · "
                 f"net {signed(result.ns_net)}")
    for url in (f"/sessions/{session.id}/boards/1/", f"/sessions/{session.id}/pairs/1/"):
        phone.goto(live_server.url + url)
        line = phone.locator("td.contract .explain").first
        assert line.is_visible() and line.inner_text() == explained
        assert not phone.locator("th.hide-narrow").first.is_visible()
        assert page_fits_the_screen(phone)
    phone.set_viewport_size({"width": 1280, "height": 900})
    assert not phone.locator("td.contract .explain").first.is_visible()  # the columns show
    context.close()
