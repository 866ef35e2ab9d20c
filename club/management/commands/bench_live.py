"""`python manage.py bench_live`: a running evening under load, served as in production.

It builds a running 30-table Mitchell (its first rounds played) in a throwaway PostgreSQL
database beside the one in DATABASE_URL, serves the site with gunicorn (3 workers, DEBUG
off, 127.0.0.1 on a free port) and, for a bounded time, drives the tables' phones through
their real HTTP flow (open the code, open a board, post the result with its key, East-West
accept it: club.phones.views) while players poll the live standings block and their table's
round page every 5-10 s, sending back the ETag they were given (If-None-Match). It prints
requests per second and the median, 95th and 99th percentile time of each kind of request,
the share answered 304, the errors, and how often the workers found what they needed in
the cache (club.stats.kept); then stops gunicorn and drops the database. `--no-cache`
turns the rendered pages' cache off on the server, `--no-conditional` the clients'
If-None-Match.
"""

import heapq
import http.client
import json
import math
import os
import random
import re
import resource
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from urllib.parse import quote, urlencode

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.management import gunicorn_counts
from club.management.bench import build_session, throwaway_database
from club.management.commands.demo import plausible_result
from club.models import Session
from club.plan import SessionPlan
from club.schedule import seating_boards
from club.services.table_phones import issue_codes

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# What each kind of request must answer; anything else counts as an error.
EXPECTED = {"standings page": {200}, "standings poll": {200, 304}, "table page": {200, 304},
            "table page poll": {200, 304}, "board page": {200}, "entry post": {302},
            "accept post": {302}}


def percentile(times, q):
    """The nearest-rank percentile: the smallest time with a share q of them at or below."""
    ordered = sorted(times)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)] if ordered else 0.0


