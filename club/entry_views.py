"""The director's evening: result entry by traveller or scorecard (keyboard first, each row a
small form that htmx posts and swaps), corrections and rulings on the result page with its
history, the session's status, and the checks page.

Entry is open only while the session is running: before play starts nothing is entered,
and a finished or published session refuses every change until a director reopens it.
"""

from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club import checks
from club.deals import DealError, deal_ns_hcp
from club.entry_forms import BoardHcpForm, EntryRowForm, FreeRowForm, ResultEditForm
from club.models import Adjustment, Board, Result, Session
from club.movements import MovementError, Seating, boards_of_set
from club.permissions import director_required
from club.services import (
    DuplicateResult,
    StaleResult,
    change_session_status,
    create_result,
    delete_result,
    seated_pairs,
    session_schedule,
    set_board_hcp,
    sync_boards,
    update_result,
)
from scoring.services import OUTCOME_FIELDS

CONTRACT_FIELDS = ["level", "strain", "doubling", "declarer", "tricks"]
ASSIGNED_FIELDS = ["assigned"] + [f"assigned_{name}" for name in CONTRACT_FIELDS]


# --- shared pieces ------------------------------------------------------------------------

def entry_refusal(session):
    """Why results of this session cannot be changed now, or "" when they can."""
    if session.status == Session.Status.SETUP:
        return gettext("Play has not started: results can be entered once the session is "
                       "running (press “Start play” on the session's entry page).")
    if session.is_locked:
        return gettext("The session is %(status)s: results cannot be changed until a "
                       "director reopens it.") % {"status": session.get_status_display()}
    return ""


class Evening:
    """A session with its pairs and schedule, loaded once per request."""

    def __init__(self, session):
        self.session = session
        pairs = list(session.pairs.select_related("player1", "player2"))
        self.pairs = {pair.number: pair for pair in pairs}
        self.pairs_by_id = {pair.pk: pair for pair in pairs}
        self.schedule_error = ""
        try:
            self.schedule = session_schedule(session, pairs=len(pairs))
        except MovementError as err:
            self.schedule = []
            self.schedule_error = gettext(err.template) % err.params

    @property
    def free(self):
        return self.session.movement == Session.Movement.FREE

    @property
    def refusal(self):
        return entry_refusal(self.session)

    def label(self, number):
        return self.session.pair_label(number)

    def players(self, number):
        pair = self.pairs.get(number)
        return pair.players if pair else ""

    def boards_of(self, seating):
        return boards_of_set(seating.board_set, self.session.boards_per_round)

    def seatings_of_board(self, number):
        return [s for s in self.schedule if not s.is_sit_out and number in self.boards_of(s)]

    def playing_seatings(self):
        return [s for s in self.schedule if not s.is_sit_out]

    def seating(self, round, table):
        for seating in self.schedule:
            if seating.round == round and seating.table == table:
                return seating
        return None


def load_evening(session_id):
    return Evening(get_object_or_404(Session, pk=session_id))


def get_board(session, number):
    return get_object_or_404(Board, session=session, number=number)


def contract_values(parsed, prefix=""):
    """Model field values for a parsed result (engine ParsedResult), via Result's own
    setters so that the conversion lives in one place."""
    scratch = Result()
    if prefix:
        scratch.set_assigned(*parsed)
    else:
        scratch.set_contract(*parsed)
    return {f"{prefix}{name}": getattr(scratch, f"{prefix}{name}") for name in CONTRACT_FIELDS}


def unchanged(result, values):
    return all(getattr(result, name) == value for name, value in values.items())


def assign(values):
    def change(result):
        for name, value in values.items():
            setattr(result, name, value)
    return change


def stale_message(current):
    if current is None:
        return gettext("Not saved: someone deleted this result meanwhile. Save again to enter "
                       "it anew.")
    return gettext("Not saved: someone changed this result since you loaded it; it is now "
                   "%(current)s%(hcp)s. Check it, then save again to replace it with what "
                   "you typed.") % {"current": result_summary(current),
                                    "hcp": "" if current.ns_hcp is None else gettext(
                                        ", NS HCP %(hcp)s") % {"hcp": current.ns_hcp}}


