"""The players' own pages at their table (under /t/, no account): opened with the table's
code, they show the round, take a board's result with big buttons, ask East-West to accept
it, then show the outcome, the board's traveller and the running totals, and at the end of
the round where everyone goes next. Every write goes through club.services.table_phones.

Both pairs at the table read the same phone, and the next round's pairs read it after them:
a page shows only what club.visibility lets the table see (the released boards and those
every pair now seated there has played), and takes results only for the round the table is
playing now.

A code opens only its own table of a running session (club.phones.admission checks it,
and keeps guessing in bounds); an unchanged round page is a 304 after that one query (its
ETag: a digest of what it shows). What a table may read is loaded by club.phone_state; the
views here turn it into pages.
"""

import uuid

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import cache as http_cache
from django.utils.crypto import salted_hmac
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.conditional import (
    cached_html,
    cached_shown,
    not_modified,
    revalidated,
    shown_digest,
    table_page_state,
    weak_etag,
)
from club.forms.table_phones import TableCodeForm, TableEntryForm
from club.models import CONTRACT_FIELDS, DirectorCall, Result, Session
from club.notation import lead_display, result_display, seat_display, signed, vulnerability_display
from club.phone_state import TableState
from club.phones.admission import check_code, with_pass
from club.services.errors import ServiceError
from club.services.hcp import hcp_needed
from club.services.table_phones import (
    EntryExists,
    ResultExists,
    accept_entry,
    call_director,
    preview,
    submit_entry,
    withdraw_entry,
)
from scoring.engine import MAX_HCP


def outcome_rows(result, score_only=False):
    """Score, compensation, net and IMPs of a scored result, for NS and for EW (the IMPs
    coloured); the score alone with `score_only` (an entry not yet accepted)."""
    figures = [(gettext("Score"), result.ns_score)]
    rows = []
    if not score_only:
        # The HCP decide the compensation: shown, the IMPs of a "+500" are explained.
        hcp = result.effective_ns_hcp
        if hcp is not None and not result.not_played:
            rows.append({"label": gettext("HCP"), "ns": hcp, "ew": MAX_HCP - hcp})
        figures += [(gettext("Compensation"), result.ns_compensation),
                    (gettext("Net"), result.ns_net)]
    rows += [{"label": label, "ns": signed(v), "ew": signed(-v)} for label, v in figures]
    if score_only:
        return rows
    imps = {"label": gettext("IMPs"), "ns": signed(result.ns_imps),
            "ew": signed(result.ew_imps), "imps": True}
    for side in ("ns", "ew"):
        value = getattr(result, f"{side}_imps")
        imps[f"{side}_css"] = "pos" if value > 0 else "neg" if value < 0 else ""
    return [*rows, imps]


def base_context(state, round_):
    seating, code = round_.seating, state.code.code
    return {"session": state.session, "code": code, "table": state.table,
            "round": round_, "seating": seating, "ns": state.side(seating.ns),
            "ew": state.side(seating.ew), "sit_out": seating.is_sit_out,
            "rounds": [r.seating.round for r in state.rounds], "called": state.called(),
            "call_reasons": DirectorCall.Reason.choices, "call_boards": round_.boards,
            # The pages phones.js keeps for offline use: the round and its boards.
            "prefetch": [f"{reverse('table', args=[code])}?round={seating.round}",
                         *(reverse("table-board", args=[code, n]) for n in round_.boards)],
            # A Swiss or teams session's rounds are stored as they start (a teams room once
            # its line-up is set): its last is the session's.
            "last_round": (state.session.rounds if state.plan.swiss or state.plan.teams
                           else state.rounds[-1].seating.round)}


def round_context(state, round_):
    boards = [{"number": n, "status": state.status(round_, n),
               "result": result_display(r.contract, r.declarer, r.tricks)
               if (r := state.results.get((round_.seating.round, n))) and n in state.visible
               else ""}
              for n in round_.boards]
    done = state.done(round_)
    return {**base_context(state, round_), "boards": boards, "done": done,
            "moves": state.moves(round_) if done else None,
            "swiss": state.swiss_round(round_)}


