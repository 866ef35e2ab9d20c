"""Importing a JSON archive: bad documents are refused with every problem named, and nothing
is saved."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.io.archive import export_session, import_archive
from club.io.files import ImportFailed
from club.models import Player, Session
from scoring.models import CompensationTable, moscow_table
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def document():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=25)
    make_result(session, 1, 2, 5, "4S-1 N")
    make_result(session, 2, 3, 6, "pass", board_hcp=20)
    return export_session(session)


def errors_of(data):
    sessions, players = Session.objects.count(), Player.objects.count()
    tables = CompensationTable.objects.count()
    if not isinstance(data, (str, bytes)):
        data = json.dumps(data)
    with pytest.raises(ImportFailed) as caught:
        import_archive(data, "evening.json")
    assert Session.objects.count() == sessions
    assert Player.objects.count() == players
    assert CompensationTable.objects.count() == tables
    return caught.value.errors


def test_imports_a_good_document(document):
    session = import_archive(json.dumps(document))
    assert session.pairs.count() == 6
    assert export_session(session)["results"] == document["results"]


def test_not_json():
    assert errors_of("{'session': 1}") == [
        "evening.json is not valid JSON: Expecting property name enclosed in double quotes "
        "(line 1, column 2)."]


@pytest.mark.parametrize("data", [[], {}, {"session": {}}, "3"])
def test_not_an_archive(data):
    assert errors_of(data) == ["evening.json is not a session archive (no “format_version”)."]


def test_unsupported_version(document):
    document["format_version"] = 2
    assert errors_of(document) == [
        "evening.json has format version 2; this site reads version 1."]


def test_every_problem_is_named(document):
    document["session"]["status"] = "archived"
    document["session"]["date"] = "27.11.2026"
    document["pairs"][5]["players"][1]["name"] = ""
    document["boards"][2]["deal"] = "N:AKQ"
    results = document["results"]
    results[0]["ew"] = 9
    results[1]["contract"] = "8S"
    results[2].update(contract="3NT", declarer="N", tricks=14)
    errors = errors_of(document)
    assert 'session: “status” is "archived"; expected one of "setup", "running", "finished", ' \
        '"published".' in errors
    assert "session: “27.11.2026” is not a date written as YYYY-MM-DD." in errors
    assert "pair 6: a player needs a name." in errors
    assert any(e.startswith("board 3: A deal has four hands") for e in errors)
    assert "result 1: there is no pair 9 in “pairs”." in errors
    assert any(e.startswith("result 2: Contract level 8") for e in errors)
    assert "result 3: “tricks” is 14; expected a whole number from 0 to 13." in errors
    assert len(errors) == 7


def test_duplicate_results_are_refused(document):
    document["results"].append(dict(document["results"][0]))
    assert errors_of(document) == [
        "result 4: pair 1 already has a result on board 1 (result 1).",
        "result 4: pair 4 already has a result on board 1 (result 1)."]


def test_missing_hcp(document):
    document["boards"][0]["ns_hcp"] = None
    document["results"][0]["ns_hcp"] = None
    assert errors_of(document) == ["result 1: no NS HCP: give it on the result or on board 1."]


def test_passed_out_with_a_declarer(document):
    document["results"][2]["declarer"] = "N"
    assert errors_of(document) == [
        "result 3: a passed-out board (contract null) has no declarer and no tricks."]


def test_invalid_compensation_table(document):
    document["session"]["compensation_table"] = {"name": "Odd", "rows": [[21, 60, 50]]}
    errors = errors_of(document)
    assert len(errors) == 1 and errors[0].startswith("compensation table: ")


def test_a_table_with_the_same_name_and_other_values(document):
    club = moscow_table().copy("Club")
    row = club.rows.get(hcp=30)
    row.vul = 700
    row.save()
    document["session"]["compensation_table"]["name"] = "Club"
    assert errors_of(document) == [
        "compensation table: this site already has a table named “Club” with other values; "
        "rename one of them and import again."]


def test_a_new_table_is_created_with_the_session(document):
    document["session"]["compensation_table"]["name"] = "Imported table"
    session = import_archive(json.dumps(document))
    assert session.compensation_table.name == "Imported table"
    assert session.compensation_table.row_tuples() == moscow_table().row_tuples()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-50, 50) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6)


def paths(value, prefix=()):
    """Every place inside a JSON document, as a tuple of keys/indexes."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, prefix + (index,))


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damaged_document_is_refused_cleanly(document, data):
    """Replace any one part of a good archive by any JSON value: the import either works
    or reports ImportFailed (never another exception), and a refusal saves nothing."""
    damaged = json.loads(json.dumps(document))
    where = data.draw(st.sampled_from(list(paths(damaged))[1:]))
    target = damaged
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = data.draw(JSON_VALUES)
    sessions = Session.objects.count()
    try:
        import_archive(json.dumps(damaged))
    except ImportFailed as err:
        assert err.errors
        assert Session.objects.count() == sessions
