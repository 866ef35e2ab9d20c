"""`python manage.py bench_season`: the pages that read across sessions, measured on a whole
season, in a throwaway test database (like bench_pages).

It builds 100 published sessions of 30 tables and 27 boards (81,000 results) played by
about 200 players who come back week after week (mostly with the same partner), a season
over them all and an event of 4 sessions, then prints the queries and median time of the
session list, the season ladder, a player page, a partnership page, the event standings,
the calibration page and the session pages, with the whole season in the database. The
session lists and the director's home are also measured after the first session, to
show they stay flat; and rescoring every session is timed.
"""

import random
import time
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.test import Client
from django.test.utils import setup_test_environment
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.management.bench import measure, throwaway_database, timing_header, timing_line
from club.management.commands.demo import tame_result
from club.models import Board, Event, Pair, Player, Result, Session
from club.notation import counted
from club.services.imports import import_session
from club.services.locks import lock_session
from club.services.scoring import rescore_session
from club.services.seasons import save_event, save_season
from scoring.engine import deal_ns_hcp, random_deal
from scoring.models import moscow_table

FIRST_DAY = date(2025, 1, 6)
# The session lists are also measured with 1 session and with a full first page.
EARLY_POINTS = (1, 30)


def evening_pairs(rng, partnerships, pairs, players):
    """[(number, [(name, ""), (name, "")])] for one evening: `pairs` partnerships drawn
    from the club's, one in ten with a stand-in partner from those not playing."""
    chosen = rng.sample(partnerships, pairs)
    playing = {name for pair in chosen for name in pair}
    spare = [name for name in players if name not in playing]
    rng.shuffle(spare)
    found = []
    for number, (first, second) in enumerate(chosen, start=1):
        if spare and rng.random() < 0.1:
            second = spare.pop()
        found.append((number, [(first, ""), (second, "")]))
    return found


def build_evening(rng, day, pairs, tables, boards, table):
    """A published Mitchell: in round r every table plays board r, the EW pairs moving up
    a table a round (tables x boards results), saved by the import service."""
    session = Session(
        name=_("Club evening %(date)s") % {"date": day}, date=day,
        status=Session.Status.PUBLISHED, movement=Session.Movement.MITCHELL, tables=tables,
        rounds=boards, boards_per_round=1, duplicated=True, compensation_table=table,
        policy=Session.Policy.LINE)
    deals = [random_deal(rng) for _n in range(boards)]
    board_objects = [Board(number=n, deal=deal, ns_hcp=deal_ns_hcp(deal))
                     for n, deal in enumerate(deals, start=1)]
    results = []
    for board in board_objects:
        r = board.number
        for t in range(1, tables + 1):
            result = Result(round=r, table=t)
            result.set_contract(*tame_result(rng, r, board.ns_hcp))
            results.append((r, t, tables + (t - 1 + r - 1) % tables + 1, result))
    return import_session(session, pairs, board_objects, results)


def build_season(sessions=100, tables=30, boards=27, players=200, *, seed=2026,
                 progress=None, after=None):
    """`sessions` weekly evenings; returns (season, event of the last 4 sessions).
    `after(n)` is called once n sessions are built, `progress(n)` every ten."""
    rng = random.Random(seed)
    names = [f"Player {n:03d}" for n in range(1, players + 1)]
    partnerships = [(names[i], names[i + 1]) for i in range(0, players - 1, 2)]
    table = moscow_table()
    built = []
    for k in range(sessions):
        pairs = evening_pairs(rng, partnerships, min(2 * tables, len(partnerships)), names)
        built.append(build_evening(rng, FIRST_DAY + timedelta(weeks=k), pairs, tables,
                                   boards, table))
        if after:
            after(k + 1)
        if progress and (k + 1) % 10 == 0:
            progress(k + 1)
    season = save_season({"name": _("Benchmark season"), "start": built[0].date,
                          "end": built[-1].date, "min_sessions": 10, "best_of": 20})
    event = save_event({"name": _("Benchmark championship"), "scoring": Event.Scoring.PAIR,
                        "season": season}, [s.pk for s in built[-4:]])
    return season, event


