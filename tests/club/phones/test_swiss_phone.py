"""The table phones of a Swiss pairs session (issue 19): the round just finished (each
pair's IMPs, VPs and opponents, once the round's boards are public), the next round's
table, direction and opponents as soon as the director starts it, and the VP scale for the
round's length on the phone itself; a fixed number of queries, and an ETag that changes
with what the page shows."""

import pytest
from django.urls import reverse

from club.models import SwissSeat
from club.services.results import contract_values, enter_result
from club.services.swiss import start_swiss_round
from scoring.engine import parse_result
from tests.club.views.test_swiss_pages import play_round, swiss_session

pytestmark = pytest.mark.django_db


def phone(session, table, round=None):
    url = reverse("table", args=[session.table_codes.get(table=table).code])
    return url + (f"?round={round}" if round else "")


def play_table(session, round, table, text):
    """Enter `text` on each of the round's boards at one table only."""
    seat = SwissSeat.objects.get(session=session, round=round, table=table, north_south=True)
    for offset in range(session.boards_per_round):
        number = (round - 1) * session.boards_per_round + offset + 1
        enter_result(session.boards.get(number=number).pk, ns_pair_id=seat.pair_id,
                     ew_pair_id=seat.opponents_id, values=contract_values(parse_result(text)),
                     board_hcp=20)


def compact(html):
    return " ".join(html.split())


def test_the_round_just_finished_shows_once_its_boards_are_public(client):
    session = swiss_session(pairs=6, rounds=3, boards=2)
    start_swiss_round(session.pk)  # seeded: 1 v 4 at table 1, 2 v 5, 3 v 6
    url = phone(session, 1, round=1)
    # 2S= N on both boards, 20 HCP each side: +110, 3 IMPs a board to pair 1.
    play_table(session, 1, 1, "2S= N")
    first = client.get(url)
    html = compact(first.content.decode())
    # The other tables have not played boards 1 and 2: nothing computed from them shows.
    assert "Your IMPs and VPs for this round show here once every table has played" in html
    assert 'class="swiss-match"' not in html
    play_table(session, 1, 2, "pass")
    play_table(session, 1, 3, "pass")
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    html = compact(again.content.decode())
    assert "Round 1: your result" in html
    # A margin of 6 IMPs over 2 boards: blitz 15 x sqrt(2) = 21.21 IMPs, so the winner has
    # 10 + 10 x (1 - tau^(18 / 21.21)) / (1 - tau^3) = 14.39 VPs. Pair 1 leads; 2, 3, 5 and
    # 6 drew (10.00 each), pair 4 is last.
    assert ('<tr class="swiss-ns"><td><strong>1</strong> v 4</td><td class="num">+6</td>'
            '<td class="num">14.39</td><td class="num">14.39</td><td class="num">1</td></tr>'
            ) in html
    assert ('<tr class="swiss-ew"><td><strong>4</strong> v 1</td><td class="num">−6</td>'
            '<td class="num">5.61</td><td class="num">5.61</td><td class="num">6</td></tr>'
            ) in html


def test_the_next_rounds_table_direction_and_opponents_as_soon_as_it_starts(client):
    session = swiss_session(pairs=6, rounds=3, boards=2)
    start_swiss_round(session.pk)
    play_table(session, 1, 1, "2S= N")
    play_table(session, 1, 2, "pass")
    play_table(session, 1, 3, "pass")
    url = phone(session, 1, round=1)
    before = client.get(url)
    assert "Round 2 is paired once every table has finished" in before.content.decode()
    start_swiss_round(session.pk)
    # Standings 1 (14.39), then 2, 3, 5, 6 (10.00, by number), then 4: 1 v 2 at table 1,
    # 3 v 5 at table 2, 6 v 4 at table 3; the better-placed pair sits North-South.
    after = client.get(url, headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    html = compact(after.content.decode())
    assert ("<strong>1</strong> stays at <strong>table 1</strong>, North-South, against "
            "<strong>2</strong>.") in html
    assert ("<strong>4</strong> goes to <strong>table 3</strong>, East-West, against "
            "<strong>6</strong>.") in html


def test_a_pair_with_the_next_rounds_bye_is_told_it_sits_out(client):
    session = swiss_session(pairs=5, rounds=3, boards=2)
    start_swiss_round(session.pk)  # 1 v 3 at table 1, 2 v 4 at table 2, 5 has the bye
    play_table(session, 1, 1, "pass")
    play_table(session, 1, 2, "2S= N")  # 2 wins, 4 is last
    start_swiss_round(session.pk)  # the lowest-placed pair without a bye, 4, sits out
    html = compact(client.get(phone(session, 2, round=1)).content.decode())
    assert "<strong>4</strong> sits out." in html
    assert "<strong>2</strong> goes to <strong>table 1</strong>" in html


def test_the_vp_scale_for_the_rounds_length_is_on_the_phone(client):
    session = swiss_session(pairs=4, rounds=3, boards=2)
    start_swiss_round(session.pk)
    html = compact(client.get(phone(session, 1)).content.decode())
    assert "Victory points for a round of 2 boards" in html
    # One IMP: 10 + 10 x (1 - tau^(3 / 21.21)) / (1 - tau^3) = 10.86; the blitz, 22 IMPs
    # (21.21 rounded up) and more, is 20.00 to 0.00.
    assert ('<td class="num">0</td><td class="num">10.00</td><td class="num">10.00</td>'
            in html)
    assert '<td class="num">1</td><td class="num">10.86</td><td class="num">9.14</td>' in html
    assert '<td class="num">22+</td><td class="num">20.00</td><td class="num">0.00</td>' in html
    assert html.count("<tr><td class=\"num\">") == 23  # margins 0 to 22


def test_the_swiss_round_page_runs_a_fixed_number_of_queries(client,
                                                             django_assert_max_num_queries):
    counts = []
    for pairs in (4, 14):
        session = swiss_session(pairs=pairs, rounds=3, boards=2)
        start_swiss_round(session.pk)
        play_round(session, 1)
        start_swiss_round(session.pk)
        with django_assert_max_num_queries(14) as page:
            html = client.get(phone(session, 1, round=1)).content.decode()
        assert "Round 1: your result" in html and "Round 2: where to go" in html
        counts.append(len(page.captured_queries))
    assert counts[0] == counts[1]
