"""Director's pages for setting up an evening: the director's home, a session's setup form
and dashboard, and starting play. Every page needs a director (club.permissions); nothing
changes data on GET, and every change goes through club.services."""

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.forms.setup import SessionForm, add_problems
from club.models import Result, Session
from club.models.choices import INDIVIDUAL
from club.permissions import director_required
from club.plan import SessionPlan
from club.services.errors import Refused
from club.services.scoring import rescore_preview
from club.services.sessions import (
    change_status,
    create_session,
    delete_session,
    deletion_refusal,
    update_session,
)


def load_session(session_id):
    return get_object_or_404(
        Session.objects.select_related("compensation_table", "award_scheme"), pk=session_id)


HOME_PAGE_SIZE = 25


@director_required
@require_GET
def director_home(request):
    """The sessions, newest first, a page at a time: one query (a row more than the page
    says whether older sessions exist), however many sessions the club has."""
    try:
        page = max(1, min(int(request.GET.get("page", 1)), 10_000))
    except ValueError:
        page = 1
    start = (page - 1) * HOME_PAGE_SIZE
    newest = Session.objects.order_by("-date", "-id")
    # The pairs are counted for the page's sessions only (the ids come from a subquery);
    # an individual's players, not the partnerships its movement forms.
    shown = newest.values("pk")[start:start + HOME_PAGE_SIZE + 1]
    sessions = list(newest.filter(pk__in=shown).annotate(
        pair_count=Count("pairs", filter=Q(pairs__partnership=False), distinct=True),
        player_count=Count("individual_entries", distinct=True)))
    return render(request, "club/director_home.html", {
        "sessions": sessions[:HOME_PAGE_SIZE], "page": page,
        "older": page + 1 if len(sessions) > HOME_PAGE_SIZE else None,
        "newer": page - 1 if page > 1 else None})


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def session_create(request):
    form = SessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            session = create_session(form.setup_fields())
        except Refused as err:
            add_problems(form, {None: err.messages})
        else:
            if session.movement == INDIVIDUAL:
                messages.success(request, gettext("Session “%(name)s” created; now enter "
                                                  "the players.") % {"name": session.name})
                return redirect("individual-players", session.pk)
            messages.success(request, gettext("Session “%(name)s” created; now register the "
                                              "pairs.") % {"name": session.name})
            return redirect("setup-pairs", session.pk)
    return render(request, "club/setup/session_form.html", {"form": form, "session": None})


def rescore_question(results, changed):
    """What the director reads before new scoring rules rescore a session's results."""
    first = ngettext("The session has %(count)s result.", "The session has %(count)s results.",
                     results) % {"count": results}
    if changed:
        second = ngettext("Under the new compensation table or policy %(count)s of them would "
                          "get a different score.",
                          "Under the new compensation table or policy %(count)s of them would "
                          "get a different score.", changed) % {"count": changed}
    else:
        second = gettext("Under the new compensation table or policy none of them would get a "
                         "different score.")
    return f"{first} {second}"


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def session_edit(request, session_id):
    """The session's setup. New scoring rules rescore its results: the page first says how
    many would get a different score (a dry run), and saving again confirms."""
    session = load_session(session_id)
    form = SessionForm(request.POST or None, instance=session)
    question = ""
    if request.method == "POST" and form.is_valid():
        rules = form.new_rules()
        results, changed = (rescore_preview(session, compensation_table=rules[0],
                                            policy=rules[1])
                            if rules and not form.rescore_confirmed(rules) else (0, 0))
        if results:
            form.ask_to_confirm(rules)
            question = rescore_question(results, changed)
        else:
            try:
                _session, rescored = update_session(session.pk, form.setup_fields())
            except Refused as err:
                form.add_error(None, err)
                session.refresh_from_db()
            else:
                saved = gettext("Session saved.")
                if rules and form.rescore_confirmed(rules):
                    saved += " " + ngettext(
                        "%(count)s result got a different score.",
                        "%(count)s results got a different score.", rescored) % {
                            "count": rescored}
                messages.success(request, saved)
                return redirect("director-session", session.pk)
    return render(request, "club/setup/session_form.html", {
        "form": form, "session": session, "rescore_question": question})


@director_required
@require_GET
def session_dashboard(request, session_id):
    session = load_session(session_id)
    plan = SessionPlan.load(session)  # a teams session's problems need its matches
    return render(request, "club/setup/session.html", {
        "session": session,
        "pair_count": plan.pair_count,
        "player_count": len(plan.entries),
        "board_count": session.boards.count(),
        "problems": plan.setup_problems,
    })


@director_required
@require_POST
def session_start(request, session_id):
    """Setup is over: the first round starts (the session becomes public)."""
    session = load_session(session_id)
    try:
        change_status(session.pk, "start")
    except Refused as err:
        # The dashboard lists what is missing from the setup; say only anything else.
        if not SessionPlan.load(session).setup_problems:
            messages.error(request, " ".join(err.messages))
    else:
        messages.success(request, gettext(
            "Play has started. Every table has its code: print the table codes for the "
            "players' phones."))
    return redirect("director-session", session.pk)


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def session_delete(request, session_id):
    """Delete a session made by mistake: a confirmation page, then a POST. A session with
    results asks twice, with their number: the page, then a last check that posts the
    number the director saw (club.services.sessions.deletion_refusal)."""
    session = load_session(session_id)
    results = Result.objects.filter(board__session=session).count()
    if request.method == "POST" and "results" not in request.POST and results:
        return render(request, "club/setup/session_delete.html", {
            "session": session, "results": results, "last_check": True,
            "refusal": deletion_refusal(session, results)})
    if request.method == "POST":
        confirmed = request.POST.get("results", "")
        try:
            delete_session(session.pk, int(confirmed) if confirmed.isdigit() else None)
        except Refused as err:
            messages.error(request, " ".join(err.messages))
            return redirect("setup-session-delete", session.pk)
        messages.success(request, ngettext(
            "Session “%(name)s” deleted with its %(count)s result.",
            "Session “%(name)s” deleted with its %(count)s results.", results) % {
                "name": session.name, "count": results} if results else gettext(
            "Session “%(name)s” deleted.") % {"name": session.name})
        return redirect("director-home")
    return render(request, "club/setup/session_delete.html", {
        "session": session, "results": results,
        "refusal": deletion_refusal(session, results)})
