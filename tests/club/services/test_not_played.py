"""A board that was not played: stored with no contract and both sides' adjusted scores,
scored without HCP, and changed back to a played result."""

import pytest

from club.models import Result
from club.services.compensation_tables import copy_table
from club.services.errors import Refused
from club.services.results import contract_values, correct_result, enter_result
from club.services.scoring import rescore_preview, rescore_session
from scoring.engine import parse_adjusted, parse_result
from scoring.models import moscow_table
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def pairs(session, ns, ew):
    return session.pairs.get(number=ns).pk, session.pairs.get(number=ew).pk


def enter(session, board, ns, ew, text, **values):
    ns_id, ew_id = pairs(session, ns, ew)
    board_id = session.boards.get(number=board).pk
    return enter_result(board_id, ns_pair_id=ns_id, ew_pair_id=ew_id,
                        values={**contract_values(parse_adjusted(text)), **values})


def not_played_on_a_board_with_hcp():
    """Board 1 entered as not played (A+/A-), then given its HCP (20)."""
    session = make_session(tables=3)
    result = enter(session, 1, 1, 4, "A+/A-")
    board = session.boards.get(number=1)
    board.ns_hcp = 20
    board.save()
    return result


def test_contract_values_of_a_board_not_played():
    assert contract_values(parse_adjusted("A+/A-")) == {
        "level": None, "strain": "", "doubling": 0, "declarer": "", "tricks": None,
        "not_played": True, "ns_adjustment": "ave+", "ew_adjustment": "ave-"}
    # A played result says it was played, so a board not played can become one.
    assert contract_values(parse_result("pass"))["not_played"] is False
    assert "not_played" not in contract_values(parse_result("4S= N"), prefix="assigned_")


def test_a_board_not_played_is_scored_without_hcp():
    session = make_session(tables=3)
    assert session.boards.get(number=1).ns_hcp is None  # nobody knows the HCP
    result = enter(session, 1, 1, 4, "A+/A-", round=1, table=1)
    result.refresh_from_db()
    assert result.not_played and result.contract is None and not result.assigned
    assert result.outcome == (0, 0, 0, 3, -3)
    assert result.text == "A+/A-"
    equal = enter(session, 1, 2, 5, "a")
    assert equal.outcome == (0, 0, 0, 0, 0) and equal.text == "A"


def test_rescoring_leaves_a_board_not_played_alone():
    session = make_session(tables=3)
    enter(session, 1, 1, 4, "A-")
    make_result(session, 1, 2, 5, "4S= N", board_hcp=20)
    board = session.boards.get(number=1)
    board.ns_hcp = 30
    board.save()
    assert rescore_session(session) == 1  # only the played result changes
    assert Result.objects.get(not_played=True).outcome == (0, 0, 0, -3, -3)


def test_correcting_a_board_not_played_to_a_played_result_drops_its_adjustments():
    result = not_played_on_a_board_with_hcp()
    played = correct_result(result.pk, 1, contract_values(parse_result("4S= N")))
    played.refresh_from_db()
    assert not played.not_played and played.text == "4S= N"
    assert (played.ns_adjustment, played.ew_adjustment) == ("", "")
    assert played.ns_imps == 9 and played.version == 2
    # And back: the shorthand gives the adjusted scores again.
    again = correct_result(result.pk, 2, contract_values(parse_adjusted("A")))
    assert again.not_played and again.outcome == (0, 0, 0, 0, 0)


def test_a_played_result_keeps_a_ruling_given_with_its_correction():
    result = not_played_on_a_board_with_hcp()
    values = {**contract_values(parse_result("pass")), "ns_adjustment": "ave",
              "ew_adjustment": ""}
    corrected = correct_result(result.pk, 1, values, board_hcp=None)
    assert not corrected.not_played
    assert (corrected.ns_adjustment, corrected.ew_adjustment) == ("ave", "")


def test_a_board_not_played_refuses_an_assigned_result():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", assigned=True, assigned_level=4,
                         assigned_strain="S", assigned_declarer="N", assigned_tricks=9)
    with pytest.raises(Refused, match="not played has no assigned result"):
        correct_result(result.pk, result.version, contract_values(parse_adjusted("A+")))
    result.refresh_from_db()
    assert not result.not_played and result.assigned  # nothing changed


def test_a_board_not_played_needs_both_adjustments():
    session = make_session(tables=3)
    result = enter(session, 1, 1, 4, "A+")
    with pytest.raises(Refused, match="adjusted score for each side"):
        correct_result(result.pk, 1, {"ew_adjustment": ""})


def test_rescore_preview_counts_without_writing():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=24)  # 24 HCP: compensation owed
    make_result(session, 3, 2, 5, "1NT= N", board_hcp=20)  # 20-20: no compensation
    enter(session, 5, 3, 6, "A+")
    before = sorted(Result.objects.values_list("pk", "ns_imps", "version"))
    history = Result.history.count()
    copy = copy_table(moscow_table().pk, "Generous")
    rows = copy.rows.get(hcp=24)
    rows.not_vul = 150  # Moscow: 200
    rows.save()
    # Only the 24-HCP board owes another compensation under the copy.
    assert rescore_preview(session, compensation_table=copy, policy="line") == (3, 1)
    assert rescore_preview(session, compensation_table=session.compensation_table,
                           policy="line") == (3, 0)
    assert sorted(Result.objects.values_list("pk", "ns_imps", "version")) == before
    assert Result.history.count() == history
    session.refresh_from_db()
    assert session.compensation_table == moscow_table()
