"""Session status: setup -> running -> finished -> published, reopen; locked sessions
refuse every change of results until reopened."""

from unittest import mock

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse

from club.models import Result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def act(client, session, action, **extra):
    return client.post(reverse("entry-session-status", args=[session.pk]),
                       {"action": action, **extra})


def test_the_status_goes_through_its_steps(director_client):
    session = make_session(tables=3, status="setup")
    for action, status in [("start", "running"), ("finish", "finished"),
                           ("publish", "published"), ("reopen", "running"),
                           ("finish", "finished"), ("reopen", "running")]:
        response = act(director_client, session, action)
        assert response["Location"] == reverse("entry-session", args=[session.pk])
        session.refresh_from_db()
        assert session.status == status, action


@pytest.mark.parametrize("status, action", [("setup", "finish"), ("running", "publish"),
                                            ("running", "reopen"), ("published", "start"),
                                            ("running", "delete")])
def test_a_step_that_does_not_apply_is_refused(director_client, status, action):
    session = make_session(tables=3, status=status)
    response = act(director_client, session, action)
    messages = [str(m) for m in response.wsgi_request._messages]
    assert any("does not apply to a session that is" in m for m in messages)
    session.refresh_from_db()
    assert session.status == status


def test_the_status_form_returns_to_a_local_page_only(director_client):
    session = make_session(tables=3, status="setup")
    response = act(director_client, session, "start", next="/director/")
    assert response["Location"] == "/director/"
    response = act(director_client, session, "finish", next="https://example.com/")
    assert response["Location"] == reverse("entry-session", args=[session.pk])


def test_who_reopened_when_is_shown(director_client):
    session = make_session(tables=3, status="running")
    act(director_client, session, "finish")
    act(director_client, session, "reopen")
    page = director_client.get(reverse("entry-session", args=[session.pk])).content.decode()
    history = page[page.index("Status history"):]
    assert history.index("finished → running") < history.index("running → finished")
    assert history.count("<td>td</td>") == 2
    assert session.history.filter(status="running", history_user__username="td").exists()


@pytest.mark.parametrize("status, message", [
    ("setup", "Play has not started"), ("finished", "The session is finished"),
    ("published", "The session is published")])
def test_entry_is_refused_unless_running(director_client, status, message):
    session = make_session(tables=3, status=status)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    page = director_client.get(reverse("entry-traveller", args=[session.pk, 1])).content
    assert message.encode() in page and b"disabled" in page
    # A new row, a correction in place, the board's HCP, the result page, a deletion.
    html = director_client.post(reverse("entry-row", args=[session.pk, 1, 2, 3]),
                                {"result": "3NT= S"}, headers=HTMX).content.decode()
    assert message in html
    director_client.post(reverse("entry-row", args=[session.pk, 1, 1, 1]),
                         {"result": "4S-1 N", "version": "1"})
    director_client.post(reverse("entry-board-hcp", args=[session.pk, 1]), {"ns_hcp": "30"})
    page = director_client.post(reverse("result-detail", args=[result.pk]), {
        "result": "4S+1 N", "ns_hcp": "", "ns_adjustment": "ave+", "ew_adjustment": "",
        "assigned": "", "version": "1"}).content.decode()
    assert message in page
    director_client.post(reverse("result-delete", args=[result.pk]),
                         {"version": "1", "confirm": "yes"})
    result.refresh_from_db()
    assert (Result.objects.count(), result.text, result.version, result.ns_adjustment) == (
        1, "4S= N", 1, "")
    assert session.boards.get(number=1).ns_hcp == 20


def test_a_reopened_session_accepts_changes_again(director_client):
    session = make_session(tables=3, status="finished")
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    act(director_client, session, "reopen")
    director_client.post(reverse("entry-row", args=[session.pk, 1, 1, 1]),
                         {"result": "4S-1 N", "version": "1"})
    result.refresh_from_db()
    assert result.text == "4S-1 N"


@pytest.mark.parametrize("status, buttons", [
    ("setup", ["start"]), ("running", ["finish"]), ("finished", ["publish", "reopen"]),
    ("published", ["reopen"])])
