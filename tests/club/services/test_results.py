"""The result services called directly: entering, correcting and deleting a result, and the
guards in front of them (a closed session, a stale version, a pair twice on a board, a
ruling that is both an assigned result and adjusted scores). A refusal is a ServiceError
with a message, never a database error, and leaves the result and the session's version
as they were."""

import pytest

from club.models import BoardPlay, Result, Session, TableEntry
from club.services.errors import DuplicateResult, Refused, StaleResult
from club.services.results import (
    contract_values,
    correct_result,
    delete_result,
    enter_result,
    entry_refusal,
    find_duplicate,
    refuse_closed,
)
from scoring.engine import parse_result
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def version(session):
    return Session.objects.get(pk=session.pk).version


def enter(session, board, ns, ew, text, **values):
    return enter_result(session.boards.get(number=board).pk,
                        ns_pair_id=session.pairs.get(number=ns).pk,
                        ew_pair_id=session.pairs.get(number=ew).pk,
                        values={**contract_values(parse_result(text)), **values})


def assigned(text):
    return {"assigned": True, **contract_values(parse_result(text), prefix="assigned_")}


@pytest.fixture
def running():
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    board.ns_hcp = 25  # NS owe 300 on board 1, nobody vulnerable
    board.save()
    return session


def test_enter_result_stores_it_scored_with_its_board_plays(running):
    before = version(running)
    result = enter(running, 1, 1, 4, "3NT= N", round=1, table=1)
    result.refresh_from_db()
    # +400 against the 300 owed: net +100 is 3 IMPs.
    assert (result.ns_score, result.ns_net, result.ns_imps, result.ew_imps) == (
        400, 100, 3, -3)
    assert sorted(BoardPlay.objects.filter(result=result).values_list(
        "pair__number", flat=True)) == [1, 4]
    assert version(running) == before + 1


@pytest.mark.parametrize("status, message", [
    ("setup", "Play has not started"),
    ("finished", "The session is finished: results cannot be changed"),
    ("published", "The session is published: results cannot be changed"),
])
def test_results_are_refused_outside_play(status, message):
    session = make_session(tables=3, status=status)
    assert message in entry_refusal(session)
    with pytest.raises(Refused, match=message):
        refuse_closed(session)
    before = version(session)
    with pytest.raises(Refused, match=message):
        enter(session, 1, 1, 4, "3NT= N", ns_hcp=20)
    assert not Result.objects.exists()
    assert version(session) == before


def test_a_running_session_takes_results(running):
    assert entry_refusal(running) == ""
    refuse_closed(running)  # no refusal


def test_a_closed_session_refuses_corrections_and_deletions(running):
    result = enter(running, 1, 1, 4, "3NT= N")
    Session.objects.filter(pk=running.pk).update(status="finished")
    with pytest.raises(Refused, match="finished"):
        correct_result(result.pk, result.version, contract_values(parse_result("4S= N")))
    with pytest.raises(Refused, match="finished"):
        delete_result(result.pk, result.version)
    result.refresh_from_db()
    assert result.text == "3NT= N"


def test_a_pair_cannot_play_a_board_twice(running):
    first = enter(running, 1, 1, 4, "3NT= N", round=1, table=1)
    again = Result(board=first.board, ns_pair_id=first.ns_pair_id,
                   ew_pair_id=running.pairs.get(number=5).pk)
    assert find_duplicate(again).existing == first
    assert find_duplicate(first) is None  # a result is no duplicate of itself
    with pytest.raises(DuplicateResult, match="Pair 1NS already has a result on board 1"):
        enter(running, 1, 1, 5, "4S= N")
    assert Result.objects.count() == 1


def test_pairs_of_a_result_belong_to_its_session_and_differ(running):
    other = make_session(tables=3, name="Elsewhere")
    with pytest.raises(Refused, match="must be pairs of its session"):
        enter_result(running.boards.get(number=1).pk,
                     ns_pair_id=running.pairs.get(number=1).pk,
                     ew_pair_id=other.pairs.get(number=4).pk,
                     values=contract_values(parse_result("pass")))
    with pytest.raises(Refused, match="cannot play against itself"):
        enter(running, 1, 1, 1, "pass")
    assert not Result.objects.exists()


