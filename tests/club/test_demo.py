"""`manage.py demo --setup-only` builds a complete evening, a teams night and an individual,
and building them twice adds nothing.
It refuses a production site (DEBUG off) unless told --allow-production, prints an address a
browser can open, and says clearly when the server's port is taken."""

import socket

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from club.management.commands import demo
from club.models import Board, Pair, Player, Result, Session
from club.plan import SessionPlan
from club.stats.individual import player_standings
from club.stats.teams import teams_standings
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def laptop(settings):
    """manage.py runs the demo with DEBUG on on a development machine (pytest turns it off)."""
    settings.DEBUG = True


def counts():
    return (Session.objects.count(), Pair.objects.count(), Player.objects.count(),
            Board.objects.count(), Result.objects.count(), get_user_model().objects.count())


def test_demo_builds_a_complete_evening_a_teams_night_and_an_individual_once(capsys,
                                                                               client):
    call_command("demo", "--setup-only")
    out = capsys.readouterr().out
    session = Session.objects.get(name=demo.DEMO_SESSION)
    assert (session.movement, session.tables, session.rounds, session.boards_per_round) == (
        "mitchell", 7, 7, 3)
    assert session.pairs.count() == 14
    assert session.boards.count() == 21
    # 7 tables x 7 rounds x 3 boards: every result of the evening entered.
    assert Result.objects.filter(board__session=session).count() == 147
    assert not Board.objects.filter(ns_hcp__isnull=True).exists()
    assert not Board.objects.filter(deal="").exists()
    for pair in session.pairs.all():
        played = Result.objects.filter(ns_pair=pair).count() + Result.objects.filter(
            ew_pair=pair).count()
        assert played == 21
    assert "director" in out and "director-demo" in out
    check_teams_and_individual(client)
    first = counts()
    call_command("demo", "--setup-only")
    assert counts() == first
    user = get_user_model().objects.get(username="director")
    assert user.check_password("director-demo") and user.is_staff
    assert user.groups.filter(name="Directors").exists()


def check_teams_and_individual(client):
    """The demo's teams night and individual: published, every match and board played."""
    teams = Session.objects.get(name=demo.DEMO_TEAMS)
    standings = teams_standings(SessionPlan.load(teams))
    # 4 teams, 3 rounds: every match complete, its VPs summing to 20.
    lines = [line for lines in standings.rounds.values() for line in lines]
    assert len(lines) == 6 and all(line.complete for line in lines)
    assert all(line.score.home_vps + line.score.away_vps == 20 for line in lines)
    assert sum(line.row.vps for line in standings.rows) == 120
    assert Result.objects.filter(board__session=teams).count() == 3 * 2 * 2 * 4
    individual = Session.objects.get(name=demo.DEMO_INDIVIDUAL)
    rows = player_standings(SessionPlan.load(individual))
    assert len(rows) == 12 and {row.boards for row in rows} == {6}
    for session in (teams, individual):
        assert session.status == Session.Status.PUBLISHED
    assert client.get(reverse("teams-standings", args=[teams.pk])).status_code == 200
    page = client.get(reverse("individual-standings", args=[individual.pk]))
    assert page.status_code == 200


@pytest.fixture
def quick_demo(monkeypatch):
    """The demo without building the evenings (one small session instead) and without
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
    monkeypatch.setattr(demo.Command, "create_other_demos", lambda self: [])
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
