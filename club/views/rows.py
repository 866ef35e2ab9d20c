"""The director's entry pages as rows: a session's sheet loaded once per request
(`SessionSheet`: its pairs and schedule), and the rows of a traveller or scorecard, each a
small form for one seating on one board."""

from dataclasses import dataclass

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext

from club.forms.entry import EntryRowForm, FreeRowForm
from club.models import Board, Result, Session
from club.plan import SessionPlan
from club.services.hcp import row_takes_hcp
from club.services.results import entry_refusal
from scoring.engine import BridgeError, Seating, deal_ns_hcp


class SessionSheet:
    """A session as the director's entry, result and status pages read it: its plan
    (club.plan.SessionPlan: pairs and schedule), loaded once per request."""

    def __init__(self, session):
        self.session = session
        self.plan = SessionPlan.load(session)
        self.pairs, self.pairs_by_id = self.plan.by_number, self.plan.by_id
        self.schedule_error = self.plan.schedule_error

    @property
    def free(self):
        return self.plan.free

    @property
    def refusal(self):
        return entry_refusal(self.session)

    def pair_label_of(self, pair_id):
        return self.label(self.pairs_by_id[pair_id].number)

    def label(self, number):
        return self.session.pair_label(number)

    def players(self, number):
        pair = self.pairs.get(number)
        return pair.players if pair else ""


def load_sheet(session_id):
    return SessionSheet(get_object_or_404(Session, pk=session_id))


def get_board(session, number):
    board = get_object_or_404(Board, session=session, number=number)
    board.session = session
    return board


@dataclass
class Row:
    """One entry row: a schedule seating on one board (or a free-seating slot)."""

    key: str
    board: Board
    form: object
    post_url: str
    view: str
    seating: Seating | None = None
    result: Result | None = None
    outcome: str = ""  # after a POST: "saved", "unchanged" or "error"
    ns_label: str = ""
    ew_label: str = ""
    ns_players: str = ""
    ew_players: str = ""
    slot: int = 0


def schedule_row(sheet, board, seating, result, view, data=None):
    session = sheet.session
    key = f"b{board.number}-r{seating.round}-t{seating.table}"
    with_hcp = row_takes_hcp(session, from_scorecard=view == "scorecard")
    initial = {}
    if result is not None:
        initial = {"result": result.text, "ns_hcp": result.ns_hcp, "version": result.version}
    if session.duplicated:
        initial["ns_hcp"] = board.ns_hcp
    form = EntryRowForm(data, initial=initial, with_hcp=with_hcp, auto_id=f"id_{key}_%s")
    return Row(key=key, board=board, form=form, view=view, seating=seating, result=result,
               post_url=reverse("entry-row", args=[session.pk, board.number, seating.round,
                                                   seating.table]),
               ns_label=sheet.label(seating.ns), ew_label=sheet.label(seating.ew),
               ns_players=sheet.players(seating.ns), ew_players=sheet.players(seating.ew))


def free_row(sheet, board, slot, data=None):
    key = f"b{board.number}-free{slot}"
    form = FreeRowForm(data, pairs=sheet.pairs,
                       with_hcp=row_takes_hcp(sheet.session, from_scorecard=False),
                       auto_id=f"id_{key}_%s")
    return Row(key=key, board=board, form=form, view="traveller", slot=slot,
               post_url=reverse("entry-free-row", args=[sheet.session.pk, board.number]))


def saved_free_row(sheet, result):
    return Row(key=f"result-{result.pk}", board=result.board, form=None, post_url="",
               view="traveller", result=result,
               ns_label=sheet.label(sheet.pairs_by_id[result.ns_pair_id].number),
               ew_label=sheet.label(sheet.pairs_by_id[result.ew_pair_id].number))


def board_pager(session, number):
    numbers = list(session.boards.order_by("number").values_list("number", flat=True))
    previous = [n for n in numbers if n < number]
    following = [n for n in numbers if n > number]
    url = lambda n: reverse("entry-traveller", args=[session.pk, n])  # noqa: E731
    return {"previous_url": url(previous[-1]) if previous else "",
            "next_url": url(following[0]) if following else "",
            "previous_label": previous[-1] if previous else "",
            "next_label": following[0] if following else ""}