def board_context(state, round_, board, form):
    number = board.number
    key = (round_.seating.round, number)
    result, entry = state.results.get(key), state.entries.get(key)
    context = {**base_context(state, round_), "board": board,
               "dealer": seat_display(board.dealer.value),
               "vulnerability": vulnerability_display(board.vulnerability.value),
               "status": state.status(round_, number), "result": result, "entry": entry,
               "next_board": next((n for n in round_.boards if n != number and (
                   round_.seating.round, n) not in state.results), None)}
    if result is not None and number in state.visible:
        context.update(outcome=outcome_rows(result),
                       traveller=state.traveller(board, result),
                       totals=state.totals(), individual=state.plan.individual,
                       lead=lead_display(result.lead),
                       complete=number in state.public,
                       text=result_display(result.contract, result.declarer,
                                           result.tricks))
    elif result is not None:
        context["hidden"] = True  # the pairs seated here now have not all played it
    elif entry is not None:
        scored = preview(entry, board)
        context.update(outcome=outcome_rows(scored, score_only=True),
                       lead=lead_display(entry.lead),
                       text=result_display(scored.contract, scored.declarer,
                                           scored.tricks))
    elif state.is_playing(round_):
        context["form"] = form or TableEntryForm(
            initial={"key": uuid.uuid4(), "doubling": 0}, with_hcp=hcp_needed(board))
    else:  # a board of a later round: why it cannot be entered now
        context.update(playing=state.playing and state.playing.round,
                       refusal=form.non_field_errors() if form is not None else None)
    return context


def open_table(request, code, table_code=None):
    """The table's state for a valid code of a running session, or the page refusing it
    (`table_code` when check_code has passed it already)."""
    if table_code is None:
        table_code, refusal = check_code(request, code, call=True)
        if refusal:
            return None, refusal
    session = table_code.session
    if session.status == Session.Status.SETUP:
        return None, render(request, "club/phones/closed.html", {
            "message": gettext("Play has not started yet: open this page again when the "
                               "director starts the session."), "session": session})
    if session.is_locked:
        return None, render(request, "club/phones/closed.html", {
            "message": gettext("The session is over: thank you for playing. The results are "
                               "on the club's pages."), "session": session, "over": True})
    state = TableState(session, table_code)
    if not state.rounds and state.plan.swiss:
        return None, render(request, "club/phones/closed.html", {
            "message": gettext("No Swiss round seats this table yet: open this page again "
                               "when the director starts the next round."),
            "session": session})
    if not state.rounds and state.plan.teams:
        return None, render(request, "club/phones/closed.html", {
            "message": gettext("No match seats this table yet: open this page again when "
                               "the director has set the line-ups of its match."),
            "session": session})
    if not state.rounds:
        return None, render(request, "club/phones/closed.html", {
            "message": gettext("This session has no movement for the tables (free seating): "
                               "the director enters its results."), "session": session})
    return state, None


def _page(request, template, context, state, status=200):
    """The page, with the table's pass: this phone opened the table with its code."""
    return with_pass(request, render(request, template, context, status=status), state.code)


@never_cache
@require_GET
def service_worker(request):
    """The script that lets a table's pages open without a connection (scope /t/: served
    here rather than from /static/, whose scope would not cover the pages); asked again on
    every use, so that a new version reaches the phones."""
    return render(request, "club/phones/sw.js", content_type="text/javascript")


@never_cache
@require_GET
def code_entry(request):
    """Type the code printed on the table's card."""
    form = TableCodeForm(request.GET or None)
    if form.is_valid():
        return redirect("table", form.cleaned_data["code"])
    return render(request, "club/phones/code.html", {"form": form},
                  status=400 if form.is_bound else 200)


def round_number(request):
    """The round ?round= asks for; None (the table's current round) for anything else."""
    try:
        return int(request.GET.get("round", ""))
    except ValueError:
        return None


# What the round page's context holds besides plain data: never kept, given again on use.
UNKEPT_CONTEXT = ("session", "call_reasons")


def shown_on_round(session, context):
    """A digest of what the round page shows: the session's own fields and the page's
    context (the pairs seated and their names, each board's state and the results the
    table may see, the moves, an open call), never the session's version: an entry at
    another table changes none of it. The digest is a repr, so the context holds plain
    data, no model instance (whose repr names only its __str__; a test checks it)."""
    return shown_digest(session, sorted((key, value) for key, value in context.items()
                                        if key not in UNKEPT_CONTEXT))


def csrf_slot():
    """What the round's section holds in place of the visitor's CSRF token while it is
    kept: the same in every server process (a shared cache), and made from the site's
    secret, which no player can know to type it into a name."""
    return salted_hmac("club.phones.csrf-slot", "").hexdigest()


def round_section(request, context, key=None):
    """The round page's section (club/phones/_round.html): it reads nothing of the
    request but the CSRF token of its forms, so it is rendered once for `key` (which
    names what it shows and the language) and kept, and each visitor's token put in."""
    slot = csrf_slot()

    def render_section():
        return render_to_string("club/phones/_round.html",
                                {**context, "csrf_token": slot})

    html = cached_html(key, render_section) if key else render_section()
    return mark_safe(html.replace(slot, get_token(request)))  # our template, escaped


