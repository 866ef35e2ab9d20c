"""The per-board IMP report (traveller): the deal, every result and its IMPs, rulings marked."""

import pytest

from club.models import Result, Session
from club.services.boards import update_board
from scoring.engine import parse_result
from tests.factories import make_not_played, make_result, make_session, save_scored

pytestmark = pytest.mark.django_db

# Each hand holds one suit's AKQJ (10 HCP each); West has no spades.
DEAL = "N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987"


@pytest.fixture
def session():
    session = make_session(tables=3, boards_per_round=2)  # boards 1-6
    board = session.boards.get(number=5)  # dealer N, NS vulnerable
    board.ns_hcp = 26
    board.save()
    make_result(session, 5, 1, 4, "4SX-3 W", table=1, round=1)
    make_result(session, 5, 2, 5, "4S= N", table=2, round=1)
    make_result(session, 5, 3, 6, "3NT= N", table=3, round=1,
                ns_adjustment="ave+", ew_adjustment="ave-")
    return session


def publish(session):
    Session.objects.filter(pk=session.pk).update(status="published")


def row_of(html, marker):
    """The <tr> holding `marker`."""
    position = html.index(marker)
    return html[html.rindex("<tr", 0, position):html.index("</tr>", position)]


def test_board_facts_and_results(client, session):
    response = client.get(f"/sessions/{session.id}/boards/5/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Board 5" in html
    assert "<dd>North</dd>" in html and "<dd>NS vulnerable</dd>" in html and "<dd>26</dd>" in html
    # Worked example 4: EW sacrifice 4SX-3 by W: NS +500, compensation +520, net -20, -1/+1.
    row = row_of(html, ">1NS</a>")
    assert '4<span class="suit-S">♠</span>X−3' in row
    assert ">W</td>" in row
    assert '<td class="num">500</td><td class="num"></td>' in row
    assert "+520" in row and "−20" in row
    assert '<td class="num neg">−1</td><td class="num pos">+1</td>' in row
    # 4S= N vulnerable: 620 - 520 = +100 -> +3 IMPs.
    row = row_of(html, ">2NS</a>")
    assert '<td class="num">620</td>' in row and "+100" in row
    assert '<td class="num pos">+3</td><td class="num neg">−3</td>' in row


def test_adjusted_result_is_marked_with_the_ruling(client, session):
    html = client.get(f"/sessions/{session.id}/boards/5/").content.decode()
    row = row_of(html, ">3NS</a>")
    assert 'class="adjusted"' in row
    assert "NS Ave+; EW Ave−" in row
    assert '<td class="num pos">+3</td><td class="num neg">−3</td>' in row


def test_assigned_result_is_shown(client, session):
    result = Result.objects.get(board__number=5, ns_pair__number=2)
    result.assigned = True
    result.set_assigned(*parse_result("4H-1 N"))
    save_scored(result)
    html = client.get(f"/sessions/{session.id}/boards/5/").content.decode()
    row = row_of(html, ">2NS</a>")
    assert 'class="adjusted"' in row
    assert 'assigned: 4<span class="suit-H">♥</span>−1 N' in row
    # Scored as the assigned 4H-1 (NS vulnerable): -100 - 520 = -620 -> -12.
    assert '<td class="num"></td><td class="num">100</td>' in row
    assert '<td class="num neg">−12</td><td class="num pos">+12</td>' in row


def test_deal_diagram_with_suit_symbols(client, session):
    publish(session)  # a running session hides the boards still in play
    board = session.boards.get(number=1)
    board.deal = DEAL
    board.save()
    html = client.get(f"/sessions/{session.id}/boards/1/").content.decode()
    assert 'class="hand north"' in html and 'class="hand west"' in html
    assert '<span class="suit-S">♠</span> A K Q J' in html
    assert '<span class="suit-H">♥</span> 10 9 8' in html  # T written as 10
    assert '<span class="suit-S">♠</span> —' in html  # West's void
    assert html.count("10 HCP") == 4


def test_double_dummy_and_par_beside_the_compensation(client, session):
    """Board 5: NS (26 HCP, vulnerable) owe 520; the cards hold par 4SX-1 by NS."""
    board = session.boards.get(number=5)
    update_board(board.pk, {"deal": DEAL, "ns_hcp": 26})
    html = client.get(f"/sessions/{session.id}/boards/5/").content.decode()
    table = html[html.index('class="dd-table"'):html.index("</table>", html.index("dd-table"))]
    # Hearts and diamonds are East-West's: 10 tricks each; spades North-South's: 9.
    assert '<th><span class="suit-H">♥</span></th><td class="num">1</td><td class="num">10</td>' \
        in table
    assert '<th><span class="suit-S">♠</span></th><td class="num">9</td><td class="num">4</td>' \
        in table
    par = html[html.index("Par (NS)"):html.index("</dd>", html.index("Par (NS)"))]
    assert "−200" in par and "4<span class=\"suit-S\">♠</span>X−1 N" in par
    assert "<dd>+520</dd>" in html  # what 26 HCP vulnerable expect
    assert "<dd>−720</dd>" in html  # par against that: the cards were unkind
    # 4SX-3 by W scored +500 for NS: 700 more than par.
    assert "+700" in row_of(html, ">1NS</a>")


def test_no_diagram_without_a_deal(client, session):
    html = client.get(f"/sessions/{session.id}/boards/5/").content.decode()
    assert 'class="hand north"' not in html


def test_previous_next_and_all_boards(client, session):
    publish(session)  # a running session hides the boards still in play
    html = client.get(f"/sessions/{session.id}/boards/1/").content.decode()
    assert 'rel="prev"' not in html
    assert f'href="/sessions/{session.id}/boards/2/" rel="next"' in html
    for number in range(1, 7):
        assert f'href="/sessions/{session.id}/boards/{number}/"' in html
    html = client.get(f"/sessions/{session.id}/boards/6/").content.decode()
    assert f'href="/sessions/{session.id}/boards/5/" rel="prev"' in html
    assert 'rel="next"' not in html
    assert "No results on this board yet." in html


def test_unknown_board_is_404(client, session):
    assert client.get(f"/sessions/{session.id}/boards/7/").status_code == 404


def test_per_table_hcp_when_not_duplicated(client, db):
    session = make_session(tables=3, duplicated=False, status="published")
    make_result(session, 1, 1, 4, "1NT= N", ns_hcp=23, table=1)
    make_result(session, 1, 2, 5, "1NT= N", ns_hcp=17, table=2)
    html = client.get(f"/sessions/{session.id}/boards/1/").content.decode()
    assert "per table" in html
    assert '<td class="num hide-narrow">23</td>' in row_of(html, ">1NS</a>")
    assert '<td class="num hide-narrow">17</td>' in row_of(html, ">2NS</a>")


def test_board_list_links_every_board(client, session):
    publish(session)  # a running session hides the boards still in play
    html = client.get(f"/sessions/{session.id}/boards/").content.decode()
    for number in range(1, 7):
        assert f'href="/sessions/{session.id}/boards/{number}/"' in html
    row = row_of(html, f'href="/sessions/{session.id}/boards/5/"')
    assert '<td class="num">26</td><td class="num">3</td>' in row  # HCP, results


def test_a_board_not_played_says_so_with_its_adjusted_scores(client, session):
    Result.objects.filter(board__number=5, ns_pair__number=3).delete()
    make_not_played(session, 5, 3, 6, "ave+", "ave-", table=3, round=1)
    html = client.get(f"/sessions/{session.id}/boards/5/").content.decode()
    row = row_of(html, ">3NS</a>")
    assert 'class="adjusted"' in row
    assert "Not played" in row and "NS Ave+; EW Ave−" in row
    # No score, compensation or net: only the IMPs.
    assert '<td class="num"></td><td class="num"></td>' in row  # no score either side
    assert '<td class="num hide-narrow"></td><td class="num hide-narrow"></td>' in row
    assert '<td class="num pos">+3</td><td class="num neg">−3</td>' in row


def test_board_rows_of_a_board_not_played(session):
    from reports.presenters import board_rows

    Result.objects.filter(board__number=5, ns_pair__number=3).delete()
    result = make_not_played(session, 5, 3, 6, "ave", "ave-")
    names = {p.id: (p.number, p.players) for p in session.pairs.all()}
    (row,) = board_rows(session, [result], names, "/x/", par_score=420)
    assert (row["contract"], row["declarer"], row["outcome"], row["tricks"]) == (
        "Not played", "", "", None)
    assert (row["ns_score"], row["ew_score"], row["passed"], row["compensation"],
            row["net"], row["vs_par"]) == ("", "", False, "", "", "")
    assert row["not_played"] and row["ruling"] == "NS Ave; EW Ave−"
    assert (row["ns_imps"], row["ew_imps"]) == (("", "0"), ("neg", "−3"))


def test_a_passed_out_board_says_pass_with_dashes_for_the_scores(client, db):
    session = make_session(tables=3, boards_per_round=2)
    # Passed out, NS 23 HCP not vulnerable: 0 - 110 = -110 -> NS -3.
    make_result(session, 1, 1, 4, "pass", board_hcp=23, table=1, round=1)
    publish(session)  # the other tables have not played board 1
    row = row_of(client.get(f"/sessions/{session.id}/boards/1/").content.decode(), ">1NS</a>")
    assert "Pass" in row and "PASS" not in row
    assert '<td class="num">—</td><td class="num">—</td>' in row  # no score either side
    # No 0 for a score; the only 0s are its Butler IMPs (the board's only result: its datum).
    assert row.count(">0<") == 2
    assert '<td class="num hide-narrow">0</td><td class="num hide-narrow">0</td>' in row
    assert "−110" in row
    assert '<td class="num neg">−3</td><td class="num pos">+3</td>' in row


def test_matchpoints_and_butler_beside_the_compensation(client, session):
    """Board 5's NS scores: +500, +620 and +600 (the last with NS Ave+ and EW Ave-).
    Matchpoints on a top of 4: +500 beats nothing (0 %), +620 beats both (100 %); the
    ruled result's sides get 60 % and 40 %. Butler: the datum without the highest and the
    lowest is 600, so +500 is -100 (-3 IMPs) and +620 is +20 (+1); the ruled sides +3/-3."""
    html = client.get(f"/sessions/{session.id}/boards/5/").content.decode()
    cells = '<td class="num hide-narrow">{}</td><td class="num hide-narrow">{}</td>'
    expected = {">1NS</a>": ("0.0", "100.0", "−3", "+3"),
                ">2NS</a>": ("100.0", "0.0", "+1", "−1"),
                ">3NS</a>": ("60.0", "40.0", "+3", "−3")}
    for marker, (ns_pct, ew_pct, ns_butler, ew_butler) in expected.items():
        row = row_of(html, marker)
        assert cells.format(ns_pct, ew_pct) in row and cells.format(ns_butler, ew_butler) in row
    assert "Butler is IMPs against the board" in html
