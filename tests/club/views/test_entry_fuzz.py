"""No input reaches a server error, and nothing invalid is stored: hypothesis types
arbitrary text and notation-like strings into every entry field and URL id."""

from urllib.parse import quote

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from club.models import Result
from scoring.engine import AdjustedScores, BridgeError, looks_adjusted, parse_adjusted, parse_result
from tests.factories import make_result, make_session

# A minute of work or more: left out of the fast part (README, Running the tests).
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Each example is a request (and some a new session): 60 random examples a test, after the
# explicit ones that make sure every kind of input (stored, refused) is among them.
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

# Characters of the director's shorthand in both notations, plus separators and signs.
NOTATION = "0123456789 =+-:.,NESWnesw SHDCTXshdctx СВЮЗБКХсвюзбкх PASпас♠♥♦♣ AVEave/СРср−"
typed = st.one_of(st.text(max_size=60), st.text(alphabet=NOTATION, max_size=14))
numbers = st.one_of(st.text(max_size=12), st.text(alphabet="0123456789-+ .", max_size=12),
                    st.integers(min_value=-10**12, max_value=10**12).map(str))


def parsed_or_none(text):
    text = text.strip()
    if not text or len(text) > 40 or "\x00" in text:
        return None
    try:
        return parse_adjusted(text) if looks_adjusted(text) else parse_result(text)
    except BridgeError:
        return None


@pytest.fixture
def evening(db):
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    board.ns_hcp = 20
    board.save()
    return session


@FUZZ
@example(text="4S= N", htmx=False)
@example(text="3БК+1 Ю", htmx=True)
@example(text="pass", htmx=False)
@example(text="A+/A-", htmx=True)
@example(text="ave/ave", htmx=False)
@example(text="8S= N", htmx=False)
@example(text="4S\x00= N", htmx=False)
@example(text="", htmx=True)
@given(text=typed, htmx=st.booleans())
def test_any_result_text_on_a_traveller_row(director_client, evening, text, htmx):
    Result.objects.all().delete()
    response = director_client.post(reverse("entry-row", args=[evening.pk, 1, 1, 1]),
                                    {"result": text}, headers={"HX-Request": "true"} if htmx
                                    else {})
    assert response.status_code < 500
    expected = parsed_or_none(text)
    stored = list(Result.objects.all())
    if expected is None:
        assert stored == []
    elif isinstance(expected, AdjustedScores):  # a board not played
        (result,) = stored
        assert result.not_played and result.level is None
        assert (result.ns_adjustment, result.ew_adjustment) == (expected.ns, expected.ew)
    else:
        (result,) = stored
        assert not result.not_played
        assert (result.contract, result.declarer or None, result.tricks) == (
            expected.contract, expected.declarer and expected.declarer.value, expected.tricks)


@FUZZ
@example(text="0")
@example(text="40")
@example(text="41")
@example(text="-1")
@example(text="")
@example(text="2 0")
@given(text=numbers)
def test_any_board_hcp(director_client, evening, text):
    response = director_client.post(reverse("entry-board-hcp", args=[evening.pk, 1]),
                                    {"ns_hcp": text})
    assert response.status_code < 500
    hcp = evening.boards.get(number=1).ns_hcp
    assert hcp is None or 0 <= hcp <= 40


@FUZZ
@example(result="4S= N", hcp="22", version="")
@example(result="A+/A-", hcp="", version="")
@example(result="4S= N", hcp="41", version="1")
@example(result="4S= N", hcp="", version="x")
@given(result=typed, hcp=numbers, version=numbers)
def test_any_row_of_a_session_without_duplication(director_client, db, result, hcp, version):
    session = make_session(tables=3, duplicated=False, name="Fresh cards")
    response = director_client.post(reverse("entry-row", args=[session.pk, 1, 1, 1]),
                                    {"result": result, "ns_hcp": hcp, "version": version,
                                     "view": "scorecard"}, headers={"HX-Request": "true"})
    assert response.status_code < 500
    for stored in Result.objects.filter(board__session=session):
        if stored.ns_hcp is None:
            assert stored.not_played  # scored from adjusted scores alone, without HCP
        else:
            assert 0 <= stored.ns_hcp <= 40


