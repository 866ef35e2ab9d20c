"""A session's boards: which exist, and what each carries (HCP, deal and its analysis,
overrides)."""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, ngettext

from club.models import AnalysisJob, Board
from club.notation import bridge_message, counted
from club.plan import SessionPlan
from club.queries import boards_with_results
from club.schedule import listing, ranges
from club.services.analysis import (
    ANALYSIS_FIELDS,
    analyse_boards,
    queue_analysis,
    run_analysis,
    runs_here,
)
from club.services.errors import Refused, StaleValue
from club.services.hcp import (
    UNSET,
    deal_hcp,
    record_board_hcp,
    rescore_changed_board,
    save_board_hcp,
)
from club.services.locks import lock_session, locked_board
from club.services.scoring import rescore_board
from scoring.engine import (
    BridgeError,
    Direction,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    format_deal,
    parse_deal,
    random_deal,
)


def sync_boards(session, plan=None):
    """Make the session's boards the ones its setup needs: create the missing boards and
    delete the extra ones that have no results. Called by the services that change the
    setup, the pairs or the status, inside their transaction (`plan`: the session's
    SessionPlan when the caller has loaded it under the lock).

    Returns the numbers of extra boards kept because results exist on them (the setup
    services refuse such changes, so normally []).
    """
    total = (plan or SessionPlan.load(session)).board_total
    extra = session.boards.filter(number__gt=total)
    kept = sorted(set(extra.filter(results__isnull=False).values_list("number", flat=True)))
    extra.exclude(number__in=kept).delete()
    existing = set(session.boards.values_list("number", flat=True))
    Board.objects.bulk_create(
        Board(session=session, number=n) for n in range(1, total + 1) if n not in existing
    )
    return kept


def refuse_if_locked(session):
    """Results and boards change only while play is on (or, for a session in setup, its
    boards' details): a finished or published session waits for a director to reopen it."""
    if session.is_locked:
        raise Refused(gettext("The session is %(status)s: results cannot be changed until a "
                              "director reopens it.") % {
                                  "status": session.get_status_display()})


def set_board_hcp(board_id, ns_hcp, *, expected=UNSET):
    """Store a duplicated board's NS HCP and rescore its results, in one transaction
    (club.services.hcp.record_board_hcp: `expected` is the value the director's page
    showed, a value stored meanwhile is refused). Returns (board, how many outcomes
    changed)."""
    with transaction.atomic():
        session, board = locked_board(board_id)
        refuse_if_locked(session)
        changed = record_board_hcp(session, board, ns_hcp, expected=expected)
    return board, changed


BOARD_DETAILS = ("ns_hcp", "deal", "dealer_override", "vulnerability_override")
def update_board(board_id, changes, *, expected=None):
    """Change a board's details (NS HCP, deal, dealer or vulnerability override), analyse
    its deal (double dummy and par) and rescore its results when what scoring reads
    changed. A deal given without NS HCP sets the HCP of a duplicated board from the cards.
    `expected`: {field: value the form was loaded with}; a field changed meanwhile refuses
    the whole change (StaleValue). Returns (board, how many outcomes changed)."""
    unknown = set(changes) - set(BOARD_DETAILS)
    assert not unknown, f"not board details: {unknown}"
    changes = dict(changes)
    if changes.get("deal"):
        changes["deal"] = _normalized_deal(changes["deal"])
    with transaction.atomic():
        session, board = locked_board(board_id)
        refuse_if_locked(session)
        for name, value in (expected or {}).items():
            if getattr(board, name) != value:
                raise StaleValue(gettext(
                    "Not saved: someone changed board %(board)s meanwhile. Reload it and "
                    "make the change again.") % {"board": board.number},
                    current=getattr(board, name))
        if changes.get("deal") and "ns_hcp" not in changes and session.duplicated:
            changes["ns_hcp"] = deal_hcp(session, changes["deal"])
        rescored = _store_details(session, board, changes)
    return board, rescored


def _normalized_deal(text):
    try:
        return format_deal(parse_deal(text))
    except BridgeError as err:
        raise Refused({"deal": [bridge_message(err)]}) from None


def _store_details(session, board, changes):
    """Write the changed details of a board of the locked session; returns how many
    outcomes the rescore changed."""
    changed_fields = [n for n, v in changes.items() if getattr(board, n) != v]
    if not changed_fields:
        return 0
    for name in changed_fields:
        if name != "ns_hcp":
            setattr(board, name, changes[name])
    if {"deal", "dealer_override", "vulnerability_override"} & set(changed_fields):
        analyse_boards([board])
        changed_fields += ANALYSIS_FIELDS
    if "ns_hcp" in changed_fields:
        save_board_hcp(board, changes["ns_hcp"], fields=changed_fields, clean=True)
    else:
        board.full_clean(exclude=["session", "number"])
        board.save(update_fields=changed_fields)
    if not {"ns_hcp", "vulnerability_override"} & set(changed_fields):
        return 0
    return rescore_changed_board(session, board)


@dataclass(frozen=True)
class DealRecord:
    """A hand record for one board, as a dealing program writes it: the deal, and the
    dealer and vulnerability it prints (None when the file gives none)."""

    board: int
    deal: str
    dealer: str | None = None
    vulnerability: str | None = None


