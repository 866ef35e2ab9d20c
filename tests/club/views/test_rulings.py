"""Director's rulings on the result page: adjusted scores per side, assigned results."""

import pytest
from django.urls import reverse

from club.forms.entry import ONE_KIND_OF_RULING, ResultEditForm
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def result(db):
    # Board 1, nobody vulnerable, NS 25 HCP (they owe 300): 3NT= N is +400, net +100 = 3 IMPs.
    session = make_session(tables=3)
    return make_result(session, 1, 1, 4, "3NT= N", board_hcp=25, round=1, table=1)


def rule(client, result, **fields):
    data = {"result": result.text, "ns_hcp": "", "ns_adjustment": "", "ew_adjustment": "",
            "assigned": "", "version": str(result.version)}
    data.update(fields)
    return client.post(reverse("result-detail", args=[result.pk]), data)


def test_each_side_gets_its_own_adjusted_score(director_client, result):
    assert rule(director_client, result, ns_adjustment="ave+",
                ew_adjustment="ave-").status_code == 302
    result.refresh_from_db()
    assert (result.ns_imps, result.ew_imps) == (3, -3)
    assert result.text == "3NT= N"  # the table result is kept
    result.ns_adjustment, result.version = "ave", result.version
    rule(director_client, result, ns_adjustment="ave", ew_adjustment="ave")
    result.refresh_from_db()
    assert (result.ns_imps, result.ew_imps) == (0, 0)


def test_an_assigned_result_replaces_the_table_result(director_client, result):
    rule(director_client, result, assigned="4S-1 N")
    result.refresh_from_db()
    # 4S-1 N: -50, minus NS's 300 compensation: -350 = -8 IMPs.
    assert result.assigned and result.assigned_text == "4S-1 N"
    assert (result.ns_score, result.ns_net, result.ns_imps, result.ew_imps) == (
        -50, -350, -8, 8)
    assert result.text == "3NT= N"


def test_an_assigned_pass_and_clearing_it(director_client, result):
    rule(director_client, result, assigned="pass")
    result.refresh_from_db()
    assert result.assigned and result.assigned_level is None
    assert (result.ns_score, result.ns_net, result.ns_imps) == (0, -300, -7)
    rule(director_client, result, assigned="")
    result.refresh_from_db()
    assert not result.assigned and not result.is_adjusted
    assert (result.ns_net, result.ns_imps) == (100, 3)


def test_a_bad_ruling_is_refused_with_a_message(director_client, result):
    page = rule(director_client, result, assigned="4S N").content.decode()
    assert "Missing result in &quot;4S N&quot;" in page
    page = rule(director_client, result, ns_adjustment="ave++").content.decode()
    assert "Select a valid choice" in page
    result.refresh_from_db()
    assert not result.is_adjusted and result.version == 1


def test_an_assigned_result_and_adjusted_scores_together_are_refused(director_client,
                                                                    result):
    """The score would come from one and the IMPs from the other. The form refuses it
    with its own message, on the page (200), before the service or the database would."""
    response = rule(director_client, result, ns_adjustment="ave+", ew_adjustment="ave-",
                    assigned="4S-1 N")
    assert response.status_code == 200
    page = response.content.decode()
    # The help texts say "not both" too: the form's own message is what shows the refusal.
    assert "Give either an assigned result (it is scored like a table result)" in page
    assert 'value="4S-1 N"' in page  # what was typed stays
    result.refresh_from_db()
    assert not result.is_adjusted and result.version == 1


def test_adjusted_results_are_marked(director_client, result):
    rule(director_client, result, assigned="4S-1 N")
    result.refresh_from_db()
    other = make_result(result.board.session, 1, 2, 5, "3NT= S", round=1, table=2,
                        ns_adjustment="ave+", ew_adjustment="ave-")
    session = result.board.session
    for url in [reverse("entry-traveller", args=[session.pk, 1]),
                reverse("result-detail", args=[result.pk]),
                reverse("entry-scorecard", args=[session.pk, 1, 1])]:
        page = director_client.get(url).content.decode()
        assert 'class="badge"' in page, url
        assert "assigned 4♠−1 N" in page, url  # written as the public pages write it
    page = director_client.get(reverse("result-detail", args=[other.pk])).content.decode()
    assert "NS Average plus (+3 IMPs)" in page
    page = director_client.get(reverse("entry-traveller", args=[session.pk, 1])).content
    assert b'class="entry-row adjusted"' in page


@pytest.mark.parametrize("sides", [{"ns_adjustment": "ave+"}, {"ew_adjustment": "ave-"}])
def test_the_result_form_refuses_an_assigned_result_with_an_adjusted_score(sides):
    data = {"result": "3NT= N", "ns_hcp": "", "ns_adjustment": "", "ew_adjustment": "",
            "assigned": "4S-1 N", "version": "1", **sides}
    form = ResultEditForm(data, initial={"result": "3NT= N", "version": 1}, pairs={},
                          free_seating=False, duplicated=True, board_hcp=25)
    assert not form.is_valid()
    assert form.non_field_errors() == [str(ONE_KIND_OF_RULING)]
    alone = ResultEditForm({**data, "ns_adjustment": "", "ew_adjustment": ""},
                           initial={"result": "3NT= N", "version": 1}, pairs={},
                           free_seating=False, duplicated=True, board_hcp=25)
    assert alone.is_valid(), alone.errors
