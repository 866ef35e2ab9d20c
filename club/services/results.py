"""Entering, correcting and deleting results: every write of a result goes through here.

Each function runs in one transaction holding the session's lock (club.services.locks),
refuses a second result for a pair on a board (naming the one stored) and, for changes,
compares the version the director's form was loaded with, so two directors never overwrite
each other silently and a result is always scored under the rules stored when it is saved.
"""

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from club.models import CONTRACT_FIELDS, Board, BoardPlay, Pair, Result, TableEntry
from club.services.errors import DuplicateResult, Refused, StaleResult
from club.services.hcp import give_board_hcp
from club.services.locks import locked_board
from club.services.scoring import score_result
from scoring.engine import AdjustedScores

NOT_PLAYED_FIELDS = ("not_played", "ns_adjustment", "ew_adjustment")


def entry_refusal(session):
    """Why results of this session cannot be changed now, or "" when they can: entry is
    open only while the session is running."""
    if session.status == session.Status.SETUP:
        return gettext("Play has not started: results can be entered once the session is "
                       "running (press “Start play” on the session's entry page).")
    if session.is_locked:
        return gettext("The session is %(status)s: results cannot be changed until a "
                       "director reopens it.") % {"status": session.get_status_display()}
    return ""


def refuse_closed(session):
    """Refused when results of this session cannot be changed now (entry_refusal)."""
    refusal = entry_refusal(session)
    if refusal:
        raise Refused(refusal)


def contract_values(parsed, prefix=""):
    """Model field values for a parsed result (engine ParsedResult: contract, declarer,
    tricks) or, for the table result, the AdjustedScores of a board not played; through
    Result's own setters so that the conversion lives in one place."""
    scratch = Result()
    names = CONTRACT_FIELDS
    if prefix:
        scratch.set_assigned(*parsed)
    elif isinstance(parsed, AdjustedScores):
        scratch.set_not_played(*parsed)
        names = (*CONTRACT_FIELDS, *NOT_PLAYED_FIELDS)
    else:
        scratch.set_contract(*parsed)
        names = (*CONTRACT_FIELDS, "not_played")
    return {f"{prefix}{name}": getattr(scratch, f"{prefix}{name}") for name in names}


def _result_queryset():
    return Result.objects.select_related("board__session", "ns_pair", "ew_pair")


def find_duplicate(result):
    """The stored result on the same board that already holds one of these pairs, as a
    DuplicateResult to raise, or None."""
    pairs = [result.ns_pair_id, result.ew_pair_id]
    # Almost every save finds none: a plain query of ids first (under half the cost of
    # building the one that joins what the message names), that one only for a clash.
    clash_id = (Result.objects.filter(board_id=result.board_id)
                .filter(Q(ns_pair_id__in=pairs) | Q(ew_pair_id__in=pairs))
                .exclude(pk=result.pk).values_list("pk", flat=True).first())
    if clash_id is None:
        return None
    clash = _result_queryset().get(pk=clash_id)
    pair = result.ns_pair if result.ns_pair_id in (clash.ns_pair_id, clash.ew_pair_id) \
        else result.ew_pair
    return DuplicateResult(clash, pair)


def sync_board_plays(results):
    """Make the BoardPlay rows match these saved results (two rows per result)."""
    results = list(results)
    BoardPlay.objects.filter(result__in=results).delete()
    BoardPlay.objects.bulk_create(
        BoardPlay(result=r, board_id=r.board_id, pair_id=pair_id)
        for r in results for pair_id in (r.ns_pair_id, r.ew_pair_id)
    )


def close_table_entries(result):
    """A stored result ends any entry still open at the table for that board and pair:
    the director's result wins over what the table typed (an entry the table's opponents
    accept is marked accepted afterwards by club.services.table_phones)."""
    TableEntry.objects.filter(board_id=result.board_id, ns_pair_id=result.ns_pair_id,
                              status__in=TableEntry.OPEN).update(
        status=TableEntry.Status.WITHDRAWN, decided_at=timezone.now())


def _check_pairs(session, result):
    """Both pairs belong to the session and are different."""
    pairs = {p.pk: p for p in Pair.objects.filter(
        session=session, pk__in=[result.ns_pair_id, result.ew_pair_id])}
    for pair_id in (result.ns_pair_id, result.ew_pair_id):
        if pair_id not in pairs:
            raise Refused(gettext("Both pairs of a result must be pairs of its session."))
    if result.ns_pair_id == result.ew_pair_id:
        raise Refused(gettext("A pair cannot play against itself."))
    result.ns_pair, result.ew_pair = pairs[result.ns_pair_id], pairs[result.ew_pair_id]


