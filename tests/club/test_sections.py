"""Sessions in sections (issue 18): each section plays its own movement on the session's
boards; its tables and pairs are numbered across the session (section A's first) and
labelled with the section's letter. The plan holds each section's schedule."""

import pytest

from club.models import Session
from club.plan import SessionPlan
from club.schedule import read_sections, section_problems
from tests.factories import make_pair, make_sectioned_session

pytestmark = pytest.mark.django_db


def test_the_plan_of_two_sections_numbers_their_tables_and_pairs_across_the_session():
    # A: 3 tables (pairs 1-6), B: 4 tables cut to 3 rounds (pairs 7-14), 2 boards a round.
    session = make_sectioned_session(((3, 3), (4, 3)), boards_per_round=2)
    assert (session.tables, session.rounds) == (7, 3)
    plan = SessionPlan.load(session)
    assert [part.section.letter for part in plan.sections] == ["A", "B"]
    assert [part.numbers for part in plan.sections] == [list(range(1, 7)),
                                                        list(range(7, 15))]
    assert (plan.seated, plan.schedule_error, plan.setup_problems) == (14, "", [])
    # Section A's table 1 is the session's table 1; B's table 1 is table 4 with pairs 7/11.
    assert [(s.round, s.ns, s.ew, s.board_set) for s in plan.seatings_of_table(1)] == [
        (1, 1, 4, 1), (2, 1, 6, 2), (3, 1, 5, 3)]
    assert [(s.round, s.ns, s.ew, s.board_set) for s in plan.seatings_of_table(4)][0] == (
        1, 7, 11, 1)
    assert {s.table for s in plan.sections[1].seatings} == {4, 5, 6, 7}
    # The same boards for both sections: board 1 is played by a table of each.
    assert {s.table for s in plan.seatings_of_board(1)} == {1, 3, 2, 4, 7, 6}
    assert plan.board_total == 8 and sorted(plan.boards) == list(range(1, 9))
    # Each pair plays within its section only.
    for part in plan.sections:
        assert {p for s in part.seatings for p in s.pairs} == set(part.numbers)


def test_labels_name_the_section():
    session = make_sectioned_session(((3, 3), (4, 3)))
    assert [session.pair_label(n) for n in (1, 3, 4, 6, 7, 10, 11, 14)] == [
        "A1NS", "A3NS", "A1EW", "A3EW", "B1NS", "B4NS", "B1EW", "B4EW"]
    assert [session.table_label(t) for t in (1, 3, 4, 7)] == ["A1", "A3", "B1", "B4"]
    assert session.in_ns_line(10) and not session.in_ns_line(11)
    howell = make_sectioned_session(((2, 3), (2, 3)), movement="howell", boards_per_round=1)
    assert [howell.pair_label(n) for n in (1, 4, 5, 8)] == ["A1", "A4", "B1", "B4"]


def test_a_session_without_sections_keeps_its_labels():
    session = Session(movement="mitchell", tables=3)
    assert [session.pair_label(n) for n in (1, 4)] == ["1NS", "1EW"]
    assert session.table_label(2) == "2" and session.section_list == []


def test_a_section_missing_pairs_stops_play_and_says_which_section():
    session = make_sectioned_session(((3, 3), (3, 3)), pairs=0)
    for number in [*range(1, 7), 7, 8, 9, 10]:
        make_pair(session, number)
    plan = SessionPlan.load(session)
    assert plan.seated is None
    assert plan.setup_problems == [
        "Section B: 4 pairs registered; 3 tables need 6 pairs, or 5 with a sit-out each "
        "round."]
    # The planned schedule is the full room of both sections all the same.
    assert {s.table for s in plan.planned} == set(range(1, 7))


def test_a_howell_section_with_a_sit_out():
    session = make_sectioned_session(((3, 5), (3, 5)), movement="howell",
                                     boards_per_round=1, pairs=0)
    for number in range(1, 12):  # B has 5 pairs: its sixth seat (pair 12) is empty
        make_pair(session, number)
    plan = SessionPlan.load(session)
    assert plan.seated == 11 and plan.setup_problems == []
    assert not any(12 in s.pairs for s in plan.seatings)
    assert [len([s for s in part.seatings if s.is_sit_out and s.round == 1])
            for part in plan.sections] == [0, 1]


@pytest.mark.parametrize(("typed", "stored"), [
    ("3 3", "3x3,3x3"), ("3x4 2x4", "3x4,2x4"), ("4x3, 3", "4x3,3x3"),
    ("5х4;3×2", "5x4,3x2"), ("", "")])
def test_the_sections_a_director_types(typed, stored):
    movement = "free" if stored == "3x4,2x4" else "mitchell"
    assert read_sections(typed, movement) == (stored, [])


@pytest.mark.parametrize(("typed", "movement", "message"), [
    ("3 3 3 3 3", "mitchell", "A session has at most 4 sections (A, B, C, D); got 5."),
    ("3 three", "mitchell", "“three” is not a section's size"),
    ("3 3x5", "mitchell", "Section B: A Mitchell on 3 tables has at most 3 rounds; got 5."),
    ("3 20", "howell", "Section B: "),
    ("30 30", "mitchell", "A session has at most 50 tables; its sections have 60."),
    ("3 3", "free", "Free seating has no movement to count rounds from"),
    ("3 3", "swiss", "Swiss pairs is played in one field: a Swiss session has no sections."),
])
def test_sections_that_cannot_be_played_are_refused_naming_the_limit(typed, movement,
                                                                     message):
    stored, problems = read_sections(typed, movement)
    assert stored == "" and len(problems) == 1 and message in problems[0]


def test_a_session_whose_totals_disagree_with_its_sections_is_refused():
    session = Session(movement="mitchell", tables=7, rounds=3, sections="3x3,3x3")
    assert section_problems(session) == [
        "A session in sections has as many tables as its sections together (6) and the "
        "rounds of its longest section (3)."]


def test_messages_name_a_table_by_its_section():
    from club.models import Result
    from club.notation import table_and_round

    session = Session(movement="mitchell", tables=6, sections="3x3,3x3")
    assert table_and_round(Result(table=5, round=2), session) == " (table B2, round 2)"
    assert table_and_round(Result(table=2), session) == " (table A2)"
    assert table_and_round(Result(table=5, round=2)) == " (table 5, round 2)"