def round_etag(request, table_code, shown):
    """What the page shows (shown_on_round), the code, language, user and the CSRF cookie
    the forms carry a token of."""
    return weak_etag(shown, table_code.code, get_language(), request.user.pk or 0,
                     request.META.get("CSRF_COOKIE", ""))


def _cache_headers(response, etag):
    """Kept by the phone (private) and asked again on every use; never kept without ETag."""
    if not etag:
        http_cache.add_never_cache_headers(response)
        return response
    return revalidated(response, etag, public=False)


@require_GET
def table_round(request, code):
    """The round at this table: its pairs, its boards and how far each one is. What the
    page shows (its context and digest) is worked out once per version of the table's page
    (cached; see club.services.locks), so a poll finding it unchanged is a 304 after one
    query, another phone opening it is rendered from the kept context, and another
    table's entry or call does not make it work the page out again."""
    table_code, refusal = check_code(request, code)
    if refusal:
        return _cache_headers(refusal, None)
    number, loaded = round_number(request), {}

    def page():
        """The table's state and the round page's context, or a refusal."""
        if not loaded:
            state, refusal = open_table(request, code, table_code)
            round_ = state and state.round(number)
            loaded.update(state=state, refusal=refusal,
                          context=round_ and round_context(state, round_))
        return loaded

    def shown():
        """What the page shows: its context as plain data (no session) and its digest."""
        context = page()["context"]
        return context and {
            "context": {key: value for key, value in context.items()
                        if key not in UNKEPT_CONTEXT},
            "digest": shown_on_round(table_code.session, context)}

    running = table_code.session.status == Session.Status.RUNNING
    kept = running and cached_shown(table_code.session,
                                    ("table", table_code.table, number, get_language()), shown,
                                    state=table_page_state(table_code))
    etag = kept and round_etag(request, table_code, kept["digest"])
    if etag and (unchanged := not_modified(request, etag)):
        return with_pass(request, _cache_headers(unchanged, etag), table_code)
    if kept:
        # The page as kept for this version of the table's page: rendered without loading
        # the table's state (the players of a table opening it at once).
        context = {**kept["context"], "session": table_code.session,
                   "call_reasons": DirectorCall.Reason.choices}
    else:
        refusal, context = page()["refusal"], loaded["context"]
        if refusal:
            return _cache_headers(refusal, None)
        if context is None:
            raise Http404(gettext("This table has no such round."))
    # The round's section, rendered once per version of what it shows (kept), the
    # visitor's CSRF token put in its forms.
    context["round_section"] = round_section(
        request, context, kept and ("round-section", kept["digest"], get_language()))
    response = with_pass(request, render(request, "club/phones/round.html", context),
                         table_code)
    # The ETag of what was rendered, after rendering: the CSRF cookie set now when the
    # phone had none.
    # (Running, the page was kept: a round without a context was answered above.)
    return _cache_headers(response, running and round_etag(request, table_code,
                                                           kept["digest"]))


def _board_or_404(state, board_number):
    round_ = state.round_of_board(board_number)
    if round_ is None:
        raise Http404(gettext("This table does not play that board."))
    return round_


@never_cache
@require_http_methods(["GET", "POST"])
def table_board(request, code, board_number):
    """One board: the entry form, the entry awaiting East-West, or the stored result."""
    if request.method == "GET" and request.headers.get("X-Requested-With") == "fetch":
        # phones.js sent a form with fetch(), which followed the redirect here, and now opens
        # the page itself: this first look must not take the page's messages (the accepted
        # result's outcome) away from it.
        return HttpResponse(status=204)
    state, refusal = open_table(request, code)
    if refusal:
        return refusal
    round_ = _board_or_404(state, board_number)
    board = state.board(board_number)
    form = None
    if request.method == "POST":
        form = TableEntryForm(request.POST, with_hcp=hcp_needed(board))
        if form.is_valid():
            try:
                submit_entry(state.session.pk, table=state.table, round=round_.seating.round,
                             board_number=board_number, key=form.cleaned_data["key"],
                             values=form.entry_values(),
                             ns_hcp=form.cleaned_data.get("ns_hcp"), plan=state.plan)
            except (EntryExists, ResultExists) as err:
                messages.warning(request, refused_entry_message(
                    err, result_display(*form.cleaned_data["result"])))
                if request.headers.get("X-Requested-With") == "fetch":
                    # phones.js, perhaps sending an entry that waited for the connection:
                    # not stored (a redirect would read as stored); the next page it
                    # opens shows the message.
                    return HttpResponse(status=409)
            except ServiceError as err:  # nothing was written
                form.add_error(None, err.messages)
            if not form.errors:
                return redirect("table-board", state.code.code, board_number)
    context = board_context(state, round_, board, form)
    status = 400 if form is not None and form.errors else 200
    return _page(request, "club/phones/board.html", context, state, status)


