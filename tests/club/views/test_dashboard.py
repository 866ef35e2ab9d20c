"""The director's live dashboard: calls on top, the rounds-by-tables grid with each board's
state, refreshed as a fragment, in a fixed number of queries."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from club.models import DirectorCall
from club.services.results import contract_values
from club.services.table_phones import accept_entry, call_director, submit_entry
from scoring.engine import parse_result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def entry(session, table, round, board, text="4S= N", ns_hcp=20):
    return submit_entry(session.pk, table=table, round=round, board_number=board,
                        key=uuid.uuid4(), values=contract_values(parse_result(text)),
                        ns_hcp=ns_hcp)


def states(html):
    """[(state, board number)] of the grid's cells, rounds then tables."""
    return re.findall(r'data-state="(\w+)" href="[^"]*"[^>]*>(\d+)<', html)


def test_grid_shows_every_state(director_client):
    session = make_session(tables=3, boards_per_round=2)
    accept_entry(session.pk, entry(session, 1, 1, 1).key)  # accepted
    entry(session, 1, 1, 2)  # awaiting East-West
    make_result(session, 3, 2, 5, "3NT= N", round=1, table=2)  # the director's
    make_result(session, 4, 2, 5, "3NT= N", round=1, table=2)  # table 2's round 1 is over
    entry(session, 3, 1, 5, ns_hcp=25)  # table 3, board 5 (board set 3)
    entry(session, 2, 2, 5, ns_hcp=24)  # round 2 table 2 plays board 5 too: held
    call_director(session.pk, 3, round=1)
    html = director_client.get(reverse("entry-dashboard", args=[session.pk])).content.decode()
    found = states(html)
    assert ("accepted", "1") in found and ("entered", "2") in found
    assert ("director", "3") in found and ("missing", "6") in found
    assert ("entered", "5") in found and ("held", "5") in found
    assert 'hx-trigger="every 10s"' in html
    assert reverse("entry-dashboard-grid", args=[session.pk]) in html
    # One click to the result page or the traveller.
    assert reverse("result-detail", args=[session.boards.get(number=3).results.get().pk]) in html
    assert reverse("entry-traveller", args=[session.pk, 6]) in html
    # The call on top, with its button.
    assert html.index("Calls for the director") < html.index("dashboard-grid")
    assert reverse("entry-call-answered", args=[session.pk, DirectorCall.objects.get().pk]) in html
    assert "held 1" in html and "awaiting acceptance 2" in html


def test_fragment_is_the_grid_alone(director_client):
    session = make_session(tables=3)
    response = director_client.get(reverse("entry-dashboard-grid", args=[session.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="dashboard"') and "<html" not in html


def test_answering_a_call(director_client):
    session = make_session(tables=3)
    call = call_director(session.pk, 1)
    response = director_client.post(reverse("entry-call-answered", args=[session.pk, call.pk]))
    assert response.status_code == 302
    call.refresh_from_db()
    assert call.answered_at is not None
    html = director_client.get(reverse("entry-dashboard", args=[session.pk])).content.decode()
    assert "No table is calling." in html


def test_dashboard_is_for_directors(client):
    session = make_session(tables=3)
    response = client.get(reverse("entry-dashboard", args=[session.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post(reverse("entry-call-answered", args=[session.pk, 1])).status_code == 302


def test_the_session_page_links_the_dashboard_and_the_codes(director_client):
    session = make_session(tables=3)
    html = director_client.get(reverse("entry-session", args=[session.pk])).content.decode()
    assert reverse("entry-dashboard", args=[session.pk]) in html
    assert reverse("table-codes", args=[session.pk]) in html


def test_fixed_number_of_queries(director, django_assert_max_num_queries):
    client = Client()
    client.force_login(director)
    counts = []
    for tables in (3, 30):
        session = make_session(tables=tables, rounds=3, boards_per_round=2)
        make_result(session, 1, 1, tables + 1, "4S= N", round=1, table=1)
        entry(session, 2, 1, 3)
        call_director(session.pk, 2)
        for name in ("entry-dashboard", "entry-dashboard-grid"):
            with django_assert_max_num_queries(12) as captured:
                assert client.get(reverse(name, args=[session.pk])).status_code == 200
            counts.append(len(captured.captured_queries))
    assert counts[:2] == counts[2:]
