"""The session lock every writer takes, and the scoring service's readers and rescoring,
called directly."""

import pytest
from django.db import transaction

from club.models import Player, Result, Session
from club.services.errors import Refused
from club.services.locks import lock_session, locked_board, locked_row
from club.services.scoring import (
    engine_table,
    line_compensation,
    rescore_board,
    rescore_results,
    table_score,
)
from scoring.engine import Vulnerability
from tests.factories import make_player, make_result, make_session

pytestmark = pytest.mark.django_db


def test_lock_session_bumps_the_version():
    session = make_session(tables=3)
    with transaction.atomic():
        locked = lock_session(session.pk)
    assert locked.version == session.version + 1
    assert Session.objects.get(pk=session.pk).version == session.version + 1


def test_a_refused_change_rolls_the_version_back():
    session = make_session(tables=3)
    with pytest.raises(Refused), transaction.atomic():
        lock_session(session.pk)
        raise Refused("no")
    assert Session.objects.get(pk=session.pk).version == session.version


def test_locked_row_and_locked_board():
    player = make_player("Olga")
    with transaction.atomic():
        assert locked_row(Player, player.pk, "gone") == player
        with pytest.raises(Refused, match="Player gone"):
            locked_row(Player, 999999, "Player gone")
    session = make_session(tables=3)
    board = session.boards.get(number=2)
    with transaction.atomic():
        locked, found = locked_board(board.pk)
    assert (locked.pk, found, found.session.version) == (session.pk, board,
                                                         session.version + 1)
    with pytest.raises(Refused, match="This board no longer exists"), transaction.atomic():
        locked_board(999999)


def test_engine_table_is_loaded_once_per_cache():
    session = make_session(tables=3)
    cache = {}
    table = engine_table(session, cache)
    assert cache == {session.compensation_table_id: table}
    assert engine_table(session, cache) is table
    assert table.compensation(25, False) == 300


def test_line_compensation_reads_the_board_without_writing():
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    assert line_compensation(board, session) is None  # no HCP yet
    board.ns_hcp = 25
    assert line_compensation(board, session) == 300  # the Moscow table, not vulnerable
    board.ns_hcp = 15
    assert line_compensation(board, session) == -300  # EW hold the 25


def test_table_score_is_the_score_before_any_compensation():
    assert table_score(None, None, None, Vulnerability.NONE) == 0
    four_spades = make_result(make_session(tables=3), 1, 1, 4, "4S= N")
    contract, declarer, tricks = four_spades.scored_result
    assert table_score(contract, declarer, tricks, Vulnerability.NONE) == 420
    assert table_score(contract, "E", tricks, Vulnerability.BOTH) == -620


def test_rescore_results_writes_only_changed_outcomes_with_history():
    session = make_session(tables=3)
    first = make_result(session, 1, 1, 4, "4S= N", board_hcp=20)
    second = make_result(session, 3, 2, 5, "4S= N", board_hcp=20)
    session.boards.filter(number=1).update(ns_hcp=26)
    results = list(Result.objects.select_related("board__session").order_by("pk"))
    assert rescore_results(results, reason="checked") == 1
    assert Result.objects.get(pk=first.pk).ns_compensation == 350
    assert first.history.first().history_change_reason == "checked"
    assert second.history.count() == 1  # unchanged: no history record


def test_rescore_board_rescores_one_board():
    session = make_session(tables=3)
    first = make_result(session, 1, 1, 4, "4S= N", board_hcp=20)
    other = make_result(session, 3, 2, 5, "4S= N", board_hcp=20)
    session.boards.filter(number__in=[1, 3]).update(ns_hcp=26)
    assert rescore_board(session, session.boards.get(number=1)) == 1
    assert Result.objects.get(pk=first.pk).ns_compensation == 350
    assert Result.objects.get(pk=other.pk).ns_compensation == 0  # board 3 left alone

