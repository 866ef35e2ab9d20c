"""A board that was not played, typed on a traveller, scorecard or free-seating row and on
the result page ("A+", "A+/A-", "Ср+"), and shown as such on the director's pages."""

import re

import pytest
from django import forms
from django.urls import reverse

from club.checks import session_checks
from club.forms.entry import ResultField
from club.models import Result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
RU = {"HTTP_ACCEPT_LANGUAGE": "ru-RU,ru;q=0.9"}

# A 3-table Mitchell: board 1 is played in round 1 at table 1 (1NS-1EW), round 2 at table 3
# (3NS-2EW), round 3 at table 2 (2NS-3EW).


def row_url(session, board, round, table):
    return reverse("entry-row", args=[session.pk, board, round, table])


def detail_url(result):
    return reverse("result-detail", args=[result.pk])


def cells(html):
    return re.findall(r'<div class="cell num[^"]*">([^<]*)</div>', html)


@pytest.fixture
def session(db):
    return make_session(tables=3)


def test_a_traveller_row_takes_the_adjusted_scores(director_client, session):
    # Board 1 has no HCP: a board not played needs none.
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "a+ / a−"},
                                    headers=HTMX)
    html = response.content.decode()
    assert 'data-outcome="saved"' in html
    assert 'value="A+/A-"' in html  # the row's text is the shorthand
    # Round, table; no score, compensation or net; NS +3, EW -3 IMPs.
    assert cells(html) == ["1", "1", "—", "—", "—", "+3", "−3"]
    assert "not played" in html and 'class="entry-row adjusted"' in html
    result = Result.objects.get()
    assert result.not_played and result.level is None and not result.assigned
    assert (result.ns_adjustment, result.ew_adjustment) == ("ave+", "ave-")
    page = director_client.get(reverse("entry-traveller", args=[session.pk, 1])).content
    assert 'value="A+/A-"' in page.decode()


def test_russian_shorthand_in_a_russian_page(director_client, session):
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "Ср-"},
                                    headers=HTMX, **RU)
    html = response.content.decode()
    assert 'data-outcome="saved"' in html and 'value="Ср−"' in html
    assert Result.objects.get().outcome == (0, 0, 0, -3, -3)
    # The English page writes the same board in its own notation.
    page = director_client.get(reverse("entry-traveller", args=[session.pk, 1])).content
    assert 'value="A-"' in page.decode()


def test_bad_shorthand_says_why_and_keeps_the_text(director_client, session):
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "A++/A"},
                                    headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and 'data-outcome="error"' in html
    assert "Cannot read the adjusted score" in html and "A+/A-" in html
    assert 'value="A++/A"' in html
    assert not Result.objects.exists()


def test_a_filled_row_becomes_a_board_not_played_and_back(director_client, session):
    make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    html = director_client.post(row_url(session, 1, 1, 1), {"result": "A", "version": "1"},
                                headers=HTMX).content.decode()
    assert 'data-outcome="saved"' in html and 'value="A"' in html
    result = Result.objects.get()
    assert result.not_played and result.outcome == (0, 0, 0, 0, 0) and result.version == 2
    html = director_client.post(row_url(session, 1, 1, 1), {"result": "4S= N",
                                                             "version": "2"},
                                headers=HTMX).content.decode()
    assert 'data-outcome="saved"' in html
    result.refresh_from_db()
    assert not result.not_played and not result.is_adjusted and result.ns_imps == 9


def test_a_scorecard_row_needs_no_hcp_for_a_board_not_played(director_client, session):
    response = director_client.post(row_url(session, 1, 1, 1),
                                    {"result": "A-/A+", "ns_hcp": "", "view": "scorecard"},
                                    headers=HTMX)
    assert 'data-outcome="saved"' in response.content.decode()
    assert Result.objects.get().text == "A-/A+"
    assert session.boards.get(number=1).ns_hcp is None


def test_boards_dealt_at_each_table_need_no_hcp_either(director_client):
    session = make_session(tables=3, duplicated=False)
    response = director_client.post(row_url(session, 1, 1, 1), {"result": "A+"},
                                    headers=HTMX)
    assert 'data-outcome="saved"' in response.content.decode()


def test_a_free_seating_row(director_client):
    session = make_session(tables=2, movement="free", rounds=2)
    response = director_client.post(reverse("entry-free-row", args=[session.pk, 1]),
                                    {"ns_pair": "1", "ew_pair": "2", "result": "A/A-",
                                     "slot": "1"}, headers=HTMX)
    html = response.content.decode()
    assert 'data-state="saved"' in html and "A/A−" in html
    assert Result.objects.get().text == "A/A-"


