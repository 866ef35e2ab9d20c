"""A short Swiss pairs evening in the browser (issue 19): 6 pairs, 3 rounds of 1 board.
The director starts play and each round from the rounds page; three table phones enter
and accept every result; each round's pairings appear on the public Swiss page at once;
the final standings by VPs are checked against VPs computed here from the stored IMPs
with the WBF formula written out again, and no two pairs ever met twice."""

import re
from decimal import Decimal

from django.urls import reverse

from club.models import Result, SwissSeat
from club.services.sessions import create_session
from scoring.models import moscow_table
from tests.e2e.phone_steps import enter_on_phone
from tests.factories import make_pair
from tests.wbf import wbf_vps

# What each table's NS and EW make on each round's board (NS HCP 20 on every board). One
# board a round: rounds of several boards are the phones' and the VP scale's own tests'.
PLAYED = {1: ("4S= N", "3NT-1 N", "1NT+1 N"), 2: ("2H= E", "1NT+1 N", "4S= N"),
          3: ("3C-2 S", "4H= E", "2H= E")}


def test_a_short_swiss_from_start_to_standings(phones, logged_in_page, live_server,
                                               artifacts):
    director, base = logged_in_page, live_server.url
    session = create_session({
        "name": "Swiss Wednesday", "date": "2026-12-02", "movement": "swiss", "tables": 3,
        "rounds": 3, "boards_per_round": 1, "compensation_table": moscow_table()})
    for number in range(1, 7):
        make_pair(session, number)
    director.goto(base + reverse("director-session", args=[session.pk]))
    with director.expect_navigation():
        director.get_by_role("button", name="Start play").click()
    codes = dict(session.table_codes.values_list("table", "code"))
    director.get_by_role("link", name="Swiss rounds").first.click()
    for round in (1, 2, 3):
        if round == 1:
            director.locator("input[name=draw][value=seeded]").check()
        with director.expect_navigation():
            director.get_by_role("button", name=f"Start round {round}").click()
        assert f"Round {round} has started" in director.inner_text(".messages")
        # The pairings are on the public page at once.
        phones[0].goto(base + reverse("swiss", args=[session.pk]))
        rows = phones[0].locator(f"#round-{round} tr[data-table]")
        assert rows.count() == 3
        if round == 1:  # seeded: 1 v 4, 2 v 5, 3 v 6
            assert [rows.nth(i).get_attribute("data-ns") + "v"
                    + rows.nth(i).get_attribute("data-ew") for i in range(3)] == [
                "1v4", "2v5", "3v6"]
        for table, phone in enumerate(phones, start=1):
            phone.goto(f"{base}/t/{codes[table]}/")
            assert phone.get_by_text("Boards this round").is_visible()
            enter_on_phone(phone, base, codes[table], round, PLAYED[table][round - 1])
        if round < 3:
            phones[0].goto(f"{base}/t/{codes[1]}/?round={round}")
            assert phones[0].get_by_text(f"Round {round + 1} is paired once").is_visible()
            director.reload()
    phones[0].screenshot(path=str(artifacts / "swiss-phone.png"), full_page=True)

    # Every pair met three different pairs.
    meetings = [frozenset(pair) for pair in SwissSeat.objects.filter(
        session=session, north_south=True).values_list("pair__number", "opponents__number")]
    assert len(meetings) == len(set(meetings)) == 9

    # VPs computed here from the stored compensation IMPs of each match.
    seats = {(s.round, s.pair.number): s.opponents.number
             for s in SwissSeat.objects.filter(session=session).select_related(
                 "pair", "opponents")}
    margins = {}
    for result in Result.objects.filter(board__session=session).select_related(
            "board", "ns_pair", "ew_pair"):
        round = result.board.number
        assert seats[round, result.ns_pair.number] == result.ew_pair.number
        for pair, imps in ((result.ns_pair.number, result.ns_imps),
                           (result.ew_pair.number, result.ew_imps)):
            margins[round, pair] = margins.get((round, pair), 0) + imps
    expected = {}
    for (_round, pair), margin in margins.items():
        expected[pair] = expected.get(pair, Decimal(0)) + wbf_vps(margin, 1)
    assert len(margins) == 18 and len(set(expected.values())) > 1

    director.goto(base + reverse("swiss", args=[session.pk]))
    director.screenshot(path=str(artifacts / "swiss-standings.png"), full_page=True)
    shown = []
    for row in director.locator("table.swiss-standings tbody tr").all():
        cells = [cell.inner_text().strip() for cell in row.locator("td").all()]
        shown.append((int(cells[1]), Decimal(cells[4])))
    assert dict(shown) == expected
    vps = [value for _pair, value in shown]
    assert vps == sorted(vps, reverse=True)
    assert "in play" not in director.inner_text("main")
    assert re.search(r"Round 3", director.inner_text("main"))
