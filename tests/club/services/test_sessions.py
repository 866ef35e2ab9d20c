"""A session's services called directly: created with its boards, its setup changed, moved
through its statuses and deleted when made by mistake; each refusal leaves the session as
it was (status, version, history)."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError

from club.models import Board, Pair, Result, Session, TableCode
from club.services.errors import Refused
from club.services.sessions import (
    change_status,
    create_session,
    delete_session,
    deletion_refusal,
    renumber_pairs,
    setup_change_problems,
    update_session,
)
from scoring.models import moscow_table
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def snapshot(session):
    """What a refused change must leave alone: status, version and history length."""
    stored = Session.objects.get(pk=session.pk)
    return stored.status, stored.version, stored.history.count()


def test_create_session_makes_the_boards_its_setup_needs():
    session = create_session({
        "name": "Tuesday", "date": date(2026, 3, 3), "movement": "mitchell", "tables": 4,
        "rounds": 3, "boards_per_round": 3, "compensation_table": moscow_table()})
    assert session.status == Session.Status.SETUP
    # A Mitchell has a board set of 3 boards per table.
    assert sorted(session.boards.values_list("number", flat=True)) == list(range(1, 13))


def test_create_session_refuses_a_session_beyond_the_limits():
    with pytest.raises(ValidationError) as refused:
        create_session({"name": "Huge", "date": date(2026, 3, 3), "movement": "mitchell",
                        "tables": 51, "rounds": 3, "boards_per_round": 2,
                        "compensation_table": moscow_table()})
    assert "session_tables_in_range" in str(refused.value)
    assert not Session.objects.filter(name="Huge").exists()


# --- change_status ---------------------------------------------------------------------------

@pytest.mark.parametrize("action, before, after", [
    ("start", "setup", "running"),
    ("finish", "running", "finished"),
    ("publish", "finished", "published"),
    ("reopen", "finished", "running"),
    ("reopen", "published", "running"),
    ("unpublish", "published", "finished"),
])
def test_change_status_moves_the_session_with_history_and_a_new_version(action, before,
                                                                        after):
    session = make_session(tables=3, status=before)
    version, records = session.version, session.history.count()
    change_status(session.pk, action)
    session.refresh_from_db()
    assert session.status == after
    assert session.version == version + 1  # the pages' ETag changes
    assert session.history.count() == records + 1
    assert session.history.first().status == after


@pytest.mark.parametrize("action, status", [
    ("start", "running"), ("start", "finished"), ("finish", "setup"),
    ("finish", "published"), ("publish", "running"), ("publish", "setup"),
    ("reopen", "setup"), ("reopen", "running"), ("unpublish", "finished"),
    ("no-such-action", "setup"),
])
def test_change_status_refuses_what_does_not_apply_and_writes_nothing(action, status):
    session = make_session(tables=3, status=status)
    before = snapshot(session)
    with pytest.raises(Refused, match="does not apply to a session that is"):
        change_status(session.pk, action)
    assert snapshot(session) == before


def test_start_creates_the_boards_the_schedule_needs():
    session = make_session(tables=3, status="setup", boards=False)
    assert not session.boards.exists()
    change_status(session.pk, "start")
    assert sorted(session.boards.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]


def test_start_gives_every_table_without_a_code_its_code():
    """The cards can be printed as play starts; a code issued before stays as it is."""
    session = make_session(tables=3, status="setup")
    early = TableCode.objects.create(session=session, table=2, code="EARLY234")
    change_status(session.pk, "start")
    codes = dict(session.table_codes.values_list("table", "code"))
    assert sorted(codes) == [1, 2, 3] and codes[2] == early.code
    assert len(set(codes.values())) == 3


def test_start_refuses_pairs_that_do_not_fit_the_movement():
    session = make_session(tables=3, status="setup", pairs=3, boards=False)
    before = snapshot(session)
    with pytest.raises(Refused, match="Play cannot start: the registered pairs do not fit"):
        change_status(session.pk, "start")
    assert snapshot(session) == before
    assert not session.boards.exists()


# --- delete_session --------------------------------------------------------------------------

def test_delete_session_without_results_takes_its_pairs_and_boards():
    session = make_session(tables=3, status="setup")
    assert deletion_refusal(session) == ""
    deleted = delete_session(session.pk)
    assert deleted.name == "Club evening"
    assert not Session.objects.filter(pk=session.pk).exists()
    assert not Pair.objects.filter(session_id=session.pk).exists()
    assert not Board.objects.filter(session_id=session.pk).exists()
    # Its history stays on record, ending with the deletion.
    assert Session.history.filter(id=session.pk).first().history_type == "-"


def test_delete_session_with_results_needs_their_number_confirmed():
    """A session imported by mistake: deleted with its results only when the director
    confirmed how many go with it, the number it has at that moment."""
    session = make_session(tables=3, status="finished")
    make_result(session, 1, 1, 4, "4S= N")
    make_result(session, 2, 2, 5, "3NT= N")
    assert "has 2 results; confirm that they go" in deletion_refusal(session)
    assert deletion_refusal(session, results_confirmed=2) == ""
    before = snapshot(session)
    for confirmed in (None, 1, 3):
        with pytest.raises(Refused, match="has 2 results; confirm"):
            delete_session(session.pk, results_confirmed=confirmed)
    assert snapshot(session) == before
    result_ids = list(Result.objects.values_list("pk", flat=True))
    delete_session(session.pk, results_confirmed=2)
    assert not Session.objects.filter(pk=session.pk).exists()
    assert not Result.objects.exists() and not Board.objects.filter(session_id=session.pk)
    # The history keeps every deleted row; the session's says how many results went.
    last = Session.history.filter(id=session.pk).first()
    assert last.history_type == "-"
    assert last.history_change_reason == "deleted by the director with its 2 results"
    assert set(Result.history.filter(history_type="-").values_list("id", flat=True)) == set(
        result_ids)


def test_delete_session_refuses_a_published_session_with_results():
    session = make_session(tables=3, status="published")
    make_result(session, 1, 1, 4, "4S= N")
    assert "is published and has 1 result: unpublish it first" in deletion_refusal(session, 1)
    with pytest.raises(Refused, match="unpublish it first"):
        delete_session(session.pk, results_confirmed=1)
    assert session.pairs.count() == 6 and session.boards.count() == 6


# --- the setup -------------------------------------------------------------------------------

def test_setup_change_problems_of_a_locked_session():
    session = make_session(tables=3, status="finished")
    problems, reseating = setup_change_problems(session, {"tables": 4}, [1, 2])
    assert "reopen it before changing its setup" in problems[None][0]
    assert reseating == {}


def test_setup_change_problems_once_results_exist():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N")
    numbers = list(session.pairs.values_list("number", flat=True))
    problems, _reseating = setup_change_problems(session, {"boards_per_round": 3}, numbers)
    assert "can no longer change" in problems[None][0]
    problems, _reseating = setup_change_problems(session, {"rounds": 2}, numbers)
    assert problems == {}  # boards 1 and 2 (round 1) stay


def test_update_session_reseats_a_mitchell_and_refuses_what_loses_a_pair():
    session = make_session(tables=3, status="setup")
    ew_first = session.pairs.get(number=4).player1_id  # 1EW
    changed, rescored = update_session(session.pk, {"tables": 4, "rounds": 3})
    assert (changed.tables, rescored) == (4, 0)
    # 1EW keeps its seat: with 4 tables it is pair 5.
    assert session.pairs.get(number=5).player1_id == ew_first
    before = snapshot(session)
    with pytest.raises(Refused) as refused:
        update_session(session.pk, {"tables": 2})
    assert "have no seat with 2 tables" in str(refused.value.message_dict["tables"])
    assert snapshot(session) == before


def test_update_session_rescores_when_the_policy_changes():
    session = make_session(tables=3, policy="line")
    result = make_result(session, 1, 1, 4, "1NT= N", board_hcp=15)  # EW hold the 25
    _session, rescored = update_session(session.pk, {"policy": "declarer"})
    assert rescored == 1
    assert result.history.first().history_change_reason == "rescored: scoring rules changed"


def test_renumber_pairs_swaps_numbers_through_a_free_one():
    session = make_session(tables=3, status="setup")
    first, second = (session.pairs.get(number=n).player1_id for n in (1, 2))
    renumber_pairs(session, {1: 2, 2: 1})
    assert session.pairs.get(number=2).player1_id == first
    assert session.pairs.get(number=1).player1_id == second
    assert sorted(session.pairs.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]


# --- the even-table arrangement, arrow-switch and ranking -------------------------------------

def new_fields(**changes):
    return {"name": "Tuesday", "date": date(2026, 3, 3), "movement": "mitchell", "tables": 4,
            "rounds": 4, "boards_per_round": 2, "compensation_table": moscow_table(),
            **changes}


def test_create_session_with_a_relay_and_bye_stand_makes_every_set():
    session = create_session(new_fields(arrangement="relay", arrow_switch="last"))
    assert (session.arrangement, session.arrow_switch, session.ranking) == (
        "relay", "last", "one")
    assert session.boards.count() == 8  # 4 sets of 2, one on the bye stand each round


@pytest.mark.parametrize("changes, field, message", [
    ({"tables": 5, "rounds": 5, "arrangement": "skip"}, "arrangement",
     "for a Mitchell on an even number of tables; this session: Mitchell, 5 tables"),
    ({"movement": "howell", "tables": 4, "rounds": 7, "arrangement": "relay"},
     "arrangement", "this session: Howell, 4 tables"),
    ({"movement": "howell", "rounds": 7, "arrow_switch": "last"}, "arrow_switch",
     "keep their direction all evening; this session's movement: Howell."),
    ({"movement": "howell", "rounds": 7, "ranking": "two"}, "ranking",
     "two lines of a Mitchell; this session's movement, Howell"),
    ({"arrow_switch": "last", "ranking": "two", "rounds": 3}, "ranking",
     "every pair plays in both directions"),
])
def test_create_session_refuses_options_its_movement_cannot_have(changes, field, message):
    with pytest.raises(Refused) as refused:
        create_session(new_fields(**changes))
    assert message in " ".join(refused.value.message_dict[field])
    assert not Session.objects.exists()


def test_free_seating_may_rank_its_two_lines_apart_and_a_howell_may_not():
    from django.db import IntegrityError, transaction
    session = create_session(new_fields(movement="free", ranking="two"))
    assert session.two_winners and session.in_ns_line(session.tables)
    assert not session.in_ns_line(session.tables + 1)
    howell = make_session(movement="howell", tables=3, rounds=5, status="setup")
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=howell.pk).update(ranking="two")


def test_the_database_refuses_a_relay_on_an_odd_number_of_tables():
    from django.db import IntegrityError, transaction
    session = make_session(tables=3, status="setup")
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=session.pk).update(arrangement="relay")
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=session.pk).update(arrow_switch="last", ranking="two")


def test_update_session_refuses_odd_tables_for_a_relay_and_keeps_the_session():
    session = make_session(tables=4, rounds=4, status="setup", arrangement="relay")
    before = snapshot(session)
    with pytest.raises(Refused) as refused:
        update_session(session.pk, {"tables": 5, "rounds": 5})
    assert "Choose the plain movement" in str(refused.value.message_dict["arrangement"])
    assert snapshot(session) == before
    changed, _rescored = update_session(session.pk, {"tables": 5, "rounds": 5,
                                                     "arrangement": "plain"})
    assert (changed.tables, changed.arrangement) == (5, "plain")


def test_results_fix_the_arrangement_and_the_arrow_switch_not_the_ranking():
    session = make_session(tables=4, rounds=3)
    make_result(session, 1, 1, 5, "4S= N")
    numbers = list(session.pairs.values_list("number", flat=True))
    for change in ({"arrangement": "relay", "rounds": 3}, {"arrow_switch": "last"}):
        problems, _reseating = setup_change_problems(session, change, numbers)
        assert "the even-table arrangement and the arrow-switch can no longer change" in (
            problems[None][0])
    changed, _rescored = update_session(session.pk, {"ranking": "two"})
    assert changed.two_winners
