"""Applying the engine to stored results: the one place where outcomes are computed."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _
from simple_history.utils import bulk_update_with_history

from scoring.engine import Policy, score_board

ADJUSTMENT_IMPS = {"ave+": 3, "ave": 0, "ave-": -3}


def _engine_table(session, cache):
    table = cache.get(session.compensation_table_id)
    if table is None:
        table = session.compensation_table.to_engine()
        cache[session.compensation_table_id] = table
    return table


def score_result(result, *, table_cache=None):
    """Compute and set the outcome fields of one result from the engine.

    An assigned result replaces the table result for scoring; an artificial adjusted score
    replaces the IMPs of its side (so NS Average plus with EW Average minus is possible).
    Raises ValidationError when the NS HCP is not known yet.
    """
    board = result.board
    session = board.session
    ns_hcp = result.effective_ns_hcp
    if ns_hcp is None:
        raise ValidationError(
            _("Board %(board)s has no NS HCP yet: enter the high-card points of North-South "
              "(0-40)."),
            params={"board": board.number}, code="missing_hcp",
        )
    if result.assigned:
        contract = result.assigned_contract
        declarer, tricks = result.assigned_declarer, result.assigned_tricks
    else:
        contract, declarer, tricks = result.contract, result.declarer, result.tricks
    outcome = score_board(
        board.number, contract, declarer or None, tricks, ns_hcp,
        policy=Policy(session.policy),
        table=_engine_table(session, {} if table_cache is None else table_cache),
        vulnerability=board.vulnerability,
    )
    result.ns_score = outcome.ns_score
    result.ns_compensation = outcome.ns_compensation
    result.ns_net = outcome.ns_net
    result.ns_imps = ADJUSTMENT_IMPS.get(result.ns_adjustment, outcome.ns_imps)
    result.ew_imps = ADJUSTMENT_IMPS.get(result.ew_adjustment, outcome.ew_imps)
    return result


OUTCOME_FIELDS = ["ns_score", "ns_compensation", "ns_net", "ns_imps", "ew_imps"]


def _outcome(result):
    return tuple(getattr(result, field, None) for field in OUTCOME_FIELDS)


@transaction.atomic
def rescore_results(results, reason="rescored"):
    """Recompute the outcome of these results and bulk-write those that changed, with a
    history record each (one transaction). Returns how many changed."""
    cache = {}
    changed = []
    for result in results:
        before = _outcome(result)
        score_result(result, table_cache=cache)
        if _outcome(result) != before:
            changed.append(result)
    if changed:
        bulk_update_with_history(changed, type(changed[0]), OUTCOME_FIELDS, batch_size=500,
                                 default_change_reason=reason)
    return len(changed)


def rescore_session(session):
    """Rescore every result of a session, e.g. after its table or policy changed; returns
    how many outcomes changed."""
    from club.models import Result

    results = (Result.objects.filter(board__session=session)
               .select_related("board__session__compensation_table")
               .prefetch_related("board__session__compensation_table__rows"))
    return rescore_results(results, reason="rescored: scoring rules changed")


def rescore_board(board):
    """Rescore the results of one board, e.g. after its HCP or vulnerability changed;
    returns how many outcomes changed."""
    from club.models import Result

    results = (Result.objects.filter(board=board)
               .select_related("board__session__compensation_table")
               .prefetch_related("board__session__compensation_table__rows"))
    return rescore_results(results, reason="rescored: board changed")
