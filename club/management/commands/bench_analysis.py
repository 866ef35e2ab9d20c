"""`python manage.py bench_analysis`: how long the double-dummy analysis of a dealing
machine's 36 boards takes with one deal a solver call, with the hand records page's chunks
(club.services.analysis.ANALYSIS_CHUNK deals a call, so that it can show its progress) and
with every deal in one call (as many as the solver takes, SOLVER_DEALS). Prints each way's
median and fastest time over the runs (the ways take turns, so that a busy machine slows
them alike) and how many times longer the one-deal calls take. No database."""

import os
import random

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.management.bench import timed
from club.services.analysis import ANALYSIS_CHUNK
from scoring.engine import board_dealer, board_vulnerability, random_deal
from scoring.engine.analysis import SOLVER_DEALS, analyse


def solve(deals, per_call):
    """The analyses of `deals`, `per_call` deals a solver call."""
    analyses = []
    for start in range(0, len(deals), per_call):
        analyses += analyse(deals[start:start + per_call])
    return analyses


class Command(BaseCommand):
    help = _("Time the double-dummy analysis of 36 deals: one deal a solver call against "
             "the batched calls.")

    def add_arguments(self, parser):
        parser.add_argument("--boards", type=int, default=36,
                            help=_("How many deals (default 36)."))
        parser.add_argument("--runs", type=int, default=3,
                            help=_("How many times each way is timed (default 3)."))
        parser.add_argument("--seed", type=int, default=2026,
                            help=_("The seed of the random deals (default 2026)."))

    def handle(self, *args, boards, runs, seed, **options):
        if not 1 <= boards <= 7200 or runs < 1:
            raise CommandError(_("--boards takes 1 to 7200 deals and --runs at least 1."))
        rng = random.Random(seed)
        deals = [(random_deal(rng), board_dealer(n), board_vulnerability(n))
                 for n in range(1, boards + 1)]
        analyse(deals[:1])  # loads the solver, once
        ways = sorted({1, ANALYSIS_CHUNK, min(SOLVER_DEALS, boards)})
        results = {}
        times = timed({per_call: (lambda per_call=per_call: results.__setitem__(
            per_call, solve(deals, per_call))) for per_call in ways}, runs)
        if len({tuple(found) for found in results.values()}) != 1:
            raise CommandError(_("The ways of calling the solver gave different analyses."))
        self.stdout.write(f"{_('deals')}: {boards}, {_('runs')}: {runs}, "
                          f"{_('cores')}: {os.cpu_count()}")
        self.stdout.write(f"{_('deals a call'):>12} {_('calls'):>6} {_('median s'):>9} "
                          f"{_('fastest s'):>10}")
        for per_call in ways:
            median, fastest = times[per_call]
            calls = -(-boards // per_call)
            self.stdout.write(f"{per_call:>12} {calls:>6} {median:>9.2f} {fastest:>10.2f}")
        batched = times[ways[-1]][0]
        self.stdout.write(_("One deal a call takes %(ratio).2f times as long as %(per_call)s "
                            "deals a call (the page's chunks of %(chunk)s: %(chunk_ratio).2f "
                            "times).") % {
            "ratio": times[1][0] / batched, "per_call": ways[-1], "chunk": ANALYSIS_CHUNK,
            "chunk_ratio": times[ANALYSIS_CHUNK][0] / batched})
