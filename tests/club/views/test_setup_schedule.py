"""The schedule page (rounds x tables) and the printable table cards."""

import re
from itertools import combinations

import pytest
from django.urls import reverse

from tests.factories import make_session

pytestmark = pytest.mark.django_db


def schedule_page(client, session, name="setup-schedule", **params):
    response = client.get(reverse(name, args=[session.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def cell(page, rnd, table):
    """The text of one schedule cell, tags removed and spaces squeezed."""
    match = re.search(rf'data-round="{rnd}" data-table="{table}">(.*?)</td>', page, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", match[1]).split())


def test_a_four_table_mitchell_with_its_skip(director_client):
    session = make_session(tables=4, status="setup")
    page = schedule_page(director_client, session)
    # NS stay; EW move up a table, boards down a table; after round 2 (half of 4 tables)
    # the EW pairs skip a table. So at table 1: 1EW, then 4EW (from table 4), then 2EW
    # (at table 3 in round 2, two tables up); boards 1-2, then 3-4, then 5-6.
    assert cell(page, 1, 1) == "1NS – 1EW boards 1–2"
    assert cell(page, 2, 1) == "1NS – 4EW boards 3–4"
    assert cell(page, 3, 1) == "1NS – 2EW boards 5–6"
    assert cell(page, 1, 4) == "4NS – 4EW boards 7–8"
    assert cell(page, 3, 4) == "4NS – 1EW boards 3–4"
    assert 'data-round="4"' not in page  # 3 rounds
    assert "Table 4" in page and "Table 5" not in page


def test_a_mitchell_with_an_odd_field_shows_the_sit_outs(director_client):
    session = make_session(tables=3, pairs=5, status="setup")
    page = schedule_page(director_client, session)
    # The missing 3EW starts at table 3 and moves up: its NS opponents sit out.
    assert cell(page, 1, 3) == "3NS sits out"
    assert cell(page, 2, 1) == "1NS sits out"
    assert cell(page, 3, 2) == "2NS sits out"
    assert cell(page, 1, 1) == "1NS – 1EW boards 1–2"
    assert "do not fit" not in page


def test_a_howell_lets_every_pair_meet_every_other_once(director_client):
    session = make_session(tables=2, movement="howell", rounds=3, boards_per_round=3,
                           status="setup")
    page = schedule_page(director_client, session)
    meetings = []
    for rnd in (1, 2, 3):
        for table in (1, 2):
            ns, _dash, ew, *boards = cell(page, rnd, table).split()
            meetings.append(frozenset((int(ns), int(ew))))
    assert sorted(meetings, key=sorted) == sorted(
        (frozenset(p) for p in combinations(range(1, 5), 2)), key=sorted)
    # Four pairs share the boards: both tables of a round play the same set of 3 boards.
    assert cell(page, 1, 1).endswith("boards 1–3") and cell(page, 1, 2).endswith("boards 1–3")


def test_free_seating_has_no_schedule(director_client):
    session = make_session(tables=3, movement="free", rounds=4, status="setup")
    for name in ("setup-schedule", "setup-table-cards"):
        page = schedule_page(director_client, session, name)
        assert "Free seating: pairs sit where they like, so there is no schedule" in page
        assert "data-round" not in page and '<section class="table-card">' not in page


def test_until_the_pairs_fit_the_schedule_is_for_the_full_room(director_client):
    session = make_session(tables=3, pairs=4, boards=False, status="setup")
    page = schedule_page(director_client, session)
    assert "the registered pairs do not fit it yet" in page
    assert "4 pairs registered; 3 tables need 6 pairs, or 5 with a sit-out each round." in page
    assert cell(page, 1, 3) == "3NS – 3EW boards 5–6"


def test_table_cards_give_each_table_its_rounds(director_client):
    session = make_session(tables=4, status="setup")
    pairs = {p.label: p.players for p in session.pairs.all()}
    page = schedule_page(director_client, session, "setup-table-cards")
    cards = re.findall(r'<section class="table-card">(.*?)</section>', page, re.S)
    assert len(cards) == 4
    rows = [" ".join(re.sub(r"<[^>]+>", " ", row).split())
            for row in re.findall(r"<tr>(.*?)</tr>", cards[1], re.S)[1:]]
    # Table 2: 2NS stays; 2EW, then 1EW (up from table 1), then 3EW (from table 4, two
    # tables up after the skip); board sets 2, 3, 4 come down from the next table. The
    # last column guides the room: where the pairs and boards go next.
    assert rows == [
        f"1 2NS {pairs['2NS']} 2EW {pairs['2EW']} 3–4 2NS stays 2EW to table 3 "
        "boards to table 1",
        f"2 2NS {pairs['2NS']} 1EW {pairs['1EW']} 5–6 2NS stays 1EW to table 4 "
        "boards to table 1",
        f"3 2NS {pairs['2NS']} 3EW {pairs['3EW']} 7–8 —",
    ]
    assert "Table 2" in cards[1]
    assert 'class="table-cards"' in page


def test_table_cards_show_a_sit_out(director_client):
    session = make_session(tables=3, pairs=5, status="setup")
    page = schedule_page(director_client, session, "setup-table-cards")
    card = re.findall(r'<section class="table-card">(.*?)</section>', page, re.S)[2]
    first = " ".join(re.sub(r"<[^>]+>", " ", re.findall(r"<tr[^>]*>(.*?)</tr>", card,
                                                         re.S)[1]).split())
    assert first.startswith("1 3NS") and first.endswith("— sit-out 3NS stays")


def test_table_cards_print_one_per_page_on_request(director_client):
    session = make_session(tables=2, status="setup")
    page = schedule_page(director_client, session, "setup-table-cards", layout="page")
    assert 'class="table-cards one-per-page"' in page


@pytest.mark.parametrize("name", ["setup-schedule", "setup-table-cards"])
@pytest.mark.parametrize("tables", [3, 14])
def test_a_fixed_number_of_queries(director_client, django_assert_max_num_queries, name,
                                   tables):
    session = make_session(tables=tables, status="setup")
    with django_assert_max_num_queries(5):  # auth (3), session, pairs with players
        director_client.get(reverse(name, args=[session.pk]))


@pytest.mark.parametrize("name", ["setup-schedule", "setup-table-cards"])
def test_a_three_table_howell_needs_three_copies_of_each_board_set(director_client, name):
    session = make_session(tables=3, movement="howell", rounds=5, status="setup")
    page = schedule_page(director_client, session, name)
    assert ("Make 3 copies of each board set: up to 3 tables play the same boards in one "
            "round.") in page
    if name == "setup-schedule":
        # The last round seats every table on the same boards.
        boards = {cell(page, 5, table).split("boards")[-1] for table in (1, 2, 3)}
        assert len(boards) == 1


def test_a_two_table_howell_needs_two_copies(director_client):
    session = make_session(tables=2, movement="howell", rounds=3, status="setup")
    assert "Make 2 copies of each board set" in schedule_page(director_client, session)


@pytest.mark.parametrize(("tables", "movement"), [(4, "mitchell"), (3, "mitchell"),
                                                   (4, "howell")])
def test_one_copy_goes_unsaid(director_client, tables, movement):
    session = make_session(tables=tables, movement=movement, status="setup",
                           rounds=None if movement == "mitchell" else 7)
    for name in ("setup-schedule", "setup-table-cards"):
        assert "copies of each board set" not in schedule_page(director_client, session, name)


def test_a_relay_and_bye_stand_on_the_schedule(director_client):
    session = make_session(tables=4, rounds=4, status="setup", arrangement="relay")
    page = schedule_page(director_client, session)
    # docs/movements.md: round 1 plays sets 1, 2, 4 and 1 (tables 1 and 4 relay set 1),
    # set 3 rests on the bye stand; round 2 plays 2, 3, 1, 2 with set 4 on the stand.
    assert cell(page, 1, 1) == "1NS – 1EW boards 1–2 relay"
    assert cell(page, 1, 3) == "3NS – 3EW boards 7–8"
    assert cell(page, 1, 4) == "4NS – 4EW boards 1–2 relay"
    assert cell(page, 2, 4) == "4NS – 3EW boards 3–4 relay"
    stands = re.findall(r'<td class="bye-stand" data-round="(\d)">(.*?)</td>', page)
    assert stands == [("1", "boards 5–6"), ("2", "boards 7–8"), ("3", "boards 1–2"),
                      ("4", "boards 3–4")]
    assert "Bye stand" in page and "tables 1 and 4 play the same boards" in page
    # The relay tables pass one copy between them: nothing more to make.
    assert "copies of each board set" not in page


def test_a_skip_shows_no_bye_stand(director_client):
    session = make_session(tables=4, status="setup", arrangement="skip")
    page = schedule_page(director_client, session)
    assert cell(page, 3, 4) == "4NS – 1EW boards 3–4"
    assert "Bye stand" not in page and "relay" not in page


def test_table_cards_guide_the_relay_and_the_arrow_switch(director_client):
    session = make_session(tables=4, rounds=4, status="setup", arrangement="relay",
                           arrow_switch="last")
    page = schedule_page(director_client, session, "setup-table-cards")
    cards = re.findall(r'<section class="table-card">(.*?)</section>', page, re.S)
    rows = [" ".join(re.sub(r"<[^>]+>", " ", row).split())
            for row in re.findall(r"<tr>(.*?)</tr>", cards[0], re.S)[1:]]
    names = {p.label: p.players for p in session.pairs.all()}
    # Table 1 relays set 1 with table 4; the set moves on to table 3; the last round is
    # arrow-switched: 2EW sits North-South against 1NS.
    assert rows[0] == (f"1 1NS {names['1NS']} 1EW {names['1EW']} 1–2 relay 1NS stays "
                       "1EW to table 2 boards to table 3")
    assert rows[3] == f"4 2EW {names['2EW']} 1NS {names['1NS']} 7–8 relay arrow-switch —"

    def first_row(card):
        row = re.findall(r"<tr>(.*?)</tr>", card, re.S)[1]
        return " ".join(re.sub(r"<[^>]+>", " ", row).split())

    # The sets go relay -> table 3 -> bye stand -> table 2 -> relay: table 2's set goes to
    # both relay tables, table 3's to the stand.
    assert first_row(cards[1]).endswith("boards to tables 1, 4")
    assert first_row(cards[2]).endswith("boards to the bye stand")


@pytest.mark.parametrize("name", ["setup-schedule", "setup-table-cards"])
def test_a_relay_costs_no_query_more(director_client, django_assert_max_num_queries, name):
    counts = []
    for tables in (4, 14):
        session = make_session(tables=tables, rounds=tables, status="setup",
                               arrangement="relay", arrow_switch="last")
        with django_assert_max_num_queries(5) as captured:
            director_client.get(reverse(name, args=[session.pk]))
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]
