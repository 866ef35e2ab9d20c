"""`manage.py demo --setup-only` builds a complete evening, and building it twice adds nothing.
It refuses a production site (DEBUG off) unless told --allow-production, prints an address a
browser can open, and says clearly when the server's port is taken."""

import socket

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from club.management.commands import demo
from club.models import Board, Pair, Player, Result, Session
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def laptop(settings):
    """manage.py runs the demo with DEBUG on on a development machine (pytest turns it off)."""
    settings.DEBUG = True


def counts():
    return (Session.objects.count(), Pair.objects.count(), Player.objects.count(),
            Board.objects.count(), Result.objects.count(), get_user_model().objects.count())


def test_demo_builds_a_complete_evening_once(capsys):
    call_command("demo", "--setup-only")
    out = capsys.readouterr().out
    session = Session.objects.get()
    assert (session.movement, session.tables, session.rounds, session.boards_per_round) == (
        "mitchell", 7, 7, 3)
    assert session.pairs.count() == 14
    assert session.boards.count() == 21
    # 7 tables x 7 rounds x 3 boards: every result of the evening entered.
    assert Result.objects.count() == 147
    assert not Board.objects.filter(ns_hcp__isnull=True).exists()
    assert not Board.objects.filter(deal="").exists()
    for pair in session.pairs.all():
        played = Result.objects.filter(ns_pair=pair).count() + Result.objects.filter(
            ew_pair=pair).count()
        assert played == 21
    assert "director" in out and "director-demo" in out
    first = counts()
    call_command("demo", "--setup-only")
    assert counts() == first
    user = get_user_model().objects.get(username="director")
    assert user.check_password("director-demo") and user.is_staff
    assert user.groups.filter(name="Directors").exists()


@pytest.fixture
def quick_demo(monkeypatch):
    """The demo without building the evening (one small session instead) and without
    starting the server: the runserver calls are recorded."""
    calls = []
    real_call_command = demo.call_command

    def fake_call_command(name, *args, **kwargs):
        if name == "runserver":
            calls.append(args)
            return None
        return real_call_command(name, *args, **kwargs)

    monkeypatch.setattr(demo, "call_command", fake_call_command)
    monkeypatch.setattr(demo.Command, "create_demo", lambda self: make_session(tables=3))
    return calls


def test_a_production_site_is_refused_unless_asked(settings, quick_demo):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="--allow-production"):
        call_command("demo", "--setup-only")
    assert not get_user_model().objects.exists()
    assert not Session.objects.exists()
    call_command("demo", "--setup-only", "--allow-production")
    assert get_user_model().objects.filter(username="director").exists()


@pytest.mark.parametrize("addrport, url", [
    ("8105", "http://127.0.0.1:8105/"),
    ("127.0.0.1:8105", "http://127.0.0.1:8105/"),
    ("localhost:8105", "http://localhost:8105/"),
    ("0.0.0.0:8105", "http://127.0.0.1:8105/"),
    ("[::1]:8105", "http://[::1]:8105/"),
    ("[::]:8105", "http://[::1]:8105/"),
])
def test_the_address_to_open_is_a_real_url(addrport, url):
    assert demo.server_address(addrport)[2] == url


@pytest.mark.parametrize("addrport", ["http://127.0.0.1:8000", "port", "127.0.0.1:", "70000"])
def test_a_bad_address_is_named(addrport):
    with pytest.raises(CommandError, match="is not a port"):
        demo.server_address(addrport)


def test_the_demo_prints_the_address_then_serves_it(quick_demo, capsys):
    with socket.socket() as probe:  # a port that is free now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    call_command("demo", "--addrport", str(port))
    assert f"Open http://127.0.0.1:{port}/ in a browser." in capsys.readouterr().out
    assert quick_demo == [(str(port),)]


@pytest.mark.parametrize("address, family", [("127.0.0.1", socket.AF_INET),
                                             ("::1", socket.AF_INET6)])
def test_a_busy_port_is_said_before_anything_is_built(quick_demo, capsys, address, family):
    if family == socket.AF_INET6 and not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    with socket.socket(family) as server:
        try:
            server.bind((address, 0))
        except OSError:
            pytest.skip(f"cannot listen on {address} here")
        server.listen()
        port = server.getsockname()[1]
        addrport = f"[{address}]:{port}" if family == socket.AF_INET6 else str(port)
        with pytest.raises(CommandError) as refusal:
            call_command("demo", "--addrport", addrport)
    message = str(refusal.value)
    assert f"Port {port} is already in use" in message
    other = f"[{address}]:{port + 1}" if family == socket.AF_INET6 else str(port + 1)
    assert f"python manage.py demo --addrport {other}" in message
    assert quick_demo == []
    assert "Open http" not in capsys.readouterr().out
    assert not Session.objects.exists()
