"""`python manage.py bench_pages`: median render time of the public pages and the director's
evening pages on a big session.

By default it builds a published 30-table Mitchell of 27 rounds, one board a round (810
results, 30 boards each played 27 times), in a throwaway test database and renders each
page many times through the test client (URL routing, middleware, queries and templates
included), the director's pages logged in as a director; `--session ID` measures an
existing session instead, in the configured database (its director's pages with
`--director USERNAME`).
"""

import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.test import Client
from django.test.utils import setup_test_environment
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.management.bench import (
    bench_director,
    build_session,
    measure,
    throwaway_database,
    timing_header,
    timing_line,
)
from club.models import Result, Session


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


def director_urls(session):
    """The director's evening pages: the entry page, a traveller, the live dashboard."""
    middle = (session.boards.count() + 1) // 2
    return [
        (_("director: entry page"), reverse("entry-session", args=[session.id])),
        (_("director: traveller"), reverse("entry-traveller", args=[session.id, middle])),
        (_("director: dashboard"), reverse("entry-dashboard", args=[session.id])),
    ]


class Command(BaseCommand):
    help = _("Measure the median render time of the public pages and the director's pages on "
             "a 30-table Mitchell of 27 rounds (810 results), built in a throwaway database.")

    def add_arguments(self, parser):
        parser.add_argument("--session", type=int, help=_("Measure this existing session."))
        parser.add_argument("--director", help=_("With --session: measure the director's "
                                                 "pages logged in as this user."))
        parser.add_argument("--runs", type=int, default=30, help=_("Requests per page."))
        parser.add_argument("--tables", type=int, default=30)
        parser.add_argument("--rounds", type=int, default=27,
                            help=_("Rounds of the Mitchell (at most tables, or tables - 1 "
                                   "for an even number of tables)."))

    def handle(self, *args, **options):
        setup_test_environment()  # lets the test client through ALLOWED_HOSTS
        if options["session"]:
            session = Session.objects.filter(pk=options["session"]).first()
            if session is None:
                raise CommandError(_("There is no session %(id)s.") % {"id": options["session"]})
            if not session.is_public:
                raise CommandError(_("Session %(id)s is not public; publish it first.")
                                   % {"id": session.id})
            director = None
            if options["director"]:
                director = get_user_model().objects.filter(
                    username=options["director"]).first()
                if director is None:
                    raise CommandError(_("There is no user %(name)s.")
                                       % {"name": options["director"]})
            self.report(session, options["runs"], director)
            return
        with throwaway_database():
            start = time.perf_counter()
            session = build_session(options["tables"], options["rounds"], scheduled=True)
            results = Result.objects.filter(board__session=session).count()
            self.stdout.write(ngettext("Built %(results)s result in %(seconds).2f s.",
                                       "Built %(results)s results in %(seconds).2f s.",
                                       results) % {
                "results": results, "seconds": time.perf_counter() - start})
            self.report(session, options["runs"], bench_director())

    def report(self, session, runs, director=None):
        self.stdout.write(timing_header(28))
        pages = [(Client(), page_urls(session))]
        if director is not None:
            client = Client()
            client.force_login(director)
            pages.append((client, director_urls(session)))
        for client, urls in pages:
            for label, url in urls:
                queries, median, fastest = measure(client, url, runs)
                self.stdout.write(timing_line(label, queries, median, fastest, 28))
