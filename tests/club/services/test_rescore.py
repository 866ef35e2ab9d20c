"""Stored outcomes come from the engine, and follow a change of policy, table or HCP, each
change through its service."""

import pytest

from club.models import Result
from club.services.boards import set_board_hcp
from club.services.compensation_tables import copy_table
from club.services.errors import MissingHcp
from club.services.results import contract_values, correct_result, enter_result
from club.services.scoring import rescore_session
from club.services.sessions import update_session
from scoring.engine import parse_result
from scoring.models import moscow_table
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def values(text, **extra):
    return {**contract_values(parse_result(text)), **extra}


def test_entering_a_result_stores_the_engine_outcome():
    session = make_session(tables=3, boards_per_round=2)
    board = session.boards.get(number=5)  # NS vulnerable
    set_board_hcp(board.pk, 26)
    # Worked example 4 (docs/scoring.md): EW sacrifice 4SX by W, 7 tricks.
    result = enter_result(board.pk, ns_pair_id=session.pairs.get(number=1).pk,
                          ew_pair_id=session.pairs.get(number=4).pk, values=values("4SX-3 W"))
    result.refresh_from_db()
    assert (result.ns_score, result.ns_compensation, result.ns_net) == (500, 520, -20)
    assert (result.ns_imps, result.ew_imps) == (-1, 1)


def test_missing_hcp_is_refused_with_a_message():
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    with pytest.raises(MissingHcp, match="HCP"):
        enter_result(board.pk, ns_pair_id=session.pairs.get(number=1).pk,
                     ew_pair_id=session.pairs.get(number=4).pk, values=values("4S= N"))
    assert not Result.objects.exists()


def setup_fields(session, **changes):
    fields = {name: getattr(session, name) for name in (
        "name", "date", "movement", "tables", "rounds", "boards_per_round", "duplicated",
        "compensation_table", "policy")}
    return {**fields, **changes}


def test_policy_change_rescores_every_result():
    session = make_session(tables=3, boards_per_round=2)
    # Weak line declares on every board: the policies disagree on each of them.
    for board_number, ns, ew in [(1, 1, 4), (2, 2, 5), (3, 3, 6), (5, 1, 6)]:
        make_result(session, board_number, ns, ew, "2S= E", board_hcp=25)
    before = {r.pk: r.ns_imps for r in Result.objects.all()}
    _session, changed = update_session(session.pk, setup_fields(session, policy="declarer"))
    assert changed == 4
    after = {r.pk: (r.ns_compensation, r.ns_imps) for r in Result.objects.all()}
    assert all(comp == 0 for comp, _imps in after.values())
    assert all(after[pk][1] != before[pk] for pk in before)


def test_table_change_rescores_with_the_new_table():
    session = make_session(tables=3, boards_per_round=2)
    result = make_result(session, 2, 1, 4, "2S= N", board_hcp=24)  # NS vulnerable
    assert result.ns_compensation == 200
    club_table = copy_table(moscow_table().pk, "Chicago")
    row = club_table.rows.get(hcp=24)
    row.vul = 290
    row.save()
    update_session(session.pk, setup_fields(session, compensation_table=club_table))
    result.refresh_from_db()
    assert result.ns_compensation == 290
    assert result.ns_net == 110 - 290


def test_rulings_change_the_outcome_and_keep_the_table_result():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "3NT= N", board_hcp=25)
    assert (result.ns_net, result.ns_imps) == (100, 3)  # 400 - 300 on board 1
    result = correct_result(result.pk, result.version,
                            {"ns_adjustment": "ave+", "ew_adjustment": "ave-"})
    assert (result.ns_imps, result.ew_imps) == (3, -3)
    result = correct_result(result.pk, result.version, {
        "ns_adjustment": "", "ew_adjustment": "", "assigned": True,
        **contract_values(parse_result("4S-1 N"), prefix="assigned_")})
    assert (result.ns_score, result.ns_net, result.ns_imps) == (-50, -350, -8)
    assert result.text == "3NT= N" and result.assigned_text == "4S-1 N"


def test_rescoring_records_history_only_for_changed_outcomes():
    session = make_session(tables=3, boards_per_round=2)
    changed = make_result(session, 2, 1, 4, "2S= N", board_hcp=24)
    same = make_result(session, 3, 2, 5, "3NT= S", board_hcp=20)  # 20-20: no compensation
    club_table = copy_table(moscow_table().pk, "Chicago")
    row = club_table.rows.get(hcp=24)
    row.vul = 290
    row.save()
    session.compensation_table = club_table
    session.save()
    assert rescore_session(session) == 1
    assert changed.history.count() == 2 and same.history.count() == 1
    latest = changed.history.first()
    assert latest.history_change_reason == "rescored: scoring rules changed"
    assert latest.ns_compensation == 290
