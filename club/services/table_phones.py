"""Players entering results at their table: the codes that open a table's page, the
entries a table sends (held until the opponents accept them), and its calls for the
director. Every function runs in one transaction holding the session's lock.

An entry becomes a Result only when East-West accept it, through
club.services.results.enter_result, so a table's result is stored and scored exactly like
the director's. A result the director entered wins: the table sees it and cannot
overwrite it. Phones on a flaky network resend: an entry carries the key its form was
rendered with, and a key seen before returns the entry it made.
"""

import secrets

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from club.models import CONTRACT_FIELDS, Board, DirectorCall, Result, TableCode, TableEntry
from club.services.errors import Refused
from club.services.hcp import hcp_conflict, hcp_needed, row_hcp
from club.services.locks import current_plan, lock_session, touch_tables
from club.services.results import enter_result, refuse_closed
from club.services.scoring import table_score
from club.visibility import current_seating, played_pairs, public_boards, seated_now

# No 0/O, 1/I/L: read off a card and typed on a phone without doubt. 31 ** 8 codes.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
ENTRY_FIELDS = (*CONTRACT_FIELDS, "lead")


class EntryExists(Refused):
    """The board already has an open entry from this table (another phone sent it first);
    `entry` is that entry."""

    def __init__(self, entry):
        self.entry = entry
        super().__init__(gettext("This board has already been entered at this table: check "
                                 "it below."), code="entry_exists")


class ResultExists(Refused):
    """The board already has a result for this table (accepted, or the director's);
    `result` is that result."""

    def __init__(self, result):
        self.result = result
        super().__init__(gettext("This board already has a result at this table."),
                         code="result_exists")


def new_code():
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


# Cyrillic capitals that look like Latin ones: a phone set to a Russian keyboard types them.
LOOK_ALIKES = str.maketrans("АВЕКМНОРСТХ", "ABEKMHOPCTX")


def code_characters(text):
    """What a player typed (or the card's grouped "K7QM-4TXB"), in capitals, Cyrillic
    look-alikes read as the Latin letters, without the spaces and dashes that group it."""
    return "".join(ch for ch in str(text).upper().translate(LOOK_ALIKES)
                   if not ch.isspace() and ch != "-")


def normalize_code(text):
    """What a player typed, as a stored code: capital letters and figures only."""
    return "".join(ch for ch in code_characters(text) if ch.isascii() and ch.isalnum())[:32]


def issue_codes(session_id, tables=None):
    """New codes for these tables of the session (all when None), replacing their old ones,
    which stop working at once. Returns the session's codes, by table."""
    with transaction.atomic():
        session = lock_session(session_id)
        if tables is None:
            tables = range(1, session.tables + 1)
            session.table_codes.filter(table__gt=session.tables).delete()
        tables = sorted(set(tables))
        if any(not 1 <= t <= session.tables for t in tables):
            raise Refused(gettext("This session has tables 1 to %(tables)s.")
                          % {"tables": session.tables})
        _store_codes(session, tables)
        return list(session.table_codes.filter(table__lte=session.tables).order_by("table"))


def issue_missing_codes(session):
    """A code for each table of the session (locked by the caller) that has none: play
    starts with every table's card ready to print (club.services.sessions.change_status)."""
    have = set(session.table_codes.values_list("table", flat=True))
    _store_codes(session, [t for t in range(1, session.tables + 1) if t not in have])


def _store_codes(session, tables):
    for table in tables:
        for _attempt in range(5):  # a collision is all but impossible; try again
            code = new_code()
            if not TableCode.objects.filter(code=code).exists():
                break
        TableCode.objects.update_or_create(session=session, table=table,
                                           defaults={"code": code})


# --- entering -------------------------------------------------------------------------------

