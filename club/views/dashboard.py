"""The director's live dashboard of a running session: the tables' open calls on top (the
board and the reason of each, with an "answered" button), then a grid of rounds by tables
where each board of each seating shows whether it is missing, entered at the table
(awaiting East-West), accepted, held (its HCP disagrees) or stored by the director, one
click from its result or traveller. The grid is a fragment that the page fetches again
every 10 seconds (htmx); it is built in a fixed number of queries whatever the size of
the session."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from club.models import DirectorCall, Result, TableEntry
from club.permissions import director_required
from club.plan import SessionPlan
from club.services.errors import ServiceError
from club.services.table_phones import answer_call
from club.views.setup import load_session

STATES = ("missing", "entered", "held", "accepted", "director")


def grid_context(session):
    """Calls, the rounds-by-tables grid and the count of boards in each state."""
    plan = SessionPlan.load(session)
    results = {}
    for pk, board, ns, ew in (Result.objects.filter(board__session=session).order_by()
                              .values_list("pk", "board__number", "ns_pair__number",
                                           "ew_pair__number")):
        results[board, ns] = results[board, ew] = pk
    entries, accepted = {}, set()
    for board, ns, status, result_id, note in (
            TableEntry.objects.filter(session=session).exclude(
                status=TableEntry.Status.WITHDRAWN).order_by()
            .values_list("board__number", "ns_pair__number", "status", "result_id", "note")):
        if status == TableEntry.Status.ACCEPTED:
            accepted.add(result_id)
        else:
            entries[board, ns] = (status, note)
    calls = list(DirectorCall.objects.filter(session=session, answered_at__isnull=True)
                 .order_by("created_at"))
    called = {call.table for call in calls}
    traveller = reverse("entry-traveller", args=[session.pk, 0])[:-2]
    detail = reverse("result-detail", args=[0])[:-2]
    counts = dict.fromkeys(STATES, 0)
    rounds = {}
    for seating in plan.seatings:
        cell = {"seating": seating, "boards": [], "called": seating.table in called,
                "ns": session.pair_label(seating.ns) if seating.ns else "",
                "ew": session.pair_label(seating.ew) if seating.ew else ""}
        for number in plan.boards_of(seating):
            pk = results.get((number, seating.ns))
            status, note = entries.get((number, seating.ns), ("missing", ""))
            if pk is not None:
                status = "accepted" if pk in accepted else "director"
            counts[status] += 1
            cell["boards"].append({
                "number": number, "state": status, "note": note,
                "url": f"{detail}{pk}/" if pk else f"{traveller}{number}/"})
        rounds.setdefault(seating.round, []).append(cell)
    return {"session": session, "calls": calls, "counts": counts, "error": plan.schedule_error,
            "grid": sorted(rounds.items()),
            "tables": range(1, session.tables + 1)}


@director_required
@require_GET
def dashboard(request, session_id):
    session = load_session(session_id)
    return render(request, "club/dashboard/dashboard.html", grid_context(session))


@director_required
@require_GET
def dashboard_grid(request, session_id):
    """The live part of the dashboard, fetched again every 10 seconds."""
    session = load_session(session_id)
    return render(request, "club/dashboard/grid.html", grid_context(session))


@director_required
@require_POST
def call_answered(request, session_id, call_id):
    session = load_session(session_id)
    try:
        call = answer_call(session.pk, call_id)
    except ServiceError as err:
        for message in err.messages:
            messages.error(request, message)
    else:
        messages.success(request, gettext("Table %(table)s's call is answered: its phone "
                                          "no longer shows it.") % {"table": call.table})
    return redirect("entry-dashboard", session.pk)
