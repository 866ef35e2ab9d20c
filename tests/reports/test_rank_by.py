"""The standings ranked by another method (?method=): matchpoints, Butler and cross-IMPs
computed from the same table scores as the official compensation ranking, on the page, in
the live block and in the downloads, with the method in the ETag and the cache key.

The expected figures are worked by hand from the methods' definitions (docs/scoring.md,
"Other methods"), not by the code under test."""

import csv
import io
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from reports.views import sessions as views
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """A finished 3-table Mitchell (NS 1-3, EW 4-6). Board 1 (nobody vulnerable): 1v4
    +420, 2v5 +450, 3v6 +170. Board 2 (NS vulnerable): 1v5 +620, 2v6 +650."""
    session = make_session(tables=3, boards_per_round=2, status="finished")
    make_result(session, 1, 1, 4, "4S= N", board_hcp=25)
    make_result(session, 1, 2, 5, "4S+1 N")
    make_result(session, 1, 3, 6, "3S+1 N")
    make_result(session, 2, 1, 5, "4S= N", board_hcp=25)
    make_result(session, 2, 2, 6, "4S+1 N")
    return session


def url(session, **query):
    return reverse("standings", args=[session.pk]) + (
        "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def rows_of(html):
    """(pair label, rank, score) of each row of the standings block, in order."""
    import re

    body = html[html.index('id="standings-live"'):]
    found = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = [re.sub(r"<[^>]+>", "", cell).strip()
                 for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(cells) >= 5:
            found.append((cells[1], cells[0], cells[4]))
    return found


# Matchpoints (2 a result beaten, 1 a tie; a pair's average percentage of its boards):
# board 1 NS 450 100 %, 420 50 %, 170 0 % (EW the other way); board 2 NS 650 100 %, 620 0 %.
# 1NS (50 + 0) / 2 = 25; 2NS 100; 3NS 0; 1EW 50; 2EW (0 + 100) / 2 = 50; 3EW (100 + 0) / 2.
MATCHPOINTS = [("2NS", "1", "100.00"), ("1EW", "2=", "50.00"), ("2EW", "2=", "50.00"),
               ("3EW", "2=", "50.00"), ("1NS", "5", "25.00"), ("3NS", "6", "0.00")]
# Butler: board 1's datum drops the highest and lowest: 420; 450 is +30 (1 IMP), 170 is
# -250 (6 IMPs). Board 2: two scores, none dropped, mean 635, datum 640: 620 is -20
# (1 IMP), 650 is +10 (0). 1NS 0 - 1; 2NS 1 + 0; 3NS -6; 1EW 0; 2EW -1 + 1; 3EW 6 + 0.
BUTLER = [("3EW", "1", "+6"), ("2NS", "2", "+1"), ("1EW", "3=", "0"), ("2EW", "3=", "0"),
          ("1NS", "5", "−1"), ("3NS", "6", "−6")]
# Cross-IMPs, each score against the board's others, averaged: board 1 420: (-1 + 6) / 2
# = 2.5; 450: (1 + 7) / 2 = 4; 170: (-6 - 7) / 2 = -6.5. Board 2 620: -1; 650: +1.
CROSS = [("3EW", "1", "+5.50"), ("2NS", "2", "+5.00"), ("1NS", "3", "+1.50"),
         ("1EW", "4", "−2.50"), ("2EW", "5", "−3.00"), ("3NS", "6", "−6.50")]


@pytest.mark.parametrize(("method", "expected"), [
    ("matchpoints", MATCHPOINTS), ("butler", BUTLER), ("cross_imps", CROSS)])
def test_the_standings_ranked_by_another_method(client, evening, method, expected):
    html = client.get(url(evening, method=method)).content.decode()
    assert rows_of(html) == expected
    assert "Ranked by" in html and "official ranking is by IMPs with Moscow" in html
    assert f'aria-current="page">{views.RANK_BY[method]}<' in html


def test_compensation_stays_the_default_and_unknown_methods_fall_back(client, evening):
    default = rows_of(client.get(url(evening)).content.decode())
    assert default == rows_of(client.get(url(evening, method="nonsense")).content.decode())
    assert default != MATCHPOINTS
    html = client.get(url(evening)).content.decode()
    assert "Ranked by" not in html
    assert 'aria-current="page">compensation<' in html


def test_matchpoints_show_a_percentage_column_and_no_imps_per_board(client, evening):
    html = client.get(url(evening, method="matchpoints")).content.decode()
    assert ">Percent<" in html and "IMPs per board" not in html


def test_sort_links_the_live_poll_and_downloads_keep_the_method(client, evening):
    evening.status = "running"
    evening.save()
    html = client.get(url(evening, method="butler")).content.decode()
    assert "?sort=-imps&amp;method=butler" in html
    assert "?_export=csv&amp;method=butler" in html
    assert "part=table&amp;method=butler" in html


def test_the_download_is_ranked_by_the_method(client, evening):
    response = client.get(url(evening, method="cross_imps", _export="csv"))
    assert "cross_imps" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][-2:] == ["Cross-IMPs", "IMPs per board"]
    assert [(row[2], row[0], row[-2]) for row in rows[1:]] == [
        ("3EW", "1", "5.5"), ("2NS", "2", "5.0"), ("1NS", "3", "1.5"), ("1EW", "4", "-2.5"),
        ("2EW", "5", "-3.0"), ("3NS", "6", "-6.5")]


def test_each_method_has_its_own_etag_and_cached_block(client, evening, settings):
    settings.PAGE_CACHE_SECONDS = 600
    etag = client.get(url(evening))["ETag"]
    other = client.get(url(evening, method="matchpoints"), headers={"If-None-Match": etag})
    assert other.status_code == 200 and other["ETag"] != etag
    with mock.patch.object(views, "render_live_standings",
                           wraps=views.render_live_standings) as render:
        first = Client().get(url(evening, method="butler", part="table")).content.decode()
        second = Client().get(url(evening, method="cross_imps", part="table")).content.decode()
        again = Client().get(url(evening, method="butler", part="table")).content.decode()
    assert render.call_count == 2
    assert first == again and first != second
