"""A pair's scorecard: every board it played, from its own side, with a running total."""

import pytest

from tests.factories import make_not_played, make_result, make_session

pytestmark = pytest.mark.django_db


def row_of(html, marker):
    position = html.index(marker)
    return html[html.rindex("<tr", 0, position):html.index("</tr>", position)]


@pytest.fixture
def session():
    # NS 1-3, EW 4-6 (1EW-3EW)
    session = make_session(tables=3, boards_per_round=2, status="published")
    # Board 1, none vulnerable, NS 22 HCP, 4C= N: NS +130 - 70 = +60 -> NS +2, EW -2.
    make_result(session, 1, 1, 4, "4C= N", board_hcp=22, round=1, table=1)
    # Board 3, EW vulnerable, NS 15 (EW 25) HCP, 3NT= E: -600 - (-440) = -160 -> NS -4, EW +4.
    make_result(session, 3, 2, 4, "3NT= E", board_hcp=15, round=2, table=2)
    return session


def test_scorecard_rows_from_the_pairs_side(client, session):
    response = client.get(f"/sessions/{session.id}/pairs/4/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Pair 1EW" in html
    first = row_of(html, f'href="/sessions/{session.id}/boards/1/"')
    assert f'href="/sessions/{session.id}/pairs/1/">1NS</a>' in first
    assert ">EW</td>" in first
    assert '4<span class="suit-C">♣</span>=' in first
    assert '<td class="hide-narrow">N</td><td class="num hide-narrow">10</td>' in first
    # Score, HCP, compensation from EW's side: -130, 18, -70; IMPs -2, total -2.
    assert '<td class="num">−130</td><td class="num hide-narrow">18</td>' in first
    assert '<td class="num hide-narrow">−70</td>' in first
    assert '<td class="num neg">−2</td><td class="num neg">−2</td>' in first
    second = row_of(html, f'href="/sessions/{session.id}/boards/3/"')
    assert '<td class="num">+600</td><td class="num hide-narrow">25</td>' in second
    assert '<td class="num hide-narrow">+440</td>' in second
    assert '<td class="num pos">+4</td><td class="num pos">+2</td>' in second
    assert html.index("boards/1/") < html.index("boards/3/")  # round order


def test_ns_side_scorecard(client, session):
    html = client.get(f"/sessions/{session.id}/pairs/1/").content.decode()
    row = row_of(html, f'href="/sessions/{session.id}/boards/1/"')
    assert ">NS</td>" in row
    assert '<td class="num">+130</td><td class="num hide-narrow">22</td>' in row
    assert '<td class="num pos">+2</td><td class="num pos">+2</td>' in row


def test_summary_and_chart(client, session):
    html = client.get(f"/sessions/{session.id}/pairs/4/").content.decode()
    # Pair 4 totals +2 over 2 boards; pair 5 and 6 have 0, pair 1 +2: 1EW shares rank 1.
    assert "<dd>1=</dd>" in html
    assert '<dd class="pos">+2</dd>' in html and "<dd>+1.00</dd>" in html
    svg = html[html.index("<svg"):html.index("</svg>")]
    assert "<script" not in svg  # drawn on the server, no JavaScript
    assert "<title>Board 1: −2</title>" in svg and "<title>Board 3: +2</title>" in svg
    assert svg.count('<circle class="dot') == 2


def test_a_pair_without_boards(client, session):
    html = client.get(f"/sessions/{session.id}/pairs/6/").content.decode()
    assert "has not played a board yet" in html
    assert "<svg" not in html


def test_sit_out_rounds_are_shown(client, db):
    # 5 pairs in a 3-table Mitchell: EW pair 6 is a phantom starting at table 3, so NS
    # pair 3 sits out in round 1.
    session = make_session(tables=3, pairs=5, status="published")
    make_result(session, 3, 3, 5, "1NT= N", round=2, table=3)
    html = client.get(f"/sessions/{session.id}/pairs/3/").content.decode()
    sit_out = row_of(html, "Sits out")
    assert '<td class="num">1</td>' in sit_out
    assert html.index("Sits out") < html.index(f"/sessions/{session.id}/boards/3/")


def test_adjusted_result_is_marked(client, session):
    make_result(session, 5, 3, 4, "2S= N", board_hcp=20, round=3, table=3,
                ns_adjustment="ave-", ew_adjustment="ave+")
    html = client.get(f"/sessions/{session.id}/pairs/4/").content.decode()
    row = row_of(html, f'href="/sessions/{session.id}/boards/5/"')
    assert 'class="adjusted"' in row and "NS Ave−; EW Ave+" in row
    assert '<td class="num pos">+3</td><td class="num pos">+5</td>' in row


def test_unknown_pair_is_404(client, session):
    assert client.get(f"/sessions/{session.id}/pairs/7/").status_code == 404


def test_a_board_not_played_on_the_scorecard(client, session):
    make_not_played(session, 5, 3, 4, "ave-", "ave+", round=3, table=1)
    html = client.get(f"/sessions/{session.id}/pairs/4/").content.decode()
    row = row_of(html, f'href="/sessions/{session.id}/boards/5/"')
    assert "Not played" in row and "NS Ave−; EW Ave+" in row
    assert '<td class="num"></td>' in row  # no score
    assert '<td class="num pos">+3</td>' in row  # EW's Average plus


def test_the_line_in_russian(client, session):
    html = client.get(f"/sessions/{session.id}/pairs/4/",
                      HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9").content.decode()
    row = row_of(html, f'href="/sessions/{session.id}/boards/1/"')
    assert ">ВЗ</td>" in row and ">EW</td>" not in row
    html = client.get(f"/sessions/{session.id}/pairs/1/",
                      HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9").content.decode()
    assert ">СЮ</td>" in row_of(html, f'href="/sessions/{session.id}/boards/1/"')
