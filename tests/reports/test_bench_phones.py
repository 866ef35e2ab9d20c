"""bench_phones' visitors behave as the phones do (phones.js and its service worker): the
round page revalidated, its listed pages fetched once for offline use, results and
acceptances sent with fetch() (the redirect followed with X-Requested-With: 204); the
other phones' polls of a table's round page stay 304 while other tables play. The report
gives the share of 304s and of cache hits, which the gunicorn workers write as they exit.
(The command itself needs PostgreSQL and gunicorn; here its visitors talk to the test
server.)"""

import io
import random
from collections import Counter
from urllib.parse import urlsplit

from django.urls import reverse

from club.management import gunicorn_counts
from club.management.commands import bench_live, bench_phones
from club.models import Result, TableEntry
from club.stats import kept


def tiny_bench(live_server):
    address = urlsplit(live_server.url)
    bench = bench_live.Bench(address.port, seconds=1, clients=2, poll=(5, 10),
                             board_seconds=1, seed=1, expected=bench_phones.EXPECTED)
    bench.address, bench.host = address.hostname, address.netloc
    bench.measure_from = 0  # record everything
    return bench


def test_the_phones_flow_against_the_server(live_server, transactional_db):
    options = {"tables": 3, "rounds": 3, "boards_per_round": 2, "played_rounds": 1}
    session, phones = bench_phones.Command().evening(options)
    bench = tiny_bench(live_server)
    (code, boards), (other, _boards) = sorted(phones.items())[:2]
    phone = bench_phones.FetchingPhone(bench, True, code, list(boards))
    table = reverse("table", args=[other])
    watcher = bench_live.Player(bench, True, [(table, "table page", table, "table page poll")])
    rng = random.Random(1)
    watcher.step(rng)
    phone.step(rng)  # play starts: the round page and the pages it lists
    assert not TableEntry.objects.exists()
    phone.step(rng)  # the round page again (a 304), the board, the entry sent
    # The watcher's first opening and the phone's, then the phone's second look.
    assert dict(bench.statuses["table page"]) == {200: 2, 304: 1}
    entry = TableEntry.objects.get(session=session)
    assert entry.status == "entered" and entry.board.number == boards[0][0]
    # The round page lists itself and the round's two boards, each fetched once.
    assert sum(bench.statuses["prefetch"].values()) == 3
    watcher.step(rng)
    phone.step(rng)  # East-West accept
    assert Result.objects.filter(board__session=session).count() == 3 * 2 + 1
    before = Counter(kept.COUNTS)
    watcher.step(rng)
    watcher.step(rng)
    assert dict(bench.statuses["table page poll"]) == {304: 3}
    found = Counter(kept.COUNTS)
    found.subtract(before)
    # The other table's page is not touched by this table's result (in step): found kept.
    assert (found["shown-table", False], found["shown-table", True]) == (0, 2)
    assert dict(bench.statuses["entry post"]) == {302: 1}
    assert dict(bench.statuses["fetch follow"]) == {204: 2}
    assert not any(bench.errors.values()), dict(bench.statuses)


def test_the_report_gives_the_share_of_304s_and_of_cache_hits(tmp_path, monkeypatch):
    bench = bench_live.Bench(1, seconds=1, clients=1, poll=(5, 10), board_seconds=1, seed=1,
                             expected=bench_phones.EXPECTED)
    bench.measure_from = 0
    for status in (304, 304, 304, 200):
        bench.record("table page poll", 0.01, status)
    command = bench_phones.Command(stdout=io.StringIO())
    command.report(bench, 1.0, 0.1, 0.2)
    line = next(line for line in command.stdout.getvalue().splitlines()
                if line.startswith("table page poll"))
    assert line.split()[3:6] == ["4", "3", "75.0"]  # count, 304s, their share
    # Two workers exit, each writing its counts; the command sums them.
    counts_file = tmp_path / "counts"
    monkeypatch.setenv("BENCH_COUNTS", str(counts_file))
    monkeypatch.setattr(kept, "COUNTS", Counter({("html", True): 3, ("html", False): 1}))
    gunicorn_counts.worker_exit(None, None)
    gunicorn_counts.worker_exit(None, None)
    counts = bench_live.read_counts(str(counts_file))
    assert counts == Counter({("html", True): 6, ("html", False): 2})
    command.report_cache(counts)
    assert "Cache html: 6 of 8 found kept (75.0 %)." in command.stdout.getvalue()
