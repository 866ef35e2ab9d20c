"""A board's NS HCP, in one place: whether a result must carry one, where a typed value goes
(the result or the board), when it conflicts with the board's or another table's, the HCP a
deal gives a duplicated board, and the one writer of a board's HCP (Board.ns_hcp).

Without duplication every table deals its own cards and gives its own HCP, stored on its
result. A duplicated board has one HCP for every table: its deal's (a hand record), the
value the director types on top of its traveller, or the first table's to enter it (a
scorecard row, a table's accepted entry); later tables must agree. The services that store
results, boards and table entries ask here, and so do the pages that show the HCP fields.
"""

from django.utils.translation import gettext

from club.models import TableEntry
from club.services.errors import MissingHcp, Refused, StaleValue
from club.services.scoring import rescore_board
from scoring.engine import deal_ns_hcp

UNSET = object()  # "the form did not carry the value it was loaded with"


def hcp_needed(board):
    """Whether a result entered on this board must carry its NS HCP: always without
    duplication, else while the board has none."""
    return not board.session.duplicated or board.ns_hcp is None


def row_takes_hcp(session, *, from_scorecard):
    """Whether a director's entry row carries an HCP field: without duplication always; on
    a duplicated board a scorecard row (the first table gives the board's), never a
    traveller row (its HCP is the field on top of the traveller)."""
    return not session.duplicated or from_scorecard


def row_hcp(session, typed_hcp, *, from_scorecard):
    """Where a row's typed NS HCP goes: ({"ns_hcp": ...} for the result's fields, HCP for the
    board or None).

    Without duplication every table gives its own HCP, stored on the result. A duplicated
    board has one HCP for every table: a traveller takes it from the field at its top (the
    rows carry none, and leave a table's own HCP, set on the result page, alone); on a
    scorecard the first table to enter the board gives it, and later tables must agree.
    """
    if not session.duplicated:
        return {"ns_hcp": typed_hcp}, None
    return {}, typed_hcp if from_scorecard else None


def deal_hcp(session, deal):
    """The NS HCP a deal gives a board of this session: the cards' on a duplicated board,
    None when each table deals its own. Raises BridgeError for a deal that cannot be read."""
    return deal_ns_hcp(deal) if session.duplicated else None


def board_hcp_conflict(board):
    """Why a result's HCP cannot be the board's (the director's entry)."""
    return gettext(
        "Board %(board)s already has NS HCP %(hcp)s (a duplicated board has one value for "
        "every table). Check the slip; change the board's HCP on its traveller if %(hcp)s "
        "is wrong.") % {"board": board.number, "hcp": board.ns_hcp}


def hcp_conflict(board, typed, *, ns_pair):
    """Why a table's entry with NS HCP `typed` cannot stand on a duplicated board (the board,
    or another table, has a different one), or "". `ns_pair`: the entry's North-South."""
    if not board.session.duplicated or typed is None:
        return ""
    if board.ns_hcp is not None and board.ns_hcp != typed:
        return gettext("NS HCP %(typed)s, but the board has %(hcp)s.") % {
            "typed": typed, "hcp": board.ns_hcp}
    # The first HCP given stands until the director decides: held entries do not count.
    other = (TableEntry.objects.filter(board=board, ns_hcp__isnull=False,
                                       status__in=[TableEntry.Status.ENTERED,
                                                   TableEntry.Status.ACCEPTED])
             .exclude(ns_hcp=typed).exclude(ns_pair=ns_pair).order_by("created_at").first())
    if other is not None:
        return gettext("NS HCP %(typed)s, but table %(table)s gave %(hcp)s.") % {
            "typed": typed, "table": other.table, "hcp": other.ns_hcp}
    return ""


# --- writing ----------------------------------------------------------------------------------

def save_board_hcp(board, ns_hcp, *, fields=(), clean=False):
    """The one writer of a board's NS HCP: set it to `ns_hcp` and save it, with the board's
    other changed `fields` (set by the caller, inside its transaction holding the session's
    lock), checked by the model first when `clean`. The caller rescores."""
    board.ns_hcp = ns_hcp
    if clean:
        board.full_clean(exclude=["session", "number"])
    board.save(update_fields=list(dict.fromkeys(["ns_hcp", *fields])))


def rescore_changed_board(session, board):
    """Rescore a board whose HCP or vulnerability the director changed; returns how many
    outcomes changed. Refused when its HCP was cleared while results use it."""
    try:
        return rescore_board(session, board)
    except MissingHcp:
        raise Refused({"ns_hcp": [gettext(
            "Board %(board)s has results that use its HCP: give a value from 0 to 40 "
            "rather than clearing it.") % {"board": board.number}]}) from None


def record_board_hcp(session, board, ns_hcp, *, expected=UNSET):
    """The director's NS HCP for a duplicated board of the locked `session`, stored and its
    results rescored; returns how many outcomes changed.

    `expected` is the value the director's page showed; when someone stored another value
    meanwhile the change is refused (StaleValue), so two directors never overwrite each
    other silently. Clearing the HCP of a board whose results use it is refused."""
    if not session.duplicated:
        raise Refused(gettext("The boards of this session are not duplicated: each "
                              "result carries its own HCP."))
    if expected is not UNSET and board.ns_hcp != expected:
        raise StaleValue(gettext(
            "Not saved: someone set the NS HCP of board %(board)s to %(hcp)s meanwhile. "
            "Check it, then save again to replace it.") % {
                "board": board.number,
                "hcp": "—" if board.ns_hcp is None else board.ns_hcp},
            current=board.ns_hcp, field="ns_hcp")
    if board.ns_hcp == ns_hcp:
        return 0
    save_board_hcp(board, ns_hcp)
    return rescore_changed_board(session, board)


def give_board_hcp(session, board, ns_hcp):
    """A result entered with the duplicated board's HCP (a scorecard row, a table's accepted
    entry): the first gives the board its HCP (its results rescored), a later one must
    agree (Refused naming the board's)."""
    if board.ns_hcp is None:
        save_board_hcp(board, ns_hcp)
        rescore_board(session, board)
    elif board.ns_hcp != ns_hcp:
        raise Refused({"ns_hcp": [board_hcp_conflict(board)]})
