"""Applying the engine to stored results: the one place where outcomes are computed. The
services store them; a page or a file reader that needs a board's compensation or a table
score asks here too (nothing is written then)."""

import copy

from django.db import connection

from club.models import OUTCOME_FIELDS, Result
from club.services.errors import MissingHcp
from scoring.engine import Direction, Policy, contract_score, score_board, side_imps

# What a rescore leaves unread: the seating, the bookkeeping and the timestamps (reading
# whole rows cost most of a rescore). Everything else, and any field added later, is loaded.
UNSCORED_FIELDS = ["ns_pair", "ew_pair", "round", "table", "version", "created_at",
                   "updated_at"]
BOARD_UNSCORED_FIELDS = ["deal", "double_dummy", "par_score", "par_contracts"]


def engine_table(session, cache=None):
    """The engine's table for the session's compensation table (loaded once per cache)."""
    cache = {} if cache is None else cache
    table = cache.get(session.compensation_table_id)
    if table is None:
        table = session.compensation_table.to_engine()
        cache[session.compensation_table_id] = table
    return table


def score_result(result, *, table_cache=None, hcp_field=None):
    """Compute and set the outcome fields of one result from the engine (not saved).

    An assigned result replaces the table result for scoring; an artificial adjusted score
    replaces the IMPs of its side (so NS Average plus with EW Average minus is possible).
    A board not played scores nothing and owes no compensation: each side gets its
    adjusted score's IMPs, whatever the HCP. Raises MissingHcp when the NS HCP is needed
    and not known yet.
    """
    if result.not_played:
        result.set_outcome((0, 0, 0, side_imps(result.ns_adjustment, 0),
                            side_imps(result.ew_adjustment, 0)))
        return result
    board = result.board
    session = board.session
    ns_hcp = result.effective_ns_hcp
    if ns_hcp is None:
        raise MissingHcp(board.number, field=hcp_field)
    contract, declarer, tricks = result.scored_result
    outcome = score_board(
        board.number, contract, declarer, tricks, ns_hcp,
        policy=Policy(session.policy), table=engine_table(session, table_cache),
        vulnerability=board.vulnerability,
    )
    result.set_outcome((outcome.ns_score, outcome.ns_compensation, outcome.ns_net,
                        side_imps(result.ns_adjustment, outcome.ns_imps),
                        side_imps(result.ew_adjustment, outcome.ew_imps)))
    return result


def line_compensation(board, session):
    """North-South's compensation on a board, from its HCP under the session's table: what
    the line holding 21 or more HCP owes (the whole outcome of a passed-out board under the
    line policy). None while the board's HCP are not known. Nothing is written."""
    if board.ns_hcp is None:
        return None
    return score_board(board.number, None, None, None, board.ns_hcp, policy=Policy.LINE,
                       table=engine_table(session),
                       vulnerability=board.vulnerability).ns_compensation


def table_score(contract, declarer, tricks, vulnerability):
    """North-South's table score of a contract (None: passed out) and its tricks on a board
    of this vulnerability: what the result shows before anything from the board's HCP."""
    if contract is None:
        return 0
    score = contract_score(contract, tricks, vulnerability.is_vulnerable(declarer))
    return score if Direction.coerce(declarer).is_ns else -score


def rescore_results(results, reason="rescored"):
    """Recompute the outcome of these results and write those that changed, with a
    history record each. Returns how many changed. The caller holds the session's lock."""
    changed = _rescored(results)
    if changed:
        _write_outcomes(changed, reason)
    return len(changed)


def _rescored(results):
    """Score these results again (not saved); returns those whose outcome changed."""
    cache = {}
    changed = []
    for result in results:
        before = result.outcome
        if score_result(result, table_cache=cache).outcome != before:
            changed.append(result)
    return changed


def _write_outcomes(results, reason):
    """One UPDATE of the outcome columns per result, sent together (executemany): Django's
    bulk_update builds a CASE with a branch per row for each field, which costs far more
    than the update itself. Then a history record for each, from the whole row (results
    loaded without the unscored fields are read again in full, one query)."""
    quote = connection.ops.quote_name
    columns = ", ".join(f"{quote(Result._meta.get_field(name).column)} = %s"
                        for name in OUTCOME_FIELDS)
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {quote(Result._meta.db_table)} SET {columns} WHERE {quote('id')} = %s",
            [(*result.outcome, result.pk) for result in results])
    partial = [r.pk for r in results if r.get_deferred_fields()]
    whole = Result.objects.in_bulk(partial) if partial else {}
    for result in results:
        if result.pk in whole:
            whole[result.pk].set_outcome(result.outcome)
    Result.history.bulk_history_create([whole.get(r.pk, r) for r in results], batch_size=500,
                                       update=True, default_change_reason=reason)


def _results_of(session, **filters):
    """The results to rescore, without the fields scoring never reads, each attached to its
    (already loaded) board and session."""
    boards = {b.pk: b for b in session.boards.defer(*BOARD_UNSCORED_FIELDS)}
    for board in boards.values():
        board.session = session
    results = list(Result.objects.filter(board__session=session, **filters)
                   .defer(*UNSCORED_FIELDS).order_by("pk"))
    for result in results:
        result.board = boards[result.board_id]
    return results


def rescore_session(session, reason="rescored: scoring rules changed"):
    """Rescore every result of a (locked) session, e.g. after its table or policy changed;
    returns how many outcomes changed."""
    return rescore_results(_results_of(session), reason=reason)


def rescore_preview(session, *, compensation_table, policy):
    """(how many results the session has, how many would get another outcome) under this
    compensation table and policy: the engine run over the stored results, nothing
    written, so a director can be told what a change of rules will do before saving it."""
    rules = copy.copy(session)
    rules.compensation_table, rules.policy = compensation_table, policy
    results = _results_of(rules)
    return len(results), len(_rescored(results))


def rescore_board(session, board, reason="rescored: board changed"):
    """Rescore the results of one board of a (locked) session, e.g. after its HCP or
    vulnerability changed; returns how many outcomes changed."""
    results = list(Result.objects.filter(board=board).defer(*UNSCORED_FIELDS).order_by("pk"))
    board.session = session
    for result in results:
        result.board = board
    return rescore_results(results, reason=reason)
