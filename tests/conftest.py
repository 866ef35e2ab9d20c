"""Shared fixtures and small factories for the club manager's tests."""

import itertools
from datetime import date

import pytest
from django.contrib.auth.models import Group
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from club.models import Pair, Player, Result, Session
from club.permissions import DIRECTORS_GROUP
from club.services import create_boards
from scoring.engine import parse_result
from scoring.models import ensure_moscow_table, moscow_table

# No per-example deadline: first calls fill caches (the Howell search, parse caches) and a
# shared CI machine is noisy; speed is measured by the benchmarks instead.
hypothesis_settings.register_profile("project", deadline=None)
hypothesis_settings.load_profile("project")

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
    for number in range(1, (2 * tables if pairs is None else pairs) + 1):
        make_pair(session, number)
    if boards:
        create_boards(session)
    return session


def make_pair(session, number, names=None):
    first, second = names or (None, None)
    return Pair.objects.create(session=session, number=number, player1=make_player(first),
                               player2=make_player(second))


def make_result(session, board_number, ns, ew, text, *, ns_hcp=None, board_hcp=20,
                round=None, table=None, **fields):
    """Enter a result from the director's shorthand ("4S= N", "pass")."""
    board = session.boards.get(number=board_number)
    if board.ns_hcp is None and session.duplicated and ns_hcp is None:
        board.ns_hcp = board_hcp
        board.save()
    contract, declarer, tricks = parse_result(text)
    result = Result(board=board, ns_pair=session.pairs.get(number=ns),
                    ew_pair=session.pairs.get(number=ew), ns_hcp=ns_hcp, round=round,
                    table=table, **fields)
    result.set_contract(contract, declarer, tricks)
    result.save()
    return result


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in English: a request in Russian leaves its language active in the
    thread (LocaleMiddleware activates it and nothing resets it)."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def builtin_data(request):
    """Transactional tests flush the database, taking the rows that data migrations made
    (Moscow table, Directors group) with them: put them back for such tests."""
    marker = request.node.get_closest_marker("django_db")
    transactional = marker is not None and (marker.kwargs.get("transaction")
                                            or (marker.args and marker.args[0]))
    if transactional or {"transactional_db", "live_server"} & set(request.fixturenames):
        request.getfixturevalue("transactional_db")
        ensure_moscow_table()
        Group.objects.get_or_create(name=DIRECTORS_GROUP)


@pytest.fixture
def moscow(db):
    return moscow_table()


@pytest.fixture
def director(db, django_user_model):
    user = django_user_model.objects.create_user("td", password="td-password", is_staff=True)
    user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
    return user


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def session(db):
    return make_session()
