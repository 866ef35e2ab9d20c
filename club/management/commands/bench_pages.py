"""`python manage.py bench_pages`: median render time of the public pages on a big session.

By default it builds a 30-table session with 27 boards (810 results) in a throwaway test
database and renders each page many times through the test client (URL routing,
middleware, queries and templates included); `--session ID` measures an existing session
instead, in the configured database.
"""

import random
import statistics
import time
from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, setup_test_environment
from django.urls import reverse
from django.utils.translation import gettext as _

from club.management.commands.demo import plausible_result
from club.models import Board, Result, Session
from club.services.imports import import_session
from scoring.engine import board_vulnerability, contract_score, deal_ns_hcp, random_deal
from scoring.models import ensure_moscow_table


def build_session(tables=30, boards=27, *, seed=2026, name="Benchmark evening"):
    """A published session: `tables` NS pairs and `tables` EW pairs; in round r every table
    plays board r, EW pairs moving up one table a round, so there are tables x boards
    results. Saved in bulk by the import service (outcomes from the scoring service); a
    few rulings included."""
    rng = random.Random(seed)
    session = Session(
        name=name, date=date(2026, 11, 27), status=Session.Status.PUBLISHED,
        movement=Session.Movement.MITCHELL, tables=tables, rounds=boards, boards_per_round=1,
        duplicated=True, compensation_table=ensure_moscow_table(), policy=Session.Policy.LINE)
    pairs = [(n, [(f"Player {2 * n - 1}", ""), (f"Player {2 * n}", "")])
             for n in range(1, 2 * tables + 1)]
    deals = [random_deal(rng) for _n in range(boards)]
    board_objects = [Board(number=n, deal=deal, ns_hcp=deal_ns_hcp(deal))
                     for n, deal in enumerate(deals, start=1)]
    results = []
    for board in board_objects:
        r = board.number
        for t in range(1, tables + 1):
            contract, declarer, tricks = plausible_result(rng, r, board.ns_hcp)
            if contract is not None:
                vulnerable = board_vulnerability(r).is_vulnerable(declarer)
                while contract_score(contract, tricks, vulnerable) < -1100:
                    tricks += 1
            result = Result(round=r, table=t)
            result.set_contract(contract, declarer, tricks)
            if (r, t) == (1, 1):
                result.ns_adjustment, result.ew_adjustment = "ave+", "ave-"
            if (r, t) == (2, 2):
                result.assigned = True
                result.set_assigned(*plausible_result(rng, r, board.ns_hcp))
            results.append((r, t, tables + (t - 1 + r - 1) % tables + 1, result))
    return import_session(session, pairs, board_objects, results)


def page_urls(session):
    middle = (session.boards.count() + 1) // 2
    last_pair = session.pairs.order_by("-number").values_list("number", flat=True).first() or 1
    return [
        (_("session list"), reverse("session-list")),
        (_("standings"), reverse("standings", args=[session.id])),
        (_("standings sorted by IMPs"), reverse("standings", args=[session.id]) + "?sort=-imps"),
        (_("board list"), reverse("board-list", args=[session.id])),
        (_("board report"), reverse("board-report", args=[session.id, middle])),
        (_("pair scorecard (NS)"), reverse("pair-scorecard", args=[session.id, 1])),
        (_("pair scorecard (EW)"), reverse("pair-scorecard", args=[session.id, last_pair])),
    ]


def measure(client, url, runs):
    """(queries, median ms, fastest ms) of GET url; one warm-up request first."""
    response = client.get(url)
    if response.status_code != 200:
        raise CommandError(_("%(url)s answered %(status)s.")
                           % {"url": url, "status": response.status_code})
    times = []
    for _run in range(runs):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            client.get(url)
            times.append((time.perf_counter() - start) * 1000)
    return len(queries), statistics.median(times), min(times)


class Command(BaseCommand):
    help = _("Measure the median render time of the public pages on a 30-table, 27-board "
             "session (810 results), built in a throwaway database.")

    def add_arguments(self, parser):
        parser.add_argument("--session", type=int, help=_("Measure this existing session."))
        parser.add_argument("--runs", type=int, default=30, help=_("Requests per page."))
        parser.add_argument("--tables", type=int, default=30)
        parser.add_argument("--boards", type=int, default=27)

    def handle(self, *args, **options):
        setup_test_environment()  # lets the test client through ALLOWED_HOSTS
        if options["session"]:
            session = Session.objects.filter(pk=options["session"]).first()
            if session is None:
                raise CommandError(_("There is no session %(id)s.") % {"id": options["session"]})
            if not session.is_public:
                raise CommandError(_("Session %(id)s is not public; publish it first.")
                                   % {"id": session.id})
            self.report(session, options["runs"])
            return
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            start = time.perf_counter()
            session = build_session(options["tables"], options["boards"])
            self.stdout.write(_("Built %(results)s results in %(seconds).2f s.") % {
                "results": Result.objects.filter(board__session=session).count(),
                "seconds": time.perf_counter() - start})
            self.report(session, options["runs"])
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)

    def report(self, session, runs):
        client = Client()
        self.stdout.write(f"{_('page'):<28} {_('queries'):>7} {_('median ms'):>10} "
                          f"{_('fastest ms'):>10}")
        for label, url in page_urls(session):
            queries, median, fastest = measure(client, url, runs)
            self.stdout.write(f"{label:<28} {queries:>7} {median:>10.1f} {fastest:>10.1f}")
