"""The director's result entry: a board's traveller and a table's scorecard, keyboard first,
each row a small form that htmx posts and swaps (club.views.rows builds them); the board's
HCP on top of its traveller. Every write goes through club.services.

Entry is open only while the session is running: before play starts nothing is entered,
and a finished or published session refuses every change until a director reopens it.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.checks import board_deal_conflict
from club.forms.entry import BoardHcpForm, EntryRowForm
from club.history import stale_message
from club.models import Result
from club.permissions import director_required
from club.services.boards import set_board_hcp
from club.services.errors import DuplicateResult, MissingHcp, ServiceError, StaleResult
from club.services.hcp import row_hcp
from club.services.results import contract_values, correct_result, enter_result
from club.views.rows import (
    board_pager,
    carried_texts,
    carry_into,
    deal_hint,
    free_row,
    get_board,
    load_sheet,
    prepare_rows,
    saved_free_row,
    schedule_row,
    scorecard_pager,
    traveller_rows,
    with_bound_row,
)


def unchanged(result, values):
    return all(getattr(result, name) == value for name, value in values.items())


def missing_hcp_message(session, board, from_scorecard):
    """What to do about a board without HCP, said where the director is typing."""
    if not session.duplicated:
        return "ns_hcp", gettext("Enter the NS HCP of this table (0-40): the boards are not "
                                 "duplicated, so each table gives its own.")
    if from_scorecard:
        return "ns_hcp", gettext("Board %(board)s has no NS HCP yet: enter the high-card "
                                 "points of North-South (0-40).") % {"board": board.number}
    return None, gettext("Board %(board)s has no NS HCP yet: type it in the field at the top "
                         "of the traveller (0-40), then save this row again.") % {
                             "board": board.number}


def save_schedule_row(sheet, row):
    """Validate and store one schedule row; returns "saved", "unchanged" or "error"."""
    form, board, seating = row.form, row.board, row.seating
    if not form.is_valid():
        return "error"
    if sheet.refusal:
        form.add_error(None, sheet.refusal)
        return "error"
    ns, ew = sheet.pairs.get(seating.ns), sheet.pairs.get(seating.ew)
    if ns is None or ew is None:
        form.add_error(None, gettext("Pair %(pair)s of the schedule is not registered in this "
                                     "session.") % {"pair": seating.ns if ns is None
                                                    else seating.ew})
        return "error"
    from_scorecard = row.view == "scorecard"
    hcp_values, board_hcp = row_hcp(sheet.session, form.cleaned_data.get("ns_hcp"),
                                    from_scorecard=from_scorecard)
    values = {**contract_values(form.cleaned_data["result"]), **hcp_values}
    version = form.cleaned_data.get("version")
    result = row.result
    try:
        if result is not None and version is None:
            # The row was loaded empty and someone has entered this table since.
            raise StaleResult(result)
        if result is None:
            row.result = enter_result(
                board.pk, ns_pair_id=ns.pk, ew_pair_id=ew.pk, board_hcp=board_hcp,
                values={**values, "round": seating.round, "table": seating.table})
        elif version == result.version and unchanged(result, values) and (
                board_hcp is None or board_hcp == board.ns_hcp):
            return "unchanged"
        else:
            row.result = correct_result(result.pk, version, values, board_hcp=board_hcp)
    except DuplicateResult as err:
        form.add_error("result", err.messages)
        return "error"
    except MissingHcp:
        form.add_error(*missing_hcp_message(sheet.session, board, from_scorecard))
        return "error"
    except StaleResult as err:
        row.result = err.current
        data = form.data.copy()
        data["version"] = "" if err.current is None else str(err.current.version)
        row.form = EntryRowForm(data, with_hcp="ns_hcp" in form.fields, auto_id=form.auto_id)
        row.form.is_valid()
        row.form.add_error(None, stale_message(err.current))
        return "error"
    except ServiceError as err:
        form.add_error(None, err)
        return "error"
    return "saved"


def save_free_row(sheet, row):
    form, board = row.form, row.board
    if not form.is_valid():
        return "error"
    if sheet.refusal:
        form.add_error(None, sheet.refusal)
        return "error"
    data = form.cleaned_data
    hcp_values, _board_hcp = row_hcp(sheet.session, data.get("ns_hcp"), from_scorecard=False)
    try:
        row.result = enter_result(
            board.pk, ns_pair_id=data["ns_pair"].pk, ew_pair_id=data["ew_pair"].pk,
            values={**contract_values(data["result"]), **hcp_values,
                    "table": data.get("table"), "round": data.get("round")})
    except MissingHcp:
        form.add_error(*missing_hcp_message(sheet.session, board, False))
        return "error"
    except DuplicateResult as err:
        form.add_error(None, err.messages)
        return "error"
    except ServiceError as err:
        form.add_error(None, err)
        return "error"
    return "saved"


# --- traveller ----------------------------------------------------------------------------

def traveller_page(request, sheet, board, bound=None, hcp_form=None, carried=None):
    session = sheet.session
    results = list(board.results.all())
    for result in results:
        result.board = board
    rows, others = traveller_rows(sheet, board, results, bound)
    carry_into(rows, carried)
    refusal = sheet.refusal
    if hcp_form is None:
        hcp_form = BoardHcpForm(initial={"ns_hcp": board.ns_hcp, "shown": board.ns_hcp},
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
        "session": session, "sheet": sheet, "board": board, "rows": rows,
        "others": others, "hcp_form": hcp_form, "refusal": refusal,
        "deal_hint": deal_hint(board), "free": sheet.free,
        "deal_conflict": board_deal_conflict(board) if session.duplicated else "",
        "with_hcp": not session.duplicated, **board_pager(session, board.number),
    }
    return render(request, "club/entry/traveller.html", context)


@director_required
@require_GET
def traveller(request, session_id, board_number):
    sheet = load_sheet(session_id)
    board = get_board(sheet.session, board_number)
    return traveller_page(request, sheet, board)


@director_required
@require_http_methods(["GET", "POST"])
def board_hcp(request, session_id, board_number):
    if request.method == "GET":
        # Reloading the address an invalid HCP left in the browser: back to the traveller.
        return redirect("entry-traveller", session_id, board_number)
    sheet = load_sheet(session_id)
    session = sheet.session
    board = get_board(session, board_number)
    form = BoardHcpForm(request.POST, auto_id="id_board_hcp_%s")
    # What the rows held, unsaved: the page comes back with it rather than losing it.
    carried = carried_texts(request.POST)
    if form.is_valid():
        hcp = form.cleaned_data["ns_hcp"]
        shown = form.shown_value()
        if sheet.refusal:
            form.add_error(None, sheet.refusal)
        elif hcp is None and board.ns_hcp is None:
            form.add_error("ns_hcp", gettext("Type the NS HCP of the board (0-40)."))
        elif hcp != board.ns_hcp:
            try:
                set_board_hcp(board.pk, hcp, expected=shown)
            except ServiceError as err:
                form.add_error(None, err)
                board = get_board(session, board_number)
                form.data = form.data.copy()
                form.data["shown"] = "" if board.ns_hcp is None else str(board.ns_hcp)
            else:
                messages.success(request, gettext(
                    "Board %(board)s: NS HCP %(hcp)s saved and its results rescored.") % {
                        "board": board.number, "hcp": "—" if hcp is None else hcp})
    if form.errors or carried:
        board = get_board(session, board_number)  # as stored now
        return traveller_page(request, sheet, board, hcp_form=form if form.errors else None,
                              carried=carried)
    return redirect("entry-traveller", session.pk, board.number)


@director_required
@require_POST
def entry_row(request, session_id, board_number, round, table):
    sheet = load_sheet(session_id)
    board = get_board(sheet.session, board_number)
    seating = sheet.plan.seating_for(table, round)
    if not sheet.plan.table_plays(table, round, board_number):
        raise Http404(gettext("The schedule has no such table on this board."))
    view = "scorecard" if request.POST.get("view") == "scorecard" else "traveller"
    result = (Result.objects.filter(board=board, ns_pair__number=seating.ns,
                                    ew_pair__number=seating.ew).first())
    row = schedule_row(sheet, board, seating, result, view, data=request.POST)
    outcome = save_schedule_row(sheet, row)
    if outcome != "error":
        board = get_board(sheet.session, board_number)  # its HCP may have been given
        row = schedule_row(sheet, board, seating, row.result, view)
    row.outcome = outcome
    if view == "scorecard":
        page_url = reverse("entry-scorecard", args=[sheet.session.pk, round, table])
    else:
        page_url = reverse("entry-traveller", args=[sheet.session.pk, board_number])
    if request.htmx:
        return render(request, "club/entry/row.html", {"row": row, "session": sheet.session,
                                                       "refusal": sheet.refusal})
    if outcome != "error":
        return redirect(f"{page_url}#row-{row.key}")
    if view == "scorecard":
        return scorecard_page(request, sheet, seating, bound=row)
    return traveller_page(request, sheet, board, bound=row)


@director_required
@require_POST
def entry_free_row(request, session_id, board_number):
    sheet = load_sheet(session_id)
    board = get_board(sheet.session, board_number)
    if not sheet.free:
        raise Http404(gettext("This session has a schedule: enter its results in the "
                              "schedule's rows."))
    try:
        slot = min(max(int(request.POST.get("slot", "1")), 1), 99)
    except ValueError:
        slot = 1
    row = free_row(sheet, board, slot, data=request.POST)
    row.outcome = save_free_row(sheet, row)
    if row.outcome == "saved":
        saved = saved_free_row(sheet, row.result)
        saved.outcome = "saved"
        row = saved
    if request.htmx:
        return render(request, "club/entry/free_row.html", {"row": row,
                                                            "session": sheet.session,
                                                            "refusal": sheet.refusal})
    if row.outcome == "saved":
        return redirect("entry-traveller", sheet.session.pk, board.number)
    return traveller_page(request, sheet, board, bound=row)


# --- scorecard ----------------------------------------------------------------------------

def scorecard_page(request, sheet, seating, bound=None):
    session = sheet.session
    rows = []
    if not seating.is_sit_out:
        numbers = list(sheet.plan.boards_of(seating))
        boards = list(session.boards.filter(number__in=numbers).order_by("number"))
        results = {r.board_id: r for r in Result.objects.filter(
            board__in=boards, ns_pair__number=seating.ns, ew_pair__number=seating.ew)}
        for board in boards:
            board.session = session
            rows.append(schedule_row(sheet, board, seating, results.get(board.pk),
                                     "scorecard"))
        rows = with_bound_row(rows, bound)
        prepare_rows(rows, sheet.refusal)
    context = {
        "session": session, "sheet": sheet, "seating": seating, "rows": rows,
        "refusal": sheet.refusal, "with_hcp": True,
        "ns_label": sheet.label(seating.ns) if seating.ns else "",
        "ew_label": sheet.label(seating.ew) if seating.ew else "",
        "ns_players": sheet.players(seating.ns), "ew_players": sheet.players(seating.ew),
        "sitting_out": sheet.label(seating.ns or seating.ew) if seating.is_sit_out else "",
        **scorecard_pager(sheet, seating),
    }
    return render(request, "club/entry/scorecard.html", context)


@director_required
@require_http_methods(["GET", "HEAD"])
def scorecard(request, session_id, round, table):
    sheet = load_sheet(session_id)
    seating = sheet.plan.seating_for(table, round)
    if seating is None:
        raise Http404(gettext("The schedule has no such round and table."))
    return scorecard_page(request, sheet, seating)