def deal_hint(board):
    if not board.deal:
        return ""
    try:
        return gettext("The deal gives NS %(hcp)s HCP.") % {"hcp": deal_ns_hcp(board.deal)}
    except BridgeError:
        return ""


def traveller_rows(sheet, board, results, bound=None):
    """The traveller's rows and the board's results that fit none of them."""
    by_pairs = {(sheet.pairs_by_id[r.ns_pair_id].number,
                 sheet.pairs_by_id[r.ew_pair_id].number): r for r in results}
    rows = []
    if sheet.free:
        rows = [saved_free_row(sheet, r) for r in results]
        free_slots = max(sheet.session.tables - len(results), 1)
        rows += [free_row(sheet, board, slot) for slot in range(1, free_slots + 1)]
        others = []
    else:
        for seating in sorted(sheet.plan.seatings_of_board(board.number),
                              key=lambda s: (s.round, s.table)):
            rows.append(schedule_row(sheet, board, seating,
                                     by_pairs.pop((seating.ns, seating.ew), None),
                                     "traveller"))
        others = [saved_free_row(sheet, r) for r in by_pairs.values()]
    return with_bound_row(rows, bound), others


CARRY_PREFIX = "carry-"
MAX_CARRIED = 400  # inputs: far more than a traveller has
MAX_CARRIED_LENGTH = 100


def carried_texts(post):
    """{input id: text} of what the rows not saved yet held when the board's HCP form was
    posted (static/js/entry.js adds them as "carry-<input id>")."""
    carried = {}
    for name, value in post.items():
        if name.startswith(CARRY_PREFIX) and len(carried) < MAX_CARRIED:
            carried[name[len(CARRY_PREFIX):][:MAX_CARRIED_LENGTH]] = value[:MAX_CARRIED_LENGTH]
    return carried


def carry_into(rows, carried):
    """Put the carried texts back into the rows that still have no result, as typed (they
    are not saved: the director saves each row with Enter)."""
    if not carried:
        return
    for row in rows:
        if row.form is None or row.result is not None or row.form.is_bound:
            continue
        for name in row.form.fields:
            text = carried.get(f"id_{row.key}_{name}")
            if text is not None:
                row.form.initial[name] = text


def with_bound_row(rows, bound):
    """The rows with the posted (invalid) row in its place, or at the end when the page has
    changed since (a free-seating slot that is no longer offered), so its message shows."""
    if bound is None:
        return rows
    if any(row.key == bound.key for row in rows):
        return [bound if row.key == bound.key else row for row in rows]
    return [*rows, bound]


def prepare_rows(rows, refusal, focus=True):
    """Lock every input while entry is refused; otherwise put the cursor in the first row
    with an error, else the first row without a result, so typing can start at once."""
    rows = [row for row in rows if row.form is not None]
    if refusal:
        for row in rows:
            for field in row.form.fields.values():
                field.widget.attrs["disabled"] = True
        return
    if not focus:
        return
    target = next((row for row in rows if row.form.errors), None) or next(
        (row for row in rows if row.result is None), None)
    if target is not None:
        fields = target.form.fields
        name = next((name for name in fields if name in target.form.errors), next(iter(fields)))
        fields[name].widget.attrs["autofocus"] = True


def scorecard_pager(sheet, seating):
    playing = sheet.plan.playing_seatings
    keys = [(s.round, s.table) for s in playing]
    here = (seating.round, seating.table)
    previous = [k for k in keys if k < here]
    following = [k for k in keys if k > here]
    url = lambda k: reverse("entry-scorecard", args=[sheet.session.pk, *k])  # noqa: E731
    return {"previous_url": url(previous[-1]) if previous else "",
            "next_url": url(following[0]) if following else "",
            "previous_key": previous[-1] if previous else None,
            "next_key": following[0] if following else None}
