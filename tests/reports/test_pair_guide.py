"""A pair's guide card: its whole evening round by round (table, direction, opponents,
boards) from the movement, with "you are here" while play is on; linked from its
scorecard and from the table cards; a fixed number of queries."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.management.bench import build_session
from club.models import Session
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def guide(client, session, number):
    response = client.get(reverse("pair-guide", args=[session.pk, number]))
    assert response.status_code == 200
    return response.content.decode()


def rows(html):
    """Each body row's cells as text, tags and spacing removed."""
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return [[re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_a_mitchell_ew_pair_moves_up_and_meets_each_ns_pair(client):
    # 3 tables: the EW pairs move up a table each round, the boards down.
    session = make_session(tables=3, rounds=3, boards_per_round=2)
    html = guide(client, session, 4)  # 1EW
    assert "Guide card of pair 1EW" in html
    players = session.pairs.get(number=4).players
    assert players in html
    assert [[r[0][:1], *r[1:]] for r in rows(html)] == [
        ["1", "1 EW", f"1NS {session.pairs.get(number=1).players}", "1–2"],
        ["2", "2 EW", f"2NS {session.pairs.get(number=2).players}", "5–6"],
        ["3", "3 EW", f"3NS {session.pairs.get(number=3).players}", "3–4"],
    ]
    assert "you are here" in rows(html)[0][0]  # nothing played yet: round 1
    # Each opponent links to its own guide card.
    assert reverse("pair-guide", args=[session.pk, 1]) in html


def test_you_are_here_follows_the_pairs_results(client):
    session = make_session(tables=3, rounds=3, boards_per_round=2)
    make_result(session, 1, 1, 4, "3NT= N")
    html = guide(client, session, 4)
    assert 'aria-current="step"' in html and "you are here" in rows(html)[0][0]
    make_result(session, 2, 1, 4, "3NT= N")  # round 1 done for 1NS and 1EW
    html = guide(client, session, 4)
    marked = [r[0] for r in rows(html)]
    assert "you are here" not in marked[0] and "you are here" in marked[1]
    assert "You are in round 2." in html
    # Another pair's card has its own round: 2EW has not played yet.
    assert "you are here" in rows(guide(client, session, 5))[0][0]


def test_no_you_are_here_once_play_is_over(client):
    session = make_session(tables=3, rounds=3, boards_per_round=2, status="finished")
    html = guide(client, session, 4)
    assert "you are here" not in html and len(rows(html)) == 3


def test_the_guide_shows_no_result(client):
    # Board numbers are no secret; results are, until every table has played the board.
    session = make_session(tables=3, rounds=3, boards_per_round=2)
    make_result(session, 1, 1, 4, "4S-3 N")
    html = guide(client, session, 2)
    assert "4♠" not in html and "4S" not in html and "-150" not in html


def test_a_sit_out_round(client):
    # 5 pairs on 3 tables: the missing EW pair's opponents sit out.
    session = make_session(tables=3, rounds=3, boards_per_round=2, pairs=5)
    table = rows(guide(client, session, 3))  # 3NS meets the empty seat in round 1
    assert table[0] == ["1 you are here", "Sits out this round"]
    assert [r[1] for r in table[1:]] == ["3 NS", "3 NS"]
    # Round 1 goes on at the other tables: 3NS is still there.
    make_result(session, 1, 1, 4, "3NT= N")
    assert rows(guide(client, session, 3))[0][0] == "1 you are here"
    for board, ns, ew in ((1, 1, 4), (2, 1, 4), (3, 2, 5), (4, 2, 5)):
        if ns != 1 or board != 1:
            make_result(session, board, ns, ew, "3NT= N")
    # Every other table has played round 1: 3NS is now in round 2.
    assert rows(guide(client, session, 3))[1][0] == "2 you are here"


def test_relay_tables_and_arrow_switch_rounds_are_on_the_card(client):
    session = make_session(tables=4, rounds=4, boards_per_round=2, arrangement="relay",
                           arrow_switch="last")
    table = rows(guide(client, session, 1))  # 1NS stays at the relay table 1
    assert [r[1] for r in table] == ["1 NS", "1 NS", "1 NS", "1 EW arrow-switch"]
    assert all("relay" in r[3] for r in table)
    last = rows(guide(client, session, 6))[-1]  # 2EW sits NS in the switched last round
    assert last[1].endswith("NS arrow-switch")


def test_free_seating_and_unknown_pairs(client):
    session = make_session(tables=2, movement="free", rounds=2)
    assert "Free seating: the director tells each pair where to sit." in guide(client,
                                                                               session, 1)
    assert client.get(reverse("pair-guide", args=[session.pk, 9])).status_code == 404
    hidden = make_session(tables=2, status="setup")
    assert client.get(reverse("pair-guide", args=[hidden.pk, 1])).status_code == 404


def test_linked_from_the_scorecard_and_the_table_cards(client, director_client, settings):
    settings.PUBLIC_URL = "https://club.example.org"
    session = make_session(tables=3, rounds=3, boards_per_round=2)
    url = reverse("pair-guide", args=[session.pk, 4])
    scorecard = client.get(reverse("pair-scorecard", args=[session.pk, 4])).content.decode()
    assert f'href="{url}"' in scorecard
    cards = director_client.get(reverse("setup-table-cards", args=[session.pk]))
    html = cards.content.decode()
    assert f'href="{url}"' in html
    # The printed card of table 1 gives its starting pairs' addresses, under PUBLIC_URL.
    card = html.split("Table 1")[1].split("Table 2")[0]
    assert "https://club.example.org" + reverse("pair-guide", args=[session.pk, 1]) in card
    assert "https://club.example.org" + url in card


@pytest.mark.parametrize("anonymous", [True, False])
def test_fixed_number_of_queries(client, director, anonymous):
    if not anonymous:
        client.force_login(director)
    counts = []
    for tables in (3, 11):
        session = build_session(tables, tables, scheduled=True, played_rounds=2,
                                status=Session.Status.RUNNING, name=f"{tables} tables")
        url = reverse("pair-guide", args=[session.pk, tables + 1])
        with CaptureQueriesContext(connection) as captured:
            html = client.get(url).content.decode()
        assert "You are in round 3." in html
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1] <= 6