def result_summary(result):
    """"4S= N", with the ruling when there is one: "4S= N (assigned 4S-1 N; NS Ave+)"."""
    parts = []
    if result.assigned:
        parts.append(gettext("assigned %(result)s") % {"result": result.assigned_text})
    if result.ns_adjustment:
        parts.append(gettext("NS %(adjustment)s") % {
            "adjustment": Adjustment(result.ns_adjustment).label})
    if result.ew_adjustment:
        parts.append(gettext("EW %(adjustment)s") % {
            "adjustment": Adjustment(result.ew_adjustment).label})
    return f"{result.text} ({'; '.join(parts)})" if parts else result.text


def errors_of(err):
    return err.messages if isinstance(err, ValidationError) else [str(err)]


# --- rows ---------------------------------------------------------------------------------

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


def schedule_row(evening, board, seating, result, view, data=None):
    session = evening.session
    key = f"b{board.number}-r{seating.round}-t{seating.table}"
    # A duplicated board's HCP goes on top of its traveller; a scorecard row carries it
    # (the first table entering the board gives it), a non-duplicated row always does.
    with_hcp = not session.duplicated or view == "scorecard"
    initial = {}
    if result is not None:
        initial = {"result": result.text, "ns_hcp": result.ns_hcp, "version": result.version}
    if session.duplicated:
        initial["ns_hcp"] = board.ns_hcp
    form = EntryRowForm(data, initial=initial, with_hcp=with_hcp, auto_id=f"id_{key}_%s")
    return Row(key=key, board=board, form=form, view=view, seating=seating, result=result,
               post_url=reverse("entry-row", args=[session.pk, board.number, seating.round,
                                                   seating.table]),
               ns_label=evening.label(seating.ns), ew_label=evening.label(seating.ew),
               ns_players=evening.players(seating.ns), ew_players=evening.players(seating.ew))


def free_row(evening, board, slot, data=None):
    key = f"b{board.number}-free{slot}"
    form = FreeRowForm(data, pairs=evening.pairs, with_hcp=not evening.session.duplicated,
                       auto_id=f"id_{key}_%s")
    return Row(key=key, board=board, form=form, view="traveller", slot=slot,
               post_url=reverse("entry-free-row", args=[evening.session.pk, board.number]))


def saved_free_row(evening, result):
    return Row(key=f"result-{result.pk}", board=result.board, form=None, post_url="",
               view="traveller", result=result,
               ns_label=evening.label(evening.pairs_by_id[result.ns_pair_id].number),
               ew_label=evening.label(evening.pairs_by_id[result.ew_pair_id].number))


def hcp_for_row(evening, board, form, view):
    """(NS HCP to store on the result, NS HCP to store on the board) for a valid row form,
    or None after adding the error to the form."""
    session = evening.session
    typed = form.cleaned_data.get("ns_hcp")
    if not session.duplicated:
        if typed is None:
            form.add_error("ns_hcp", gettext("Enter the NS HCP of this table (0-40): the "
                                             "boards are not duplicated, so each table "
                                             "gives its own."))
            return None
        return typed, None
    if view != "scorecard":
        if board.ns_hcp is None:
            form.add_error(None, gettext(
                "Board %(board)s has no NS HCP yet: type it in the field at the top of the "
                "traveller (0-40), then save this row again.") % {"board": board.number})
            return None
        return None, None
    if typed is None:
        if board.ns_hcp is None:
            form.add_error("ns_hcp", gettext(
                "Board %(board)s has no NS HCP yet: enter the high-card points of "
                "North-South (0-40).") % {"board": board.number})
            return None
        return None, None
    if board.ns_hcp is None:
        return None, typed
    if typed != board.ns_hcp:
        form.add_error("ns_hcp", gettext(
            "Board %(board)s already has NS HCP %(hcp)s (a duplicated board has one value "
            "for every table). Check the slip; change the board's HCP on its traveller if "
            "%(hcp)s is wrong.") % {"board": board.number, "hcp": board.ns_hcp})
        return None
    return None, None


