"""The players' own pages at their table (under /t/, no account): opened with the table's
code, they show the round, take a board's result with big buttons, ask East-West to accept
it, then show the outcome, the board's traveller and the running totals, and at the end of
the round where everyone goes next. Every write goes through club.services.table_entry.

Both pairs at the table read the same phone, and the next round's pairs read it after them:
a page shows only what club.visibility lets the table see (the released boards and those
every pair now seated there has played), and takes results only for the round the table is
playing now.

A code opens only its own table of a running session (club.views.table_admission checks
it, and keeps guessing in bounds); an unchanged round page is a 304 after that one query
(its ETag: the session's version).
"""

import uuid
from dataclasses import dataclass

from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import cache as http_cache
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.forms.table import TableCodeForm, TableEntryForm, lead_display
from club.models import Board, DirectorCall, Result, Session, TableEntry
from club.notation import result_display, seat_display, signed, vulnerability_display
from club.queries import session_pairs
from club.schedule import seating_boards
from club.services.errors import ServiceError
from club.services.table_entry import (
    EntryExists,
    ResultExists,
    accept_entry,
    call_director,
    preview,
    submit_entry,
    withdraw_entry,
)
from club.views.conditional import not_modified, revalidated, weak_etag
from club.views.table_admission import check_code, with_pass
from club.visibility import (
    board_visibility,
    current_seating,
    movement,
    played_pairs,
    seated_now,
    table_visibility,
)
from scoring.engine import Seating


def outcome_rows(result, score_only=False):
    """Score, compensation, net and IMPs of a scored result, for NS and for EW (the IMPs
    coloured); the score alone with `score_only` (an entry not yet accepted)."""
    figures = [(gettext("Score"), result.ns_score)]
    if not score_only:
        figures += [(gettext("Compensation"), result.ns_compensation),
                    (gettext("Net"), result.ns_net)]
    rows = [{"label": label, "ns": signed(v), "ew": signed(-v)} for label, v in figures]
    if score_only:
        return rows
    imps = {"label": gettext("IMPs"), "ns": signed(result.ns_imps),
            "ew": signed(result.ew_imps), "imps": True}
    for side in ("ns", "ew"):
        value = getattr(result, f"{side}_imps")
        imps[f"{side}_css"] = "pos" if value > 0 else "neg" if value < 0 else ""
    return [*rows, imps]


@dataclass
class Round:
    seating: Seating
    boards: list