def _check_not_played(result):
    """A board not played has no contract and no assigned result, and both sides get an
    adjusted score (the database refuses anything else; this says why)."""
    if not result.not_played:
        return
    if result.assigned:
        raise Refused(gettext("A board that was not played has no assigned result: clear "
                              "the assigned result on the result page, or enter the table "
                              "result."))
    if not (result.ns_adjustment and result.ew_adjustment):
        raise Refused(gettext("A board that was not played needs an adjusted score for each "
                              "side, e.g. A+ or A+/A-."))
    if result.level is not None:
        raise Refused(gettext("A board that was not played has no contract."))


def _save_scored(session, board, result, hcp_field=None):
    """Score and save `result` (on `board` of the locked `session`) unless a pair already
    has a result on the board; the database's unique constraints catch anything that
    slipped past the first look."""
    result.board = board
    board.session = session
    _check_pairs(session, result)
    _check_not_played(result)
    if result.assigned and (result.ns_adjustment or result.ew_adjustment):
        raise Refused(gettext("A ruling is either an assigned result or adjusted scores, "
                              "not both."))
    duplicate = find_duplicate(result)
    if duplicate:
        raise duplicate
    score_result(result, hcp_field=hcp_field)
    try:
        with transaction.atomic():
            result.save()
            sync_board_plays([result])
            close_table_entries(result)
    except IntegrityError:
        duplicate = find_duplicate(result)
        if duplicate:
            raise duplicate from None
        raise
    return result


def enter_result(board_id, *, ns_pair_id, ew_pair_id, values, board_hcp=None,
                 hcp_field=None, locked=None):
    """Store a new result on a board; `values` are its fields (contract fields from
    contract_values, a board not played included, ns_hcp, table, round, rulings).
    `board_hcp`, when given, is first given to the (duplicated) board, in the same
    transaction (club.services.hcp.give_board_hcp: the first table's stands). `locked`:
    the board's session when the caller has locked it already in its transaction
    (club.services.table_phones, which says whose phone pages change), which spares
    locking it again. Raises DuplicateResult, MissingHcp or Refused."""
    with transaction.atomic():
        if locked is None:
            session, board = locked_board(board_id)
        else:
            session, board = locked, Board.objects.get(pk=board_id, session=locked)
            board.session = session
        refuse_closed(session)
        if board_hcp is not None:
            give_board_hcp(session, board, board_hcp)
        result = Result(board=board, ns_pair_id=ns_pair_id, ew_pair_id=ew_pair_id, **values)
        return _save_scored(session, board, result, hcp_field=hcp_field)


def _locked_result(result_id, version):
    """The result, its session locked, if it is still at `version`; StaleResult if not."""
    board_id = Result.objects.filter(pk=result_id).values_list("board_id", flat=True).first()
    if board_id is None:
        raise StaleResult(None)
    session, board = locked_board(board_id)
    result = _result_queryset().filter(pk=result_id).first()
    if result is None or result.version != version:
        raise StaleResult(result)
    result.board = board
    return session, board, result


def correct_result(result_id, version, values, *, board_hcp=None, hcp_field=None):
    """Apply `values` to the stored result if it is still at `version` (the director's
    form carries the version it was loaded with); StaleResult with what is stored now
    otherwise. Everything runs in one transaction, so a refused change (duplicate, missing
    HCP) leaves the result as it was. Returns the saved result.

    A board not played that gets a table result loses the adjusted scores it was given
    for not being played, unless `values` gives them again."""
    with transaction.atomic():
        session, board, result = _locked_result(result_id, version)
        refuse_closed(session)
        if board_hcp is not None:
            give_board_hcp(session, board, board_hcp)
        was_not_played = result.not_played
        for name, value in values.items():
            setattr(result, name, value)
        if was_not_played and not result.not_played:
            for name in ("ns_adjustment", "ew_adjustment"):
                if name not in values:
                    setattr(result, name, "")
        result.version = version + 1
        return _save_scored(session, board, result, hcp_field=hcp_field)


def delete_result(result_id, version):
    """Delete the result if it is still at `version`; StaleResult otherwise. Its history
    stays on record."""
    with transaction.atomic():
        session, _board, result = _locked_result(result_id, version)
        refuse_closed(session)
        result.delete()
    return result
