"""The one read model of a session's movement (club.plan.SessionPlan): its schedule for a
Mitchell, a Howell with a sit-out and free seating, what it falls back to when the
registered pairs do not fit, the queries it costs, and that a result posted at a table
computes the movement once."""

import uuid
from unittest import mock

import pytest
from django.urls import reverse

from club.models import TableEntry
from club.plan import SessionPlan
from club.services.table_phones import issue_codes, submit_entry
from scoring.engine import movements
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def test_the_plan_of_a_mitchell():
    # 3 tables, 2 boards a round: NS 1-3 stay, EW 4-6 move up a table, boards move down.
    session = make_session(tables=3, boards_per_round=2)
    plan = SessionPlan.load(session)
    assert (plan.pair_count, plan.seated, plan.schedule_error) == (6, 6, "")
    assert sorted(plan.by_number) == [1, 2, 3, 4, 5, 6]
    assert {p.number for p in plan.by_id.values()} == {1, 2, 3, 4, 5, 6}
    assert len(plan.schedule) == 9 and plan.seatings == plan.schedule
    assert (plan.board_total, plan.played_board_total, plan.board_sets) == (6, 6, [1, 2, 3])
    assert [(s.round, s.ns, s.ew, s.board_set) for s in plan.seatings_of_table(1)] == [
        (1, 1, 4, 1), (2, 1, 6, 2), (3, 1, 5, 3)]
    seating = plan.seating_for(2, 1)
    assert (seating.ns, seating.ew, list(plan.boards_of(seating))) == (2, 5, [3, 4])
    assert plan.table_plays(2, 1, 3) and plan.table_plays(2, 1, 4)
    assert not plan.table_plays(2, 1, 1) and not plan.table_plays(2, 2, 3)
    assert not plan.table_plays(4, 1, 3)  # no such table
    assert plan.seating_for(4, 1) is None
    # Board 1 (set 1): table 1 in round 1, table 3 in round 2, table 2 in round 3.
    assert [(s.round, s.table) for s in plan.seatings_of_board(1)] == [(1, 1), (2, 3), (3, 2)]
    assert plan.rounds_of_board(1) == [1, 2, 3]
    assert plan.scheduled_pairs[1] == [(1, 4), (3, 5), (2, 6)]
    assert plan.setup_problems == [] and plan.sit_out_rounds(1) == []
    assert sorted(plan.boards) == [1, 2, 3, 4, 5, 6]


def test_the_plan_of_a_howell_with_a_sit_out():
    # 5 pairs on 3 tables: the missing sixth pair is the phantom, its opponents sit out.
    session = make_session(tables=3, movement="howell", rounds=5, pairs=5,
                           boards_per_round=1)
    plan = SessionPlan.load(session)
    assert (plan.pair_count, plan.seated, plan.setup_problems) == (5, 5, [])
    sit_outs = [s for s in plan.schedule if s.is_sit_out]
    assert len(sit_outs) == 5  # one pair each round
    assert all(not plan.boards_of(s) for s in sit_outs)
    assert plan.playing_seatings == [s for s in plan.schedule if not s.is_sit_out]
    for number in range(1, 6):  # each pair sits out once
        assert len(plan.sit_out_rounds(number)) == 1
    sitting_out = sit_outs[0]
    assert not plan.table_plays(sitting_out.table, sitting_out.round, 1)
    assert plan.board_total == 5


def test_the_plan_of_free_seating():
    session = make_session(tables=3, movement="free", pairs=5, rounds=4)
    plan = SessionPlan.load(session)
    assert plan.free and plan.schedule == [] and plan.seatings == []
    assert (plan.seated, plan.schedule_error, plan.setup_problems) == (5, "", [])
    assert (plan.board_total, plan.played_board_total) == (8, 8)  # 4 rounds of 2 boards
    assert plan.seatings_of_table(1) == [] and plan.seating_for(1, 1) is None
    assert not plan.table_plays(1, 1, 1) and plan.seatings_of_board(1) == []


def test_pairs_that_do_not_fit_keep_the_message_and_fall_back():
    # A Howell on 2 tables needs 4 pairs; with 3 the movement cannot seat them.
    session = make_session(tables=2, movement="howell", rounds=3, pairs=3, status="setup",
                           boards_per_round=2)
    plan = SessionPlan.load(session)
    assert plan.schedule is None and plan.seatings == [] and plan.seated is None
    # The room is set up for the full field: 4 pairs, 3 rounds of 2 boards.
    assert len(plan.planned) == 6 and plan.board_total == 6
    # The standings count the boards as free seating's.
    assert plan.played_board_total == 6
    # 3 pairs, no gap, one short of the room: the movement's own message.
    assert plan.setup_problems == [plan.schedule_error]
    assert "A Howell needs at least 4 pairs" in plan.schedule_error
    assert plan.seatings_of_table(1) == [] and plan.rounds_of_board(1) == []