def save_schedule_row(evening, row):
    """Validate and store one schedule row; returns "saved", "unchanged" or "error"."""
    form, board, seating = row.form, row.board, row.seating
    if not form.is_valid():
        return "error"
    if evening.refusal:
        form.add_error(None, evening.refusal)
        return "error"
    ns, ew = evening.pairs.get(seating.ns), evening.pairs.get(seating.ew)
    if ns is None or ew is None:
        form.add_error(None, gettext("Pair %(pair)s of the schedule is not registered in this "
                                     "session.") % {"pair": seating.ns if ns is None
                                                    else seating.ew})
        return "error"
    hcp = hcp_for_row(evening, board, form, row.view)
    if hcp is None:
        return "error"
    result_hcp, board_hcp = hcp
    values = contract_values(form.cleaned_data["result"])
    if not evening.session.duplicated:
        # A duplicated board's rows leave a table's own HCP (set on the result page) alone.
        values["ns_hcp"] = result_hcp
    version = form.cleaned_data.get("version")
    result = row.result
    try:
        with transaction.atomic():
            if result is not None and version is None:
                # The row was loaded empty and someone has entered this table since.
                raise StaleResult(result)
            if board_hcp is not None:
                set_board_hcp(board, board_hcp)
            if result is None:
                new = Result(board=board, ns_pair=ns, ew_pair=ew, round=seating.round,
                             table=seating.table, **values)
                row.result = create_result(new)
            elif version == result.version and unchanged(result, values):
                return "unchanged"
            else:
                row.result = update_result(result.pk, version, assign(values))
    except DuplicateResult as err:
        form.add_error("result", err.message)
        return "error"
    except ValidationError as err:
        form.add_error(None, errors_of(err))
        return "error"
    except StaleResult as err:
        row.result = err.current
        data = form.data.copy()
        data["version"] = "" if err.current is None else str(err.current.version)
        row.form = EntryRowForm(data, with_hcp="ns_hcp" in form.fields,
                                auto_id=form.auto_id)
        row.form.is_valid()
        row.form.add_error(None, stale_message(err.current))
        return "error"
    return "saved"


def save_free_row(evening, row):
    form, board = row.form, row.board
    if not form.is_valid():
        return "error"
    if evening.refusal:
        form.add_error(None, evening.refusal)
        return "error"
    data = form.cleaned_data
    ns_hcp = data.get("ns_hcp")
    if evening.session.duplicated and board.ns_hcp is None:
        form.add_error(None, gettext(
            "Board %(board)s has no NS HCP yet: type it in the field at the top of the "
            "traveller (0-40), then save this row again.") % {"board": board.number})
        return "error"
    if not evening.session.duplicated and ns_hcp is None:
        form.add_error("ns_hcp", gettext("Enter the NS HCP of this table (0-40): the boards "
                                         "are not duplicated, so each table gives its own."))
        return "error"
    result = Result(board=board, ns_pair=data["ns_pair"], ew_pair=data["ew_pair"],
                    table=data.get("table"), round=data.get("round"), ns_hcp=ns_hcp,
                    **contract_values(data["result"]))
    try:
        row.result = create_result(result)
    except DuplicateResult as err:
        form.add_error(None, err.message)
        return "error"
    except ValidationError as err:
        form.add_error(None, errors_of(err))
        return "error"
    return "saved"


# --- traveller ----------------------------------------------------------------------------

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
    except DealError:
        return ""


def traveller_rows(evening, board, results, bound=None):
    """The traveller's rows and the board's results that fit none of them."""
    by_pairs = {(evening.pairs_by_id[r.ns_pair_id].number,
                 evening.pairs_by_id[r.ew_pair_id].number): r for r in results}
    rows = []
    if evening.free:
        rows = [saved_free_row(evening, r) for r in results]
        free_slots = max(evening.session.tables - len(results), 1)
        rows += [free_row(evening, board, slot) for slot in range(1, free_slots + 1)]
        others = []
    else:
        for seating in sorted(evening.seatings_of_board(board.number),
                              key=lambda s: (s.round, s.table)):
            rows.append(schedule_row(evening, board, seating,
                                     by_pairs.pop((seating.ns, seating.ew), None),
                                     "traveller"))
        others = [saved_free_row(evening, r) for r in by_pairs.values()]
    return with_bound_row(rows, bound), others


def with_bound_row(rows, bound):
    """The rows with the posted (invalid) row in its place, or at the end when the page has
    changed since (a free-seating slot that is no longer offered), so its message shows."""
    if bound is None:
        return rows
    if any(row.key == bound.key for row in rows):
        return [bound if row.key == bound.key else row for row in rows]
    return [*rows, bound]


