"""Seasons, events and carry-overs through their services (each refusal names its field),
the ladder's arithmetic, and a new compensation table from a calibration's rows."""

from datetime import date
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from club.models import CarryOver, Event, Result, Season
from club.services.compensation_tables import create_table
from club.services.errors import Refused
from club.services.locks import lock_session
from club.services.scoring import rescore_session
from club.services.seasons import (
    delete_carry_over,
    delete_event,
    delete_season,
    save_event,
    save_season,
    season_problems,
    set_carry_over,
)
from club.stats.ladder import ladder_rows
from club.stats.totals import PlayerEvening
from scoring.engine import MOSCOW
from scoring.models import CompensationTable
from tests.factories import make_player, make_result, make_session

pytestmark = pytest.mark.django_db

PERIOD = {"name": "Autumn", "start": date(2026, 9, 1), "end": date(2026, 11, 30),
          "min_sessions": 3, "best_of": 10}


def fields_of(err):
    return set(err.value.error_dict)


def test_a_season_over_a_period():
    season = save_season(PERIOD)
    assert season.by_period and season.best_of == 10
    assert list(season.sessions.all()) == []
    changed = save_season({**PERIOD, "name": "  Autumn   2026 ", "best_of": None},
                          season_id=season.pk)
    assert (changed.pk, changed.name, changed.best_of) == (season.pk, "Autumn 2026", None)


def test_a_season_of_chosen_sessions():
    sessions = [make_session(tables=2), make_session(tables=2)]
    season = save_season({**PERIOD, "start": None, "end": None}, [s.pk for s in sessions])
    assert not season.by_period and season.sessions.count() == 2
    assert season.contains(sessions[0], {sessions[0].pk})


@pytest.mark.parametrize(("changes", "sessions", "field"), [
    ({"start": None, "end": None}, False, None),  # neither a period nor sessions
    ({"end": None}, False, "end"),
    ({"start": None}, False, "start"),
    ({"start": date(2026, 12, 1)}, False, "end"),  # after the last day
    ({}, True, "sessions"),  # both
    ({"name": "   "}, False, "name"),
    ({"min_sessions": 0}, False, "min_sessions"),
    ({"best_of": 0}, False, "best_of"),
])
def test_a_bad_season_is_refused_naming_the_field(changes, sessions, field):
    ids = [make_session(tables=2).pk] if sessions else []
    with pytest.raises(Refused) as err:
        save_season({**PERIOD, **changes}, ids)
    assert field in fields_of(err)
    assert not Season.objects.exists()


def test_unknown_sessions_and_seasons_are_refused():
    with pytest.raises(Refused, match="no longer exists"):
        save_season({**PERIOD, "start": None, "end": None}, [999999])
    with pytest.raises(Refused, match="no longer exists"):
        save_season(PERIOD, season_id=999999)
    with pytest.raises(Refused, match="no longer exists"):
        delete_season(999999)


def test_deleting_a_season_keeps_its_events():
    season = save_season(PERIOD)
    event = save_event({"name": "Cup", "scoring": "pair", "season": season},
                       [make_session(tables=2).pk])
    delete_season(season.pk)
    event.refresh_from_db()
    assert event.season is None


def test_events_and_carry_over():
    session = make_session(tables=2)
    event = save_event({"name": "Cup", "scoring": "pair", "season": None}, [session.pk])
    ann, bob = make_player("Ann"), make_player("Bob")
    row = set_carry_over(event.pk, bob.pk, ann.pk, "3.5")
    assert (row.player_id, row.partner_id, row.imps) == (
        min(ann.pk, bob.pk), max(ann.pk, bob.pk), Decimal("3.5"))
    again = set_carry_over(event.pk, ann.pk, bob.pk, -2)  # replaces
    assert again.pk == row.pk and CarryOver.objects.get().imps == -2
    with pytest.raises(Refused) as err:
        save_event({"name": "Cup", "scoring": "player", "season": None}, [session.pk],
                   event_id=event.pk)
    assert "scoring" in fields_of(err)
    delete_carry_over(event.pk, row.pk)
    with pytest.raises(Refused, match="already removed"):
        delete_carry_over(event.pk, row.pk)
    event = save_event({"name": "Cup", "scoring": "player", "season": None}, [session.pk],
                       event_id=event.pk)
    assert not event.by_pair
    delete_event(event.pk)
    assert not Event.objects.exists()


@pytest.mark.parametrize(("scoring", "partner", "imps", "field"), [
    ("pair", False, 1, "partner"),
    ("player", True, 1, "partner"),
    ("player", False, "abc", "imps"),
    ("player", False, "1e9", "imps"),
    ("player", False, "NaN", "imps"),
    ("player", False, "0.001", "imps"),
])
def test_bad_carry_overs_are_refused(scoring, partner, imps, field):
    event = save_event({"name": "Cup", "scoring": scoring, "season": None},
                       [make_session(tables=2).pk])
    first, second = make_player(), make_player()
    with pytest.raises(Refused) as err:
        set_carry_over(event.pk, first.pk, second.pk if partner else None, imps)
    assert field in fields_of(err)
    assert not CarryOver.objects.exists()