def pages(season, event):
    """(label, url, as director) of every page measured."""
    last = Session.objects.order_by("-date", "-id").first()
    pair = Pair.objects.filter(session=last, number=1).first()
    middle = (last.boards.count() + 1) // 2
    return [
        (_("session list"), reverse("session-list"), False),
        (_("session list (director)"), reverse("session-list"), True),
        (_("director's home"), reverse("director-home"), True),
        (_("season ladder"), reverse("season", args=[season.pk]), False),
        (_("season ladder CSV"), reverse("season", args=[season.pk]) + "?_export=csv", False),
        (_("player page"), reverse("player", args=[pair.player1_id]), False),
        (_("ratings list"), reverse("ratings"), False),
        (_("partnership page"),
         reverse("partnership", args=[pair.player1_id, pair.player2_id]), False),
        (_("event standings (4 sessions)"), reverse("event", args=[event.pk]), False),
        (_("calibration page"), reverse("calibration"), True),
        (_("player list (director)"), reverse("director-players"), True),
        (_("standings"), reverse("standings", args=[last.pk]), False),
        (_("board report"), reverse("board-report", args=[last.pk, middle]), False),
        (_("pair scorecard"), reverse("pair-scorecard", args=[last.pk, 1]), False),
    ]


class Command(BaseCommand):
    help = _("Measure the pages that read across sessions on a season of 100 sessions of 30 "
             "tables and 27 boards (81,000 results), built in a throwaway database.")

    def add_arguments(self, parser):
        parser.add_argument("--sessions", type=int, default=100)
        parser.add_argument("--tables", type=int, default=30)
        parser.add_argument("--boards", type=int, default=27)
        parser.add_argument("--players", type=int, default=200)
        parser.add_argument("--runs", type=int, default=15, help=_("Requests per page."))
        parser.add_argument("--no-rescore", action="store_true",
                            help=_("Skip timing the rescoring of every session."))

    def handle(self, *args, **options):
        # The test client gets through ALLOWED_HOSTS; DEBUG off: no query log to fill.
        setup_test_environment(debug=False)
        with throwaway_database():
            self.run(options)

    def run(self, options):
        director = get_user_model().objects.create_superuser("bench", password="bench-pass")
        anonymous, directing = Client(), Client()
        directing.force_login(director)
        clients = {False: anonymous, True: directing}
        flat = [(_("session list"), reverse("session-list"), False),
                (_("session list (director)"), reverse("session-list"), True),
                (_("director's home"), reverse("director-home"), True)]
        early = {}  # {(sessions, label): (queries, median ms, fastest ms)}
        spent = [0.0]  # seconds spent measuring while building

        def after(built):
            if built in EARLY_POINTS:
                start = time.perf_counter()
                for label, url, as_director in flat:
                    early[(built, label)] = measure(clients[as_director], url,
                                                    options["runs"])
                spent[0] += time.perf_counter() - start

        start = time.perf_counter()
        season, event = build_season(
            options["sessions"], options["tables"], options["boards"], options["players"],
            progress=lambda n: self.stdout.write(
                ngettext("%(n)s session built", "%(n)s sessions built", n) % {"n": n}),
            after=after)
        sessions, results = Session.objects.count(), Result.objects.count()
        players = Player.objects.count()
        self.stdout.write(_("Built %(sessions)s, %(results)s, %(players)s in %(seconds).1f s.")
                          % {"sessions": counted("sessions", sessions),
                             "results": counted("results", results),
                             "players": counted("players", players),
                             "seconds": time.perf_counter() - start - spent[0]})
        self.stdout.write(timing_header(32))
        for label, url, as_director in pages(season, event):
            queries, median, fastest = measure(clients[as_director], url, options["runs"])
            self.stdout.write(timing_line(label, queries, median, fastest, 32))
            for built in EARLY_POINTS:
                if (built, label) in early:
                    queries_then, median_then, _fastest = early[(built, label)]
                    self.stdout.write("  " + ngettext(
                        "with %(n)s session: %(queries)s queries, %(ms).1f ms (now "
                        "x%(ratio).1f)",
                        "with %(n)s sessions: %(queries)s queries, %(ms).1f ms (now "
                        "x%(ratio).1f)", built) % {
                        "n": built, "queries": queries_then, "ms": median_then,
                        "ratio": median / median_then})
        if not options["no_rescore"]:
            self.time_rescoring()

    def time_rescoring(self):
        """Every session rescored as a change of table or policy does it: unchanged rules
        (nothing to write), then the other policy (history for each changed outcome)."""
        ids = list(Session.objects.order_by("id").values_list("id", flat=True))
        for label, policy in ((_("rescoring every session, same rules"), None),
                              (_("rescoring every session, other policy"), "declarer")):
            start, changed = time.perf_counter(), 0
            for session_id in ids:
                with transaction.atomic():
                    session = lock_session(session_id)
                    if policy:
                        session.policy = policy
                        session.save(update_fields=["policy"])
                    changed += rescore_session(session)
            self.stdout.write(ngettext("%(label)s: %(seconds).1f s (%(changed)s outcome "
                                       "changed)",
                                       "%(label)s: %(seconds).1f s (%(changed)s outcomes "
                                       "changed)", changed)
                              % {"label": label, "seconds": time.perf_counter() - start,
                                 "changed": changed})