class TableState:
    """One table of a running session, loaded once per request in a fixed number of
    queries: its pairs, its seatings (from the movement), what it has entered, and what it
    may see (club.visibility)."""

    def __init__(self, session, code):
        self.session, self.code, self.table = session, code, code.table
        self.pairs = {p.number: p for p in session_pairs(session)}
        self.pair_ids = {p.pk: p for p in self.pairs.values()}
        self.schedule = movement(session, len(self.pairs)) or []
        per_round = session.boards_per_round
        self.rounds = [Round(s, list(seating_boards(s, per_round)))
                       for s in self.schedule if s.table == self.table]
        boards = {n for r in self.rounds for n in r.boards}
        played = played_pairs(session)
        seatings = [r.seating for r in self.rounds]
        self.playing = current_seating(seatings, played, per_round)
        self.seated = seated_now(seatings, played, per_round)
        public = board_visibility(session, self.schedule, pair_count=len(self.pairs),
                                  played=played)
        self.visible = table_visibility(public, self.seated, played)
        ids = [self.pairs[n].pk for r in self.rounds for n in r.seating.pairs
               if n in self.pairs]
        # By (round, board): in a Howell a table may play the same boards in two rounds.
        self.results = {}
        for result in (Result.objects.filter(board__session=session, board__number__in=boards)
                       .filter(Q(ns_pair__in=ids) | Q(ew_pair__in=ids))
                       .select_related("board")):
            number = result.board.number
            for round_ in self.rounds:
                if number in round_.boards and (
                        {result.ns_pair_id, result.ew_pair_id} & self._ids(round_.seating)):
                    result.board.session = session
                    self.results[round_.seating.round, number] = result
        self.entries, self.accepted = {}, set()
        for entry in (TableEntry.objects.filter(session=session, table=self.table,
                                                board__number__in=boards)
                      .exclude(status=TableEntry.Status.WITHDRAWN).select_related("board")):
            if entry.status == TableEntry.Status.ACCEPTED:
                self.accepted.add(entry.result_id)
            else:
                self.entries[entry.round, entry.board.number] = entry

    def _ids(self, seating):
        return {self.pairs[n].pk for n in seating.pairs if n in self.pairs}

    def round(self, number=None):
        if number is None:
            return self.current_round()
        return next((r for r in self.rounds if r.seating.round == number), None)

    def done(self, round_):
        return all((round_.seating.round, n) in self.results for n in round_.boards)

    def current_round(self):
        """The round the table is playing (club.visibility.current_seating), else the
        last."""
        if self.seated is None:
            return None
        return self.round(self.seated.round)

    def is_playing(self, round_):
        """Whether the table enters this round's boards now."""
        return self.playing is not None and round_.seating.round == self.playing.round

    def round_of_board(self, number):
        """The round in which this table plays the board: the current round when it plays
        it then (a Howell table may play a board in two rounds), else the latest before
        it, else the first."""
        rounds = [r for r in self.rounds if number in r.boards]
        now = self.seated.round if self.seated else 0
        return (next((r for r in rounds if r.seating.round == now), None)
                or next((r for r in reversed(rounds) if r.seating.round < now), None)
                or next(iter(rounds), None))

    def board(self, number):
        board = Board.objects.get(session=self.session, number=number)
        board.session = self.session
        return board

    def needs_hcp(self, board):
        return not self.session.duplicated or board.ns_hcp is None

    def side(self, number):
        pair = self.pairs.get(number)
        return {"label": self.session.pair_label(number) if number else "",
                "players": pair.players if pair else ""}

    def status(self, round_, number):
        """(key, text) of a board at this table in this round."""
        key = (round_.seating.round, number)
        result = self.results.get(key)
        if result is not None:
            if result.pk in self.accepted:
                return "accepted", gettext("accepted")
            return "director", gettext("entered by the director")
        entry = self.entries.get(key)
        if entry is not None and entry.status == TableEntry.Status.HELD:
            return "held", gettext("held for the director")
        if entry is not None:
            return "entered", gettext("awaiting East-West")
        return "todo", gettext("to play")

    def moves(self, round_):
        """Where the table's pairs and boards go in the next round, from the movement;
        None after the last round."""
        later = [s for s in self.schedule if s.round == round_.seating.round + 1]
        if not later:
            return None
        pairs = []
        for number in round_.seating.pairs:
            seat = next((s for s in later if number in s.pairs), None)
            if seat is not None:
                pairs.append({**self.side(number), "table": seat.table,
                              "sit_out": seat.is_sit_out, "stays": seat.table == self.table,
                              "direction": gettext("North-South") if seat.ns == number
                              else gettext("East-West")})
        tables = [s.table for s in later
                  if s.board_set and s.board_set == round_.seating.board_set]
        return {"pairs": pairs, "tables": tables, "boards": round_.boards}

    def base_context(self, round_):
        seating = round_.seating
        call = DirectorCall.objects.filter(session=self.session, table=self.table,
                                           answered_at__isnull=True).exists()
        return {"session": self.session, "code": self.code.code, "table": self.table,
                "round": round_, "seating": seating, "ns": self.side(seating.ns),
                "ew": self.side(seating.ew), "sit_out": seating.is_sit_out,
                "rounds": [r.seating.round for r in self.rounds], "called": call,
                "last_round": self.rounds[-1].seating.round}

    def round_context(self, round_):
        boards = [{"number": n, "status": self.status(round_, n),
                   "result": result_display(r.contract, r.declarer, r.tricks)
                   if (r := self.results.get((round_.seating.round, n))) and n in self.visible
                   else ""}
                  for n in round_.boards]
        done = self.done(round_)
        return {**self.base_context(round_), "boards": boards, "done": done,
                "moves": self.moves(round_) if done else None}

    def board_context(self, round_, board, form):
        number = board.number
        key = (round_.seating.round, number)
        result, entry = self.results.get(key), self.entries.get(key)
        context = {**self.base_context(round_), "board": board,
                   "dealer": seat_display(board.dealer.value),
                   "vulnerability": vulnerability_display(board.vulnerability.value),
                   "status": self.status(round_, number), "result": result, "entry": entry,
                   "next_board": next((n for n in round_.boards if n != number and (
                       round_.seating.round, n) not in self.results), None)}
        if result is not None and number in self.visible:
            context.update(outcome=outcome_rows(result),
                           traveller=self.traveller(board, result),
                           totals=self.totals(), lead=lead_display(result.lead),
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
        elif self.is_playing(round_):
            context["form"] = form or TableEntryForm(
                initial={"key": uuid.uuid4(), "doubling": 0}, with_hcp=self.needs_hcp(board))
        else:  # a board of a later round: why it cannot be entered now
            context.update(playing=self.playing and self.playing.round,
                           refusal=form.non_field_errors() if form is not None else None)
        return context

    def traveller(self, board, own):
        """The board's results at every table that has played it (a board this table may
        see); `own` is this table's."""
        rows = []
        for r in Result.objects.filter(board=board).order_by("table", "pk"):
            ns, ew = self.pair_ids.get(r.ns_pair_id), self.pair_ids.get(r.ew_pair_id)
            rows.append({"table": r.table, "ns": ns and self.session.pair_label(ns.number),
                         "ew": ew and self.session.pair_label(ew.number),
                         "text": result_display(r.contract, r.declarer, r.tricks),
                         "score": signed(r.ns_score), "ns_imps": signed(r.ns_imps),
                         "ew_imps": signed(r.ew_imps), "adjusted": r.is_adjusted,
                         "here": r.pk == own.pk})
        return rows

    def totals(self):
        """The IMPs so far of each pair seated here now, over the boards this table may
        see (club.visibility): no total tells either pair about a board it has not
        played."""
        ids = self._ids(self.seated)
        totals = dict.fromkeys(ids, 0)
        for number, ns, ew, ns_imps, ew_imps in (Result.objects.filter(
                Q(ns_pair__in=ids) | Q(ew_pair__in=ids)).values_list(
                "board__number", "ns_pair_id", "ew_pair_id", "ns_imps", "ew_imps")):
            if number not in self.visible:
                continue
            for pair_id, imps in ((ns, ns_imps), (ew, ew_imps)):
                if pair_id in totals:
                    totals[pair_id] += imps
        return [{**self.side(self.pair_ids[i].number), "imps": signed(v)}
                for i, v in totals.items()]


def open_table(request, code, table_code=None):
    """The table's state for a valid code of a running session, or the page refusing it
    (`table_code` when check_code has passed it already)."""
    if table_code is None:
        table_code, refusal = check_code(request, code)
        if refusal:
            return None, refusal
    session = table_code.session
    if session.status == Session.Status.SETUP:
        return None, render(request, "club/table/closed.html", {
            "message": gettext("Play has not started yet: open this page again when the "
                               "director starts the session."), "session": session})
    if session.is_locked:
        return None, render(request, "club/table/closed.html", {
            "message": gettext("The session is over: thank you for playing. The results are "
                               "on the club's pages."), "session": session, "over": True})
    state = TableState(session, table_code)
    if not state.rounds:
        return None, render(request, "club/table/closed.html", {
            "message": gettext("This session has no movement for the tables (free seating): "
                               "the director enters its results."), "session": session})
    return state, None


def _page(request, template, context, state, status=200):
    """The page, with the table's pass: this phone opened the table with its code."""
    return with_pass(request, render(request, template, context, status=status), state.code)


@never_cache
@require_GET
def code_entry(request):
    """Type the code printed on the table's card."""
    form = TableCodeForm(request.GET or None)
    if form.is_valid():
        return redirect("table", form.cleaned_data["code"])
    return render(request, "club/table/code.html", {"form": form},
                  status=400 if form.is_bound else 200)


def round_etag(request, table_code):
    """The session's version (every write bumps it), the code, round, language, user and the
    CSRF cookie the forms carry a token of; None unless the session runs."""
    session = table_code.session
    if session.status != Session.Status.RUNNING:
        return None
    return weak_etag(session.pk, session.created_at.timestamp(), session.version,
                     table_code.code, request.GET.get("round", ""), get_language(),
                     request.user.pk or 0, request.META.get("CSRF_COOKIE", ""))


def _cache_headers(response, etag):
    """Kept by the phone (private) and asked again on every use; never kept without ETag."""
    if not etag:
        http_cache.add_never_cache_headers(response)
        return response
    return revalidated(response, etag, public=False)


@require_GET
def table_round(request, code):
    """The round at this table: its pairs, its boards and how far each one is (a reload
    finding it unchanged is a 304 after one query)."""
    table_code, refusal = check_code(request, code)
    etag = refusal is None and round_etag(request, table_code)
    if etag and (unchanged := not_modified(request, etag)):
        return with_pass(request, _cache_headers(unchanged, etag), table_code)
    state, refusal = (None, refusal) if refusal else open_table(request, code, table_code)
    if refusal:
        return _cache_headers(refusal, None)
    try:
        number = int(request.GET.get("round", ""))
    except ValueError:
        number = None
    round_ = state.round(number)
    if round_ is None:
        raise Http404(gettext("This table has no such round."))
    response = _page(request, "club/table/round.html", state.round_context(round_), state)
    # The ETag again after rendering: the CSRF cookie set now when the phone had none.
    return _cache_headers(response, etag and round_etag(request, table_code))


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
        # table.js sent a form with fetch(), which followed the redirect here, and now opens
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
        form = TableEntryForm(request.POST, with_hcp=state.needs_hcp(board))
        if form.is_valid():
            try:
                submit_entry(state.session.pk, table=state.table, round=round_.seating.round,
                             board_number=board_number, key=form.cleaned_data["key"],
                             values=form.entry_values(),
                             ns_hcp=form.cleaned_data.get("ns_hcp"))
            except (EntryExists, ResultExists) as err:
                messages.warning(request, err.messages[0])
            except ServiceError as err:  # nothing was written
                form.add_error(None, err.messages)
            if not form.errors:
                return redirect("table-board", state.code.code, board_number)
    context = state.board_context(round_, board, form)
    status = 400 if form is not None and form.errors else 200
    return _page(request, "club/table/board.html", context, state, status)


def _entry_action(request, code, board_number, action, success):
    """Accept or withdraw this table's entry (its key posted), then back to the board;
    `success(entry)` is the message then ("" for none)."""
    state, refusal = open_table(request, code)
    if refusal:
        return refusal
    _board_or_404(state, board_number)
    try:
        entry = action(state.session.pk, uuid.UUID(request.POST.get("key", "")),
                       table=state.table)
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
    return _entry_action(request, code, board_number, accept_entry, accepted_message)


@never_cache
@require_POST
def table_withdraw(request, code, board_number):
    """North-South take their entry back to correct it."""
    return _entry_action(request, code, board_number, withdraw_entry,
                         lambda entry: gettext("Entry withdrawn: enter the board again."))


@never_cache
@require_POST
def table_call(request, code):
    """Call the director (pressing again while the call is open is the same call), then
    back to the board page the call came from (`board`) or to the round."""
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
                      current.seating.round if current else None)
    except ServiceError as err:
        for message in err.messages:
            messages.error(request, message)
    else:
        messages.success(request, gettext("The director has been called: please wait at your "
                                          "table."))
    if board is not None:
        return redirect("table-board", state.code.code, board)
    return redirect(reverse("table", args=[state.code.code]))