def traveller_page(request, evening, board, bound=None, hcp_form=None):
    session = evening.session
    results = list(board.results.all())
    for result in results:
        result.board = board
    rows, others = traveller_rows(evening, board, results, bound)
    refusal = evening.refusal
    if hcp_form is None:
        hcp_form = BoardHcpForm(initial={"ns_hcp": board.ns_hcp},
                                auto_id="id_board_hcp_%s")
    hcp_attrs = hcp_form.fields["ns_hcp"].widget.attrs
    # A duplicated board's HCP comes first: the rows cannot be scored without it.
    hcp_first = not refusal and bool(hcp_form.errors
                                     or (session.duplicated and board.ns_hcp is None))
    if refusal:
        hcp_attrs["disabled"] = True
    elif hcp_first:
        hcp_attrs["autofocus"] = True
    prepare_rows(rows, refusal, focus=not hcp_first)
    context = {
        "session": session, "evening": evening, "board": board, "rows": rows,
        "others": others, "hcp_form": hcp_form, "refusal": refusal,
        "deal_hint": deal_hint(board), "free": evening.free,
        "with_hcp": not session.duplicated, **board_pager(session, board.number),
    }
    return render(request, "club/entry/traveller.html", context)


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


@director_required
@require_GET
def traveller(request, session_id, board_number):
    evening = load_evening(session_id)
    board = get_board(evening.session, board_number)
    return traveller_page(request, evening, board)


@director_required
@require_POST
def board_hcp(request, session_id, board_number):
    evening = load_evening(session_id)
    session = evening.session
    board = get_board(session, board_number)
    form = BoardHcpForm(request.POST, auto_id="id_board_hcp_%s")
    if form.is_valid():
        hcp = form.cleaned_data["ns_hcp"]
        if evening.refusal:
            form.add_error(None, evening.refusal)
        elif not session.duplicated:
            form.add_error(None, gettext("The boards of this session are not duplicated: "
                                         "each result carries its own HCP."))
        elif hcp != board.ns_hcp:
            try:
                set_board_hcp(board, hcp)
            except ValidationError:
                board.refresh_from_db()
                form.add_error("ns_hcp", gettext(
                    "Board %(board)s has results that use its HCP: give a value from 0 to "
                    "40 rather than clearing it.") % {"board": board.number})
            else:
                messages.success(request, gettext(
                    "Board %(board)s: NS HCP %(hcp)s saved and its results rescored.") % {
                        "board": board.number, "hcp": "—" if hcp is None else hcp})
    if form.errors:
        return traveller_page(request, evening, board, hcp_form=form)
    return redirect("entry-traveller", session.pk, board.number)


@director_required
@require_POST
def entry_row(request, session_id, board_number, round, table):
    evening = load_evening(session_id)
    board = get_board(evening.session, board_number)
    seating = evening.seating(round, table)
    if seating is None or seating.is_sit_out or board_number not in evening.boards_of(seating):
        raise Http404(gettext("The schedule has no such table on this board."))
    view = "scorecard" if request.POST.get("view") == "scorecard" else "traveller"
    result = (Result.objects.filter(board=board, ns_pair__number=seating.ns,
                                    ew_pair__number=seating.ew).first())
    row = schedule_row(evening, board, seating, result, view, data=request.POST)
    outcome = save_schedule_row(evening, row)
    if outcome != "error":
        row = schedule_row(evening, board, seating, row.result, view)
    row.outcome = outcome
    if view == "scorecard":
        page_url = reverse("entry-scorecard", args=[evening.session.pk, round, table])
    else:
        page_url = reverse("entry-traveller", args=[evening.session.pk, board_number])
    if request.htmx:
        return render(request, "club/entry/row.html", {"row": row, "session": evening.session,
                                                       "refusal": evening.refusal})
    if outcome != "error":
        return redirect(f"{page_url}#row-{row.key}")
    if view == "scorecard":
        return scorecard_page(request, evening, seating, bound=row)
    return traveller_page(request, evening, board, bound=row)


@director_required
@require_POST
def entry_free_row(request, session_id, board_number):
    evening = load_evening(session_id)
    board = get_board(evening.session, board_number)
    if not evening.free:
        raise Http404(gettext("This session has a schedule: enter its results in the "
                              "schedule's rows."))
    try:
        slot = min(max(int(request.POST.get("slot", "1")), 1), 99)
    except ValueError:
        slot = 1
    row = free_row(evening, board, slot, data=request.POST)
    row.outcome = save_free_row(evening, row)
    if row.outcome == "saved":
        saved = saved_free_row(evening, row.result)
        saved.outcome = "saved"
        row = saved
    if request.htmx:
        return render(request, "club/entry/free_row.html", {"row": row,
                                                            "session": evening.session,
                                                            "refusal": evening.refusal})
    if row.outcome == "saved":
        return redirect("entry-traveller", evening.session.pk, board.number)
    return traveller_page(request, evening, board, bound=row)


