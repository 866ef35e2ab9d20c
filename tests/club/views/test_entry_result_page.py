"""The result page: corrections with the version the page was loaded with, deletion."""

import pytest
from django.urls import reverse

from club.models import Result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def detail_url(result):
    return reverse("result-detail", args=[result.pk])


def edit(client, stored, version, **fields):
    """Post the result page's form as loaded at `version`, with `fields` typed over it."""
    data = {"result": stored.text, "ns_hcp": "", "ns_adjustment": "", "ew_adjustment": "",
            "assigned": "", "version": str(version)}
    data.update(fields)
    return client.post(detail_url(stored), data)


@pytest.fixture
def result(db):
    session = make_session(tables=3)
    return make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)


def test_the_page_shows_the_result_and_its_form(director_client, result):
    page = director_client.get(detail_url(result)).content.decode()
    assert "Board 1: 1NS against 1EW" in page
    assert 'value="4S= N"' in page and 'name="version" value="1"' in page
    assert reverse("result-delete", args=[result.pk]) in page


def test_a_correction_is_saved_and_bumps_the_version(director_client, result):
    response = edit(director_client, result, 1, result="4S-2 N")
    assert response.status_code == 302
    result.refresh_from_db()
    # Board 1, nobody vulnerable: 2 down undoubled is -100, 20-20, 100 = 3 IMPs.
    assert (result.text, result.version, result.ns_score, result.ns_imps) == (
        "4S-2 N", 2, -100, -3)


def test_two_stale_saves_never_overwrite(director_client, result):
    # Two directors open the page at version 1; the first saves.
    assert edit(director_client, result, 1, result="4S+1 N").status_code == 302
    # The second save, still at version 1, is refused and shows what is stored now.
    response = edit(director_client, result, 1, result="4S-1 N")
    page = response.content.decode()
    assert response.status_code == 200
    assert "someone changed this result since you loaded it; it is now 4S+1 N" in page
    assert 'value="4S-1 N"' in page  # what the second director typed is kept
    result.refresh_from_db()
    assert (result.text, result.version) == ("4S+1 N", 2)
    # A third stale save (a second tab, also at version 1) is refused as well.
    edit(director_client, result, 1, result="3NT= N")
    result.refresh_from_db()
    assert (result.text, result.version) == ("4S+1 N", 2)


def test_nothing_changed_keeps_the_version(director_client, result):
    edit(director_client, result, 1, result="4s = n")
    result.refresh_from_db()
    assert result.version == 1 and result.history.count() == 1


def test_a_bad_correction_keeps_the_stored_result(director_client, result):
    response = edit(director_client, result, 1, result="4S+4 N")
    page = response.content.decode()
    assert "declarer takes 0 to 13 tricks" in page and 'value="4S+4 N"' in page
    result.refresh_from_db()
    assert (result.text, result.version) == ("4S= N", 1)


def test_delete_asks_for_confirmation_then_deletes(director_client, result):
    url = reverse("result-delete", args=[result.pk])
    page = director_client.post(url, {"version": "1"}).content.decode()
    assert "Yes, delete it" in page
    assert Result.objects.filter(pk=result.pk).exists()
    response = director_client.post(url, {"version": "1", "confirm": "yes"})
    assert response["Location"] == reverse("entry-traveller", args=[result.board.session.pk, 1])
    assert not Result.objects.filter(pk=result.pk).exists()


def test_a_stale_delete_is_refused(director_client, result):
    edit(director_client, result, 1, result="4S+1 N")
    response = director_client.post(reverse("result-delete", args=[result.pk]),
                                    {"version": "1", "confirm": "yes"}, follow=True)
    assert "Not deleted: someone changed this result" in response.content.decode()
    assert Result.objects.get(pk=result.pk).text == "4S+1 N"


def test_free_seating_pairs_can_be_corrected(director_client):
    session = make_session(tables=3, movement="free")
    result = make_result(session, 1, 1, 2, "4S= N", board_hcp=20, table=1)
    response = edit(director_client, result, 1, ns_pair="3", ew_pair="2", table="2", round="1")
    assert response.status_code == 302
    result.refresh_from_db()
    assert (result.ns_pair.number, result.ew_pair.number, result.table, result.round) == (
        3, 2, 2, 1)
    # Another result of pair 3 on the board: the correction would make it play twice.
    other = make_result(session, 1, 4, 5, "pass", table=3)
    response = edit(director_client, other, 1, result="PASS", ns_pair="4", ew_pair="3")
    assert ("Pair 3 already has a result on board 1: 4S= N against 2 (table 2, round 1)."
            in response.content.decode())
    other.refresh_from_db()
    assert other.ew_pair.number == 5


def test_schedule_sessions_do_not_offer_the_pairs(director_client, result):
    page = director_client.get(detail_url(result)).content.decode()
    assert 'name="ns_pair"' not in page


def test_an_unknown_result_is_not_found(director_client, db):
    assert director_client.get(reverse("result-detail", args=[999999])).status_code == 404


def test_a_page_without_its_version_says_so(director_client, result):
    page = edit(director_client, result, "", result="4S-1 N").content.decode()
    assert "The page was incomplete" in page
    result.refresh_from_db()
    assert (result.text, result.version) == ("4S= N", 1)


def test_reloading_the_delete_confirmation_goes_back_to_the_result(director_client, result):
    """The confirmation's address is the delete URL: reloading it (a GET) shows the result
    again instead of a blank 405, and deletes nothing."""
    response = director_client.get(reverse("result-delete", args=[result.pk]))
    assert response.status_code == 302
    assert response["Location"] == detail_url(result)
    assert Result.objects.filter(pk=result.pk).exists()


def test_a_ruling_is_one_kind_or_the_other(director_client, result):
    page = director_client.get(detail_url(result)).content.decode()
    assert "One or the other, never both: adjusted scores, or an assigned result." in page
    # Next to the fields themselves, too.
    assert page.count("Adjusted scores or an assigned result, not both.") == 2
    response = edit(director_client, result, 1, ns_adjustment="ave+", assigned="4S-1 N")
    assert "not both" in response.content.decode()
    result.refresh_from_db()
    assert not result.is_adjusted


def test_the_opening_lead_is_shown_with_the_result(director_client, result):
    page = director_client.get(detail_url(result)).content.decode()
    assert "Opening lead" not in page  # none was given
    Result.objects.filter(pk=result.pk).update(lead="HT")
    page = director_client.get(detail_url(result)).content.decode()
    summary = page[page.index('class="result-summary"'):page.index("</table>")]
    assert "Opening lead" in summary and '<td class="lead">♥10</td>' in summary


def test_scores_and_results_are_written_as_on_the_public_pages(director_client, result):
    # 4S-2 N: NS -100, 20-20: -3 IMPs; the input keeps the shorthand as typed.
    edit(director_client, result, 1, result="4S-2 N")
    page = director_client.get(detail_url(result)).content.decode()
    summary = page[page.index('class="result-summary"'):page.index("</table>")]
    assert "4♠−2 N" in summary and ">−100<" in summary and ">−3<" in summary
    assert 'value="4S-2 N"' in page
    edit(director_client, result, 2, result="pass")
    page = director_client.get(detail_url(result)).content.decode()
    summary = page[page.index('class="result-summary"'):page.index("</table>")]
    assert "<td>Pass</td>" in summary and "PASS" not in summary
    assert 'value="PASS"' in page
