"""USEBIO's WINNER_TYPE read on import (club.io.usebio): 2 ranks the NS and the EW pairs
apart (Session.ranking "two", the NS pairs numbered 1 to tables), 1 or none in one list;
anything else, or a two-winner file whose pair plays both directions, is refused with
nothing saved."""

from pathlib import Path

import pytest

from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records
from club.io.usebio import export_usebio, import_usebio, line_numbers
from club.models import Player, Session
from club.plan import SessionPlan
from club.queries import public_standings
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures"
V1_3 = (FIXTURES / "usebio_v1_3.xml").read_bytes()  # WINNER_TYPE 2, pairs 1 and 2 a line
V1_0 = (FIXTURES / "usebio_v1_0.xml").read_bytes()  # WINNER_TYPE 1, a Howell


def lines(session):
    """[(line, [(pair number, rank label)])] of the session's standings."""
    standings = public_standings(SessionPlan.load(session))
    return [(line, [(row.number, row.rank_label) for row in rows])
            for line, rows in standings.lines]


def test_two_winners_rank_each_line_apart():
    session = import_usebio(V1_3, "wednesday.xml")
    assert (session.ranking, session.movement, session.tables) == ("two", "free", 2)
    names = {p.number: p.players for p in session.pairs.select_related("player1", "player2")}
    assert names[1] == "Anna Petrova – Boris Ivanov"  # 1NS
    assert names[3] == "Olga Kuznetsova – Sergei Popov"  # 1EW, after the NS pairs
    assert [(line, sorted(number for number, _rank in rows))
            for line, rows in lines(session)] == [("NS", [1, 2]), ("EW", [3, 4])]


def test_one_winner_ranks_every_pair_in_one_list():
    session = import_usebio(V1_0, "howell.xml")
    assert session.ranking == "one"
    assert [line for line, _rows in lines(session)] == [None]


def test_a_two_winner_mitchell_round_trips_with_its_lines():
    session = make_session(tables=3, boards_per_round=2, ranking="two")
    import_hand_records(session.id, (FIXTURES / "hand_records.pbn").read_text(), "deals.pbn")
    make_result(session, 1, 1, 4, "4SX-3 W", round=1, table=1)
    make_result(session, 1, 2, 5, "pass", round=1, table=2)
    make_result(session, 2, 1, 5, "3NT+1 S", round=2, table=1)
    make_result(session, 3, 3, 6, "2D= E", round=2, table=3)
    imported = import_usebio(export_usebio(session), "evening.xml")
    assert (imported.ranking, imported.tables) == ("two", 3)
    session.status = "finished"  # its standings with every board (in play: released only)
    assert lines(imported) == lines(session)


@pytest.mark.parametrize("numbers, played, expected", [
    # NS 1-2 and EW 3-4 already fit two tables: kept.
    ([1, 2, 3, 4], [(1, 3), (2, 4)], (2, {})),
    # EW 9 and 10 fit as they are with 5 tables (EW 6 to 10).
    ([1, 2, 3, 9, 10], [(1, 9), (3, 10)], (5, {})),
    # NS 1, 2, 5 and EW 3, 4: the EW pairs follow the last NS pair.
    ([1, 2, 3, 4, 5], [(1, 3), (2, 4), (5, 3)], (5, {3: 6, 4: 7})),
])
def test_the_ew_line_is_numbered_after_the_ns_line(numbers, played, expected):
    pairs = [(number, [], "") for number in numbers]
    results = [(board, ns, ew, None) for board, (ns, ew) in enumerate(played, start=1)]
    problems = []
    assert line_numbers(pairs, results, problems) == expected
    assert problems == []


@pytest.mark.parametrize("data, message", [
    (V1_3.replace(b"<WINNER_TYPE>2<", b"<WINNER_TYPE>X<"),
     "EVENT: WINNER_TYPE “X” is not a ranking; it is 1 (one winner: every pair in one list) "
     "or 2 (two winners: the NS and the EW pairs ranked apart)."),
    (V1_0.replace(b"<WINNER_TYPE>1<", b"<WINNER_TYPE>2<"),
     "EVENT: WINNER_TYPE 2 ranks the NS and the EW pairs apart, but pair 3 played "
     "North-South on board 1 and East-West on board 2; give WINNER_TYPE 1 for one ranking."),
])
def test_a_bad_winner_type_is_named_and_nothing_is_saved(data, message):
    with pytest.raises(ImportFailed) as failed:
        import_usebio(data, "bad.xml")
    assert message in failed.value.errors
    assert not Session.objects.exists() and not Player.objects.exists()
