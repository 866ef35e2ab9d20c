"""A session's boards: which exist, and what each carries (HCP, deal, overrides)."""

from django.db import transaction
from django.utils.translation import gettext

from club.models import Board
from club.schedule import board_total, planned_schedule
from club.services.errors import MissingHcp, Refused, StaleValue
from club.services.locks import locked_board
from club.services.scoring import rescore_board

UNSET = object()  # "the form did not carry the value it was loaded with"


def sync_boards(session):
    """Make the session's boards the ones its setup needs: create the missing boards and
    delete the extra ones that have no results. Called by the services that change the
    setup, the pairs or the status, inside their transaction.

    Returns the numbers of extra boards kept because results exist on them (the setup
    services refuse such changes, so normally []).
    """
    total = board_total(session, schedule=planned_schedule(session))
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
    """Store a duplicated board's NS HCP and rescore its results, in one transaction.

    `expected` is the value the director's page showed; when someone stored another value
    meanwhile the change is refused (StaleValue), so two directors never overwrite each
    other silently. Clearing the HCP of a board whose results use it is refused.
    Returns (board, how many outcomes changed).
    """
    with transaction.atomic():
        session, board = locked_board(board_id)
        refuse_if_locked(session)
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
            return board, 0
        board.ns_hcp = ns_hcp
        board.save(update_fields=["ns_hcp"])
        try:
            changed = rescore_board(session, board)
        except MissingHcp:
            raise Refused({"ns_hcp": [gettext(
                "Board %(board)s has results that use its HCP: give a value from 0 to 40 "
                "rather than clearing it.") % {"board": board.number}]}) from None
    return board, changed


BOARD_DETAILS = ("ns_hcp", "deal", "dealer_override", "vulnerability_override")


def update_board(board_id, changes, *, expected=None):
    """Change a board's details (NS HCP, deal, dealer or vulnerability override) and rescore
    its results when what scoring reads changed. `expected`: {field: value the form was
    loaded with}; a field changed meanwhile refuses the whole change (StaleValue)."""
    unknown = set(changes) - set(BOARD_DETAILS)
    assert not unknown, f"not board details: {unknown}"
    with transaction.atomic():
        session, board = locked_board(board_id)
        refuse_if_locked(session)
        for name, value in (expected or {}).items():
            if getattr(board, name) != value:
                raise StaleValue(gettext(
                    "Not saved: someone changed board %(board)s meanwhile. Reload it and "
                    "make the change again.") % {"board": board.number},
                    current=getattr(board, name))
        changed_fields = [n for n, v in changes.items() if getattr(board, n) != v]
        if not changed_fields:
            return board, 0
        for name in changed_fields:
            setattr(board, name, changes[name])
        board.full_clean(exclude=["session", "number"])
        board.save(update_fields=changed_fields)
        rescored = 0
        if {"ns_hcp", "vulnerability_override"} & set(changed_fields):
            try:
                rescored = rescore_board(session, board)
            except MissingHcp:
                raise Refused({"ns_hcp": [gettext(
                    "Board %(board)s has results that use its HCP: give a value from 0 to "
                    "40 rather than clearing it.") % {"board": board.number}]}) from None
    return board, rescored
