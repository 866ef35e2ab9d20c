"""The public session list and the links the director's session page includes."""

import re
from datetime import date

import pytest
from django.template.loader import render_to_string
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.models import Session
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def test_session_list_newest_first_with_links(client):
    older = make_session(tables=3, name="Older evening", date=date(2026, 1, 5))
    newer = make_session(tables=3, name="Newer evening", date=date(2026, 2, 9))
    html = client.get("/").content.decode()
    assert html.index("Newer evening") < html.index("Older evening")
    assert f'href="/sessions/{newer.id}/">Newer evening</a>' in html
    assert f'href="/sessions/{older.id}/">Older evening</a>' in html


def test_session_list_hides_sessions_in_setup_from_the_public(client, director):
    make_session(tables=3, name="In setup", status="setup")
    make_session(tables=3, name="Finished, not published", status="finished")
    make_session(tables=3, name="Published", status="published")
    html = client.get("/").content.decode()
    assert "Published" in html
    # A finished session stays public (provisional) until it is published.
    assert "In setup" not in html and "Finished, not published" in html
    assert "Import a session" not in html
    client.force_login(director)
    html = client.get("/").content.decode()
    assert "In setup" in html and "Finished, not published" in html
    assert 'href="/director/import/"' in html


def test_session_links_for_the_directors_page(rf, director):
    session = make_session(tables=3)
    request = rf.get("/")
    request.user = director
    html = render_to_string("reports/session_links.html", {"session": session}, request=request)
    for url in (f"/sessions/{session.id}/", f"/sessions/{session.id}/boards/",
                f"/sessions/{session.id}/?_export=csv", f"/sessions/{session.id}/?_export=xlsx",
                f"/sessions/{session.id}/boards/?_export=json",
                f"/director/sessions/{session.id}/archive/", "/director/import/"):
        assert f'href="{url}"' in html


def test_pages_scroll_tables_and_hide_minor_columns_on_phones(client):
    session = make_session(tables=3, status="published")
    make_result(session, 1, 1, 4, "3NT= N")
    for url in (f"/sessions/{session.id}/", f"/sessions/{session.id}/boards/1/",
                f"/sessions/{session.id}/pairs/1/"):
        html = client.get(url).content.decode()
        assert '<div class="table-wrap">' in html
        assert re.search(r'<t[hd] class="[^"]*hide-narrow', html)
        assert 'class="actions no-print"' in html  # navigation left off paper


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.integers(min_value=0, max_value=10**25), sort=st.text(max_size=12),
       export=st.text(max_size=6))
def test_any_address_or_parameter_is_answered_without_error(client, number, sort, export):
    session = Session.objects.first() or make_session(tables=3)
    for url in (f"/sessions/{number}/", f"/sessions/{session.id}/boards/{number}/",
                f"/sessions/{session.id}/pairs/{number}/"):
        assert client.get(url).status_code in (200, 404)
    params = {"sort": sort, "_export": export}
    assert client.get(f"/sessions/{session.id}/", params).status_code == 200
    assert client.get(f"/sessions/{session.id}/boards/", params).status_code == 200
