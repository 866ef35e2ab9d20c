"""The stored results as the other pairs methods score them (scoring.engine.methods:
matchpoints, Butler, cross-IMPs), beside the compensation the services stored, and which
method ranks the club's players most consistently (docs/scoring.md, "Other methods").

Nothing here writes: each figure is computed from the stored table scores when a page asks
for it, one board at a time, from rows loaded in one query."""

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext_lazy as _

from club.models import Result
from club.stats.kept import kept
from club.stats.totals import published_sessions, published_state
from scoring.engine import Adjustment
from scoring.engine.agreement import rank_correlation
from scoring.engine.methods import ADJUSTED_PERCENT, Adjusted, butler, cross_imps, percentages
from scoring.engine.standings import rank

# Boards a player must have played in each half of the period to be compared.
MIN_BOARDS_A_HALF = 8


@dataclass(frozen=True)
class OtherMethods:
    """A result as the other methods score it, each side's: matchpoints as a percentage of
    the top, Butler IMPs and cross-IMPs."""

    ns_percent: Fraction
    ew_percent: Fraction
    ns_butler: int
    ew_butler: int
    ns_cross: Fraction
    ew_cross: Fraction


def _side(adjustment_value, percent, butler_imps, cross):
    """A side's three figures; a side with an adjusted score on a played board gets its
    adjustment instead."""
    if not adjustment_value:
        return percent, butler_imps, cross
    adjustment = Adjustment(adjustment_value)
    return ADJUSTED_PERCENT[adjustment], adjustment.imps, Fraction(adjustment.imps)


def other_methods(results):
    """Each of one board's `results` (Results, or rows with `ns_score`, `not_played`,
    `ns_adjustment` and `ew_adjustment`) as the other methods score it, in the same order,
    among the board's own results and from their stored table scores. A board not played
    counts by its adjusted scores; on a played board a side with an adjusted score gets
    that side's adjustment, and its table score still counts for the others."""
    entries = [Adjusted(Adjustment(r.ns_adjustment), Adjustment(r.ew_adjustment))
               if r.not_played else r.ns_score for r in results]
    scored = []
    for result, (ns_pct, ew_pct), (ns_butler, ew_butler), (ns_cross, ew_cross) in zip(
            results, percentages(entries), butler(entries), cross_imps(entries),
            strict=True):
        ns, ew = (ns_pct, ns_butler, ns_cross), (ew_pct, ew_butler, ew_cross)
        if not result.not_played:
            ns = _side(result.ns_adjustment, *ns)
            ew = _side(result.ew_adjustment, *ew)
        scored.append(OtherMethods(ns[0], ew[0], ns[1], ew[1], ns[2], ew[2]))
    return scored


# The methods compared, with what each gives a side on a board.
METHODS = {
    "compensation": (_("Compensation (IMPs a board)"), lambda row, m, ns: (
        row.ns_imps if ns else row.ew_imps)),
    "matchpoints": (_("Matchpoints (percent)"), lambda row, m, ns: (
        m.ns_percent if ns else m.ew_percent)),
    "butler": (_("Butler (IMPs a board)"), lambda row, m, ns: (
        m.ns_butler if ns else m.ew_butler)),
    "cross_imps": (_("Cross-IMPs (IMPs a board)"), lambda row, m, ns: (
        m.ns_cross if ns else m.ew_cross)),
}


# --- the standings by another method -------------------------------------------------------

# The rankings a session's standings can show: its official method (compensation, what the
# services store) and the others computed from the same table scores when the page asks.
COMPENSATION, MATCHPOINTS = "compensation", "matchpoints"
RANK_BY = {
    COMPENSATION: _("compensation"),
    MATCHPOINTS: _("matchpoints"),
    "butler": _("Butler"),
    "cross_imps": _("cross-IMPs"),
}


def method_results(rows, method):
    """(ns pair id, ew pair id, NS figure, EW figure) of each of `rows` (result rows with
    `board_id`, `ns_pair_id`, `ew_pair_id` and what other_methods reads) as `method` scores
    it among the rows of its own board: matchpoints as a percentage of the top, Butler IMPs
    or cross-IMPs (exact fractions)."""
    boards = defaultdict(list)
    for row in rows:
        boards[row.board_id].append(row)
    figure = METHODS[method][1]
    scored = []
    for board_rows in boards.values():
        for row, methods in zip(board_rows, other_methods(board_rows), strict=True):
            scored.append((row.ns_pair_id, row.ew_pair_id, figure(row, methods, True),
                           figure(row, methods, False)))
    return scored


