"""`python manage.py bench_pages`: median render time of the public pages and the director's
evening pages on a big session of each kind.

By default it builds, in a throwaway test database, a published 30-table Mitchell of 27
rounds, one board a round (810 results, 30 boards each played 27 times), a running Swiss
teams of 16 teams and 7 rounds (the last round's board played in the open rooms only) and
a running 20-player individual of 19 rounds, every table played (both through the services,
club.management.bench_events), and renders each page many times through the test client
(URL routing, middleware, queries and templates included), the director's pages logged in
as a director; `--only` chooses among the three. `--session ID` measures an existing
session instead, in the configured database (its director's pages with `--director
USERNAME`), with the pages of its kind.
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
from club.management.bench_events import build_individual, build_swiss_teams
from club.models import Result, Session, TeamMatch
from club.models.choices import INDIVIDUAL, TEAMS
from club.plan import SessionPlan
from club.services.errors import Refused
from scoring.engine.individual import INDIVIDUAL_SIZES, full_individual_rounds

KINDS = ("pairs", "teams", "individual")
WIDTH = 32  # the page column of the printed table


def page_urls(session):
    """The public pages of the session's kind (pairs_urls, teams_urls, individual_urls)."""
    if session.movement == TEAMS:
        return teams_urls(session)
    if session.movement == INDIVIDUAL:
        return individual_urls(session)
    return pairs_urls(session)


def pairs_urls(session):
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


def teams_urls(session):
    """The session list, a teams session's standings and their CSV, a match report of
    round 1 and one of the last round, a board, a pair's scorecard and a closed room's
    phone (that match's)."""
    matches = TeamMatch.objects.filter(session=session, away__isnull=False).select_related(
        "open_ns").order_by("round", "number")
    played, playing = matches.first(), matches.last()
    if played is None:
        raise CommandError(_("Session %(id)s has no match yet.") % {"id": session.id})
    standings = reverse("teams-standings", args=[session.id])
    code = session.table_codes.filter(table=playing.closed_table).first()
    plan = SessionPlan.load(session)
    board = plan.boards_of(plan.seating_for(playing.closed_table, playing.round))[0]
    return [
        (_("session list"), reverse("session-list")),
        (_("teams standings"), standings),
        (_("teams standings CSV"), f"{standings}?_export=csv"),
        (_("match report (round 1)"), reverse("team-match", args=[session.id, played.pk])),
        (_("match report (last round)"), reverse("team-match",
                                                 args=[session.id, playing.pk])),
        (_("board report"), reverse("board-report", args=[session.id, board])),
        (_("pair scorecard"), reverse("pair-scorecard",
                                      args=[session.id, played.open_ns.number])),
        *phone_urls(session, code, board),
    ]


def individual_urls(session):
    """The session list, an individual's standings by player and their live block, the
    board list, a board, a partnership's scorecard, a player's page and table 1's phone in
    the last round."""
    plan = SessionPlan.load(session)
    seating = plan.seating_for(1, session.rounds)
    if seating is None or seating.ns not in plan.by_number:
        raise CommandError(_("Session %(id)s has no players seated yet.") % {"id": session.id})
    standings = reverse("individual-standings", args=[session.id])
    board = plan.boards_of(seating)[0]
    return [
        (_("session list"), reverse("session-list")),
        (_("standings by player"), standings),
        (_("standings live block"), f"{standings}?part=table"),
        (_("board list"), reverse("board-list", args=[session.id])),
        (_("board report"), reverse("board-report", args=[session.id, board])),
        (_("partnership scorecard"), reverse("pair-scorecard", args=[session.id, seating.ns])),
        (_("player page"), reverse("player", args=[plan.by_number[seating.ns].player1_id])),
        *phone_urls(session, session.table_codes.filter(table=1).first(), board),
    ]


def phone_urls(session, code, board):
    """A table's phone: its round page and a board's page (none before codes are issued,
    nor once the session is over)."""
    if code is None or session.status != Session.Status.RUNNING:
        return []
    return [(_("table phone: round"), reverse("table", args=[code.code])),
            (_("table phone: board"), reverse("table-board", args=[code.code, board]))]