# --- scorecard ----------------------------------------------------------------------------

def scorecard_pager(evening, seating):
    playing = evening.playing_seatings()
    keys = [(s.round, s.table) for s in playing]
    here = (seating.round, seating.table)
    previous = [k for k in keys if k < here]
    following = [k for k in keys if k > here]
    url = lambda k: reverse("entry-scorecard", args=[evening.session.pk, *k])  # noqa: E731
    return {"previous_url": url(previous[-1]) if previous else "",
            "next_url": url(following[0]) if following else "",
            "previous_key": previous[-1] if previous else None,
            "next_key": following[0] if following else None}


def scorecard_page(request, evening, seating, bound=None):
    session = evening.session
    rows = []
    if not seating.is_sit_out:
        numbers = list(evening.boards_of(seating))
        boards = list(session.boards.filter(number__in=numbers).order_by("number"))
        results = {r.board_id: r for r in Result.objects.filter(
            board__in=boards, ns_pair__number=seating.ns, ew_pair__number=seating.ew)}
        for board in boards:
            rows.append(schedule_row(evening, board, seating, results.get(board.pk),
                                     "scorecard"))
        rows = with_bound_row(rows, bound)
        prepare_rows(rows, evening.refusal)
    context = {
        "session": session, "evening": evening, "seating": seating, "rows": rows,
        "refusal": evening.refusal, "with_hcp": True,
        "ns_label": evening.label(seating.ns) if seating.ns else "",
        "ew_label": evening.label(seating.ew) if seating.ew else "",
        "ns_players": evening.players(seating.ns), "ew_players": evening.players(seating.ew),
        "sitting_out": evening.label(seating.ns or seating.ew) if seating.is_sit_out else "",
        **scorecard_pager(evening, seating),
    }
    return render(request, "club/entry/scorecard.html", context)


@director_required
@require_GET
def scorecard(request, session_id, round, table):
    evening = load_evening(session_id)
    seating = evening.seating(round, table)
    if seating is None:
        raise Http404(gettext("The schedule has no such round and table."))
    return scorecard_page(request, evening, seating)


# --- the result page: corrections, rulings, history ---------------------------------------

HISTORY_FIELDS = ["ns_pair", "ew_pair", "round", "table", *CONTRACT_FIELDS, "ns_hcp",
                  "ns_adjustment", "ew_adjustment", *ASSIGNED_FIELDS]
# The computed outcome (OUTCOME_FIELDS) is not editable, so diff_against leaves it out: it
# is compared field by field below.


def history_entries(records, evening):
    """[{record, changes: [(label, old, new)], text}], newest first, each record compared
    with the one before it (`diff_against`); the contract's fields are shown as one
    result ("4S= N -> 4S-1 N")."""
    entries = []
    previous = None
    for record in records:  # oldest first
        changes = []
        if previous is not None:
            delta = record.diff_against(previous, included_fields=HISTORY_FIELDS)
            changed = set(delta.changed_fields)
            old, new = previous.instance, record.instance
            if changed & set(CONTRACT_FIELDS):
                changes.append((gettext("Table result"), old.text, new.text))
            if changed & set(ASSIGNED_FIELDS):
                changes.append((gettext("Assigned result"), old.assigned_text or "—",
                                new.assigned_text or "—"))
            for change in delta.changes:
                if change.field in CONTRACT_FIELDS or change.field in ASSIGNED_FIELDS:
                    continue
                changes.append((str(Result._meta.get_field(change.field).verbose_name),
                                history_value(change.field, change.old, evening),
                                history_value(change.field, change.new, evening)))
            for name in OUTCOME_FIELDS:
                if getattr(previous, name) != getattr(record, name):
                    changes.append((str(Result._meta.get_field(name).verbose_name),
                                    str(getattr(previous, name)), str(getattr(record, name))))
        entries.append({"record": record, "changes": changes,
                        "text": result_summary(record.instance)})
        previous = record
    entries.reverse()
    return entries


def history_value(name, value, evening):
    if value is None or value == "":
        return "—"
    if name in ("ns_pair", "ew_pair"):
        pair = evening.pairs_by_id.get(value)
        return evening.label(pair.number) if pair else str(value)
    if name in ("ns_adjustment", "ew_adjustment"):
        return str(Adjustment(value).label)
    return str(value)