# --- a ruling is an assigned result or adjusted scores, never both --------------------------

def test_enter_result_refuses_an_assigned_result_with_adjusted_scores(running):
    before = version(running)
    with pytest.raises(Refused, match="either an assigned result or adjusted scores, not "
                                      "both"):
        enter(running, 1, 1, 4, "3NT= N", ns_adjustment="ave+", **assigned("4S-1 N"))
    assert not Result.objects.exists()
    assert version(running) == before


def test_correct_result_refuses_adding_adjusted_scores_to_an_assigned_result(running):
    result = enter(running, 1, 1, 4, "3NT= N", **assigned("4S-1 N"))
    with pytest.raises(Refused, match="either an assigned result or adjusted scores"):
        correct_result(result.pk, result.version, {"ew_adjustment": "ave-"})
    result.refresh_from_db()
    assert (result.assigned, result.ew_adjustment, result.version) == (True, "", 1)


def test_either_ruling_alone_is_stored(running):
    adjusted = enter(running, 1, 1, 4, "3NT= N", ns_adjustment="ave+", ew_adjustment="ave-")
    assert (adjusted.ns_imps, adjusted.ew_imps) == (3, -3)
    ruled = enter(running, 1, 2, 5, "3NT= N", **assigned("4S-1 N"))
    # 4S-1 N: -50 against the 300 owed is -350, -8 IMPs.
    assert (ruled.ns_net, ruled.ns_imps) == (-350, -8)


# --- correcting and deleting ----------------------------------------------------------------

def test_correct_result_rescores_and_counts_the_version(running):
    result = enter(running, 1, 1, 4, "3NT= N")
    before = version(running)
    corrected = correct_result(result.pk, 1, contract_values(parse_result("3NT+1 N")))
    corrected.refresh_from_db()
    assert (corrected.text, corrected.version, corrected.ns_net) == ("3NT+1 N", 2, 130)
    assert corrected.history.first().history_type == "~"
    assert version(running) == before + 1


def test_a_stale_correction_is_refused_with_what_is_stored(running):
    result = enter(running, 1, 1, 4, "3NT= N")
    correct_result(result.pk, 1, contract_values(parse_result("3NT+1 N")))
    with pytest.raises(StaleResult) as stale:
        correct_result(result.pk, 1, contract_values(parse_result("3NT-1 N")))
    assert stale.value.current.text == "3NT+1 N"
    assert "changed this result meanwhile" in stale.value.messages[0]
    result.refresh_from_db()
    assert (result.text, result.version) == ("3NT+1 N", 2)


def test_a_stale_deletion_is_refused_and_a_current_one_deletes(running):
    result = enter(running, 1, 1, 4, "3NT= N")
    with pytest.raises(StaleResult):
        delete_result(result.pk, 7)
    assert Result.objects.filter(pk=result.pk).exists()
    deleted = delete_result(result.pk, 1)
    assert deleted.text == "3NT= N"
    assert not Result.objects.filter(pk=result.pk).exists()
    assert not BoardPlay.objects.filter(result_id=result.pk).exists()
    assert Result.history.filter(id=result.pk).first().history_type == "-"
    with pytest.raises(StaleResult) as gone:
        delete_result(result.pk, 1)
    assert gone.value.current is None


def test_the_directors_result_closes_the_tables_open_entry(running):
    board = running.boards.get(number=1)
    entry = TableEntry.objects.create(
        session=running, board=board, round=1, table=1,
        ns_pair=running.pairs.get(number=1), ew_pair=running.pairs.get(number=4),
        ns_hcp=25, level=4, strain="S", declarer="N", tricks=10)
    enter(running, 1, 1, 4, "3NT= N")
    entry.refresh_from_db()
    assert entry.status == TableEntry.Status.WITHDRAWN


def test_make_result_agrees_with_enter_result(running):
    """The factories score as the service does (tests rely on it)."""
    made = make_result(running, 1, 2, 5, "3NT= N")
    entered = enter(running, 1, 1, 4, "3NT= N")
    assert made.outcome == entered.outcome
