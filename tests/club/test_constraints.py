"""The database itself refuses rows that break the model's invariants (run on SQLite and
PostgreSQL by CI)."""

import pytest
from django.db import IntegrityError, transaction

from club.models import Board, BoardPlay, Pair, Player, Result, Session
from club.models.sessions import (
    MAX_BOARD_NUMBER,
    MAX_BOARDS_PER_ROUND,
    MAX_PAIRS,
    MAX_ROUNDS,
    MAX_TABLES,
)
from scoring.models import CompensationRow, CompensationTable
from tests.factories import make_pair, make_player, make_result, make_session

pytestmark = pytest.mark.django_db


def refused(callable_, *args, **kwargs):
    with pytest.raises(IntegrityError), transaction.atomic():
        callable_(*args, **kwargs)


def raw_result(session, **fields):
    """A result written with queryset.create's cousin bulk_create: no model save(), no engine,
    so only the database stands between bad values and the table."""
    board = session.boards.get(number=fields.pop("board", 1))
    values = dict(board=board, ns_pair=session.pairs.get(number=1),
                  ew_pair=session.pairs.get(number=4), level=4, strain="S", doubling=0,
                  declarer="N", tricks=10, ns_score=420, ns_compensation=0, ns_net=420,
                  ns_imps=9, ew_imps=-9)
    values.update(fields)
    Result.objects.bulk_create([Result(**values)])


@pytest.mark.parametrize("level", [0, 8])
def test_level_outside_1_7_refused(session, level):
    refused(raw_result, session, level=level)


@pytest.mark.parametrize("tricks", [14, 20])
def test_tricks_outside_0_13_refused(session, tricks):
    refused(raw_result, session, tricks=tricks)


def test_unknown_strain_and_seat_refused(session):
    refused(raw_result, session, strain="X")
    refused(raw_result, session, declarer="Q")


def test_half_a_contract_refused(session):
    refused(raw_result, session, declarer="")
    refused(raw_result, session, tricks=None)


def test_passed_out_row_accepted(session):
    raw_result(session, level=None, strain="", declarer="", tricks=None, ns_score=0,
               ns_net=0, ns_imps=0, ew_imps=0)
    assert Result.objects.get().passed_out


@pytest.mark.parametrize("hcp", [41, 99])
def test_hcp_outside_0_40_refused(session, hcp):
    refused(raw_result, session, ns_hcp=hcp)
    board = session.boards.get(number=1)
    board.ns_hcp = hcp
    refused(board.save)


def test_pair_never_plays_itself(session):
    refused(raw_result, session, ew_pair=session.pairs.get(number=1))


def test_pair_plays_a_board_once_in_either_direction(session):
    make_result(session, 1, 1, 4, "4S= N")
    # Same pair as NS again on the board.
    refused(make_result, session, 1, 1, 5, "3NT= S")
    # Pair 4 (EW above) now as NS against another pair: caught by BoardPlay.
    refused(make_result, session, 1, 4, 6, "3NT= S")
    assert BoardPlay.objects.count() == 2


def test_pair_numbers_unique_per_session(session):
    refused(make_pair, session, 1)
    other = make_session(name="Another evening")
    assert other.pairs.filter(number=1).exists()


def test_pair_needs_two_different_players(session):
    player = make_player()
    refused(Pair.objects.create, session=session, number=99, player1=player, player2=player)


def test_board_numbers_unique_per_session(session):
    refused(Board.objects.create, session=session, number=1)


def test_session_sizes_positive(moscow):
    for field in ("tables", "rounds", "boards_per_round"):
        values = dict(name="x", date="2026-11-27", tables=3, rounds=3, boards_per_round=2,
                      compensation_table=moscow)
        values[field] = 0
        refused(Session.objects.create, **values)


def test_session_status_and_policy_restricted(moscow):
    base = dict(name="x", date="2026-11-27", tables=3, rounds=3, boards_per_round=2,
                compensation_table=moscow)
    refused(Session.objects.create, status="lost", **base)
    refused(Session.objects.create, policy="random", **base)


def test_membership_number_unique_when_given(db):
    Player.objects.create(name="A", membership_number="77")
    Player.objects.create(name="B")
    Player.objects.create(name="C")  # several players without a number are fine
    refused(Player.objects.create, name="D", membership_number="77")


def test_compensation_row_ranges(db):
    table = CompensationTable.objects.create(name="Club")
    refused(CompensationRow.objects.create, table=table, hcp=20, not_vul=0, vul=0)
    refused(CompensationRow.objects.create, table=table, hcp=25, not_vul=300, vul=200)
    CompensationRow.objects.create(table=table, hcp=25, not_vul=300, vul=440)
    refused(CompensationRow.objects.create, table=table, hcp=25, not_vul=300, vul=440)


def test_assigned_fields_need_assigned_flag(session):
    refused(raw_result, session, assigned=False, assigned_level=3, assigned_strain="NT",
            assigned_declarer="S", assigned_tricks=9)
    raw_result(session, assigned=True, assigned_level=3, assigned_strain="NT",
               assigned_declarer="S", assigned_tricks=9)


@pytest.mark.parametrize("field, largest", [("tables", MAX_TABLES), ("rounds", MAX_ROUNDS),
                                             ("boards_per_round", MAX_BOARDS_PER_ROUND)])
def test_session_sizes_within_the_limits(moscow, field, largest):
    values = dict(name="x", date="2026-11-27", tables=3, rounds=3, boards_per_round=2,
                  compensation_table=moscow)
    Session.objects.create(**(values | {field: largest}))
    refused(Session.objects.create, **(values | {field: largest + 1}))


def test_pair_and_board_numbers_within_the_limits(session):
    Pair.objects.create(session=session, number=MAX_PAIRS, player1=make_player(),
                        player2=make_player())
    refused(Pair.objects.create, session=session, number=MAX_PAIRS + 1,
            player1=make_player(), player2=make_player())
    Board.objects.create(session=session, number=MAX_BOARD_NUMBER)
    refused(Board.objects.create, session=session, number=MAX_BOARD_NUMBER + 1)
