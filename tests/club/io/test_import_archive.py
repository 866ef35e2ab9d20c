"""Importing a JSON archive: bad documents are refused with every problem named, and nothing
is saved."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.io.archive import export_session, import_archive
from club.io.files import ImportFailed
from club.models import Player, Session
from club.services.compensation_tables import copy_table
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
    club = copy_table(moscow_table().pk, "Club")
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


def replace_somewhere(document, data, values):
    """Replace one part of the document (not the whole) by a value drawn from `values`."""
    where = data.draw(st.sampled_from(list(paths(document))[1:]))
    target = document
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = data.draw(values)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damaged_document_is_refused_cleanly(document, data):
    """Replace any one part of a good archive by any JSON value: the import either works
    or reports ImportFailed (never another exception), and a refusal saves nothing."""
    damaged = json.loads(json.dumps(document))
    replace_somewhere(damaged, data, JSON_VALUES)
    sessions = Session.objects.count()
    try:
        import_archive(json.dumps(damaged))
    except ImportFailed as err:
        assert err.errors
        assert Session.objects.count() == sessions


# --- documents that must never reach the database or crash the page ----------------------

def test_a_document_nested_too_deeply():
    assert errors_of("[" * 100_000 + "]" * 100_000) == [
        "evening.json is nested too deeply to be read."]


def test_a_deeply_nested_value_is_named(document):
    document["session"]["name"] = json.loads("[" * 300 + "]" * 300)
    errors = errors_of(document)
    assert len(errors) == 1
    assert errors[0].startswith('session: “name” is [[[[') and errors[0].endswith(
        "; expected text of at most 120 characters.")


def test_a_number_too_long_to_read():
    assert errors_of('{"format_version": 1, "session": ' + "9" * 5000 + "}") == [
        "evening.json holds a number of more than 4300 digits, which cannot be read."]


def test_a_huge_number_within_the_reading_limit(document):
    document["session"]["tables"] = 10**400
    document["session"]["compensation_table"]["rows"][0][2] = 10**30
    errors = errors_of(document)
    assert len(errors) == 2
    assert errors[0].startswith("session: “tables” is 1000000") and errors[0].endswith(
        "; expected a whole number from 1 to 50.")
    assert errors[1] == ("compensation table: “rows” is 1000000000000000000000000000000; "
                         "expected a whole number from 0 to 10000.")


def test_a_session_claiming_32767_tables(document):
    document["session"]["tables"] = 32767
    assert errors_of(document) == [
        "session: “tables” is 32767; expected a whole number from 1 to 50."]


def test_pair_and_board_numbers_fit_the_session(document):
    document["pairs"][5]["number"] = 7  # three tables seat pairs 1 to 6
    document["boards"][5]["number"] = 7  # three rounds of two boards
    assert errors_of(document) == [
        "pair 6: “number” is 7; expected a whole number from 1 to 6.",
        "board 6: “number” is 7; expected a whole number from 1 to 6.",
        "result 3: there is no pair 6 in “pairs”."]


def test_lone_surrogates_are_refused(document):
    # JSON can spell half of a UTF-16 pair ("\ud800"); no database stores it, and a page
    # showing it could not be encoded.
    document["session"]["status"] = "\ud800"
    document["pairs"][0]["players"][1]["name"] = "Boris \ud83d"
    errors = errors_of(json.dumps(document))  # ensure_ascii writes them as \ud800
    assert errors == [
        "session: “status” contains the character U+D800, which cannot be stored.",
        "pair 1: “name” contains the character U+D83D, which cannot be stored."]


def test_a_lone_surrogate_in_the_version_is_shown_escaped(document):
    document["format_version"] = "\udfff"
    assert errors_of(document) == [
        'evening.json has format version "\\udfff"; this site reads version 1.']


@pytest.mark.parametrize("path,where", [
    (("session", "name"), "session: “name”"),
    (("session", "compensation_table", "name"), "compensation table: “name”"),
    (("pairs", 2, "players", 0, "membership_number"), "pair 3: “membership_number”"),
    (("boards", 0, "deal"), "board 1: “deal”"),
    (("results", 1, "contract"), "result 2: “contract”"),
])
def test_nul_characters_are_refused(document, path, where):
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = "4S\x00" if path[-1] == "contract" else "M\x00"
    assert errors_of(document) == [
        f"{where} contains the character U+0000, which cannot be stored."]


def test_the_version_must_be_the_number_1(document):
    document["format_version"] = True
    assert errors_of(document) == [
        "evening.json has format version true; this site reads version 1."]


def test_parts_that_are_not_objects_or_lists(document):
    document["pairs"][1] = [2]
    document["boards"] = {}
    document["results"][0]["assigned"] = "2H-1 W"
    document["session"]["compensation_table"] = None
    assert errors_of(document) == [
        "the archive: “boards” must be a list.",
        "session: “compensation_table” must be an object.",
        "pair 2: expected an object, not [2].",
        "result 1, assigned result: expected an object, not \"2H-1 W\".",
        "result 1: there is no board 1 in “boards”.",
        "result 2: there is no board 1 in “boards”.",
        "result 2: there is no pair 2 in “pairs”.",
        "result 3: there is no board 2 in “boards”."]


def test_players_added_by_another_import_meanwhile(document, monkeypatch):
    """Two imports of the same new player at once: both look it up and find nobody, the
    first saves it, and the second one's insert breaks the unique membership number.
    Simulated by hiding the first import's player from the second one's lookup."""
    document["pairs"][0]["players"][0]["membership_number"] = "M-17"
    Player.objects.create(name="Anna Petrova", membership_number="M-17")
    lookup = Player.objects.filter
    monkeypatch.setattr(Player.objects, "filter", lambda *args, **kwargs: lookup(
        *args, **kwargs).exclude(membership_number="M-17"))
    assert errors_of(document) == [
        "While this file was being imported, players with the membership numbers M-17 were "
        "added elsewhere; nothing was imported. Import the file again to use those players."]


def with_session_name(name):
    def content(document):
        document["session"]["name"] = name
        return json.dumps(document)
    return content


@pytest.mark.parametrize("content", [
    lambda document: "[" * 100_000,
    lambda document: '{"format_version": 1, "x": ' + "1" * 5000 + "}",
    lambda document: '{"format_version": "\\ud800"}',
    with_session_name("\ud800"),
    with_session_name("\x00"),
], ids=["nested", "long number", "surrogate version", "surrogate", "NUL"])
def test_the_import_page_lists_the_problem(director_client, document, content):
    response = director_client.post("/director/import/", {
        "which": "archive",
        "archive-archive": SimpleUploadedFile("evening.json", content(document).encode())})
    assert response.status_code == 200
    assert "Nothing was imported" in response.content.decode()
    assert Session.objects.count() == 1  # the fixture's own


HOSTILE_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats()
    | st.text(st.characters(codec=None, exclude_categories=()), max_size=8)
    | st.sampled_from(["\x00", "\ud800", "x" * 200, 10**100]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hostile_values_give_messages_a_page_can_show(document, data):
    """Lone surrogates, NUL, huge numbers and floats anywhere: refused with messages that
    are short and can be encoded as UTF-8, or imported."""
    damaged = json.loads(json.dumps(document))
    for _change in range(data.draw(st.integers(1, 3))):
        replace_somewhere(damaged, data, HOSTILE_VALUES)
    sessions = Session.objects.count()
    try:
        import_archive(json.dumps(damaged))
    except ImportFailed as err:
        assert err.errors
        for message in err.errors:
            message.encode("utf-8")
            assert len(message) < 1000  # never the whole offending value
        assert Session.objects.count() == sessions


def test_board_numbers_follow_the_movements_board_sets():
    """An even-table Mitchell plays a board set per table (four tables, three boards a round:
    twelve boards in three rounds); a refused number is told the range."""
    session = make_session(tables=4, boards_per_round=3)
    make_result(session, 12, 1, 5, "4S= N", board_hcp=25)
    document = export_session(session)
    assert import_archive(json.dumps(document)).boards.count() == 12
    document["boards"][11]["number"] = 13
    assert errors_of(document) == [
        "board 12: “number” is 13; expected a whole number from 1 to 12.",
        "result 1: there is no board 12 in “boards”."]


def test_a_movement_that_cannot_be_played_is_refused_with_the_engines_message():
    session = make_session(tables=3, rounds=5, movement="howell", pairs=6)
    document = export_session(session)
    document["session"]["rounds"] = 4
    assert errors_of(document) == [
        "session: A Howell for 6 pairs is always played in full: 5 rounds; got 4."]


def test_the_opening_lead_is_kept_and_checked(document):
    document["results"][0]["lead"] = "HT"
    imported = import_archive(json.dumps(document))
    assert export_session(imported)["results"][0]["lead"] == "HT"
    document["results"][0]["lead"] = "♥10"
    assert errors_of(document) == [
        "result 1: “lead” is “♥10”; expected a card written suit then rank, such as \"SK\" "
        "or \"HT\", or \"\" when not known."]


def test_an_archive_written_before_the_lead_was_kept(document):
    for record in document["results"]:
        del record["lead"]
    imported = import_archive(json.dumps(document))
    assert {r["lead"] for r in export_session(imported)["results"]} == {""}


def test_the_import_page_takes_an_even_table_mitchells_archive(director_client):
    session = make_session(tables=4, boards_per_round=3)
    make_result(session, 12, 1, 5, "4S= N", board_hcp=25)
    text = json.dumps(export_session(session))
    response = director_client.post("/director/import/", {
        "which": "archive", "archive-archive": SimpleUploadedFile("evening.json", text.encode())})
    imported = Session.objects.exclude(pk=session.pk).get()
    assert response.status_code == 302 and response["Location"].endswith(f"/{imported.pk}/")
    assert imported.boards.count() == 12