def test_only_the_director_gives_adjusted_scores():
    """The players' phones type results in the same field, without adjusted scores."""
    with pytest.raises(forms.ValidationError):
        ResultField().clean("A+")
    assert ResultField(adjusted=True).clean("A+") == ("ave+", "ave+")


def test_the_checks_do_not_miss_a_board_not_played(director_client, session):
    for round_, table in ((1, 1), (2, 3), (3, 2)):
        director_client.post(row_url(session, 1, round_, table), {"result": "A"},
                             headers=HTMX)
    assert Result.objects.filter(not_played=True).count() == 3
    items = session_checks(session)
    # Board 1 has no HCP, and needs none: not missing, and no "board without HCP".
    assert not [i for i in items if i.message.startswith("Board 1")]
    page = director_client.get(reverse("entry-checks", args=[session.pk])).content.decode()
    assert "Board 1," not in page and "Board 1 has results" not in page


# --- the result page ----------------------------------------------------------------------

@pytest.fixture
def result(director_client, session):
    director_client.post(row_url(session, 1, 1, 1), {"result": "A+/A-"}, headers=HTMX)
    return Result.objects.get()


def edit(client, stored, version, **fields):
    data = {"result": stored.text, "ns_hcp": "", "ns_adjustment": stored.ns_adjustment,
            "ew_adjustment": stored.ew_adjustment, "assigned": "", "version": str(version)}
    data.update(fields)
    return client.post(detail_url(stored), data)


def test_the_result_page_shows_a_board_not_played(director_client, result):
    page = director_client.get(detail_url(result)).content.decode()
    assert 'value="A+/A-"' in page
    assert "A+/A− (not played: NS Average plus (+3 IMPs); EW Average minus (−3 IMPs))" in page
    assert "This board was not played" in page
    history = page[page.index('class="history"'):]
    assert "A+/A- (not played: NS Average plus" in history


def test_the_adjusted_score_fields_change_a_board_not_played(director_client, result):
    assert edit(director_client, result, 1, ns_adjustment="ave").status_code == 302
    result.refresh_from_db()
    assert result.not_played and result.text == "A/A-" and result.outcome[3:] == (0, -3)
    page = director_client.get(detail_url(result)).content.decode()
    history = page[page.index('class="history"'):]
    assert "Table result: A+/A- → A/A-" in history
    assert "NS adjusted score" not in history  # said once, as the table result


def test_a_board_not_played_needs_both_sides(director_client, result):
    response = edit(director_client, result, 1, ew_adjustment="")
    assert response.status_code == 200
    assert "needs an adjusted score for each side" in response.content.decode()
    result.refresh_from_db()
    assert result.version == 1


def test_text_and_fields_that_disagree_are_refused(director_client, result):
    response = edit(director_client, result, 1, result="A-", ns_adjustment="ave")
    page = response.content.decode()
    assert "the adjusted score fields say otherwise" in page and 'value="A-"' in page
    # The text alone wins: the fields still show what was loaded.
    assert edit(director_client, result, 1, result="A-").status_code == 302
    result.refresh_from_db()
    assert (result.ns_adjustment, result.ew_adjustment) == ("ave-", "ave-")


def test_a_played_result_typed_on_the_result_page(director_client, result, session):
    board = session.boards.get(number=1)
    board.ns_hcp = 20
    board.save()
    # The adjusted score fields still show Ave+/Ave- of the board not played: they go.
    assert edit(director_client, result, 1, result="4S= N").status_code == 302
    result.refresh_from_db()
    assert not result.not_played and not result.is_adjusted and result.ns_imps == 9


def test_no_assigned_result_on_a_board_not_played(director_client, result):
    response = edit(director_client, result, 1, assigned="4S= N")
    assert "not played has no assigned result" in response.content.decode()
    response = edit(director_client, make_result(result.board.session, 3, 1, 4, "4S= N",
                                                 board_hcp=20), 1, assigned="A+")
    assert "An assigned result is a contract and tricks" in response.content.decode()


def test_russian_director_pages_say_the_lines_in_russian(director_client, session):
    director_client.post(row_url(session, 1, 1, 1), {"result": "Ср+/Ср-"}, headers=HTMX,
                         **RU)
    page = director_client.get(reverse("entry-traveller", args=[session.pk, 1]),
                               **RU).content.decode()
    head = page[page.index('class="entry-head"'):page.index('id="row-b1-r1-t1"')]
    assert ">СЮ<" in head and ">ВЗ<" in head and ">NS<" not in head
    result = Result.objects.get()
    page = director_client.get(detail_url(result), **RU).content.decode()
    assert "Ср+/Ср−" in page and 'value="Ср+/Ср−"' in page
