"""Fixtures of the table phones' tests."""

import time
from types import SimpleNamespace

import pytest


@pytest.fixture(autouse=True)
def one_window(monkeypatch):
    """The wrong-code counts live in windows of a clock minute (django-ratelimit): on a slow
    machine a test's tries could straddle a minute's end and never reach a limit (seen in
    CI). Each test runs inside one window."""
    import django_ratelimit.core
    now = time.time()
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: now))
