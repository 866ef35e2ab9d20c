"""bench_live's visitors follow the site's real HTTP flow: a table's phone opens its board,
posts the result with its key and CSRF token, East-West accept it; a player's poll sends
back its ETag and gets a 304 while nothing changes. (The command itself needs PostgreSQL
and gunicorn; here its visitors talk to the test server.)"""

import random
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse

from club.management.commands.bench_live import (
    Bench,
    Command,
    Player,
    TablePhone,
    gunicorn_command,
    percentile,
)
from club.models import Result, TableEntry


def test_percentiles():
    times = list(range(1, 101))
    assert (percentile(times, .5), percentile(times, .95), percentile(times, .99)) == (
        50, 95, 99)
    assert percentile([], .5) == 0.0


@pytest.mark.skipif(connection.vendor == "postgresql",
                    reason="needs a SQLite database (the command runs on PostgreSQL)")
def test_refuses_sqlite(db):
    with pytest.raises(CommandError, match="PostgreSQL"):
        call_command("bench_live", "--seconds", "1")


def test_the_visitors_flow_against_the_server(live_server, transactional_db):
    options = {"tables": 3, "rounds": 3, "boards_per_round": 2, "played_rounds": 1}
    session, phones = Command().evening(options)
    assert Result.objects.filter(board__session=session).count() == 3 * 2  # round 1
    address = urlsplit(live_server.url)
    bench = Bench(address.port, seconds=1, clients=2, poll=(5, 10), board_seconds=1, seed=1)
    bench.address, bench.host = address.hostname, address.netloc
    bench.measure_from = 0  # record everything
    code, boards = sorted(phones.items())[0]
    assert len(boards) == 2 * 2  # rounds 2 and 3, two boards each
    phone = TablePhone(bench, True, code, list(boards))
    rng = random.Random(1)
    phone.step(rng)  # play starts: the round page, then the first board is played
    assert dict(bench.statuses["table page"]) == {200: 1}
    assert not TableEntry.objects.exists()
    phone.step(rng)  # round page, board page, the entry
    entry = TableEntry.objects.get(session=session)
    assert entry.status == "entered" and entry.board.number == boards[0][0]
    phone.step(rng)  # East-West accept
    assert Result.objects.filter(board__session=session).count() == 3 * 2 + 1
    standings = reverse("standings", args=[session.pk])
    player = Player(bench, True, [(standings, "standings page", f"{standings}?part=table",
                                   "standings poll")])
    for _poll in range(3):
        player.step(rng)
    assert dict(bench.statuses["standings poll"]) == {200: 1, 304: 1}
    assert not any(bench.errors.values()), dict(bench.statuses)


def test_the_server_runs_gthread_workers_when_asked_for_threads():
    sync = gunicorn_command(8000, {"workers": 5})
    assert sync[sync.index("--workers") + 1] == "5" and sync[sync.index("--threads") + 1] == "1"
    threaded = gunicorn_command(8000, {"workers": 3, "threads": 4})
    assert threaded[threaded.index("--threads") + 1] == "4"
    assert threaded[threaded.index("--bind") + 1] == "127.0.0.1:8000"
