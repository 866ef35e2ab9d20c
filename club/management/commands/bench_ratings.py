"""`python manage.py bench_ratings`: do the player ratings find the true order better than the
IMPs-per-board ladder, and how long does a club's ten years take to fit (docs/ratings.md)?

It builds benchmark evenings (bench_season's) in a throwaway database and measures the
spread of a board's compensation IMPs there; simulates clubs with known skills and that
spread (scoring.engine.rating_simulation) for 10, 30 and 100 sessions, with random
partnerships and with regular ones, and prints each method's rank correlation with the
true skills; then times the fit of 100,000 results.
"""

import statistics
import time

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from club.management.bench import throwaway_database
from club.management.commands.bench_season import build_season
from club.notation import counted
from club.stats.ratings import rated_results
from scoring.engine.rating_simulation import recovery, simulate_club
from scoring.engine.ratings import fit_ratings

SESSION_COUNTS = (10, 30, 100)
# Regular partnerships play together four evenings in five.
LOYALTIES = ((gettext_lazy("random partnerships"), 0.0),
             (gettext_lazy("regular partnerships"), 0.8))


def board_spread(sessions, tables, boards):
    """(the standard deviation of the NS compensation IMPs of the boards played at the
    benchmark evenings, how many there were, the seconds taken to read them from the
    database and fit them as the pages do)."""
    with throwaway_database():
        build_season(sessions, tables, boards, players=4 * tables + 20)
        start = time.perf_counter()
        results = rated_results()
        fit_ratings(results)
        seconds = time.perf_counter() - start
    imps = [r.ns_imps for r in results]
    return statistics.pstdev(imps), len(imps), seconds


class Command(BaseCommand):
    help = _("Compare the player ratings with the IMPs-per-board ladder on simulated clubs "
             "with known skills, and time the fit of 100,000 results.")

    def add_arguments(self, parser):
        parser.add_argument("--sessions", type=int, default=10,
                            help=_("Benchmark evenings built to measure the spread."))
        parser.add_argument("--seeds", type=int, default=20,
                            help=_("Simulated clubs averaged for each figure."))
        parser.add_argument("--results", type=int, default=100_000,
                            help=_("Results in the timed fit."))

    def handle(self, *args, **options):
        spread, count, seconds = board_spread(options["sessions"], 30, 27)
        self.stdout.write(_("Spread of a board's compensation IMPs: %(spread).2f (%(boards)s "
                            "of the benchmark evenings).")
                          % {"spread": spread, "boards": counted("boards", count)})
        self.stdout.write(_("Reading them from the database and fitting them: "
                            "%(seconds).2f s.") % {"seconds": seconds})
        self.stdout.write(ngettext(
            "Spearman's rank correlation with the true skills, on %(clubs)s simulated club "
            "of 40 players (7 tables, 21 boards an evening), and whether the ratings did "
            "better:",
            "Spearman's rank correlation with the true skills, the mean over %(clubs)s "
            "simulated clubs of 40 players (7 tables, 21 boards an evening), and in how many "
            "the ratings did better:", options["seeds"]) % {"clubs": options["seeds"]})
        self.stdout.write(f"{_('partnerships'):<24} {_('sessions'):>8} {_('ratings'):>8} "
                          f"{_('ladder'):>8} {_('better'):>8}")
        seeds = range(1, options["seeds"] + 1)
        for label, loyalty in LOYALTIES:
            for sessions in SESSION_COUNTS:
                found = [recovery(sessions, seed=seed, board_spread=spread, loyalty=loyalty)
                         for seed in seeds]
                better = sum(f.ratings > f.ladder for f in found)
                self.stdout.write(
                    f"{label!s:<24} {sessions:>8} "
                    f"{statistics.mean(f.ratings for f in found):>8.3f} "
                    f"{statistics.mean(f.ladder for f in found):>8.3f} "
                    f"{better:>4}/{len(found):<3}")
        self.time_fit(options["results"], spread)

    def time_fit(self, wanted, spread):
        """A club's ten years: 200 players, weekly evenings of 10 tables and 20 boards."""
        sessions = -(-wanted // 200)
        results = simulate_club(sessions, players=200, tables=10, boards_per_round=2,
                                board_spread=spread).results[:wanted]
        start = time.perf_counter()
        ratings = fit_ratings(results)
        seconds = time.perf_counter() - start
        self.stdout.write(_("Fitting %(results)s of %(players)s: %(seconds).2f s.")
                          % {"results": counted("results", len(results)),
                             "players": counted("players", len(ratings)),
                             "seconds": seconds})