@dataclass(frozen=True)
class DealsImported:
    """What import_deals did besides storing the deals, for the director to check (board
    numbers): the boards given a dealer or vulnerability override, the file's boards the
    session does not have (left out), and the session's boards the file holds no deal
    for, split into those still without a deal and those keeping an earlier one; and the
    job analysing the deals."""

    overrides: list[int]
    left_out: list[int]
    without_deal: list[int]
    kept: list[int]
    session_boards: int
    job: AnalysisJob

    def messages(self):
        """The left-out and missing boards in words, runs of numbers written as ranges."""
        lines = []
        if self.left_out:
            lines.append(ngettext(
                "Board %(boards)s of the file was left out: the session has %(count)s.",
                "Boards %(boards)s of the file were left out: the session has %(count)s.",
                len(self.left_out)) % {"boards": ranges(self.left_out),
                                       "count": counted("boards", self.session_boards)})
        if self.without_deal:
            lines.append(ngettext(
                "Board %(boards)s has no deal: the file holds none for it.",
                "Boards %(boards)s have no deal: the file holds none for them.",
                len(self.without_deal)) % {"boards": ranges(self.without_deal)})
        if self.kept:
            lines.append(ngettext(
                "Board %(boards)s keeps its earlier deal: the file holds none for it.",
                "Boards %(boards)s keep their earlier deals: the file holds none for them.",
                len(self.kept)) % {"boards": ranges(self.kept)})
        return lines


def import_deals(session_id, records, *, foreground=False, progress=None):
    """Give the session's boards their deals (a hand record file): each board gets its
    deal, NS HCP from the cards (duplicated boards), a dealer or vulnerability override
    where the file's differ from the board number's standard ones; boards already scored
    are rescored with history. Their double-dummy analysis follows, once the deals are
    stored (club.services.analysis): in a thread of its own, or before this returns with
    `foreground` (a command; `progress(done, total)` after each chunk of deals).

    A file may hold more boards than the session (a dealing machine's 24 or 36 boards for
    a 12-board evening): those are left out. It may hold fewer: the session's other boards
    keep what they had (no deal, or an earlier file's). Every record is checked, left out
    or not: Refused, and nothing stored, listing every wrong deal, or when none of the
    file's boards is the session's.

    Returns DealsImported, for the director to check, and the analysis job."""
    records = sorted(records, key=lambda r: r.board)
    with transaction.atomic():
        session = lock_session(session_id)
        refuse_if_locked(session)
        if not session.duplicated:
            raise Refused(gettext("The boards of this session are not duplicated: each table "
                                  "deals its own cards, so there is no hand record to "
                                  "import."))
        boards = {b.number: b for b in session.boards.all()}
        if not boards:
            raise Refused(_no_boards_yet())
        problems, changes = [], {}
        for record in records:
            try:
                change = _record_changes(record, session)
            except BridgeError as err:
                problems.append(gettext("Board %(board)s: %(problem)s") % {
                    "board": record.board, "problem": bridge_message(err)})
            else:
                if record.board in boards:
                    changes[record.board] = change
        if problems:
            raise Refused(problems)
        if not changes:
            raise Refused(gettext(
                "None of the file's boards (%(file)s) is one of the session's (%(session)s), "
                "so nothing was imported.") % {
                    "file": ranges(r.board for r in records), "session": ranges(boards)})
        overrides = []
        hcp = {number: change.pop("ns_hcp") for number, change in changes.items()}
        for number, change in changes.items():
            board = boards[number]
            board.session = session
            for name, value in change.items():
                setattr(board, name, value)
            if change.get("dealer_override") or change.get("vulnerability_override"):
                overrides.append(number)
        changed_boards = [boards[n] for n in changes]
        job = queue_analysis(session, changed_boards, foreground=foreground)
        for board in changed_boards:
            save_board_hcp(board, hcp[board.number],
                           fields=[*BOARD_DETAILS, *ANALYSIS_FIELDS])
            rescore_board(session, board, reason="rescored: hand record imported")
    if runs_here(foreground):
        run_analysis(job.pk, progress)
    lacking = [board for number, board in sorted(boards.items()) if number not in changes]
    return DealsImported(
        overrides=overrides,
        left_out=[r.board for r in records if r.board not in boards],
        without_deal=[b.number for b in lacking if not b.deal],
        kept=[b.number for b in lacking if b.deal],
        session_boards=len(boards), job=job)


def _no_boards_yet():
    """Why a session without boards gets no deals."""
    return gettext("The session has no boards yet: complete its setup first.")


def _record_changes(record, session):
    """The board fields a hand record sets; BridgeError when the deal is wrong."""
    deal = format_deal(parse_deal(record.deal))
    change = {"deal": deal, "dealer_override": "", "vulnerability_override": ""}
    if record.dealer and Direction.coerce(record.dealer) != board_dealer(record.board):
        change["dealer_override"] = Direction.coerce(record.dealer).value
    if record.vulnerability and Vulnerability.coerce(record.vulnerability) != (
            board_vulnerability(record.board)):
        change["vulnerability_override"] = Vulnerability.coerce(record.vulnerability).value
    change["ns_hcp"] = deal_hcp(session, deal)
    return change


def deal_boards(session_id):
    """Deal every board of the session with the operating system's cryptographically secure
    generator (nobody can predict or repeat the deals), store the deals with their HCP and
    analyse them (import_deals). Refused when a board already has a deal or a result: dealing
    again would change boards that were printed or played. Returns how many boards were
    dealt."""
    with transaction.atomic():
        session = lock_session(session_id)
        refuse_if_locked(session)
        boards = list(session.boards.order_by("number"))
        if not boards:
            raise Refused(_no_boards_yet())
        dealt = [b.number for b in boards if b.deal]
        if dealt:
            raise Refused(gettext("Boards %(boards)s already have deals: the session's hand "
                                  "records are known, so nothing was dealt.")
                          % {"boards": listing(dealt)})
        played = boards_with_results(session)
        if played:
            raise Refused(gettext("Boards %(boards)s already have results: they were played "
                                  "with other cards, so nothing was dealt.")
                          % {"boards": listing(played)})
        import_deals(session_id, [DealRecord(b.number, random_deal()) for b in boards])
    return len(boards)
