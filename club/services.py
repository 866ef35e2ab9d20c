"""Work that spans several club models: the schedule of a session and its boards."""

from django.db import transaction

from club import movements
from club.models import Board, Pair


def pair_count(session):
    return session.pairs.count()


def session_schedule(session, pairs=None):
    """The movement's seatings for this session ([] for free seating).

    `pairs` is the number of registered pairs (counted when not given); Howell needs it,
    Mitchell pair numbers follow the tables (NS 1..n, EW n+1..2n).
    """
    if session.movement == "free":
        return []
    if pairs is None:
        pairs = pair_count(session)
    return movements.schedule(session.movement, tables=session.tables, pairs=pairs,
                              rounds=session.rounds)


def board_total(session, schedule=None):
    """How many boards the session plays: its board sets times boards per round."""
    if session.movement == "free":
        return session.rounds * session.boards_per_round
    schedule = session_schedule(session) if schedule is None else schedule
    sets = max((s.board_set for s in schedule if s.board_set), default=0)
    return sets * session.boards_per_round


def create_boards(session):
    """Give the session the boards its setup needs (see sync_boards); returns them all."""
    sync_boards(session)
    return list(session.boards.order_by("number"))


# --- setting up an evening ------------------------------------------------------------

def seated_pairs(session, numbers):
    """How many pairs the movement is played with, or None while the registered pairs
    (their `numbers`) do not fit it yet.

    Free seating takes 2 to 2 * tables pairs. A Mitchell or Howell takes 2 * tables pairs,
    or one fewer with a sit-out each round; they must be numbered 1..p without gaps (so the
    empty seat of an odd field is the last one, the phantom of the movements module).
    """
    numbers = set(numbers)
    count = len(numbers)
    seats = 2 * session.tables
    if session.movement == "free":
        return count if 2 <= count <= seats else None
    if count not in (seats - 1, seats) or numbers != set(range(1, count + 1)):
        return None
    try:
        session_schedule(session, pairs=count)
    except movements.MovementError:
        return None  # e.g. 3 pairs on 2 tables: a Howell needs 4
    return count


def planned_schedule(session, numbers=None):
    """The schedule for the registered pairs once they fit the movement, else for the full
    field of 2 * tables pairs (what the room is set up for). Raises MovementError when the
    session's own sizes are impossible."""
    if session.movement == "free":
        return []
    if numbers is None:
        numbers = session.pairs.values_list("number", flat=True)
    count = seated_pairs(session, numbers) or 2 * session.tables
    return session_schedule(session, pairs=count)


@transaction.atomic
def sync_boards(session):
    """Make the session's boards the ones its setup needs: create the missing boards and
    delete the extra ones that have no results.

    Returns the numbers of extra boards kept because results exist on them (the setup
    forms refuse such changes, so normally []).
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


def mitchell_reseating(numbers, old_tables, new_tables):
    """{old number: new number} keeping every pair at its Mitchell seat (kNS, kEW) when
    the number of tables changes: EW pair old_tables + k becomes new_tables + k."""
    return {n: n if n <= old_tables else n - old_tables + new_tables for n in numbers}


@transaction.atomic
def renumber_pairs(session, mapping):
    """Give the session's pairs new numbers ({old: new}, the new numbers all distinct)."""
    pairs = [p for p in session.pairs.all() if mapping.get(p.number, p.number) != p.number]
    if not pairs:
        return
    # Two steps through numbers no pair holds, so that no number is ever taken twice
    # (the database checks uniqueness row by row).
    offset = 1000 + max(max(mapping.values()), max(p.number for p in pairs))
    for pair in pairs:
        pair.number += offset
    Pair.objects.bulk_update(pairs, ["number"])
    for pair in pairs:
        pair.number = mapping[pair.number - offset]
    Pair.objects.bulk_update(pairs, ["number"])


# --- Result entry and corrections (director's evening) ---------------------------------
# Every write of a result goes through these functions: they refuse a second result for a
# pair on a board (naming the one stored) and, for changes, compare the version the
# director's form was loaded with, so two directors never overwrite each other silently.


class DuplicateResult(Exception):
    """A pair already has a result on this board."""

    def __init__(self, existing, pair):
        self.existing = existing
        self.pair = pair
        super().__init__(str(self.message))

    @property
    def message(self):
        from django.utils.translation import gettext

        existing, session = self.existing, self.existing.board.session
        opponent = (existing.ew_pair if existing.ns_pair_id == self.pair.pk
                    else existing.ns_pair)
        return gettext("Pair %(pair)s already has a result on board %(board)s: %(result)s "
                       "against %(opponent)s%(where)s.") % {
            "pair": session.pair_label(self.pair.number),
            "board": existing.board.number,
            "result": existing.text,
            "opponent": session.pair_label(opponent.number),
            "where": table_and_round(existing),
        }


