"""What the benchmark commands (bench_pages, bench_season, bench_live, bench_analysis) share: a
throwaway database to build in, a big session made up in it, a page measured through the
test client, the printed table of the pages measured, and work timed in turns."""

import random
import statistics
import time
from contextlib import contextmanager
from datetime import date

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.translation import gettext as _

from club.management.commands.demo import plausible_result, tame_result
from club.models import Board, Result, Session
from club.permissions import DIRECTORS_GROUP
from club.plan import SessionPlan
from club.schedule import seating_boards
from club.services.imports import import_session
from scoring.engine import deal_ns_hcp, random_deal
from scoring.models import moscow_table


@contextmanager
def throwaway_database(name=None):
    """A new, migrated test database for the block (Django's test name for the configured
    database, or `name`), dropped after it whatever happens; the connection uses it
    meanwhile."""
    if name is not None:
        connection.settings_dict.setdefault("TEST", {})["NAME"] = name
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def table_result(rng, board, round, table):
    """A plausible result of `board` (no score worse than -1100), with a ruling at two
    tables so that the pages show adjusted and assigned results too."""
    result = Result(round=round, table=table)
    result.set_contract(*tame_result(rng, board.number, board.ns_hcp))
    if (round, table) == (1, 1):
        result.ns_adjustment, result.ew_adjustment = "ave+", "ave-"
    if (round, table) == (2, 2):
        result.assigned = True
        result.set_assigned(*plausible_result(rng, board.ns_hcp))
    return result


def build_session(tables=30, rounds=27, *, scheduled=False, seed=2026,
                  name="Benchmark evening", movement=Session.Movement.MITCHELL,
                  boards_per_round=1, status=Session.Status.PUBLISHED, played_rounds=None):
    """A session of `tables` NS and `tables` EW pairs, saved in bulk by the import service
    (outcomes from the scoring service), a few rulings included.

    `scheduled`: the results follow the movement's own schedule (club.plan.SessionPlan),
    as bench_pages, bench_live and the query-count tests build it: a
    Mitchell has `tables` board sets and every round each table plays its set, so tables x
    rounds x boards_per_round results on tables x boards_per_round boards. Without it, the
    older layout that the browser tests count on: in round r every table plays board r (the
    EW pairs moving up a table a round), tables x rounds results on `rounds` boards, which
    no Mitchell schedules (the director's checks find those results misplaced).
    `played_rounds` stops the results after that round (a session still in play).
    """
    rng = random.Random(seed)
    session = Session(
        name=name, date=date(2026, 11, 27), status=status, movement=movement, tables=tables,
        rounds=rounds, boards_per_round=boards_per_round, duplicated=True,
        compensation_table=moscow_table(), policy=Session.Policy.LINE)
    pairs = [(n, [(f"Player {2 * n - 1}", ""), (f"Player {2 * n}", "")])
             for n in range(1, 2 * tables + 1)]
    plan = SessionPlan.of_numbers(session, range(1, 2 * tables + 1))
    schedule = plan.planned if scheduled else []
    count = plan.board_total if scheduled else rounds * boards_per_round
    boards = {n: Board(number=n, deal=deal, ns_hcp=deal_ns_hcp(deal))
              for n, deal in ((n, random_deal(rng)) for n in range(1, count + 1))}
    if schedule:
        played = [(seating.round, seating.table, number, seating.ns, seating.ew)
                  for seating in schedule
                  for number in seating_boards(seating, boards_per_round)]
    else:
        played = [(r, t, (r - 1) * boards_per_round + b, t, tables + (t - 1 + r - 1) % tables + 1)
                  for r in range(1, rounds + 1) for t in range(1, tables + 1)
                  for b in range(1, boards_per_round + 1)]
    last = rounds if played_rounds is None else played_rounds
    results = [(number, ns, ew, table_result(rng, boards[number], r, t))
               for r, t, number, ns, ew in sorted(played, key=lambda p: (p[2], p[0], p[1]))
               if r <= last]
    return import_session(session, pairs, list(boards.values()), results)


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


def timed(actions, runs):
    """{key: (median s, fastest s)} of each action of {key: action}, each run `runs`
    times, the actions taking turns so that a machine busy meanwhile slows them alike."""
    times = {key: [] for key in actions}
    for _run in range(runs):
        for key, action in actions.items():
            start = time.perf_counter()
            action()
            times[key].append(time.perf_counter() - start)
    return {key: (statistics.median(found), min(found)) for key, found in times.items()}


def timing_header(width):
    """The head of the printed table of pages: label, queries, median and fastest time."""
    return (f"{_('page'):<{width}} {_('queries'):>7} {_('median ms'):>10} "
            f"{_('fastest ms'):>10}")


def timing_line(label, queries, median, fastest, width):
    """One page's line of that table (`measure`'s figures)."""
    return f"{label:<{width}} {queries:>7} {median:>10.1f} {fastest:>10.1f}"


def bench_director():
    """A director for the throwaway database (the Directors group comes from a migration)."""
    user = get_user_model().objects.create_user("bench-director", is_staff=True)
    user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
    return user
