"""The suite's own rules (tests/conftest.py): on PostgreSQL, the tests that do the same work
on any database are skipped; on SQLite, none is; the garbage collector is set for the
tests once they are collected; the built-in rows are made again after a transactional
test's flush."""

import gc
from contextlib import contextmanager

import pytest

from tests import conftest
from tests.conftest import GC_YOUNG_THRESHOLD, skip_database_independent


class Item:
    def __init__(self, nodeid, marked=False):
        self.nodeid, self.marked, self.markers = nodeid, marked, []

    def get_closest_marker(self, name):
        return name if self.marked and name == "database_independent" else None

    def add_marker(self, marker):
        self.markers.append(marker)


def items():
    return {"engine": Item("tests/engine/test_imps.py::test_one"),
            "marked": Item("tests/config/test_production.py::test_one", marked=True),
            "views": Item("tests/club/views/test_entry.py::test_one")}


def skipped(found):
    return sorted(name for name, item in found.items()
                  if any(m.name == "skip" for m in item.markers))


def test_postgresql_skips_the_engine_and_the_marked_tests_only():
    found = items()
    skip_database_independent(found.values(), "config.postgresql")
    assert skipped(found) == ["engine", "marked"]
    reason = found["engine"].markers[0].kwargs["reason"]
    assert "the run on SQLite does it" in reason


def test_sqlite_skips_nothing():
    found = items()
    skip_database_independent(found.values(), "django.db.backends.sqlite3")
    assert skipped(found) == []


def test_the_collector_leaves_what_collection_loaded_alone():
    """Once the tests are collected, the cyclic garbage collector runs rarely (every 50,000
    new objects) and no longer walks the loaded code, which is frozen."""
    assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD
    assert gc.get_freeze_count() > 10_000  # Django, the project and the test modules


class Blocker:
    """pytest-django's database blocker, counting how often the database was opened."""

    def __init__(self):
        self.opened = 0

    @contextmanager
    def unblock(self):
        self.opened += 1
        yield


def tear_down(nextitem):
    """The teardown hook around a test's own teardown, followed by `nextitem`."""
    hook = conftest.pytest_runtest_teardown(item=None, nextitem=nextitem)
    next(hook)
    with pytest.raises(StopIteration):
        hook.send(None)


def test_the_built_in_rows_are_made_again_after_a_flush_unless_no_test_follows(monkeypatch):
    made = []
    monkeypatch.setattr(conftest, "make_builtin_rows", lambda: made.append("rows"))
    monkeypatch.setattr(conftest, "FLUSHED", {})
    blocker = Blocker()
    conftest.FLUSHED["blocker"] = blocker  # a transactional test noted its flush
    tear_down(nextitem="the next test")
    assert (made, blocker.opened, conftest.FLUSHED) == (["rows"], 1, {})
    tear_down(nextitem="the next test")  # no flush noted: nothing to make
    assert made == ["rows"]
    # The worker's last test: the session's fixtures, the test database with them, are
    # torn down in its teardown, and no test needs the rows.
    conftest.FLUSHED["blocker"] = blocker
    tear_down(nextitem=None)
    assert (made, blocker.opened, conftest.FLUSHED) == (["rows"], 1, {})
