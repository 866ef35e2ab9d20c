"""The session's entry page (its rounds, boards, status and history), the status changes
(start, finish, publish, reopen) and the checks page."""

from itertools import groupby
from operator import attrgetter

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from club import checks
from club.history import status_changes
from club.models import Result, Session
from club.permissions import director_required
from club.services.errors import Refused
from club.services.sessions import change_status
from club.views.rows import load_sheet


def link_format(name, session_id, holes=1):
    """One reverse() for a whole kind of link: "/…/rounds/{}/tables/{}/" for str.format, so
    the entry page's hundreds of traveller and scorecard links cost no reverse() each."""
    marker = "987654321"  # a valid id, replaced from the right (the session id stays)
    return "{}".join(reverse(name, args=[session_id, *[marker] * holes]).rsplit(marker, holes))


@director_required
@require_GET
def session_entry(request, session_id):
    """The session's travellers, scorecards and status history, in the same few queries and
    reverse() calls whatever its size. The checks run on their own page: here only how many
    results are in against the schedule (one count)."""
    sheet = load_sheet(session_id)
    session = sheet.session
    traveller = link_format("entry-traveller", session.pk)
    scorecard = link_format("entry-scorecard", session.pk, 2)
    numbers = session.boards.order_by("number").values_list("number", flat=True)
    seatings = sheet.plan.playing_seatings
    context = {
        "session": session, "sheet": sheet,
        "boards": [(number, traveller.format(number)) for number in numbers],
        "rounds": [(number, [(s.table, scorecard.format(s.round, s.table)) for s in group])
                   for number, group in groupby(seatings, key=attrgetter("round"))],
        "refusal": sheet.refusal,
        "status_changes": status_changes(session),
        "entered": Result.objects.filter(board__session=session).count(),
        "scheduled": sum(len(sheet.plan.boards_of(s)) for s in seatings) if seatings else None,
    }
    return render(request, "club/entry/session.html", context)


def status_message(action):
    return {
        "start": gettext("Play started: results can be entered."),
        "finish": gettext("Session finished: results are locked until a director reopens "
                          "it."),
        "publish": gettext("Session published."),
        "reopen": gettext("Session reopened: results can be changed again."),
        "unpublish": gettext("Session unpublished: it is finished again and no longer "
                             "public."),
    }[action]


def local_target(request, fallback):
    """The page to go back to: the posted `next` when it is a path on this site."""
    target = request.POST.get("next", "")
    if target.startswith("/") and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return fallback


@director_required
@require_POST
def session_status(request, session_id):
    session = get_object_or_404(Session, pk=session_id)
    action = request.POST.get("action", "")
    try:
        change_status(session.pk, action)
    except Refused as err:
        for message in err.messages:
            messages.error(request, message)
    else:
        messages.success(request, status_message(action))
    return redirect(local_target(request, reverse("entry-session", args=[session.pk])))


@director_required
@require_GET
def entry_checks(request, session_id):
    session = get_object_or_404(Session, pk=session_id)
    items = checks.session_checks(session)
    groups = [{"kind": kind, "label": label, "items": [i for i in items if i.kind == kind]}
              for kind, label in checks.KINDS.items()]
    return render(request, "club/entry/checks.html", {
        "session": session, "groups": [g for g in groups if g["items"]], "total": len(items)})