def refuse_other_round(session, plan, table, round, board_number):
    """Refused unless `round` is the round this table is playing now
    (club.visibility.current_seating): a table enters only its current round's boards, so
    that nothing is stored, or shown, for a board before its pairs play it. The director
    can enter any board. Returns the session's played_pairs, read for the check."""
    played = played_pairs(session, plan.pairs)
    current = current_seating(plan.seatings_of_table(table), played,
                              session.boards_per_round)
    if current is None:
        raise Refused(gettext("Table %(table)s has played all its rounds: call the director "
                              "to change a result.") % {"table": table})
    if current.round != round:
        raise Refused(gettext("Table %(table)s is playing round %(current)s: board %(board)s "
                              "is played in round %(round)s. Enter the boards of round "
                              "%(current)s first.") % {
                                  "table": table, "current": current.round,
                                  "board": board_number, "round": round})
    return played


def _seated_board(session, plan, table, round, board_number):
    """(seating, board, ns pair, ew pair) of a board this table plays in this round."""
    if not plan.table_plays(table, round, board_number):
        raise Refused(gettext("Table %(table)s does not play board %(board)s in round "
                              "%(round)s.") % {"table": table, "board": board_number,
                                               "round": round})
    seating = plan.seating_for(table, round)
    board = Board.objects.filter(session=session, number=board_number).first()
    ns_pair, ew_pair = plan.by_number.get(seating.ns), plan.by_number.get(seating.ew)
    if board is None or ns_pair is None or ew_pair is None:
        raise Refused(gettext("This board or its pairs are not set up yet: call the "
                              "director."))
    board.session = session
    return seating, board, ns_pair, ew_pair


def _stored_result(board, ns_pair, ew_pair):
    pairs = [ns_pair, ew_pair]
    return Result.objects.filter(Q(ns_pair__in=pairs) | Q(ew_pair__in=pairs),
                                 board=board).first()


def submit_entry(session_id, *, table, round, board_number, key, values, ns_hcp=None,
                 plan=None):
    """A table's result on a board (contract fields from contract_values and the lead in
    `values`), awaiting East-West's acceptance, or held for the director when its NS HCP
    disagrees with the board's. A `key` seen before returns its entry unchanged. `plan`:
    the session's SessionPlan as the table's page loaded it (used when still current).
    Raises ResultExists, EntryExists or Refused."""
    with transaction.atomic():
        # An entry shows on its own table's phone alone (the director's pages follow the
        # session's version).
        session = lock_session(session_id, tables=[table])
        seen = TableEntry.objects.filter(key=key).first()
        if seen is not None:
            if seen.session_id == session.pk:
                return seen
            raise Refused(gettext("This form was already used: reload the page."))
        refuse_closed(session)
        plan = current_plan(session, plan)
        seating, board, ns_pair, ew_pair = _seated_board(session, plan, table, round,
                                                         board_number)
        stored = _stored_result(board, ns_pair, ew_pair)
        if stored is not None:
            raise ResultExists(stored)
        refuse_other_round(session, plan, table, round, board_number)
        open_entry = TableEntry.objects.filter(board=board, ns_pair=ns_pair,
                                               status__in=TableEntry.OPEN).first()
        if open_entry is not None:
            raise EntryExists(open_entry)
        if hcp_needed(board) and ns_hcp is None:
            raise Refused({"ns_hcp": [gettext("Enter the high-card points of North-South "
                                              "(0-40).")]})
        conflict = hcp_conflict(board, ns_hcp, ns_pair=ns_pair)
        entry = TableEntry(
            key=key, session=session, board=board, round=seating.round,
            table=seating.table, ns_pair=ns_pair, ew_pair=ew_pair, ns_hcp=ns_hcp,
            status=TableEntry.Status.HELD if conflict else TableEntry.Status.ENTERED,
            note=conflict[:200], **{name: values[name] for name in ENTRY_FIELDS if name in values})
        entry.save()
        return entry