def result_history(result_id):
    return list(Result.history.filter(id=result_id).select_related("history_user")
                .order_by("history_date", "history_id"))


def edit_form(evening, result, data=None):
    session = evening.session
    initial = {
        "result": result.text, "ns_hcp": result.ns_hcp,
        "ns_pair": evening.pairs_by_id[result.ns_pair_id].number,
        "ew_pair": evening.pairs_by_id[result.ew_pair_id].number,
        "table": result.table, "round": result.round,
        "ns_adjustment": result.ns_adjustment, "ew_adjustment": result.ew_adjustment,
        "assigned": result.assigned_text, "version": result.version,
    }
    return ResultEditForm(data, initial=initial, pairs=evening.pairs, free_seating=evening.free,
                          duplicated=session.duplicated, board_hcp=result.board.ns_hcp)


def edit_values(form, free):
    data = form.cleaned_data
    assigned = data.get("assigned")
    values = {
        **contract_values(data["result"]), "ns_hcp": data.get("ns_hcp"),
        "ns_adjustment": data.get("ns_adjustment", ""),
        "ew_adjustment": data.get("ew_adjustment", ""),
        "assigned": assigned is not None,
        **contract_values(assigned or (None, None, None), prefix="assigned_"),
    }
    if free:
        values.update(ns_pair_id=data["ns_pair"].pk, ew_pair_id=data["ew_pair"].pk,
                      table=data.get("table"), round=data.get("round"))
    return values


def result_page(request, evening, result, form=None, status=200):
    session = evening.session
    context = {
        "session": session, "result": result, "board": result.board,
        "form": form or edit_form(evening, result), "refusal": evening.refusal,
        "ns_label": evening.label(evening.pairs_by_id[result.ns_pair_id].number),
        "ew_label": evening.label(evening.pairs_by_id[result.ew_pair_id].number),
        "summary": result_summary(result),
        "table_fields": ["result", "ns_hcp", "ns_pair", "ew_pair", "table", "round"],
        "ruling_fields": ["ns_adjustment", "ew_adjustment", "assigned"],
        "history": history_entries(result_history(result.pk), evening),
        "traveller_url": reverse("entry-traveller", args=[session.pk, result.board.number]),
    }
    return render(request, "club/entry/result_detail.html", context, status=status)


def deleted_result_page(request, result_id):
    records = result_history(result_id)
    if not records:
        raise Http404(gettext("No such result."))
    board = Board.objects.filter(pk=records[-1].board_id).select_related("session").first()
    evening = Evening(board.session) if board else None
    context = {
        "result_id": result_id, "board": board,
        "session": board.session if board else None,
        "history": history_entries(records, evening) if evening else [],
        "traveller_url": (reverse("entry-traveller", args=[board.session.pk, board.number])
                          if board else ""),
    }
    return render(request, "club/entry/result_deleted.html", context)


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def result_detail(request, result_id):
    result = (Result.objects.select_related("board__session").filter(pk=result_id).first())
    if result is None:
        return deleted_result_page(request, result_id)
    evening = Evening(result.board.session)
    if request.method != "POST":
        return result_page(request, evening, result)
    form = edit_form(evening, result, data=request.POST)
    if not form.is_valid():
        return result_page(request, evening, result, form)
    if evening.refusal:
        form.add_error(None, evening.refusal)
        return result_page(request, evening, result, form)
    version = form.cleaned_data["version"]
    values = edit_values(form, evening.free)
    if version == result.version and unchanged(result, values):
        messages.info(request, gettext("Nothing changed."))
        return redirect("result-detail", result.pk)
    try:
        update_result(result.pk, version, assign(values))
    except StaleResult as err:
        if err.current is None:
            messages.error(request, stale_message(None))
            return redirect("entry-traveller", evening.session.pk, result.board.number)
        data = request.POST.copy()
        data["version"] = str(err.current.version)
        form = edit_form(evening, err.current, data=data)
        form.is_valid()
        form.add_error(None, stale_message(err.current))
        return result_page(request, evening, err.current, form)
    except DuplicateResult as err:
        form.add_error(None, err.message)
        return result_page(request, evening, result, form)
    except ValidationError as err:
        form.add_error(None, errors_of(err))
        return result_page(request, evening, result, form)
    messages.success(request, gettext("Result saved."))
    return redirect("result-detail", result.pk)