def test_the_session_links_offer_the_steps_that_apply(director, status, buttons):
    session = make_session(tables=3, status=status)
    request = RequestFactory().get("/director/sessions/1/")
    request.user = director
    html = render_to_string("club/entry/session_links.html", {"session": session},
                            request=request)
    offered = [b for b in ["start", "finish", "publish", "reopen"]
               if f'name="action" value="{b}"' in html]
    assert offered == buttons
    for url in [reverse("entry-traveller", args=[session.pk, 1]),
                reverse("entry-scorecard", args=[session.pk, 1, 1]),
                reverse("entry-checks", args=[session.pk])]:
        assert f'href="{url}"' in html


def test_play_cannot_start_before_the_pairs_fit_the_movement(director_client):
    session = make_session(tables=3, status="setup", pairs=4, boards=False)
    response = act(director_client, session, "start")
    messages = [str(m) for m in response.wsgi_request._messages]
    assert any("do not fit the movement" in m for m in messages)
    session.refresh_from_db()
    assert session.status == "setup"


def test_starting_play_creates_the_boards(director_client):
    session = make_session(tables=3, status="setup", boards=False)
    act(director_client, session, "start")
    session.refresh_from_db()
    assert session.status == "running"
    assert list(session.boards.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]


def test_the_dashboard_keeps_a_single_start_button(director_client):
    session = make_session(tables=3, status="setup")
    page = director_client.get(reverse("director-session", args=[session.pk])).content.decode()
    assert page.count(reverse("setup-session-start", args=[session.pk])) == 1
    page = director_client.get(reverse("entry-session", args=[session.pk])).content.decode()
    assert page.count(reverse("setup-session-start", args=[session.pk])) == 1


@pytest.mark.parametrize("target", ["standings", "0", "director/", "//example.com/",
                                    "javascript:alert(1)", ""])
def test_a_next_that_is_not_a_local_path_goes_to_the_session(director_client, target):
    """`next` without a leading slash once answered 500 (it was taken for a URL name)."""
    session = make_session(tables=3, status="setup")
    response = act(director_client, session, "start", next=target)
    assert response.status_code == 302
    assert response["Location"] == reverse("entry-session", args=[session.pk])
    session.refresh_from_db()
    assert session.status == "running"


def test_the_entry_page_costs_the_same_whatever_the_size_of_the_session(
        director_client, django_assert_max_num_queries):
    """The same queries and reverse() calls for 3 tables as for 15 (hundreds of traveller
    and scorecard links come from one reverse() each), and no run of the session checks:
    only a count of the results against the schedule."""
    from django.urls.resolvers import URLResolver

    original = URLResolver._reverse_with_prefix
    costs, pages = [], []
    for tables in (3, 15):
        session = make_session(tables=tables)
        make_result(session, 1, 1, tables + 1, "4S= N", round=1, table=1)
        url = reverse("entry-session", args=[session.pk])
        director_client.get(url)  # the session's first visit warms what it may
        with mock.patch.object(URLResolver, "_reverse_with_prefix", autospec=True,
                               side_effect=original) as reversing:
            with django_assert_max_num_queries(12) as queries:
                page = director_client.get(url).content.decode()
        costs.append((len(queries.captured_queries), reversing.call_count))
        pages.append(page)
        rounds = tables if tables % 2 else tables - 1
        assert f"1 of {tables * rounds * 2} scheduled results entered." in page
        assert f'href="{reverse("entry-checks", args=[session.pk])}"' in page
        assert f'href="{reverse("entry-traveller", args=[session.pk, 2 * tables])}"' in page
        assert f'href="{reverse("entry-scorecard", args=[session.pk, rounds, tables])}"' in page
    assert costs[0] == costs[1], costs
    assert pages[1].count("/entry/rounds/") > pages[0].count("/entry/rounds/")


def test_the_entry_page_does_not_run_the_checks(director_client):
    session = make_session(tables=3)
    with mock.patch("club.checks.session_checks") as checks:
        assert director_client.get(
            reverse("entry-session", args=[session.pk])).status_code == 200
    checks.assert_not_called()
