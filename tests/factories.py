"""Factories for the tests: players, sessions with pairs and boards, results.

Sessions and pairs are written directly (the setup services check what a director types,
which tests give correctly); results are scored by the scoring service exactly as the
result services do it, but in any status, so a test can build a finished or published
session in one go. Last, what clears them away again.
"""

import itertools
from datetime import date

from django.db import transaction
from django.db.models import Max
from simple_history.utils import bulk_create_with_history

from club.models import Board, IndividualEntry, Pair, Player, Result, Session
from club.services.boards import sync_boards
from club.services.individual import sync_partnerships
from club.services.results import sync_board_plays
from club.services.scoring import score_result
from scoring.engine import MOSCOW, parse_result
from scoring.models import MOSCOW_NAME, CompensationRow, CompensationTable, moscow_table

_names = itertools.count(1)


def make_player(name=None, **fields):
    return Player.objects.create(name=name or f"Player {next(_names)}", **fields)


def make_session(*, tables=3, rounds=None, movement="mitchell", boards_per_round=2,
                 duplicated=True, status="running", policy="line", table=None, pairs=None,
                 boards=True, name="Club evening", **fields):
    """A session with `pairs` pairs (default: two per table) and its boards created."""
    if rounds is None:
        rounds = tables if tables % 2 else tables - 1
    session = Session.objects.create(
        name=name, date=fields.pop("date", date(2026, 11, 27)), status=status,
        movement=movement, tables=tables, rounds=rounds, boards_per_round=boards_per_round,
        duplicated=duplicated, policy=policy, compensation_table=table or moscow_table(),
        **fields,
    )
    make_pairs(session, range(1, (2 * tables if pairs is None else pairs) + 1))
    if boards:
        sync_boards(session)
    return session


def make_sectioned_session(sizes=((3, 3), (3, 3)), **fields):
    """A session in sections of `sizes` ([(tables, rounds)], sections A, B, ...), every
    seat of every section taken."""
    from club.models.sessions import format_sections

    return make_session(tables=sum(t for t, _r in sizes), rounds=max(r for _t, r in sizes),
                        sections=format_sections(sizes), **fields)


def make_pair(session, number, names=None):
    first, second = names or (None, None)
    return Pair.objects.create(session=session, number=number, player1=make_player(first),
                               player2=make_player(second))


def make_pairs(session, numbers):
    """Pairs `numbers` of the session, each of two new players, as make_pair makes them
    one by one but in one insert of the players and one of the pairs (and one of each's
    history records): most tests start with a session full of pairs."""
    numbers = list(numbers)
    players = bulk_create_with_history(
        [Player(name=f"Player {next(_names)}") for _ in range(2 * len(numbers))], Player)
    return bulk_create_with_history(
        [Pair(session=session, number=number, player1=players[2 * index],
              player2=players[2 * index + 1]) for index, number in enumerate(numbers)], Pair)


def make_individual(players, *, rounds=3, status="running", **fields):
    """An individual session of `players` entrants (their tables the movement's), its
    partnerships formed by the service that forms them (club.services.individual)."""
    session = make_session(movement="individual", tables=players // 4, rounds=rounds,
                           pairs=0, status=status, **fields)
    IndividualEntry.objects.bulk_create(
        IndividualEntry(session=session, number=number, player=make_player())
        for number in range(1, players + 1))
    with transaction.atomic():
        sync_partnerships(session)
    return session


def make_result(session, board_number, ns, ew, text, *, ns_hcp=None, board_hcp=20,
                round=None, table=None, **fields):
    """A scored result from the director's shorthand ("4S= N", "pass"). A duplicated board
    without HCP gets `board_hcp` first."""
    board = session.boards.get(number=board_number)
    board.session = session
    if board.ns_hcp is None and session.duplicated and ns_hcp is None:
        board.ns_hcp = board_hcp
        board.save(update_fields=["ns_hcp"])
    contract, declarer, tricks = parse_result(text)
    result = Result(board=board, ns_pair=session.pairs.get(number=ns),
                    ew_pair=session.pairs.get(number=ew), ns_hcp=ns_hcp, round=round,
                    table=table, **fields)
    result.set_contract(contract, declarer, tricks)
    score_result(result)
    result.save()
    sync_board_plays([result])
    return result


def make_not_played(session, board_number, ns, ew, ns_adjustment, ew_adjustment, **fields):
    """A board not played, stored as the services store it (scored without HCP)."""
    board = session.boards.get(number=board_number)
    board.session = session
    result = Result(board=board, ns_pair=session.pairs.get(number=ns),
                    ew_pair=session.pairs.get(number=ew), **fields)
    result.set_not_played(ns_adjustment, ew_adjustment)
    return save_scored(result)


def save_scored(result):
    """Save a result changed in place by a test, scored again as the services would."""
    score_result(result)
    result.save()
    sync_board_plays([result])
    return result


def wipe():
    """An empty club: no results, sessions, players or club tables (Moscow stays)."""
    Result.objects.all().delete()
    Session.objects.all().delete()
    Player.objects.all().delete()
    CompensationTable.objects.filter(builtin=False).delete()


HISTORIES = [Player, Pair, Board, Result, Session]


def history_marks():
    """The last history record of each model, for `remove_sessions` to go back to."""
    return {model: model.history.aggregate(last=Max("history_id"))["last"] or 0
            for model in HISTORIES}


def remove_sessions(ids, marks):
    """Remove committed sessions with their results, their players and the history records
    made since `marks`, so later tests find the database as it was."""
    players = set(Pair.objects.filter(session__in=ids).values_list("player1", flat=True))
    players |= set(Pair.objects.filter(session__in=ids).values_list("player2", flat=True))
    Result.objects.filter(board__session__in=ids).delete()
    Session.objects.filter(pk__in=ids).delete()
    Player.objects.filter(pk__in=players).delete()
    for model, mark in marks.items():
        model.history.filter(history_id__gt=mark).delete()


def ensure_moscow_table():
    """The built-in table, made again as its migration makes it when it is missing: a
    transactional test's flush takes the rows that data migrations made."""
    if CompensationTable.objects.filter(builtin=True, name=MOSCOW_NAME).exists():
        return moscow_table()
    table = CompensationTable.objects.create(name=MOSCOW_NAME, builtin=True)
    CompensationRow.objects.bulk_create(
        CompensationRow(table=table, hcp=h, not_vul=n, vul=v) for h, n, v in MOSCOW.rows())
    return table