def director_urls(session):
    """The director's evening pages: the entry page, a traveller, the live dashboard; the
    Teams page of a teams session, an individual's standings by player and table cards."""
    middle = (session.boards.count() + 1) // 2
    pages = []
    if session.movement == TEAMS:
        pages.append((_("director: Teams page"), reverse("teams", args=[session.id])))
    if session.movement == INDIVIDUAL:
        pages += [(_("director: standings by player"),
                   reverse("individual-director-standings", args=[session.id])),
                  (_("director: players' table cards"),
                   reverse("individual-cards", args=[session.id]))]
    return [
        *pages,
        (_("director: entry page"), reverse("entry-session", args=[session.id])),
        (_("director: traveller"), reverse("entry-traveller", args=[session.id, middle])),
        (_("director: dashboard"), reverse("entry-dashboard", args=[session.id])),
    ]


class Command(BaseCommand):
    help = _("Measure the median render time of the public pages and the director's pages on "
             "a 30-table Mitchell of 27 rounds (810 results), a Swiss teams of 16 teams and "
             "7 rounds and a 20-player individual, built in a throwaway database.")

    def add_arguments(self, parser):
        parser.add_argument("--session", type=int, help=_("Measure this existing session."))
        parser.add_argument("--director", help=_("With --session: measure the director's "
                                                 "pages logged in as this user."))
        parser.add_argument("--runs", type=int, default=30, help=_("Requests per page."))
        parser.add_argument("--only", nargs="+", choices=KINDS, default=list(KINDS),
                            help=_("The kinds of session to build and measure."))
        parser.add_argument("--tables", type=int, default=30)
        parser.add_argument("--rounds", type=int, default=27,
                            help=_("Rounds of the Mitchell (at most tables, or tables - 1 "
                                   "for an even number of tables)."))
        parser.add_argument("--teams", type=int, default=16,
                            help=_("Teams of the Swiss teams."))
        parser.add_argument("--team-rounds", type=int, default=7,
                            help=_("Rounds of the Swiss teams."))
        parser.add_argument("--players", type=int, default=20,
                            help=_("Players of the individual (its full movement)."))

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
        if "individual" in options["only"] and options["players"] not in INDIVIDUAL_SIZES:
            raise CommandError(_("An individual takes %(sizes)s players; got %(players)s.") % {
                "sizes": ", ".join(map(str, INDIVIDUAL_SIZES)), "players": options["players"]})
        builders = {
            "pairs": (_("Pairs: %(tables)s tables, %(rounds)s rounds.") % options,
                      lambda: build_session(options["tables"], options["rounds"],
                                            scheduled=True)),
            "teams": (_("Swiss teams: %(teams)s teams, %(team_rounds)s rounds.") % options,
                      lambda: build_swiss_teams(options["teams"], options["team_rounds"])),
            "individual": (_("Individual: %(players)s players, %(rounds)s rounds.") % {
                "players": options["players"],
                "rounds": full_individual_rounds(options["players"])},
                lambda: build_individual(options["players"], publish=False)),
        }
        with throwaway_database():
            director = bench_director()
            for kind in KINDS:
                if kind in options["only"]:
                    heading, build = builders[kind]
                    self.stdout.write(heading)
                    self.report(self.built(build), options["runs"], director)

    def built(self, build):
        """The session `build` makes, saying how many results it has and how long it took;
        a refusal of the services (too many rounds for the teams) as the command's error."""
        start = time.perf_counter()
        try:
            session = build()
        except Refused as err:
            raise CommandError(" ".join(err.messages)) from err
        results = Result.objects.filter(board__session=session).count()
        self.stdout.write(ngettext("Built %(results)s result in %(seconds).2f s.",
                                   "Built %(results)s results in %(seconds).2f s.",
                                   results) % {
            "results": results, "seconds": time.perf_counter() - start})
        return session

    def report(self, session, runs, director=None):
        self.stdout.write(timing_header(WIDTH))
        pages = [(Client(), page_urls(session))]
        if director is not None:
            client = Client()
            client.force_login(director)
            pages.append((client, director_urls(session)))
        for client, urls in pages:
            for label, url in urls:
                queries, median, fastest = measure(client, url, runs)
                self.stdout.write(timing_line(label, queries, median, fastest, WIDTH))