def _locked_entry(session_id, key, table=None):
    # The entry's table alone sees it (a director's call, without a table: every table).
    session = lock_session(session_id, tables=None if table is None else [table])
    entries = TableEntry.objects.filter(key=key, session=session)
    if table is not None:
        entries = entries.filter(table=table)
    entry = entries.select_related("board", "ns_pair", "ew_pair", "result").first()
    if entry is None:
        raise Refused(gettext("This entry no longer exists: reload the page."))
    entry.board.session = session
    return session, entry


def accept_entry(session_id, key, table=None, plan=None):
    """East-West accept the table's entry: it is stored as the table's Result (scored like
    every result) and the entry marked accepted, pointing at it. Accepting twice returns the
    same entry. An entry the board's HCP now contradicts is held instead. Raises Refused when
    the entry was withdrawn (the director entered the board) or is held; `table`, when
    given, must be the entry's; `plan` as for submit_entry."""
    with transaction.atomic():
        session, entry = _locked_entry(session_id, key, table)
        if entry.status == TableEntry.Status.ACCEPTED:
            return entry
        if entry.status == TableEntry.Status.WITHDRAWN:
            raise Refused(gettext("This entry was withdrawn or replaced by the director's "
                                  "result: reload the page."))
        if entry.status == TableEntry.Status.HELD:
            raise Refused(gettext("This entry is held for the director: call the director."))
        refuse_closed(session)
        plan = current_plan(session, plan)
        played = refuse_other_round(session, plan, entry.table, entry.round,
                                    entry.board.number)
        board = entry.board
        conflict = hcp_conflict(board, entry.ns_hcp, ns_pair=entry.ns_pair)
        if conflict:
            return _hold(entry, conflict)
        # Like a scorecard: the first table's HCP is the duplicated board's (an HCP that
        # agrees with the board's changes nothing).
        hcp_values, board_hcp = row_hcp(session, entry.ns_hcp, from_scorecard=True)
        values = {name: getattr(entry, name) for name in ENTRY_FIELDS}
        values.update(round=entry.round, table=entry.table, **hcp_values)
        tables = _tables_shown(plan, entry, played, board_hcp)
        result = enter_result(board.pk, ns_pair_id=entry.ns_pair_id,
                              ew_pair_id=entry.ew_pair_id, values=values, board_hcp=board_hcp,
                              locked=session)
        touch_tables(session.pk, tables)
        entry.status, entry.result, entry.decided_at = (
            TableEntry.Status.ACCEPTED, result, timezone.now())
        entry.save(update_fields=["status", "result", "decided_at"])
        return entry


def _tables_shown(plan, entry, played, board_hcp):
    """The tables whose phone pages a result accepted from `entry` can change, or None for
    every table. A table's page reads (club.phone_state) the results of its own seatings
    (a board of a round, played by a pair of that round: this decides its current round
    too) and shows a board's result once it is released or every pair seated there now has
    played it (club.visibility). So the result of pairs P on board B touches the tables
    with a round playing B with a pair of P, and the tables playing B in some round that
    seat a pair of P now: in a Mitchell played in step, its own table alone; a table that
    has gone ahead and waits for a pair of P, too. Every table when it releases a board
    or gives the board its HCP (rescoring the board's other results). A Swiss, teams or
    individual page reads more of the session (every pair's match, the other room, each
    player's partners): every table."""
    if plan.swiss or plan.teams or plan.individual:
        return None
    if board_hcp is not None and entry.board.ns_hcp != board_hcp:
        return None
    number, pairs = entry.board.number, {entry.ns_pair.number, entry.ew_pair.number}
    after = {**played, number: played.get(number, set()) | pairs}
    if public_boards(plan, played) != public_boards(plan, after):
        return None
    per_round, tables = plan.session.boards_per_round, []
    for table, seatings in plan.seatings_by_table.items():
        playing_board = [s for s in seatings if number in plan.boards_of(s)]
        if not playing_board:
            continue
        seated = seated_now(seatings, after, per_round)
        reading = playing_board + ([seated] if seated is not None else [])
        if any(pairs & set(s.pairs) for s in reading):
            tables.append(table)
    return sorted(tables)


