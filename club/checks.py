"""Checks the director runs on a session: everything that needs attention before the
results can be trusted, each item linking to the page where it is fixed.

`session_checks(session)` loads the session's plan (club.plan: its pairs and boards) and
its results once (three queries, whatever the size of the session) and runs every check
on those lists in Python. Each check is a plain function of that data returning a list
of `Item`.
"""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from club.models import Result
from club.notation import table_and_round
from club.plan import SessionPlan
from club.schedule import seating_boards
from scoring.engine import BridgeError, deal_ns_hcp

KINDS = {
    "schedule": _("Pairs and movement"),
    "missing": _("Results missing against the schedule"),
    "misplaced": _("Pairs entered where the schedule does not seat them"),
    "hcp_differ": _("HCP that differ between tables"),
    "hcp_missing": _("Duplicated boards without HCP"),
    "hcp_deal": _("HCP that disagree with the deal"),
}


@dataclass(frozen=True)
class Item:
    kind: str
    message: str
    url: str

    @property
    def kind_label(self):
        return KINDS[self.kind]


@dataclass
class SessionData:
    """What the checks read, loaded once."""

    session: object
    pair_numbers: dict  # pair id -> number
    boards: list
    results: list  # with .board set from `boards` (no query per result)
    schedule: list
    schedule_error: str = ""

    def label(self, pair_id):
        return self.session.pair_label(self.pair_numbers[pair_id])

    def traveller_url(self, board_number):
        return reverse("entry-traveller", args=[self.session.pk, board_number])


def load(plan):
    """What the checks read of the session of `plan` (club.plan.SessionPlan)."""
    boards = list(plan.boards.values())
    by_id = {board.pk: board for board in boards}
    results = list(Result.objects.filter(board__session=plan.session)
                   .order_by("board__number", "table", "round", "pk"))
    for result in results:
        result.board = by_id[result.board_id]
    return SessionData(plan.session, {pk: p.number for pk, p in plan.by_id.items()}, boards,
                       results, plan.seatings, plan.schedule_error)


def session_checks(session):
    """Every problem of the session, in the order of KINDS."""
    data = load(SessionPlan.load(session))
    return [*schedule_problems(data), *missing_results(data), *misplaced_results(data),
            *hcp_differences(data), *missing_hcp(data), *hcp_against_deal(data)]


def schedule_problems(data):
    if not data.schedule_error:
        return []
    url = reverse("entry-session", args=[data.session.pk])
    return [Item("schedule", gettext("The registered pairs do not fit the movement: "
                                     "%(error)s") % {"error": data.schedule_error}, url)]


def _seated_boards(data):
    """(seating, board number) for every board the schedule has a table play."""
    return [(seating, number) for seating in data.schedule if not seating.is_sit_out
            for number in seating_boards(seating, data.session.boards_per_round)]


def missing_results(data):
    entered = {(r.board.number, data.pair_numbers[r.ns_pair_id],
                data.pair_numbers[r.ew_pair_id]) for r in data.results}
    items = []
    for seating, number in sorted(_seated_boards(data), key=lambda sb: (sb[1], sb[0].round,
                                                                         sb[0].table)):
        if (number, seating.ns, seating.ew) in entered:
            continue
        items.append(Item("missing", gettext(
            "Board %(board)s, table %(table)s, round %(round)s: no result for %(ns)s "
            "against %(ew)s.") % {
                "board": number, "table": seating.table, "round": seating.round,
                "ns": data.session.pair_label(seating.ns),
                "ew": data.session.pair_label(seating.ew)},
            data.traveller_url(number)))
    return items


def misplaced_results(data):
    """Results whose pairs, board, table or round match no seating of the schedule."""
    if data.session.movement == "free" or not data.schedule:
        return []
    seated = {}
    for seating, number in _seated_boards(data):
        seated.setdefault((number, seating.ns, seating.ew), []).append(seating)
    items = []
    for result in data.results:
        ns, ew = data.pair_numbers[result.ns_pair_id], data.pair_numbers[result.ew_pair_id]
        if any((result.round in (None, s.round)) and (result.table in (None, s.table))
               for s in seated.get((result.board.number, ns, ew), [])):
            continue
        items.append(Item("misplaced", gettext(
            "Board %(board)s: %(ns)s against %(ew)s%(where)s (%(result)s), but the schedule "
            "does not seat them so.") % {
                "board": result.board.number, "ns": data.session.pair_label(ns),
                "ew": data.session.pair_label(ew),
                "where": table_and_round(result, data.session),
                "result": result.text},
            reverse("result-detail", args=[result.pk])))
    return items


