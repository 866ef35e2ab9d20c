"""The public standings, board report and pair scorecard on a 390 px phone and a 1024 px
tablet: the page never scrolls sideways and the score and IMPs columns are on screen
(minor columns fold away on the phone); rulings wrap instead of widening the tables; the
director's traveller stays inside the page; a passed-out board reads "Pass" with dashes for
its scores. The live standings replace themselves under the Content-Security-Policy.
Screenshots: test-artifacts/layout-*.png."""

import pytest
from django.urls import reverse

from club.management.bench import build_session
from club.models import Result, Session
from club.plan import SessionPlan
from club.schedule import seating_boards
from club.services.results import contract_values, enter_result
from scoring.engine import parse_result
from tests.factories import save_scored

SCREENS = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}
LONG_NAMES = ("Ekaterina Vinogradova-Sokolova", "Konstantin Rozhdestvensky")


@pytest.fixture
def evening(transactional_db):
    """A finished 4-table Mitchell (every board public) with long names, a ruling with its
    note and a passed-out board."""
    session = build_session(4, 3, scheduled=True, name="Layout evening",
                            status=Session.Status.FINISHED)
    pair = session.pairs.get(number=1)
    pair.player1.name, pair.player2.name = LONG_NAMES
    pair.player1.save()
    pair.player2.save()
    passed = Result.objects.filter(board__session=session, round=3, table=2).first()
    passed.set_contract(None, None, None)
    save_scored(passed)
    return session, passed


@pytest.fixture(params=list(SCREENS))
def screen(request, browser):
    phone = request.param == "phone"
    context = browser.new_context(viewport=SCREENS[request.param], is_mobile=phone,
                                  has_touch=phone, device_scale_factor=2 if phone else 1,
                                  locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield request.param, page
    context.close()


def columns(page, table, *headers):
    """A selector for the body cells of the columns with these headers (the rows that have
    a cell for every column: not a sit-out or a board still in play)."""
    texts = [text.strip() for text in page.locator(f"{table} thead th").all_inner_texts()]
    return ", ".join(f"{table} tbody tr:not(.sit-out):not(.in-play) > td:nth-child("
                     f"{texts.index(header) + 1})" for header in headers)


def fits(page, cells, artifacts, name):
    """No sideways scrolling of the page, and every `cells` element shown inside the
    screen (not hidden, not scrolled out of its table's wrapper)."""
    page.screenshot(path=str(artifacts / f"layout-{name}.png"), full_page=True)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    locator = page.locator(cells)
    assert locator.count() > 0, name
    for index in range(locator.count()):
        cell = locator.nth(index)
        assert cell.is_visible(), f"{name}: {cells} #{index} hidden"
        box = cell.evaluate("el => { const r = el.getBoundingClientRect();"
                            " return {left: r.left, right: r.right}; }")
        assert 0 <= box["left"] and box["right"] <= width + 0.5, f"{name}: {box} off screen"


def test_public_pages_fit_the_screen(screen, live_server, evening, artifacts):
    kind, page = screen
    session, passed = evening
    base = live_server.url
    page.goto(base + reverse("standings", args=[session.pk]))
    fits(page, "table.standings td.imps", artifacts, f"standings-{kind}")
    # The players' names are there, stacked under the label on the phone.
    assert page.get_by_text(LONG_NAMES[0], exact=False).first.is_visible()

    page.goto(base + reverse("board-report", args=[session.pk, passed.board.number]))
    scores = columns(page, "table.traveller", "NS score", "EW score")
    fits(page, scores + ", " + columns(page, "table.traveller", "NS IMPs", "EW IMPs"),
         artifacts, f"board-{kind}")
    row = page.locator("table.traveller tbody tr", has=page.locator("td.contract",
                                                                    has_text="Pass"))
    assert row.count() == 1
    texts = row.locator("td").all_inner_texts()
    headers = [h.strip() for h in page.locator("table.traveller thead th").all_inner_texts()]
    assert [texts[headers.index("NS score")], texts[headers.index("EW score")]] == ["—", "—"]

    page.goto(base + reverse("board-report", args=[session.pk, 1]))  # the ruling (table 1)
    assert page.locator("table.traveller .ruling").first.is_visible()
    fits(page, columns(page, "table.traveller", "NS IMPs", "EW IMPs") + ", table.traveller "
         ".ruling", artifacts, f"ruling-{kind}")

    page.goto(base + reverse("pair-scorecard", args=[session.pk, 1]))
    fits(page, columns(page, "table.scorecard", "Score", "IMPs", "Total"), artifacts,
         f"scorecard-{kind}")


def test_the_directors_traveller_stays_inside_the_page(screen, live_server, evening,
                                                       logged_in_page, artifacts):
    kind, _page = screen
    session, _passed = evening
    page = logged_in_page
    page.set_viewport_size(SCREENS[kind])
    page.goto(live_server.url + reverse("entry-traveller", args=[session.pk, 1]))
    page.screenshot(path=str(artifacts / f"layout-director-traveller-{kind}.png"),
                    full_page=True)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_live_standings_replace_themselves(page, live_server, transactional_db,
                                               artifacts):
    """A running session's standings say they are provisional and when they were made;
    the block htmx fetches again (?part=table) swaps in under the CSP with the new result."""
    # Two of three rounds played: a round-3 result is a board's last, which releases it
    # (while play is on the standings count only the boards every table has played).
    session = build_session(3, 3, scheduled=True, name="Live evening",
                            status=Session.Status.RUNNING, played_rounds=2)
    errors = []
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)
    page.goto(live_server.url + reverse("standings", args=[session.pk]))
    live = page.locator("#standings-live")
    assert live.get_attribute("hx-trigger") == "every 15s"
    assert "Provisional, updated" in live.inner_text()
    before = page.locator("table.standings td.boards").all_inner_texts()
    assert "The totals count 0 of 3 boards" in live.inner_text()
    seating = next(s for s in SessionPlan.load(session).seatings if s.round == 3)
    number = next(iter(seating_boards(seating, session.boards_per_round)))
    pairs = {pair.number: pair.pk for pair in session.pairs.all()}
    enter_result(session.boards.get(number=number).pk, ns_pair_id=pairs[seating.ns],
                 ew_pair_id=pairs[seating.ew],
                 values={**contract_values(parse_result("3NT= N")), "round": 3,
                         "table": seating.table})
    # What the 15-second poll does, now: fetch the block again and put it in place.
    page.evaluate("() => htmx.ajax('GET', document.querySelector('#standings-live')"
                  ".getAttribute('hx-get'), {target: '#standings-live', swap: 'outerHTML'})")
    page.wait_for_function(
        "(before) => Array.from(document.querySelectorAll('table.standings td.boards'))"
        ".map(td => td.textContent).join() !== before.join()", arg=before)
    assert page.locator("#standings-live[hx-trigger]").count() == 1  # still polling
    assert "The totals count 1 of 3 boards" in live.inner_text()
    page.screenshot(path=str(artifacts / "layout-live-standings.png"), full_page=True)
    assert not [e for e in errors if "Content Security Policy" in e]