def _hold(entry, note):
    entry.status, entry.note = TableEntry.Status.HELD, note[:200]
    entry.save(update_fields=["status", "note"])
    return entry


def withdraw_entry(session_id, key, table=None):
    """The table takes back an entry not yet accepted (to correct it): it is withdrawn and
    the board can be entered again. Withdrawing twice is harmless."""
    with transaction.atomic():
        _session, entry = _locked_entry(session_id, key, table)
        if entry.status == TableEntry.Status.ACCEPTED:
            raise Refused(gettext("East-West have accepted this result: only the director "
                                  "can change it now."))
        if entry.status in TableEntry.OPEN:
            entry.status, entry.decided_at = TableEntry.Status.WITHDRAWN, timezone.now()
            entry.save(update_fields=["status", "decided_at"])
        return entry


def preview(entry, board):
    """The entry as an unsaved Result with its score only, for East-West to check before
    they accept: the score depends on the contract, the tricks and the vulnerability alone,
    whereas the compensation, net and IMPs would tell the table the board's stored HCP (or
    another table's) before it has played the board."""
    result = Result(board=board, ns_pair_id=entry.ns_pair_id, ew_pair_id=entry.ew_pair_id,
                    **{name: getattr(entry, name) for name in ENTRY_FIELDS})
    contract, declarer, tricks = result.scored_result
    result.ns_score = table_score(contract, declarer, tricks, board.vulnerability)
    return result


# --- calls for the director -----------------------------------------------------------------

def call_director(session_id, table, round=None, *, board=None,
                  reason=DirectorCall.Reason.OTHER):
    """The table calls the director about `board` (a number this table plays, or None)
    for `reason` (a DirectorCall.Reason). Pressing again while the call is open is the
    same call, now saying the latest board and reason given (the table's latest word is
    what the director walks over for). Returns the open call."""
    if reason not in DirectorCall.Reason.values:
        raise Refused(gettext("Choose why you call the director: %(reasons)s.") % {
            "reasons": ", ".join(str(label) for label in DirectorCall.Reason.labels)})
    with transaction.atomic():
        session = lock_session(session_id, tables=[table])  # its own phone shows the call
        if not 1 <= table <= session.tables:
            raise Refused(gettext("This session has tables 1 to %(tables)s.")
                          % {"tables": session.tables})
        if board is not None and not session.boards.filter(number=board).exists():
            raise Refused(gettext("This session has no board %(board)s.") % {"board": board})
        call = DirectorCall.objects.filter(session=session, table=table,
                                           answered_at__isnull=True).first()
        if call is None:
            try:
                with transaction.atomic():
                    return DirectorCall.objects.create(session=session, table=table,
                                                       round=round, board=board,
                                                       reason=reason)
            except IntegrityError:
                call = DirectorCall.objects.get(session=session, table=table,
                                                answered_at__isnull=True)
        # A press saying less (no board, "something else") keeps what the call says.
        board = board if board is not None else call.board
        reason = call.reason if reason == DirectorCall.Reason.OTHER else reason
        if (call.board, call.reason) != (board, reason):
            call.board, call.reason = board, reason
            call.save(update_fields=["board", "reason"])
        return call


def answer_call(session_id, call_id):
    """The director has answered the call (answering twice is harmless)."""
    with transaction.atomic():
        session = lock_session(session_id, tables=())
        call = DirectorCall.objects.filter(session=session, pk=call_id).first()
        if call is None:
            raise Refused(gettext("This call no longer exists."))
        touch_tables(session.pk, [call.table])  # the call's phone alone shows it
        if call.answered_at is None:
            call.answered_at = timezone.now()
            call.save(update_fields=["answered_at"])
        return call