def _by_board(data):
    """The results that use HCP, by board: a board not played (an entered result, so never
    "missing") is scored without them, so the HCP checks leave it out."""
    grouped = {board.pk: [] for board in data.boards}
    for result in data.results:
        if not result.not_played:
            grouped[result.board_id].append(result)
    return grouped


def hcp_differences(data):
    """Duplicated boards: a table's own HCP that differs from the board's, or, when the
    board has none, tables that disagree among themselves."""
    if not data.session.duplicated:
        return []
    items = []
    grouped = _by_board(data)
    for board in data.boards:
        results = grouped[board.pk]
        if board.ns_hcp is not None:
            for result in results:
                if result.ns_hcp is not None and result.ns_hcp != board.ns_hcp:
                    items.append(Item("hcp_differ", gettext(
                        "Board %(board)s: %(ns)s against %(ew)s%(where)s has NS HCP %(hcp)s, "
                        "the board %(board_hcp)s.") % {
                            "board": board.number, "ns": data.label(result.ns_pair_id),
                            "ew": data.label(result.ew_pair_id),
                            "where": table_and_round(result, data.session),
                            "hcp": result.ns_hcp,
                            "board_hcp": board.ns_hcp},
                        reverse("result-detail", args=[result.pk])))
        elif len({r.ns_hcp for r in results}) > 1:
            values = ", ".join(
                gettext("%(hcp)s for %(ns)s against %(ew)s") % {
                    "hcp": r.ns_hcp, "ns": data.label(r.ns_pair_id),
                    "ew": data.label(r.ew_pair_id)} for r in results)
            items.append(Item("hcp_differ", gettext(
                "Board %(board)s: the tables give different NS HCP: %(values)s.") % {
                    "board": board.number, "values": values},
                data.traveller_url(board.number)))
    return items


def missing_hcp(data):
    """Duplicated boards with results (each carrying its own HCP) but no HCP of their own."""
    if not data.session.duplicated:
        return []
    grouped = _by_board(data)
    return [Item("hcp_missing", gettext(
                "Board %(board)s has results but no NS HCP for the board; enter it on the "
                "traveller.") % {"board": board.number},
                 data.traveller_url(board.number))
            for board in data.boards if board.ns_hcp is None and grouped[board.pk]]


def board_deal_conflict(board, dealt=None):
    """"Board 5: NS HCP entered as 22, but the deal gives NS 20." when a board's HCP
    disagree with its readable deal (`dealt`: the deal's NS HCP, when known), else ""."""
    if board.ns_hcp is None or not board.deal:
        return ""
    if dealt is None:
        try:
            dealt = deal_ns_hcp(board.deal)
        except BridgeError:
            return ""
    if board.ns_hcp == dealt:
        return ""
    return gettext("Board %(board)s: NS HCP entered as %(hcp)s, but the deal gives NS "
                   "%(dealt)s.") % {"board": board.number, "hcp": board.ns_hcp,
                                    "dealt": dealt}


def hcp_against_deal(data):
    """HCP that cannot be right: a duplicated board's known deal holds other HCP than the
    board (or a table) was given. Unreadable deals are reported too."""
    if not data.session.duplicated:
        return []
    items = []
    grouped = _by_board(data)
    for board in data.boards:
        if not board.deal:
            continue
        url = data.traveller_url(board.number)
        try:
            dealt = deal_ns_hcp(board.deal)
        except BridgeError:
            items.append(Item("hcp_deal", gettext(
                "Board %(board)s: the deal cannot be read, so its HCP cannot be checked.")
                % {"board": board.number}, url))
            continue
        conflict = board_deal_conflict(board, dealt)
        if conflict:
            items.append(Item("hcp_deal", conflict, url))
        for result in grouped[board.pk]:
            if result.ns_hcp is not None and result.ns_hcp != dealt:
                items.append(Item("hcp_deal", gettext(
                    "Board %(board)s: %(ns)s against %(ew)s%(where)s has NS HCP %(hcp)s, but "
                    "the deal gives NS %(dealt)s.") % {
                        "board": board.number, "ns": data.label(result.ns_pair_id),
                        "ew": data.label(result.ew_pair_id),
                        "where": table_and_round(result, data.session),
                        "hcp": result.ns_hcp, "dealt": dealt},
                    reverse("result-detail", args=[result.pk])))
    return items
