"""The check before reusing a kept PostgreSQL connection (config.postgresql): no round trip
to the server, and a connection the server has ended is still found and replaced before
the request uses it."""

import time
from unittest import mock

import pytest
from django.db import connection, connections

from club.models import Session

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="the check of PostgreSQL's kept connections"),
]


def test_the_site_uses_the_backend_with_the_cheap_check():
    assert connection.settings_dict["ENGINE"] == "config.postgresql"
    assert type(connections["default"]).__module__ == "config.postgresql.base"


def test_a_kept_connection_is_checked_without_a_round_trip():
    connection.ensure_connection()
    raw = type(connection.connection)
    with (mock.patch.object(raw, "cursor", side_effect=AssertionError("a round trip")),
          mock.patch.object(raw, "execute", side_effect=AssertionError("a round trip"))):
        assert connection.is_usable()


def test_a_connection_the_server_ended_is_replaced_before_it_is_used(monkeypatch):
    connection.ensure_connection()
    monkeypatch.setattr(connections["default"], "health_check_enabled", True)
    pid = connection.connection.info.backend_pid
    other = connection.copy()
    try:
        with other.cursor() as cursor:  # as a restart or an administrator would
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()
    deadline = time.monotonic() + 10
    while connection.is_usable() and time.monotonic() < deadline:
        time.sleep(0.05)  # the server's goodbye is on its way
    assert not connection.is_usable()
    # A new request: its first query checks the connection, finds it ended, opens another.
    connection.health_check_done = False
    assert Session.objects.count() == 0
    assert connection.connection.info.backend_pid != pid