def test_a_gap_in_the_numbers_is_named():
    session = make_session(tables=3, pairs=0, boards=False, status="setup")
    plan = SessionPlan.of_numbers(session, [1, 2, 3, 4, 6])
    assert plan.seated is None
    assert plan.setup_problems == ["With 5 pairs the pairs must be 1NS to 2EW without a gap; "
                                   "missing: 2EW."]


def test_loading_a_plan_is_one_query_and_reading_it_none(django_assert_num_queries):
    session = make_session(tables=4, boards_per_round=2)
    with django_assert_num_queries(1):
        plan = SessionPlan.load(session)
        [pair.players for pair in plan.pairs]  # the players come with the pairs
    with django_assert_num_queries(0):
        read = (plan.schedule, plan.seated, plan.board_total, plan.setup_problems,
                plan.seatings_of_table(2), plan.scheduled_pairs, plan.seatings_of_board(3))
    assert read[1] == 8 and read[2] == 8
    with django_assert_num_queries(1):
        assert plan.boards is plan.boards  # the boards on first use, once


def test_the_movement_is_computed_once_per_count():
    session = make_session(tables=3)
    plan = SessionPlan.load(session)
    with mock.patch("club.plan.movements.schedule", wraps=movements.schedule) as schedule:
        read = (plan.schedule, plan.seated, plan.planned, plan.board_total,
                plan.setup_problems, plan.seatings_of_table(1), plan.table_plays(1, 1, 1))
    assert schedule.call_count == 1
    assert read[1] == 6 and read[-1] is True


def test_a_result_posted_at_a_table_computes_the_movement_once(client):
    session = make_session(tables=3, boards_per_round=2)
    session.boards.filter(number=1).update(ns_hcp=20)
    issue_codes(session.pk)
    code = session.table_codes.get(table=1).code
    with mock.patch("club.plan.movements.schedule", wraps=movements.schedule) as schedule:
        response = client.post(reverse("table-board", args=[code, 1]), {
            "key": str(uuid.uuid4()), "level": "4", "strain": "S", "doubling": "0",
            "declarer": "N", "tricks": "10", "lead": "SK"})
    assert response.status_code == 302
    assert TableEntry.objects.get().status == TableEntry.Status.ENTERED
    assert schedule.call_count == 1


def test_a_service_trusts_the_pages_plan_only_while_nothing_was_written_since():
    session = make_session(tables=3, boards_per_round=2)
    session.boards.filter(number__in=[1, 3]).update(ns_hcp=20)
    issue_codes(session.pk)
    values = {"level": 4, "strain": "S", "doubling": 0, "declarer": "N", "tricks": 10,
              "lead": "SK"}
    session.refresh_from_db()  # the version the page would read
    current = SessionPlan.load(session)
    current.schedule  # noqa: B018 (computed by the page)
    with mock.patch("club.plan.movements.schedule", wraps=movements.schedule) as schedule:
        submit_entry(session.pk, table=1, round=1, board_number=1, key=uuid.uuid4(),
                     values=values, plan=current)
    assert schedule.call_count == 0
    session.refresh_from_db()
    stale = SessionPlan.load(session)
    stale.schedule  # noqa: B018
    issue_codes(session.pk, [3])  # a write: the session's version moves on
    with mock.patch("club.plan.movements.schedule", wraps=movements.schedule) as schedule:
        submit_entry(session.pk, table=2, round=1, board_number=3, key=uuid.uuid4(),
                     values=values, plan=stale)
    assert schedule.call_count == 1
    assert TableEntry.objects.filter(status=TableEntry.Status.ENTERED).count() == 2


def test_current_plan_keeps_the_pages_plan_only_right_after_the_lock():
    from django.db import transaction

    from club.services.locks import current_plan, lock_session
    session = make_session(tables=3, boards_per_round=2)
    session.refresh_from_db()
    page = SessionPlan.load(session)
    with transaction.atomic():
        assert current_plan(lock_session(session.pk), page) is page
    with transaction.atomic():  # the version moved on since the page loaded its plan
        fresh = current_plan(lock_session(session.pk), page)
    assert fresh is not page and fresh.session.version == page.session.version + 2
    with transaction.atomic():
        assert current_plan(lock_session(session.pk)).pair_count == page.pair_count
