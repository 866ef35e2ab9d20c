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
from club.notation import hands
from club.permissions import director_required
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


def page(request, session, form=None, errors=(), total=0):
    """The hand records page; three queries of its own (session, boards, played boards)."""
    boards = list(session.boards.order_by("number"))
    played = session.boards.filter(results__isnull=False).exists()
    for board in boards:
        board.session = session
        board.hands = hands(board.deal)
    with_deal = [board for board in boards if board.deal]
    open_ = session.duplicated and not session.is_locked and bool(boards)
    return render(request, "club/hand_records/page.html", {
        "session": session, "form": form or HandRecordForm(),
        "sets": board_sets(session, with_deal), "board_count": len(boards),
        "dealt": len(with_deal), "errors": errors, "total": total,
        "can_deal": open_ and not with_deal and not played, "can_import": open_,
    })


@director_required
@require_GET
def hand_records(request, session_id):
    return page(request, load_session(session_id))


@director_required
@require_POST
def hand_records_import(request, session_id):
    session = load_session(session_id)
    form = HandRecordForm(request.POST, request.FILES)
    if not form.is_valid():
        return page(request, session, form)
    upload = form.cleaned_data["file"]
    try:
        to_check = import_hand_records(session.pk, upload.read(), upload.name)
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
