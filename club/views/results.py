"""The result page: a director corrects a result or gives a ruling (adjusted scores, an
assigned result) in one save, sees its history, or deletes it."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from club.forms.entry import ResultEditForm
from club.history import history_entries, result_history, result_summary, stale_message
from club.models import Board, Result
from club.notation import lead_display
from club.permissions import director_required
from club.services.errors import Refused, ServiceError, StaleResult
from club.services.results import (
    contract_values,
    correct_result,
    delete_result,
    entry_refusal,
)
from club.views.entry import unchanged
from club.views.rows import SessionSheet


def edit_form(sheet, result, data=None):
    session = sheet.session
    initial = {
        "result": result.text, "ns_hcp": result.ns_hcp,
        "ns_pair": sheet.pairs_by_id[result.ns_pair_id].number,
        "ew_pair": sheet.pairs_by_id[result.ew_pair_id].number,
        "table": result.table, "round": result.round,
        "ns_adjustment": result.ns_adjustment, "ew_adjustment": result.ew_adjustment,
        "assigned": result.assigned_text, "version": result.version,
    }
    return ResultEditForm(data, initial=initial, pairs=sheet.pairs, free_seating=sheet.free,
                          duplicated=session.duplicated, board_hcp=result.board.ns_hcp)


def edit_values(form, free):
    """The fields to store. Adjusted scores the form leaves out (None: those of a board not
    played that now has a table result) are left to the service, which drops them."""
    data = form.cleaned_data
    assigned = data.get("assigned")
    values = {
        **contract_values(data["result"]), "ns_hcp": data.get("ns_hcp"),
        "assigned": assigned is not None,
        **contract_values(assigned or (None, None, None), prefix="assigned_"),
    }
    for name in ("ns_adjustment", "ew_adjustment"):
        if data.get(name) is not None:
            values.setdefault(name, data[name])
    if free:
        values.update(ns_pair_id=data["ns_pair"].pk, ew_pair_id=data["ew_pair"].pk,
                      table=data.get("table"), round=data.get("round"))
    return values


def result_page(request, sheet, result, form=None, status=200):
    session = sheet.session
    context = {
        "session": session, "result": result, "board": result.board,
        "form": form or edit_form(sheet, result), "refusal": sheet.refusal,
        "ns_label": sheet.label(sheet.pairs_by_id[result.ns_pair_id].number),
        "ew_label": sheet.label(sheet.pairs_by_id[result.ew_pair_id].number),
        "summary": result_summary(result, display=True), "lead": lead_display(result.lead),
        "table_fields": ["result", "ns_hcp", "ns_pair", "ew_pair", "table", "round"],
        "ruling_fields": ["ns_adjustment", "ew_adjustment", "assigned"],
        "history": history_entries(result_history(result.pk), sheet),
        "traveller_url": reverse("entry-traveller", args=[session.pk, result.board.number]),
    }
    return render(request, "club/entry/result_detail.html", context, status=status)


def deleted_result_page(request, result_id):
    records = result_history(result_id)
    if not records:
        raise Http404(gettext("No such result."))
    board = Board.objects.filter(pk=records[-1].board_id).select_related("session").first()
    sheet = SessionSheet(board.session) if board else None
    context = {
        "result_id": result_id, "board": board,
        "session": board.session if board else None,
        "history": history_entries(records, sheet) if sheet else [],
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
    sheet = SessionSheet(result.board.session)
    if request.method != "POST":
        return result_page(request, sheet, result)
    form = edit_form(sheet, result, data=request.POST)
    if not form.is_valid():
        return result_page(request, sheet, result, form)
    if sheet.refusal:
        form.add_error(None, sheet.refusal)
        return result_page(request, sheet, result, form)
    version = form.cleaned_data["version"]
    values = edit_values(form, sheet.free)
    if version == result.version and unchanged(result, values):
        messages.info(request, gettext("Nothing changed."))
        return redirect("result-detail", result.pk)
    try:
        correct_result(result.pk, version, values)
    except StaleResult as err:
        if err.current is None:
            messages.error(request, stale_message(None))
            return redirect("entry-traveller", sheet.session.pk, result.board.number)
        data = request.POST.copy()
        data["version"] = str(err.current.version)
        form = edit_form(sheet, err.current, data=data)
        form.is_valid()
        form.add_error(None, stale_message(err.current))
        return result_page(request, sheet, err.current, form)
    except ServiceError as err:
        form.add_error(None, err)
        return result_page(request, sheet, result, form)
    messages.success(request, gettext("Result saved."))
    return redirect("result-detail", result.pk)


@director_required
@require_http_methods(["GET", "POST"])
def result_delete(request, result_id):
    if request.method == "GET":
        # Reloading the confirmation's address: back to the result (deleting needs a POST).
        return redirect("result-detail", result_id)
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
    sheet = SessionSheet(session)
    if request.POST.get("confirm") != "yes":
        return render(request, "club/entry/result_confirm_delete.html", {
            "result": result, "session": session, "version": version,
            "summary": result_summary(result, display=True),
            "ns_label": sheet.label(sheet.pairs_by_id[result.ns_pair_id].number),
            "ew_label": sheet.label(sheet.pairs_by_id[result.ew_pair_id].number)})
    try:
        delete_result(result.pk, version)
    except Refused as err:
        messages.error(request, " ".join(err.messages))
        return redirect("result-detail", result.pk)
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