class StaleResult(Exception):
    """The result changed (or was deleted) since the form was loaded; `current` is what is
    stored now (None when deleted)."""

    def __init__(self, current):
        self.current = current
        super().__init__("stale result")


def table_and_round(result):
    """' (table 2, round 1)', ' (table 2)', ' (round 1)' or '' for messages."""
    from django.utils.translation import gettext

    if result.table and result.round:
        return gettext(" (table %(table)s, round %(round)s)") % {
            "table": result.table, "round": result.round}
    if result.table:
        return gettext(" (table %(table)s)") % {"table": result.table}
    if result.round:
        return gettext(" (round %(round)s)") % {"round": result.round}
    return ""


def _result_queryset():
    from club.models import Result

    return Result.objects.select_related("board__session", "ns_pair", "ew_pair")


def find_duplicate(result):
    """The stored result on the same board that already holds one of these pairs, or None."""
    from django.db.models import Q

    pairs = [result.ns_pair_id, result.ew_pair_id]
    clash = (_result_queryset().filter(board_id=result.board_id)
             .filter(Q(ns_pair_id__in=pairs) | Q(ew_pair_id__in=pairs))
             .exclude(pk=result.pk).first())
    if clash is None:
        return None
    pair = result.ns_pair if result.ns_pair_id in (clash.ns_pair_id, clash.ew_pair_id) \
        else result.ew_pair
    return DuplicateResult(clash, pair)


def _save_checked(result):
    """Save `result` unless a pair already has a result on the board; the database's own
    unique constraints catch a concurrent entry that slipped past the first look."""
    from django.db import IntegrityError

    duplicate = find_duplicate(result)
    if duplicate:
        raise duplicate
    try:
        with transaction.atomic():
            result.save()
    except IntegrityError:
        duplicate = find_duplicate(result)
        if duplicate:
            raise duplicate from None
        raise


def create_result(result):
    """Store a new result (built but unsaved); raises DuplicateResult, or ValidationError
    (code "missing_hcp") when no HCP is known."""
    _save_checked(result)
    return result


def update_result(result_id, version, change):
    """Apply `change(result)` to the stored result if it is still at `version`.

    Compare-and-set: the version is bumped by one UPDATE ... WHERE version = v first, so of
    two directors saving the same version only one gets through (PostgreSQL makes the
    second wait for the first and then finds no row; SQLite serialises the writes); the
    other gets StaleResult with the value now stored. Everything runs in one transaction,
    so a refused change (duplicate, missing HCP) leaves the result as it was.
    """
    from club.models import Result

    with transaction.atomic():
        if not Result.objects.filter(pk=result_id, version=version).update(
                version=version + 1):
            raise StaleResult(_result_queryset().filter(pk=result_id).first())
        result = _result_queryset().get(pk=result_id)
        change(result)
        result.version = version + 1
        _save_checked(result)
    return result


def delete_result(result_id, version):
    """Delete the result if it is still at `version`; StaleResult otherwise."""
    from club.models import Result

    with transaction.atomic():
        if not Result.objects.filter(pk=result_id, version=version).update(
                version=version + 1):
            raise StaleResult(_result_queryset().filter(pk=result_id).first())
        result = _result_queryset().get(pk=result_id)
        result.delete()
    return result


def set_board_hcp(board, ns_hcp):
    """Store a duplicated board's NS HCP and rescore its results, in one transaction (a
    ValidationError "missing_hcp" from clearing it under stored results undoes both)."""
    from scoring.services import rescore_board

    with transaction.atomic():
        board.ns_hcp = ns_hcp
        board.save(update_fields=["ns_hcp"])
        rescore_board(board)
    return board


SESSION_TRANSITIONS = {
    # action: (statuses it starts from, status it leads to)
    "start": (("setup",), "running"),
    "finish": (("running",), "finished"),
    "publish": (("finished",), "published"),
    "reopen": (("finished", "published"), "running"),
}


def change_session_status(session_id, action):
    """Move a session through setup -> running -> finished -> published (reopen goes back to
    running). Returns the saved session, or None when the action does not apply to the
    status the session has now. The change is recorded in the session's history."""
    from club.models import Session

    if action not in SESSION_TRANSITIONS:
        return None
    sources, target = SESSION_TRANSITIONS[action]
    with transaction.atomic():
        session = Session.objects.select_for_update().get(pk=session_id)
        if session.status not in sources:
            return None
        session.status = target
        session.save()
    return session
