"""The hand records page at 1366 and 1920 px: no hand overlaps another hand or leaves its
board's box, even with a whole suit in one hand (the widest a hand gets).
Screenshots: test-artifacts/hand-records-*.png."""

import pytest
from django.urls import reverse

from club.services.boards import DealRecord, import_deals
from tests.deals import whole_suit_deals
from tests.factories import make_session


def overlap(a, b):
    return (a["x"] < b["x"] + b["width"] - 0.5 and b["x"] < a["x"] + a["width"] - 0.5
            and a["y"] < b["y"] + b["height"] - 0.5 and b["y"] < a["y"] + a["height"] - 0.5)


def inside(inner, outer):
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


@pytest.mark.parametrize("width", [1366, 1920])
def test_hands_do_not_overlap(logged_in_page, live_server, artifacts, width):
    page = logged_in_page
    session = make_session(tables=3, boards_per_round=4, status="setup")
    # Whole suits: "A K Q J 10 9 8 7 6 5 4 3 2" on one line of a hand.
    import_deals(session.id, [DealRecord(n, deal) for n, (deal, _dealer, _vul)
                              in enumerate(whole_suit_deals(12), start=1)])
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + reverse("hand-records", args=[session.pk]))
    page.screenshot(path=str(artifacts / f"hand-records-{width}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    records = page.locator("article.hand-record")
    assert records.count() == 12
    hands = []
    for index in range(records.count()):
        record = records.nth(index)
        box = record.bounding_box()
        for hand in record.locator(".deal .hand").all():
            hand_box = hand.bounding_box()
            assert inside(hand_box, box), (index, hand_box, box)
            hands.append(hand_box)
        analysis = record.locator(".hand-record-analysis")
        if analysis.count():
            assert inside(analysis.bounding_box(), box)
    assert len(hands) == 48
    for i, first in enumerate(hands):
        for second in hands[i + 1:]:
            assert not overlap(first, second), (first, second)
