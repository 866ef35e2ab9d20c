"""Every service that writes a session's data (its setup, pairs, boards, results, status or
scoring rules) first locks the session's row for the rest of its transaction. Writes to one
session therefore happen one after another, and each sees what the one before it wrote: a
correction racing a board-wide rescore is scored under the rules in force when it is
saved, never with a stale score. (PostgreSQL: the row lock of UPDATE and SELECT ... FOR
UPDATE. SQLite locks the whole database for every write transaction, which gives the same
order.) Locking also bumps the session's version, which the pages use as their ETag and
cache key, and forgets the live blocks' ETags this process confirmed (the micro-cache,
club.stats.kept).

A table's phone page (club.phones.views.table_round) is keyed more narrowly, so that one
table's entry does not make the other 29 work out their pages again: on the session's
`tables_version` and its table code's `version`. A write says which tables' pages it can
change (`tables`); without it, every table's (`tables_version`)."""

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext

from club.models import Board, Session, TableCode
from club.plan import SessionPlan
from club.services.errors import Refused
from club.stats.kept import forget_recent


def lock_session(session_id, tables=None):
    """The session, locked until the surrounding transaction ends (call inside one), with
    its version bumped: whoever locks it is about to change what its pages show, and a
    refused change rolls the bump back with everything else. `tables`: the only tables
    whose phone pages the write can change (see the module); None, any table's."""
    assert transaction.get_connection().in_atomic_block, "lock_session needs a transaction"
    bumps = {"version": F("version") + 1}
    if tables is None:
        bumps["tables_version"] = F("tables_version") + 1
    Session.objects.filter(pk=session_id).update(**bumps)
    forget_recent()
    if tables:
        touch_tables(session_id, tables)
    return (Session.objects.select_for_update(of=("self",))
            .select_related("compensation_table").get(pk=session_id))


def touch_sessions_of(player_id):
    """Bump the version of every session in which the player plays (inside a transaction,
    after the player's row is locked: players before sessions, as every service takes
    them): a renamed player changes what those sessions' pages show."""
    assert transaction.get_connection().in_atomic_block, "touch_sessions_of needs a transaction"
    playing = (Q(pairs__player1_id=player_id) | Q(pairs__player2_id=player_id)
               | Q(individual_entries__player_id=player_id))
    ids = Session.objects.filter(playing).values("pk")
    Session.objects.filter(pk__in=ids).update(version=F("version") + 1,
                                              tables_version=F("tables_version") + 1)
    forget_recent()


def touch_tables(session_id, tables):
    """What the phone pages of these tables show may change (inside the transaction of a
    lock_session): their keys change; `tables` None: every table's."""
    if tables is None:
        Session.objects.filter(pk=session_id).update(tables_version=F("tables_version") + 1)
    else:
        TableCode.objects.filter(session_id=session_id, table__in=tables).update(
            version=F("version") + 1)


def current_plan(session, plan=None):
    """The plan (club.plan.SessionPlan) of the locked `session`: the caller's `plan`, loaded
    by the page before the lock, when nothing has been written since (the version is the
    page's plus this lock's own bump), so a request computes the movement once; else the
    plan loaded again."""
    if (plan is not None and plan.session.pk == session.pk
            and plan.session.version + 1 == session.version):
        return plan
    return SessionPlan.load(session)


def locked_row(model, pk, gone):
    """The row of `model` with this pk, locked until the transaction ends; Refused with
    the message `gone` when it no longer exists."""
    found = model.objects.select_for_update().filter(pk=pk).first()
    if found is None:
        raise Refused(gone)
    return found


def locked_board(board_id):
    """(session, board) with the board's session locked; Refused if the board is gone."""
    session_id = Board.objects.filter(pk=board_id).values_list("session_id", flat=True).first()
    if session_id is None:
        raise Refused(gettext("This board no longer exists."))
    session = lock_session(session_id)
    board = Board.objects.get(pk=board_id)
    board.session = session
    return session, board