def refused_entry_message(err, typed):
    """What a phone is told when its entry was not stored because the board already had one
    at this table (another phone's, or a result): which one, and what it typed, so that a
    different result is not lost in silence."""
    other = err.entry if isinstance(err, EntryExists) else err.result
    stored = Result(**{name: getattr(other, name) for name in CONTRACT_FIELDS})
    stored_text = result_display(stored.contract, stored.declarer, stored.tricks)
    if stored_text == typed:
        return err.messages[0]
    if isinstance(err, EntryExists):
        text = gettext("Another phone at this table entered this board first: %(stored)s. "
                       "Yours, %(typed)s, was not stored: if it is the right one, North-South "
                       "change the entry below.")
    else:
        text = gettext("This board already has a result at this table: %(stored)s. Yours, "
                       "%(typed)s, was not stored: call the director if it is wrong.")
    return text % {"stored": stored_text, "typed": typed}


def _entry_action(request, code, board_number, action, success):
    """Accept or withdraw this table's entry (its key posted), then back to the board;
    `action(state, key)` calls the service, `success(entry)` is the message then ("" for
    none)."""
    state, refusal = open_table(request, code)
    if refusal:
        return refusal
    _board_or_404(state, board_number)
    try:
        entry = action(state, uuid.UUID(request.POST.get("key", "")))
    except ValueError:
        messages.error(request, gettext("This entry no longer exists: enter the board again."))
    except ServiceError as err:
        for message in err.messages:
            messages.error(request, message)
    else:
        if message := success(entry):
            messages.success(request, message)
    return redirect("table-board", state.code.code, board_number)


def accepted_message(entry):
    """The accepted result and its outcome, for the phone that accepted it: after a round's
    last board the table's page no longer shows that board (the next round's pairs may not
    have played it), so this message is where the pairs who played it read its outcome."""
    result = entry.result
    if result is None:  # held for the director instead
        return ""
    return gettext("Accepted: %(result)s, NS %(score)s; IMPs NS %(ns)s, EW %(ew)s.") % {
        "result": result_display(result.contract, result.declarer, result.tricks),
        "score": signed(result.ns_score), "ns": signed(result.ns_imps),
        "ew": signed(result.ew_imps)}


@never_cache
@require_POST
def table_accept(request, code, board_number):
    """East-West accept the result: it becomes the table's result."""
    return _entry_action(request, code, board_number,
                         lambda state, key: accept_entry(state.session.pk, key, table=state.table,
                                                         plan=state.plan),
                         accepted_message)


@never_cache
@require_POST
def table_withdraw(request, code, board_number):
    """North-South take their entry back to correct it."""
    return _entry_action(request, code, board_number,
                         lambda state, key: withdraw_entry(state.session.pk, key,
                                                           table=state.table),
                         lambda entry: gettext("Entry withdrawn: enter the board again."))


@never_cache
@require_POST
def table_call(request, code):
    """Call the director about a board (`board`, when the call is about one) for a reason
    (`reason`; pressing again while the call is open is the same call), then back to the
    board page the call came from or to the round."""
    state, refusal = open_table(request, code)
    if refusal:
        return refusal
    back = request.POST.get("board", "")
    # Compared as text: a board number of any length or script is just not one of these.
    board = next((n for r in state.rounds for n in r.boards if str(n) == back), None)
    if back and board is None:
        messages.error(request, gettext("The director was not called: the page named a board "
                                        "this table does not play. Press the button again."))
        return redirect(reverse("table", args=[state.code.code]))
    current = state.current_round()
    try:
        call_director(state.session.pk, state.table,
                      current.seating.round if current else None, board=board,
                      reason=request.POST.get("reason") or DirectorCall.Reason.OTHER)
    except ServiceError as err:
        for message in err.messages:
            messages.error(request, message)
    else:
        messages.success(request, gettext("The director has been called: please wait at your "
                                          "table."))
    if board is not None and request.POST.get("back") == "board":
        return redirect("table-board", state.code.code, board)
    return redirect(reverse("table", args=[state.code.code]))