@director_required
@require_POST
def result_delete(request, result_id):
    result = get_object_or_404(Result.objects.select_related("board__session"), pk=result_id)
    session = result.board.session
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = None
    refusal = entry_refusal(session)
    if refusal:
        messages.error(request, refusal)
        return redirect("result-detail", result.pk)
    if version is None or not 1 <= version <= 2**31 - 1:
        messages.error(request, gettext("The page was incomplete; open the result again and "
                                        "delete it from there."))
        return redirect("result-detail", result.pk)
    evening = Evening(session)
    if request.POST.get("confirm") != "yes":
        return render(request, "club/entry/result_confirm_delete.html", {
            "result": result, "session": session, "version": version,
            "summary": result_summary(result),
            "ns_label": evening.label(evening.pairs_by_id[result.ns_pair_id].number),
            "ew_label": evening.label(evening.pairs_by_id[result.ew_pair_id].number)})
    try:
        delete_result(result.pk, version)
    except StaleResult as err:
        if err.current is None:
            messages.info(request, gettext("The result was already deleted."))
        else:
            messages.error(request, gettext(
                "Not deleted: someone changed this result since you loaded it; it is now "
                "%(current)s. Check it, then delete it again if it must go.") % {
                    "current": result_summary(err.current)})
            return redirect("result-detail", result.pk)
    else:
        messages.success(request, gettext(
            "Result %(result)s on board %(board)s deleted; its history stays on record.") % {
                "result": result.text, "board": result.board.number})
    return redirect("entry-traveller", session.pk, result.board.number)


# --- the session: status, links, checks ---------------------------------------------------

def status_changes(session):
    """[{record, old, new}] for each change of the session's status, newest first."""
    records = list(session.history.select_related("history_user")
                   .order_by("history_date", "history_id"))
    changes, previous = [], None
    for record in records:
        if previous is None or record.status != previous.status:
            changes.append({"record": record,
                            "old": previous.get_status_display() if previous else "",
                            "new": record.get_status_display()})
        previous = record
    changes.reverse()
    return changes


@director_required
@require_GET
def session_entry(request, session_id):
    evening = load_evening(session_id)
    session = evening.session
    boards = list(session.boards.order_by("number").values_list("number", flat=True))
    context = {
        "session": session, "evening": evening, "boards": boards,
        "rounds": [(number, list(seatings)) for number, seatings in
                   groupby(evening.playing_seatings(), key=attrgetter("round"))],
        "refusal": evening.refusal,
        "status_changes": status_changes(session),
        "problems": len(checks.session_checks(session)),
    }
    return render(request, "club/entry/session.html", context)


def status_message(action):
    return {
        "start": gettext("Play started: results can be entered."),
        "finish": gettext("Session finished: results are locked until a director reopens "
                          "it."),
        "publish": gettext("Session published."),
        "reopen": gettext("Session reopened: results can be changed again."),
    }[action]


@director_required
@require_POST
def session_status(request, session_id):
    session = get_object_or_404(Session, pk=session_id)
    action = request.POST.get("action", "")
    if action == "start" and not seated_pairs(session, session.pairs.values_list("number",
                                                                                 flat=True)):
        messages.error(request, gettext("Play cannot start: the registered pairs do not fit "
                                        "the movement yet; complete the session's setup."))
        return redirect("entry-session", session.pk)
    changed = change_session_status(session.pk, action)
    if changed is not None and action == "start":
        sync_boards(changed)  # the boards the setup needs, as the setup pages' start does
    if changed is None:
        messages.error(request, gettext(
            "That status change does not apply to a session that is %(status)s: a session "
            "goes from setup to running (start play), to finished, to published; a finished "
            "or published session can be reopened.") % {
                "status": session.get_status_display()})
    else:
        messages.success(request, status_message(action))
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = reverse("entry-session", args=[session.pk])
    return redirect(target)


@director_required
@require_GET
def entry_checks(request, session_id):
    session = get_object_or_404(Session, pk=session_id)
    items = checks.session_checks(session)
    groups = [{"kind": kind, "label": label, "items": [i for i in items if i.kind == kind]}
              for kind, label in checks.KINDS.items()]
    return render(request, "club/entry/checks.html", {
        "session": session, "groups": [g for g in groups if g["items"]], "total": len(items)})
