"""A pair's guide card on a 390 px phone: it never scrolls sideways, the round the pair is
in is on screen and marked; printed, the buttons go and the rounds stay.
Screenshots: test-artifacts/guide-*.png."""

import pytest
from django.urls import reverse

from club.management.bench import build_session
from club.models import Session

LONG_NAMES = ("Ekaterina Vinogradova-Sokolova", "Konstantin Rozhdestvensky")


@pytest.fixture
def evening(transactional_db):
    """A 7-table Mitchell in play, two rounds played, long names on 1NS."""
    session = build_session(7, 7, scheduled=True, played_rounds=2, boards_per_round=2,
                            name="Guide evening", status=Session.Status.RUNNING)
    pair = session.pairs.get(number=1)
    pair.player1.name, pair.player2.name = LONG_NAMES
    pair.player1.save()
    pair.player2.save()
    return session


def test_guide_card_on_a_phone_and_printed(browser, live_server, evening, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(live_server.url + reverse("pair-guide", args=[evening.pk, 8]))  # 1EW
    page.screenshot(path=str(artifacts / "guide-phone.png"), full_page=True)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    here = page.locator("tr[aria-current=step]")
    assert here.count() == 1 and "you are here" in here.inner_text()
    assert here.locator("td").first.inner_text().startswith("3")
    for cell in page.locator("table.guide tbody td").all():
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    # 1NS's long names wrap inside the screen on the round 1EW meets them.
    assert LONG_NAMES[0] in page.locator("table.guide").inner_text()
    page.emulate_media(media="print")
    page.screenshot(path=str(artifacts / "guide-print.png"), full_page=True)
    assert not page.get_by_role("link", name="Scorecard").is_visible()
    assert page.locator("table.guide tbody tr").count() == 7
    context.close()