class Phone:
    """One visitor's browser: its cookies and the ETags it was given; one HTTP connection
    per request (gunicorn's sync workers close each one, as behind a proxy)."""

    local = threading.local()

    def __init__(self, bench, conditional):
        self.bench, self.conditional = bench, conditional
        self.cookies, self.etags = {}, {}

    def request(self, kind, method, path, form=None, headers=None):
        headers = {"Host": self.bench.host, **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "GET" and self.conditional and path in self.etags:
            headers["If-None-Match"] = self.etags[path]
        body = None
        if form is not None:
            body = urlencode(form)
            headers.update({"Content-Type": "application/x-www-form-urlencoded",
                            "Origin": f"http://{self.bench.host}"})
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection(self.bench.address, self.bench.port, timeout=30)
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            content = response.read().decode("utf-8", "replace")
            conn.close()
        except OSError as err:
            self.bench.record(kind, time.perf_counter() - start, type(err).__name__)
            return None, ""
        self.bench.record(kind, time.perf_counter() - start, response.status)
        self.location = response.getheader("Location")
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        if response.getheader("ETag"):
            self.etags[path] = response.getheader("ETag")
        return response.status, content


class Player(Phone):
    """Every 5-10 s, the next of its pages: the live standings block (the page itself the
    first time) and its table's round page, in turn or (`pages` of one) only that one."""

    def __init__(self, bench, conditional, pages):
        super().__init__(bench, conditional)
        self.pages, self.turn, self.seen = pages, 0, set()

    def step(self, rng):
        page, first_kind, path, kind = self.pages[self.turn % len(self.pages)]
        self.turn += 1
        if page not in self.seen:
            self.seen.add(page)
            self.request(first_kind, "GET", page)
        else:
            self.request(kind, "GET", path)
        return rng.uniform(*self.bench.poll)


class TablePhone(Phone):
    """The phone at a table: it opens its round when play starts, then board after board
    of its rounds, each played for `board_seconds` on average, its result posted with its
    key, then East-West accept it. (The first result comes a board's play after the start,
    as at a real table: not every table's at the same instant.)"""

    def __init__(self, bench, conditional, code, boards):
        super().__init__(bench, conditional)
        self.code, self.boards, self.pending, self.started = code, boards, None, False

    def step(self, rng):
        bench, code = self.bench, self.code
        if not self.started:  # play starts: the round's page, then its first board played
            self.started = True
            self.open_round()
            return rng.uniform(0.5, 1.5) * bench.board_seconds
        if self.pending is not None:  # East-West read the result: accept it
            number, key = self.pending
            self.pending = None
            path = reverse("table-board", args=[code, number])
            _status, page = self.request("board page", "GET", path)
            token = TOKEN.search(page)
            self.send("accept post", reverse("table-accept", args=[code, number]),
                      {"key": key, "csrfmiddlewaretoken": token[1] if token else ""})
            self.request("board page", "GET", path)
            return rng.uniform(0.5, 1.5) * bench.board_seconds
        if not self.boards:
            return None
        number, ns_hcp = self.boards.pop(0)
        self.open_round()
        path = reverse("table-board", args=[code, number])
        _status, page = self.request("board page", "GET", path)
        token = TOKEN.search(page)
        key = str(uuid.uuid4())
        form = {"key": key, "csrfmiddlewaretoken": token[1] if token else "", "lead": ""}
        contract, declarer, tricks = plausible_result(rng, ns_hcp)
        if contract is None:
            form["passed_out"] = "1"
        else:
            form.update(level=contract.level, strain=contract.strain.value,
                        doubling=int(contract.doubling), declarer=declarer.value,
                        tricks=tricks)
        self.send("entry post", path, form)
        self.request("board page", "GET", path)
        self.pending = (number, key)
        return rng.uniform(1, 3)

    def open_round(self):
        self.request("table page", "GET", reverse("table", args=[self.code]))

    def send(self, kind, path, form):
        """A form posted the plain way (its redirect is not followed)."""
        self.request(kind, "POST", path, form)


class Bench:
    """The clock, the schedule of every visitor's next step and the measurements."""

    def __init__(self, port, seconds, clients, poll, board_seconds, seed, expected=EXPECTED):
        self.expected = expected
        self.address, self.port = "127.0.0.1", port
        self.host = f"{self.address}:{port}"
        self.seconds, self.clients, self.poll = seconds, clients, poll
        self.board_seconds = board_seconds
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.times = defaultdict(list)
        self.statuses = defaultdict(lambda: defaultdict(int))
        self.errors = defaultdict(int)
        self.measure_from = float("inf")

    def record(self, kind, seconds, status):
        if time.monotonic() < self.measure_from:
            return  # still warming up
        with self.lock:
            self.times[kind].append(seconds * 1000)
            self.statuses[kind][status] += 1
            if status not in self.expected[kind]:
                self.errors[kind] += 1

    def run(self, visitors, warmup):
        """Each visitor's steps at their times, at most `clients` at once: `visitors` are
        (first step's time, visitor). Measured after `warmup` seconds, for `seconds` (the
        steps under way then finish); returns the seconds measured."""
        queue = [(due, n, visitor) for n, (due, visitor) in enumerate(visitors)]
        heapq.heapify(queue)
        start = time.monotonic()
        self.measure_from = start + warmup
        end = self.measure_from + self.seconds
        cond = threading.Condition()

        def work(visitor, n, rng):
            wait = visitor.step(rng)
            if wait is not None:
                with cond:
                    heapq.heappush(queue, (time.monotonic() - start + wait, n, visitor))
                    cond.notify()

        with ThreadPoolExecutor(max_workers=self.clients) as pool:
            while True:
                with cond:
                    now = time.monotonic() - start
                    if start + now >= end:
                        break
                    if not queue or queue[0][0] > now:
                        timeout = min(queue[0][0] - now if queue else 0.1, end - start - now)
                        cond.wait(max(timeout, 0.001))
                        continue
                    _due, n, visitor = heapq.heappop(queue)
                pool.submit(work, visitor, n, random.Random(self.rng.random()))
        return time.monotonic() - self.measure_from


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url(db):
    user = quote(db.get("USER") or "", safe="")
    password = f":{quote(db['PASSWORD'], safe='')}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def gunicorn_command(port, options):
    """The command line that serves the site on 127.0.0.1:`port` with the workers (and
    threads: gthread workers when more than one) of `options`."""
    return [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
            "--workers", str(options["workers"]), "--threads", str(options.get("threads", 1)),
            "--log-level", "warning", "--config", f"python:{gunicorn_counts.__name__}"]


class Command(BaseCommand):
    help = _("Serve a running 30-table evening with gunicorn on PostgreSQL, drive the tables' "
             "phones and 200 players' polls for a while, and print the response times.")

    def add_arguments(self, parser):
        self.serving_arguments(parser)
        parser.add_argument("--players", type=int, default=200)
        parser.add_argument("--poll", choices=["alternate", "both"], default="alternate",
                            help=_("Each player polls the standings and its table's page in "
                                   "turn every 5-10 s (alternate), or each page every 5-10 s "
                                   "(both: twice the polls)."))

    def serving_arguments(self, parser):
        """The evening, the server and the clients (bench_phones takes them too)."""
        parser.add_argument("--seconds", type=int, default=60,
                            help=_("How long the load is measured."))
        parser.add_argument("--warmup", type=int, default=15,
                            help=_("Seconds before that, while the players open the pages."))
        parser.add_argument("--tables", type=int, default=30)
        parser.add_argument("--rounds", type=int, default=9)
        parser.add_argument("--boards-per-round", type=int, default=3)
        parser.add_argument("--played-rounds", type=int, default=4,
                            help=_("Rounds already played when the load starts."))
        parser.add_argument("--board-seconds", type=float, default=20.0,
                            help=_("Average seconds a table takes per board."))
        parser.add_argument("--workers", type=int, default=3, help=_("gunicorn workers."))
        parser.add_argument("--threads", type=int, default=1,
                            help=_("Threads of each gunicorn worker (more than one: "
                                   "gunicorn's gthread workers)."))
        parser.add_argument("--clients", type=int, default=48,
                            help=_("Requests under way at most at once (client threads)."))
        parser.add_argument("--no-cache", action="store_true",
                            help=_("Serve without the rendered pages' cache."))
        parser.add_argument("--no-conditional", action="store_true",
                            help=_("Clients send no If-None-Match."))
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args, **options):
        if connection.vendor != "postgresql":
            raise CommandError(_("bench_live measures the site as served in production: set "
                                 "DATABASE_URL to a PostgreSQL database (it works in a "
                                 "throwaway database beside it), not SQLite."))
        if not 1 <= options["seconds"] <= 3600:
            raise CommandError(_("--seconds must be 1 to 3600."))
        with (throwaway_database(f"{connection.settings_dict['NAME']}_bench_live"),
              tempfile.TemporaryDirectory() as scratch):
            self.counts_file = os.path.join(scratch, "cache-counts")
            session, phones = self.evening(options)
            self.stdout.write(ngettext("Session %(id)s: %(tables)s table, round %(round)s of "
                                       "%(rounds)s in play.",
                                       "Session %(id)s: %(tables)s tables, round %(round)s of "
                                       "%(rounds)s in play.", session.tables) % {
                "id": session.pk, "tables": session.tables,
                "round": options["played_rounds"] + 1, "rounds": session.rounds})
            server, port = self.serve(options)
            try:
                bench, elapsed, client_cpu = self.load(options, port, session, phones)
            finally:
                server.send_signal(signal.SIGTERM)
                try:
                    server.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            self.report(bench, elapsed, client_cpu, usage.ru_utime + usage.ru_stime)
            self.report_cache(read_counts(self.counts_file))

    def evening(self, options):
        """The running session, its table codes and each table's boards still to play."""
        session = build_session(
            options["tables"], options["rounds"], scheduled=True, name="Live benchmark",
            status=Session.Status.RUNNING,
            boards_per_round=options["boards_per_round"], played_rounds=options["played_rounds"])
        issue_codes(session.pk)
        hcp = dict(session.boards.values_list("number", "ns_hcp"))
        codes = dict(session.table_codes.values_list("table", "code"))
        phones = defaultdict(list)
        for seating in SessionPlan.load(session).seatings:
            if seating.round > options["played_rounds"] and not seating.is_sit_out:
                phones[seating.table] += [(n, hcp[n]) for n in
                                          seating_boards(seating, session.boards_per_round)]
        return session, {codes[table]: boards for table, boards in phones.items()}

    def serve(self, options):
        """gunicorn on a free port of 127.0.0.1, once it answers its health check."""
        port = free_port()
        env = {**os.environ, "DATABASE_URL": database_url(connection.settings_dict),
               "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50),
               "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0",
               "SECURE_COOKIES": "0", "SECURE_HSTS_SECONDS": "0",
               "DJANGO_SETTINGS_MODULE": "config.settings",
               "PYTHONWARNINGS": "ignore:No directory at:UserWarning",
               "BENCH_COUNTS": self.counts_file}
        if options["no_cache"]:
            env["PAGE_CACHE_SECONDS"] = "0"
        server = subprocess.Popen(gunicorn_command(port, options), cwd=settings.BASE_DIR,
                                  env=env, start_new_session=True)
        for _try in range(100):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", reverse("health"), headers={"Host": f"127.0.0.1:{port}"})
                if conn.getresponse().status == 200:
                    return server, port
            except OSError:
                pass
            if server.poll() is not None:
                break
            time.sleep(0.2)
        server.kill()
        raise CommandError(_("gunicorn did not start."))

    def load(self, options, port, session, phones):
        conditional = not options["no_conditional"]
        bench = Bench(port, options["seconds"], options["clients"], (5.0, 10.0),
                      options["board_seconds"], options["seed"])
        standings = reverse("standings", args=[session.pk])
        codes = sorted(phones)
        warmup, rng = options["warmup"], random.Random(options["seed"])
        # The players come in during the warm-up, the phones start entering at its end.
        visitors = [(warmup + rng.uniform(0, 2), TablePhone(bench, conditional, code,
                                                            list(phones[code])))
                    for code in codes]
        for n in range(options["players"]):
            table = reverse("table", args=[codes[n % len(codes)]])
            pages = [(standings, "standings page", f"{standings}?part=table", "standings poll"),
                     (table, "table page", table, "table page poll")]
            if options["poll"] == "both":  # each page on its own 5-10 s
                players = [Player(bench, conditional, [page]) for page in pages]
            else:
                players = [Player(bench, conditional, pages[n % 2:] + pages[:n % 2])]
            visitors += [(rng.uniform(0, warmup), player) for player in players]
        return self.measured(options, bench, visitors)

    def measured(self, options, bench, visitors):
        """(bench, seconds measured, this client's CPU seconds) of running `visitors`."""
        warmup = options["warmup"]
        self.stdout.write(ngettext("Serving on 127.0.0.1:%(port)s (%(workers)s gunicorn "
                                   "worker); %(warmup)s s warm-up, then %(seconds)s s "
                                   "measured...",
                                   "Serving on 127.0.0.1:%(port)s (%(workers)s gunicorn "
                                   "workers); %(warmup)s s warm-up, then %(seconds)s s "
                                   "measured...", options["workers"]) % {
            "port": bench.port, "workers": options["workers"], "warmup": warmup,
            "seconds": options["seconds"]})
        before = resource.getrusage(resource.RUSAGE_SELF)
        elapsed = bench.run(visitors, warmup)
        after = resource.getrusage(resource.RUSAGE_SELF)
        return bench, elapsed, (after.ru_utime + after.ru_stime
                                - before.ru_utime - before.ru_stime)

    def report(self, bench, elapsed, client_cpu, server_cpu):
        total = sum(len(times) for times in bench.times.values())
        self.stdout.write(ngettext("%(total)s request in %(seconds).1f s: %(rate).1f "
                                   "requests/s.",
                                   "%(total)s requests in %(seconds).1f s: %(rate).1f "
                                   "requests/s.", total)
                          % {"total": total, "seconds": elapsed, "rate": total / elapsed})
        self.stdout.write(_("CPU seconds: gunicorn %(server).1f (all of its run), this "
                            "client %(client).1f (warm-up and load).")
                          % {"server": server_cpu, "client": client_cpu})
        self.stdout.write(f"{_('request'):<17} {_('count'):>6} {'304':>6} {'304 %':>6} "
                          f"{'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} "
                          f"{_('errors'):>6}")
        for kind in bench.expected:
            times = bench.times.get(kind)
            if not times:
                continue
            not_modified = bench.statuses[kind].get(304, 0)
            self.stdout.write(
                f"{kind:<17} {len(times):>6} {not_modified:>6} "
                f"{100 * not_modified / len(times):>6.1f} "
                f"{percentile(times, .5):>8.1f} {percentile(times, .95):>8.1f} "
                f"{percentile(times, .99):>8.1f} {max(times):>8.1f} {bench.errors[kind]:>6}")
        errors = {kind: dict(statuses) for kind, statuses in bench.statuses.items()
                  if bench.errors[kind]}
        self.stdout.write(_("Errors: %(errors)s") % {"errors": errors or _("none")})

    def report_cache(self, counts):
        """The share of each kind of cached value the workers found kept (club.stats.kept):
        `counts` {(kind, found): count}."""
        kinds = sorted({kind for kind, _found in counts})
        if not kinds:
            self.stdout.write(_("Cache: nothing asked for."))
        for kind in kinds:
            hits, total = counts[kind, True], counts[kind, True] + counts[kind, False]
            self.stdout.write(_("Cache %(kind)s: %(hits)s of %(total)s found kept "
                                "(%(share).1f %%).")
                              % {"kind": kind, "hits": hits, "total": total,
                                 "share": 100 * hits / total})


def read_counts(path):
    """The cache counts the workers wrote when they exited (gunicorn_counts), summed."""
    counts = Counter()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                counts.update({(kind, found): n for kind, found, n in json.loads(line)})
    return counts