@FUZZ
@example(ns="1", ew="2", result="4S= N", table="1", round="1", slot="1")
@example(ns="1", ew="1", result="4S= N", table="1", round="1", slot="1")
@example(ns="1", ew="7", result="4S= N", table="", round="", slot="")
@example(ns="2", ew="3", result="3NT-1 S", table="1000", round="1", slot="1")
@given(ns=numbers, ew=numbers, result=typed, table=numbers, round=numbers, slot=numbers)
def test_any_free_seating_row(director_client, db, ns, ew, result, table, round, slot):
    session = make_session(tables=3, movement="free", duplicated=False, name="Free")
    response = director_client.post(
        reverse("entry-free-row", args=[session.pk, 1]),
        {"ns_pair": ns, "ew_pair": ew, "result": result, "ns_hcp": "20", "table": table,
         "round": round, "slot": slot})
    assert response.status_code < 500
    for stored in Result.objects.filter(board__session=session).select_related(
            "ns_pair", "ew_pair"):
        assert stored.ns_pair.session_id == stored.ew_pair.session_id == session.pk
        assert stored.ns_pair_id != stored.ew_pair_id
        assert stored.table is None or 1 <= stored.table <= 999


@FUZZ
@example(result="4S+1 N", assigned="", hcp="", version="1", ns_adjustment="",
         ew_adjustment="")
@example(result="3NT-2 S", assigned="", hcp="", version="1", ns_adjustment="ave+",
         ew_adjustment="ave-")
@example(result="1NT+1 W", assigned="2H= W", hcp="21", version="1", ns_adjustment="",
         ew_adjustment="")
@example(result="4S+1 N", assigned="", hcp="", version="2", ns_adjustment="",
         ew_adjustment="")
@given(result=typed, assigned=typed, hcp=numbers, version=numbers,
       ns_adjustment=st.sampled_from(["", "ave+", "ave", "ave-", "ave++", "x"]),
       ew_adjustment=st.text(max_size=6))
def test_any_correction_or_ruling(director_client, evening, result, assigned, hcp, version,
                                  ns_adjustment, ew_adjustment):
    Result.objects.all().delete()
    stored = make_result(evening, 1, 1, 4, "4S= N", round=1, table=1)
    response = director_client.post(reverse("result-detail", args=[stored.pk]), {
        "result": result, "assigned": assigned, "ns_hcp": hcp, "version": version,
        "ns_adjustment": ns_adjustment, "ew_adjustment": ew_adjustment})
    assert response.status_code < 500
    stored.refresh_from_db()
    assert stored.version in (1, 2)
    if stored.version == 1:
        assert stored.text == "4S= N" and not stored.is_adjusted
    response = director_client.post(reverse("result-delete", args=[stored.pk]),
                                    {"version": version, "confirm": "yes"})
    assert response.status_code < 500


ids = st.one_of(st.integers(min_value=0, max_value=10**20).map(str),
                st.text(min_size=1, max_size=12).map(lambda t: quote(t, safe="")))


@FUZZ
@given(session_id=ids, board=ids, round=ids, table=ids, result_id=ids)
def test_any_ids_in_the_urls(director_client, evening, session_id, board, round, table,
                             result_id):
    paths = [
        f"/director/sessions/{session_id}/entry/",
        f"/director/sessions/{session_id}/checks/",
        f"/director/sessions/{session_id}/entry/boards/{board}/",
        f"/director/sessions/{session_id}/entry/rounds/{round}/tables/{table}/",
        f"/director/results/{result_id}/",
    ]
    posts = [
        f"/director/sessions/{session_id}/entry/boards/{board}/rounds/{round}/tables/{table}/",
        f"/director/sessions/{session_id}/entry/boards/{board}/hcp/",
        f"/director/sessions/{session_id}/entry/boards/{board}/free/",
        f"/director/sessions/{session_id}/entry/status/",
        f"/director/results/{result_id}/delete/",
    ]
    for path in paths:
        assert director_client.get(path).status_code < 500, path
    for path in posts:
        response = director_client.post(path, {"result": "4S= N", "ns_hcp": "20",
                                                "action": "finish", "version": "1"})
        assert response.status_code < 500, path