def finish_method_rows(rows, method):
    """The standings rows (scoring.engine.compute_standings, summed from method_results)
    made ready to show, in rank order: matchpoints rank by each pair's average percentage
    of its boards (a sit-out does not lower it), the IMP methods by their total; both
    rounded to two decimals before ranking, so pairs shown equal share a rank."""
    for row in rows:
        if method == MATCHPOINTS:
            row.imps = round(float(row.imps) / row.boards, 2) if row.boards else None
        elif isinstance(row.imps, Fraction):
            row.imps = round(float(row.imps), 2)
    rows.sort(key=lambda row: (row.imps is None, -(row.imps or 0), row.number))
    return rank(rows, lambda row: row.imps)


@dataclass(frozen=True)
class MethodRanking:
    """What club.queries.public_standings needs to rank by another method than
    compensation: each counted result's figures, and the rows made ready to show."""

    method: str

    def results(self, rows):
        return method_results(rows, self.method)

    def finish(self, rows):
        return finish_method_rows(rows, self.method)


@dataclass(frozen=True)
class Agreement:
    """How consistently one method ranks the players: the rank correlation between their
    averages in the period's first half of sessions and in its second half."""

    method: str
    label: str
    players: int
    correlation: float | None


def _rows(sessions):
    """The rows the comparison reads of the results of `sessions` (a queryset): one query."""
    return (Result.objects.filter(board__session__in=sessions).order_by()
            .values_list("board_id", "board__session_id", "board__session__date",
                         "ns_pair__player1_id", "ns_pair__player2_id", "ew_pair__player1_id",
                         "ew_pair__player2_id", "ns_score", "not_played", "ns_adjustment",
                         "ew_adjustment", "ns_imps", "ew_imps", named=True))


def method_agreement(sessions, min_boards=MIN_BOARDS_A_HALF):
    """(number of sessions, [Agreement] for each method) over the results of `sessions` (a
    queryset), the sessions with results taken oldest first and split into halves by
    count: the players who played at least `min_boards` boards in each half, their average
    per board in each half, and the rank correlation of the two. One query."""
    boards, dates = defaultdict(list), {}
    for row in _rows(sessions):
        boards[row.board_id].append(row)
        dates[row.board__session_id] = row.board__session__date
    ordered = sorted(dates, key=lambda session_id: (dates[session_id], session_id))
    first_half = set(ordered[:len(ordered) // 2])
    # {method: {(player, half): [sum, boards]}}
    totals = {method: defaultdict(lambda: [0, 0]) for method in METHODS}
    for rows in boards.values():
        for row, scored in zip(rows, other_methods(rows), strict=True):
            half = row.board__session_id in first_half
            for ns, players in ((True, (row.ns_pair__player1_id, row.ns_pair__player2_id)),
                                (False, (row.ew_pair__player1_id, row.ew_pair__player2_id))):
                for method, (_label, value) in METHODS.items():
                    figure = value(row, scored, ns)
                    for player in players:
                        cell = totals[method][player, half]
                        cell[0] += figure
                        cell[1] += 1
    agreements = []
    for method, (label, _value) in METHODS.items():
        cells = totals[method]
        players = sorted({player for player, half in cells
                          if all(cells.get((player, h), (0, 0))[1] >= min_boards
                                 for h in (True, False))})
        first = [Fraction(*cells[p, True]) for p in players]
        second = [Fraction(*cells[p, False]) for p in players]
        correlation = rank_correlation(first, second) if len(players) >= 2 else None
        agreements.append(Agreement(method, label, len(players), correlation))
    return len(ordered), agreements


def period_agreement(date_from=None, date_to=None, min_boards=MIN_BOARDS_A_HALF):
    """method_agreement over the published sessions of a period (or all of them), kept
    under the published sessions' state (it scores every board by every method)."""
    sessions = published_sessions()
    if date_from is not None:
        sessions = sessions.filter(date__gte=date_from)
    if date_to is not None:
        sessions = sessions.filter(date__lte=date_to)
    return kept("method-agreement", (published_state(), date_from, date_to, min_boards),
                lambda: method_agreement(sessions, min_boards))
