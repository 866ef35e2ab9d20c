"""The import service called directly (the readers in club.io check a file first): players
found or created, a whole session written with scored results, and the last guard on a
session's size."""

from datetime import date

import pytest

from club.models import Board, BoardPlay, Pair, Player, Result, Session
from club.services.errors import Refused
from club.services.imports import find_players, import_session, player_key
from scoring.engine import parse_result
from scoring.models import CompensationTable, moscow_table
from tests.factories import make_player

pytestmark = pytest.mark.django_db


def test_player_key_is_the_membership_number_else_the_name():
    assert player_key(("Olga", "M-7")) == ("number", "M-7")
    assert player_key(("Olga", "")) == ("name", "Olga")


def test_find_players_reuses_known_players_and_creates_the_others():
    known = make_player("Olga", membership_number="M-7")
    unique_name = make_player("Pavel")
    ritas = {make_player("Rita").pk, make_player("Rita").pk}  # which one is unknown
    found = find_players([("Olga K.", "M-7"), ("Pavel", ""), ("Rita", ""), ("Sam", "M-9")])
    assert found[("number", "M-7")] == known  # the number decides, not the name
    assert found[("name", "Pavel")] == unique_name
    assert found[("name", "Rita")].pk not in ritas  # a new one
    assert Player.objects.filter(name="Rita").count() == 3
    assert found[("number", "M-9")].name == "Sam" and found[("number", "M-9")].pk
    assert Player.history.filter(name="Sam").count() == 1


def a_session(**fields):
    return Session(name="Imported", date=date(2026, 2, 2), status="finished",
                   movement="mitchell", tables=2, rounds=2, boards_per_round=2,
                   compensation_table=moscow_table(), **fields)


def a_result(text, ns_hcp=None):
    result = Result(ns_hcp=ns_hcp)
    result.set_contract(*parse_result(text))
    return result


PAIRS = [(n, [(f"Player {n}a", ""), (f"Player {n}b", "")]) for n in (1, 2, 3, 4)]


def test_import_session_writes_the_session_with_scored_results():
    boards = [Board(number=n, ns_hcp=25 if n == 1 else None) for n in (1, 2, 3, 4)]
    session = import_session(a_session(), PAIRS, boards,
                             [(1, 1, 3, a_result("3NT= N")), (2, 2, 4, a_result("pass", 20))])
    assert Session.objects.get(pk=session.pk).status == "finished"
    assert session.pairs.count() == 4 and session.boards.count() == 4
    first = Result.objects.get(board__session=session, board__number=1)
    # +400 against the 300 that 25 HCP owe: net +100, 3 IMPs.
    assert (first.ns_net, first.ns_imps) == (100, 3)
    assert BoardPlay.objects.filter(result__board__session=session).count() == 4


def test_import_session_refuses_a_session_beyond_the_limits():
    with pytest.raises(Refused, match="Pair numbers go from 1 to 4 .* found 5"):
        import_session(a_session(), [*PAIRS, (5, [("X", ""), ("Y", "")])], [], [])
    with pytest.raises(Refused, match="at most 50 tables; this one has 51"):
        import_session(_too_many_tables(), PAIRS, [], [])
    assert not Session.objects.exists() and not Pair.objects.exists()
    assert not Player.objects.exists()


def _too_many_tables():
    session = a_session()
    session.tables = 51
    return session


def test_import_session_refuses_a_table_name_taken_by_other_values():
    CompensationTable.objects.create(name="Ours")
    session = a_session()
    session.compensation_table = CompensationTable(name="Ours")
    rows = [(hcp, 10 * hcp, 10 * hcp) for hcp in range(21, 41)]
    with pytest.raises(Refused, match="already has a table named “Ours” with other values"):
        import_session(session, PAIRS, [], [], table_rows=rows)
    assert not Session.objects.exists()


def test_import_individual_enters_the_players_and_saves_the_results_on_the_movement():
    from club.plan import SessionPlan
    from club.services.imports import import_individual
    from scoring.engine.individual import individual

    movement = individual(8, 2)
    session = Session(name="Imported individual", date=date(2026, 2, 2), status="finished",
                      movement="individual", tables=2, rounds=2, boards_per_round=1,
                      compensation_table=moscow_table())
    players = [(n, (f"Entrant {n}", "")) for n in range(1, 9)]
    boards = [Board(number=n, ns_hcp=20) for n in (1, 2)]
    results = []
    for round_ in (1, 2):
        for game in movement.round_tables(round_):
            ns = 2 * ((round_ - 1) * 2 + game.table) - 1  # the partnerships' numbering
            results.append((round_, ns, ns + 1, a_result("3NT= N")))
    saved = import_individual(session, players, boards, results)
    plan = SessionPlan.load(saved)
    assert not plan.individual_problems
    assert [e.player.name for e in plan.entries] == [f"Entrant {n}" for n in range(1, 9)]
    stored = Result.objects.filter(board__session=saved).select_related("ns_pair", "ew_pair")
    assert stored.count() == 4 and all(r.ns_imps is not None for r in stored)
    seated = {(r.board.number, r.ns_pair.player1.name, r.ns_pair.player2.name,
               r.ew_pair.player1.name, r.ew_pair.player2.name) for r in stored}
    assert seated == {(game.round, *(f"Entrant {p}" for p in game.players))
                      for round_ in (1, 2) for game in movement.round_tables(round_)}


def test_import_individual_refuses_a_field_it_has_no_movement_for():
    from club.services.imports import import_individual

    session = Session(name="Six", date=date(2026, 2, 2), status="finished",
                      movement="individual", tables=2, rounds=2, boards_per_round=1,
                      compensation_table=moscow_table())
    with pytest.raises(Refused):
        import_individual(session, [(n, (f"E{n}", "")) for n in range(1, 7)],
                          [Board(number=1, ns_hcp=20)], [])
    assert not Session.objects.filter(name="Six").exists()
