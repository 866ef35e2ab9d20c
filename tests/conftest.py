"""Shared fixtures for the club manager's tests (the factories are in tests.factories)."""

import gc
import threading

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.cache import caches
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from club.permissions import DIRECTORS_GROUP
from scoring.models import moscow_table
from tests.config.production import migrated_database
from tests.factories import ensure_moscow_table, make_session

# No per-example deadline: first calls fill caches (the Howell search, parse caches) and a
# shared CI machine is noisy; speed is measured by the benchmarks instead.
hypothesis_settings.register_profile("project", deadline=None)
hypothesis_settings.load_profile("project")


# The files that take longest (`pytest --durations=40`), handed out first: the test workers
# take whole files in collection order (--dist loadfile --no-loadscope-reorder), so a long
# file left to the end would keep one worker busy while the other has finished.
LONGEST_FILES = [
    "tests/e2e/test_teams.py", "tests/e2e/test_swiss.py", "tests/config/test_readme_commands.py",
    "tests/e2e/test_individual.py", "tests/reports/test_nothing_leaks.py",
    "tests/e2e/test_table_phones.py", "tests/reports/test_nothing_leaks_howell.py",
    "tests/club/services/test_sqlite_locking.py", "tests/e2e/test_security.py",
]


# Python's cyclic garbage collector, as the tests use it: a young collection every 50,000
# new objects instead of every 700, and what is loaded once collection is done (Django, the
# project, the test modules) left out of every collection. The tests make many short-lived
# ORM objects and responses; with the defaults the collector ran through all of that loaded
# code again and again (the engine and services tests: 21 s, 17.5 s with this).
GC_YOUNG_THRESHOLD = 50_000


def keep_the_collector_to_new_objects():
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 100)


def pytest_collection_finish(session):
    keep_the_collector_to_new_objects()


def skip_database_independent(items, engine):
    """CI runs the suite on SQLite, then again on PostgreSQL. The engine's tests (the engine
    imports nothing from Django) and the tests whose child processes run on SQLite files of
    their own (marked `database_independent`) would do the very same work twice: the run on
    PostgreSQL skips them."""
    if "sqlite" in engine:
        return
    skip = pytest.mark.skip(reason="the same work on any database: the run on SQLite does it")
    for item in items:
        if (item.nodeid.startswith("tests/engine/")
                or item.get_closest_marker("database_independent")):
            item.add_marker(skip)


def pytest_collection_modifyitems(items):
    """The longest files first, then the other browser and slow files, then the rest, each
    group in its own order. On a database other than SQLite, the tests that do the same work
    whatever the database are skipped (see `database_independent`)."""
    skip_database_independent(items, settings.DATABASES["default"]["ENGINE"])

    def rank(item):
        path = item.nodeid.split("::")[0]
        if path in LONGEST_FILES:
            return LONGEST_FILES.index(path)
        if path.startswith("tests/e2e/") or item.get_closest_marker("slow"):
            return len(LONGEST_FILES)
        return len(LONGEST_FILES) + 1

    items.sort(key=rank)


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in English: a request in Russian leaves its language active in the
    thread (LocaleMiddleware activates it and nothing resets it)."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty page cache: cached standings and the table codes' try
    counts are keyed by ids and versions that the next test's database reuses."""
    for store in caches.all():
        store.clear()
    yield
    for store in caches.all():
        store.clear()


def make_builtin_rows():
    """The rows the data migrations make: the Moscow table and the Directors group."""
    ensure_moscow_table()
    Group.objects.get_or_create(name=DIRECTORS_GROUP)


# A transactional test flushes the database at its end, and the built-in rows with it: the
# database blocker to make them again with, once the flush is over.
FLUSHED = {}


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database is made from the models, not by running the migrations (pyproject:
    `--no-migrations`, several seconds a worker): make the rows the data migrations make
    (tests/club/test_migrations.py and the README commands run the migrations themselves)."""
    with django_db_blocker.unblock():
        make_builtin_rows()


@pytest.fixture(autouse=True)
def builtin_data(request, django_db_blocker):
    """Transactional tests flush the database at their end, taking the rows that data
    migrations made (Moscow table, Directors group) with them, and a worker runs other tests
    after them: note the flush to come, so that the rows are made again once it is over
    (pytest_runtest_teardown below). Every other test finds them there without a query."""
    marker = request.node.get_closest_marker("django_db")
    transactional = marker is not None and (marker.kwargs.get("transaction")
                                            or (marker.args and marker.args[0]))
    if transactional or {"transactional_db", "live_server"} & set(request.fixturenames):
        FLUSHED["blocker"] = django_db_blocker


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After a transactional test's flush, make the built-in rows again, outside any test's
    transaction, so that they stay for the tests after it. After the last test of the
    worker there are none, and the test database is gone with the session's fixtures."""
    try:
        return (yield)
    finally:
        blocker = FLUSHED.pop("blocker", None)
        if blocker is not None and nextitem is not None:
            with blocker.unblock():
                make_builtin_rows()


@pytest.fixture(scope="session")
def live_server(live_server, django_db_setup, django_db_blocker):
    """pytest-django's live server, serving one request at a time on SQLite.

    On SQLite the test database lives in memory, and Django's live server hands its one
    connection to every thread that serves a request (an in-memory database exists only in
    its connection). Two requests at once (a phone posting while it fetches the round's
    boards for offline use, the dashboard's poll) then interleave their transactions on it,
    and SQLite refuses one as "locked": a 503 that a database file, where each request has
    its own connection and waits its turn, never gives. So there the live server serves
    one request at a time. On PostgreSQL each thread has its own connection, as in
    production, and requests run side by side."""
    with django_db_blocker.unblock():
        in_memory = connection.vendor == "sqlite" and connection.is_in_memory_db()
    if not in_memory:
        yield live_server
        return
    serve = WSGIHandler.__call__
    lock = threading.Lock()

    def one_at_a_time(handler, environ, start_response):
        with lock:
            return serve(handler, environ, start_response)

    WSGIHandler.__call__ = one_at_a_time
    yield live_server
    WSGIHandler.__call__ = serve


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory, worker_id):
    """A migrated SQLite file for the tests whose child processes need a database: copy it,
    never write to it. One for the whole run: the test workers share pytest's base folder's
    parent."""
    base = tmp_path_factory.getbasetemp()
    return migrated_database(base if worker_id == "master" else base.parent)


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
