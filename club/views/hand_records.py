"""A session's hand records (director's page): import the deals from a PBN or LIN file,
deal them here when the club has none, print them one board set a page, download them as
PBN. The page runs a fixed number of queries whatever the size of the session."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from club.forms.hand_records import HandRecordForm
from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records
from club.io.pbn import session_pbn
from club.models import AnalysisJob
from club.notation import analysis_display, hands
from club.permissions import director_required
from club.services.analysis import analyse_deals, failure_message, progress_message, stalled
from club.services.boards import deal_boards
from club.services.errors import Refused
from club.views.setup import load_session
from scoring.engine import boards_of_set


def board_sets(session, boards):
    """[(set number, [board])]: the boards_per_round consecutive boards each table plays in
    a round, as the movement hands them round (one printed page each)."""
    by_number = {board.number: board for board in boards}
    per_round = session.boards_per_round
    count = -(-max(by_number, default=0) // per_round)
    return [(number, [by_number[n] for n in boards_of_set(number, per_round) if n in by_number])
            for number in range(1, count + 1)]


def analysis_status(job, boards):
    """How the analysis of the deals stands, for the page: its state ("pending",
    "running", "failed", "stalled", or "" when there is nothing to say), what to say, whether
    the page polls, and whether the director may run it again (deals without analysis and
    no job at work)."""
    unanalysed = sum(1 for board in boards if board.deal and not board.double_dummy)
    state, message = "", ""
    if job is not None and job.active and not stalled(job):
        state = job.state
        message = progress_message(job.done, job.total)
    elif job is not None and job.state == AnalysisJob.State.FAILED:
        state, message = "failed", failure_message(job)
    elif job is not None and job.active:
        state, message = "stalled", stalled_message(job)
    elif unanalysed:
        message = ngettext("%(count)s deal has no double-dummy analysis.",
                           "%(count)s deals have no double-dummy analysis.", unanalysed) % {
                               "count": unanalysed}
    return {"state": state, "message": message, "polling": state in ("pending", "running"),
            "can_analyse": bool(unanalysed) and state not in ("pending", "running")}


def stalled_message(job):
    return _("The analysis of the deals stopped at %(done)s of %(total)s without finishing "
             "(the server restarted?).") % {"done": job.done, "total": job.total}


def boards_context(session):
    """What the boards part of the page shows (the part that polls while the deals are
    analysed): the board sets, with each deal's analysis, and the analysis's status. Two
    queries: the boards and the analysis job."""
    boards = list(session.boards.order_by("number"))
    job = AnalysisJob.objects.filter(session=session).first()
    for board in boards:
        board.session = session
        board.hands = hands(board.deal)
        board.analysis = analysis_display(board)
    with_deal = [board for board in boards if board.deal]
    return {"session": session, "boards": boards, "with_deal": with_deal,
            "sets": board_sets(session, with_deal),
            "analysis": analysis_status(job, boards)}


def page(request, session, form=None, errors=(), total=0):
    """The hand records page; four queries of its own (session, boards, analysis job,
    played boards)."""
    context = boards_context(session)
    played = session.boards.filter(results__isnull=False).exists()
    open_ = session.duplicated and not session.is_locked and bool(context["boards"])
    return render(request, "club/hand_records/page.html", {
        **context, "form": form or HandRecordForm(),
        "board_count": len(context["boards"]), "dealt": len(context["with_deal"]),
        "errors": errors, "total": total,
        "can_deal": open_ and not context["with_deal"] and not played, "can_import": open_,
    })


@director_required
@require_GET
def hand_records(request, session_id):
    return page(request, load_session(session_id))


@director_required
@require_GET
def hand_records_boards(request, session_id):
    """The boards part of the page alone, which the page polls while the deals are
    analysed (it stops polling once the analysis is over)."""
    return render(request, "club/hand_records/boards.html",
                  boards_context(load_session(session_id)))


@director_required
@require_POST
def hand_records_analyse(request, session_id):
    """Run the analysis again for the deals that have none (after a failure)."""
    session = load_session(session_id)
    try:
        analyse_deals(session.pk)
    except Refused as err:
        for message in err.messages:
            messages.error(request, message)
    return redirect("hand-records", session.pk)


@director_required
@require_POST
def hand_records_import(request, session_id):
    session = load_session(session_id)
    form = HandRecordForm(request.POST, request.FILES)
    if not form.is_valid():
        return page(request, session, form)
    upload = form.cleaned_data["file"]
    try:
        to_check, _job = import_hand_records(session.pk, upload.read(), upload.name)
    except ImportFailed as err:
        return page(request, session, form, err.errors, err.total)
    messages.success(request, _("Hand records imported from %(file)s.") % {"file": upload.name})
    for message in to_check:
        messages.warning(request, message)
    return redirect("hand-records", session.pk)


@director_required
@require_POST
def hand_records_deal(request, session_id):
    session = load_session(session_id)
    try:
        count = deal_boards(session.pk)
    except Refused as err:
        for message in err.messages:
            messages.error(request, message)
    else:
        messages.success(request, ngettext(
            "%(count)s board dealt. Print the hand records to duplicate it.",
            "%(count)s boards dealt. Print the hand records to duplicate them.", count)
            % {"count": count})
    return redirect("hand-records", session.pk)


@director_required
@require_GET
def hand_records_pbn(request, session_id):
    session = load_session(session_id)
    response = HttpResponse(session_pbn(session, results=False),
                            content_type="application/x-pbn; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="hand-records-{session.date}-{session.id}.pbn"')
    return response