def test_an_event_needs_a_name_and_sessions():
    with pytest.raises(Refused) as err:
        save_event({"name": " ", "scoring": "pair", "season": None}, [])
    assert fields_of(err) == {"name", "sessions"}


def evening(session_id, player, imps, boards=10):
    return PlayerEvening(session_id, session_id, 1, player, 99, boards, imps)


def test_ladder_arithmetic_qualification_best_of_and_ties():
    played = [evening(1, 1, 10), evening(2, 1, -5), evening(3, 1, 20),  # 25 / 30
              evening(1, 2, 30), evening(2, 2, 0),                        # 30 / 20
              evening(1, 3, 15, boards=15), evening(2, 3, 25, boards=25)]  # 40 / 40
    names = {1: "Ann", 2: "Bob", 3: "Cid"}
    rows = ladder_rows(played, names, min_sessions=2)
    assert [(r.name, r.rank_label, r.imps_per_board) for r in rows] == [
        ("Bob", "1", 1.5), ("Cid", "2", 1.0), ("Ann", "3", 0.83)]
    # Best 1: Ann's 20/10 = 2.0 and Bob's 30/10 = 3.0; Cid 25/25 = 1.0.
    best = ladder_rows(played, names, min_sessions=2, best_of=1)
    assert [(r.name, r.imps, r.boards) for r in best] == [
        ("Bob", 30, 10), ("Ann", 20, 10), ("Cid", 25, 25)]
    # Three sessions to qualify: only Ann, the others unranked below her.
    strict = ladder_rows(played, names, min_sessions=3)
    assert [(r.name, r.rank_label) for r in strict] == [("Ann", "1"), ("Bob", "—"),
                                                        ("Cid", "—")]
    tied = ladder_rows([evening(1, 1, 10), evening(1, 2, 20, boards=20)], names, 1)
    assert [r.rank_label for r in tied] == ["1=", "1="]


def test_create_table_from_rows():
    rows = [(h, n + 10, v + 10) for h, n, v in MOSCOW.rows()]
    table = create_table("  Club 2027 ", rows)
    assert table.name == "Club 2027" and not table.builtin
    assert table.row_tuples() == sorted(rows)
    with pytest.raises(Refused, match="already exists"):
        create_table("Club 2027", rows)
    with pytest.raises(Refused, match="already exists"):
        create_table("Moscow", rows)
    with pytest.raises(Refused):
        create_table("Bad", [(21, 55, 50)])
    with pytest.raises(Refused, match="at most 100"):
        create_table("x" * 101, rows)
    with pytest.raises(Refused):
        create_table("", rows)
    assert CompensationTable.objects.filter(builtin=False).count() == 1


# --- rescoring reads only what scoring needs (club.services.scoring) ------------------------

def test_rescoring_a_session_takes_a_fixed_number_of_queries():
    """Rows are loaded without the fields scoring never reads: reading one of those per
    result would add a query per result; a changed outcome is written with its history."""
    counts = []
    for boards in (1, 4):
        session = make_session(tables=3, policy="declarer")
        for number in range(1, boards + 1):
            make_result(session, number, 1, 4, "2S= E", board_hcp=25)
        with transaction.atomic():
            locked = lock_session(session.pk)
            locked.policy = "line"
            with CaptureQueriesContext(connection) as captured:
                assert rescore_session(locked) == boards
            counts.append(len(captured.captured_queries))
        changed = Result.objects.filter(board__session=session).first()
        record = changed.history.order_by("-history_id").first()
        assert record.history_change_reason == "rescored: scoring rules changed"
        assert record.ns_compensation == changed.ns_compensation != 0
    assert counts[0] == counts[1]


def test_season_problems_name_each_field_at_fault():
    assert season_problems(PERIOD, []) == {}
    assert season_problems({**PERIOD, "start": None, "end": None}, [1]) == {}
    problems = season_problems({"name": " ", "start": date(2026, 9, 1), "end": None,
                                "min_sessions": 0, "best_of": 0}, [])
    assert set(problems) == {"name", "end", "min_sessions", "best_of"}
    assert season_problems({**PERIOD, "end": date(2026, 8, 1)}, [])["end"] == [
        "The last day comes before the first (2026-09-01)."]
    assert "not both" in season_problems(PERIOD, [1])["sessions"][0]
    assert "a period (first and last day) or choose" in season_problems(
        {**PERIOD, "start": None, "end": None}, [])[None][0]
