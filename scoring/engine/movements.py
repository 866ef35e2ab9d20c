"""Movements: who sits where, against whom, on which boards, round by round.

Pure functions, no Django and no database: the pages turn a session's kind and
size into a schedule with :func:`schedule`, and nothing here is ever typed by
hand.

Conventions
===========

* Rounds, tables, pairs and board sets are all numbered from 1.
* A schedule is a ``list[Seating]`` sorted by round, then table.  Every table
  of the movement holds exactly one seating in every round, and every pair
  appears exactly once per round.
* **Sit-outs.**  When a pair has no opponent in a round (a phantom pair fills
  the odd place), the seating is kept in the list so that the schedule shows
  who sits out: the phantom's side is ``None`` and so is ``board_set`` (nobody
  plays those boards at that table in that round).  A seating is a sit-out
  exactly when ``ns`` or ``ew`` is ``None``, and then ``board_set`` is
  ``None`` too; the real pair keeps a table number.
* Set ``k`` holds boards ``(k - 1) * boards_per_round + 1`` to
  ``k * boards_per_round`` (:func:`boards_of_set`); the number of sets in a
  movement is :func:`board_sets`.

Mitchell (``mitchell(tables, rounds=None, *, pairs=None)``)
------------------------------------------------------------

``tables`` from 2 to 50 (:data:`MITCHELL_MIN_TABLES`,
:data:`MITCHELL_MAX_TABLES`).  NS pair ``t`` stays at table ``t``; EW pair
``tables + t`` starts at table ``t`` and moves up one table a round (wrapping
round); board set ``t`` starts at table ``t`` and moves down one table a round.

* Odd number of tables: ``tables`` rounds, every EW pair meets every NS pair
  and plays every board set once.
* Even number of tables: ``tables - 1`` rounds with the usual skip: after round
  ``tables // 2`` the EW pairs move up two tables instead of one, so no EW pair
  meets a board set twice.  Each EW pair meets ``tables - 1`` different NS pairs
  (the one it skipped is never met).  Two tables give a legal, if short,
  one-round movement, which is why 2 is accepted.
* ``rounds`` shortens the movement: the result is the first ``rounds`` rounds
  of the full one.  More rounds than the full movement is an error.
* There are always ``tables`` board sets, all of them in play every round.
* ``pairs`` may be ``2 * tables - 1``: the last EW pair (``2 * tables``) is then
  a phantom, and the NS pair it would meet sits out (``ew=None``,
  ``board_set=None``).  The real pairs keep the numbers ``1 .. pairs``.

Even-table Mitchells (``even_mitchell(tables, rounds=None, *, arrangement, pairs=None)``)
----------------------------------------------------------------------------------------

The two arrangements clubs use with an even number of tables, ``tables`` from 2
to 50 and even.  They are not movement kinds of their own (:class:`MovementKind`
is unchanged); the caller picks one with ``arrangement`` (:class:`Arrangement`).
In both, NS pair ``t`` stays at table ``t``, EW pair ``tables + t`` starts at
table ``t``, there are ``tables`` board sets, ``rounds`` keeps the first rounds
of the full movement, and ``pairs = 2 * tables - 1`` makes EW pair
``2 * tables`` a phantom exactly as in the plain Mitchell.

* **Skip** (``"skip"``): EW pairs move up one table a round and board sets move
  down one table; after round ``tables // 2`` the EW pairs move up two tables
  (they skip one).  This is the plain :func:`mitchell` on an even number of
  tables: at most ``tables - 1`` rounds, all ``tables`` sets in play every round,
  each pair plays ``rounds`` different sets and meets ``rounds`` different
  opponents.  A round ``tables`` cannot be added: it would bring every EW pair
  back to the NS pair it met in round 1.  With the boards moving down one table
  a round, no way of moving the EW pairs gives an even number of tables every
  opponent and every set once (docs/movements.md has the count); that is what
  the relay and bye stand is for.
* **Relay and bye stand** (``"relay"``): tables 1 and ``tables`` share a board
  set every round (the *relay*: both seatings carry the same ``board_set``,
  and the two tables pass its boards between them), and a *bye stand* between
  tables ``tables // 2`` and ``tables // 2 + 1`` holds the one set that nobody
  plays that round (:func:`bye_stand_set`).  In round 1 table ``t`` plays set
  ``t`` up to table ``tables // 2``, the bye stand holds set
  ``tables // 2 + 1``, table ``t`` plays set ``t + 1`` from there to table
  ``tables - 1``, and table ``tables`` relays set 1 with table 1.  Every round
  the EW pairs move up one table (no skip) and each set moves down one place
  along relay -> ``tables - 1`` -> ... -> ``tables // 2 + 1`` -> bye stand ->
  ``tables // 2`` -> ... -> 2 -> relay.  Up to ``tables`` rounds; in each
  round ``tables - 1`` sets are in play, the relay set at two tables; each pair
  meets ``rounds`` different opponents and plays ``rounds`` different sets, so
  a full ``tables``-round evening gives every pair every set and every
  opponent on the other line once.  (Two tables are both relay tables: they
  play the same set, the other set waits on the stand.)

Arrow-switch (``arrow_switch(seatings, rounds=None)``)
------------------------------------------------------

Under Moscow compensation each result is scored on its own, so a Mitchell's
two lines can be ranked in one list if the pairs also play the other
direction.  ``arrow_switch`` returns the schedule with the pairs of the given
rounds (default: the last round) seated the other way round: ``ns`` and
``ew`` exchanged and ``switched=True`` (see :class:`Seating`); a seating
switched twice is back as it was.  Sit-outs are left as they are (nobody
plays).  Tables, rounds and board sets do not change, so every invariant of
the schedule still holds.

Howell (``howell(pairs)``)
--------------------------

``pairs`` from 4 to 32 (:data:`HOWELL_MIN_PAIRS`, :data:`HOWELL_MAX_PAIRS`);
a bigger field (say 60 pairs) needs a Mitchell.  Every pair meets every other
pair exactly once.  With an odd number of pairs a phantom (pair ``pairs + 1``,
which never appears in the result) makes the number even; whoever meets it
sits out that round, as ``Seating(ns=pair, ew=None, board_set=None)`` at the
last table.  So:

* rounds = ``pairs - 1`` (even) or ``pairs`` (odd), see :func:`full_rounds`;
* tables = ``ceil(pairs / 2)``; with an odd number of pairs the last table is
  the sit-out table and the real games are at the other tables;
* board sets = rounds; every set is played the same number of times
  (``tables`` times, or ``tables - 1`` with a sit-out), no pair plays a set
  twice, and each pair sits North-South in half its games (give or take one);
* the last pair (``pairs``, when even) is stationary at the last table;
* a Howell is always played in full (no ``rounds`` argument).

From 7 pairs up, the tables of a round always play different board sets.
That cannot be done for 4, 5 or 6 pairs (it would need a Room square of side 3
or 5, and none exists), so those three sizes share boards instead, as the
club versions of these movements do (relay or duplicated boards), keeping every
other property above:

* 4 pairs: in every round both tables play the same set;
* 5 pairs: in the last round the two playing tables play the same set;
* 6 pairs: in the last round all three tables play the same set.

The construction is in :mod:`howell`.

Free seating
------------

Free seating has no schedule: ``schedule("free", ...)`` is ``[]``,
:func:`full_rounds` and :func:`board_sets` are ``0``.

Errors
======

Bad input raises :class:`MovementError` (a ``BridgeError``, see
``errors``).  Its message template is wrapped in the no-op marker :func:`_`
(or, for a message with a count, :func:`errors.ngettext`) so that it can be extracted for
translation, and the error keeps ``.template`` and ``.params`` with
``str(err) == errors.english(err.template, err.params)``; the Django layer shows it
translated (``scoring.messages.bridge_message``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable
from enum import StrEnum
from typing import Any

from .errors import MovementError, _, ngettext
from .howell import howell_seatings
from .seating import Seating

__all__ = [
    "HOWELL_MAX_PAIRS",
    "HOWELL_MIN_PAIRS",
    "KINDS",
    "MITCHELL_MAX_TABLES",
    "MITCHELL_MIN_TABLES",
    "ARRANGEMENTS",
    "Arrangement",
    "MovementError",
    "MovementKind",
    "Seating",
    "arrow_switch",
    "board_sets",
    "boards_of_set",
    "bye_stand_set",
    "even_mitchell",
    "even_mitchell_full_rounds",
    "full_rounds",
    "howell",
    "mitchell",
    "schedule",
]


MITCHELL_MIN_TABLES = 2
MITCHELL_MAX_TABLES = 50
HOWELL_MIN_PAIRS = 4
HOWELL_MAX_PAIRS = 32


class MovementKind(StrEnum):
    """How the pairs move: a Mitchell, a Howell, or free seating (no schedule)."""

    MITCHELL = "mitchell"
    HOWELL = "howell"
    FREE = "free"


KINDS = tuple(kind.value for kind in MovementKind)


class Arrangement(StrEnum):
    """How a Mitchell on an even number of tables avoids boards played twice."""

    SKIP = "skip"
    RELAY = "relay"


ARRANGEMENTS = tuple(arrangement.value for arrangement in Arrangement)


# --------------------------------------------------------------------------
# validation helpers


def _whole(value: Any, template: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MovementError(template, value=value)
    return value


def _tables(value: Any) -> int:
    return _whole(value, _("The number of tables must be a whole number; got %(value)r."))


def _pairs(value: Any) -> int:
    return _whole(value, _("The number of pairs must be a whole number; got %(value)r."))


def _rounds(value: Any) -> int:
    rounds = _whole(value, _("The number of rounds must be a whole number; got %(value)r."))
    if rounds < 1:
        raise MovementError(_("The number of rounds must be at least 1; got %(rounds)d."),
                            rounds=rounds)
    return rounds


def _check_mitchell(tables: Any, pairs: Any) -> tuple[int, int]:
    """Validate a Mitchell's size; return ``(tables, pairs)``."""
    tables = _tables(tables)
    if not MITCHELL_MIN_TABLES <= tables <= MITCHELL_MAX_TABLES:
        raise MovementError(
            _("A Mitchell needs %(min)d to %(max)d tables; got %(tables)d."),
            min=MITCHELL_MIN_TABLES, max=MITCHELL_MAX_TABLES, tables=tables,
        )
    if pairs is None:
        return tables, 2 * tables
    pairs = _pairs(pairs)
    if pairs not in (2 * tables, 2 * tables - 1):
        raise MovementError(
            ngettext("A Mitchell on %(tables)d tables seats %(full)d pairs, or %(short)d "
                     "with one pair sitting out each round; got %(pairs)d pair.",
                     "A Mitchell on %(tables)d tables seats %(full)d pairs, or %(short)d "
                     "with one pair sitting out each round; got %(pairs)d pairs.", "pairs"),
            tables=tables, full=2 * tables, short=2 * tables - 1, pairs=pairs,
        )
    return tables, pairs


def _check_howell(pairs: Any, tables: Any = None) -> int:
    """Validate a Howell's size (and its table count, if given); return ``pairs``."""
    pairs = _pairs(pairs)
    if pairs < HOWELL_MIN_PAIRS:
        raise MovementError(
            _("A Howell needs at least %(min)d pairs (accepted: %(min)d to %(max)d); "
              "got %(pairs)d."),
            min=HOWELL_MIN_PAIRS, max=HOWELL_MAX_PAIRS, pairs=pairs,
        )
    if pairs > HOWELL_MAX_PAIRS:
        raise MovementError(
            _("A Howell takes at most %(max)d pairs (accepted: %(min)d to %(max)d); "
              "got %(pairs)d. Use a Mitchell for a bigger field."),
            min=HOWELL_MIN_PAIRS, max=HOWELL_MAX_PAIRS, pairs=pairs,
        )
    if tables is not None:
        tables = _tables(tables)
        expected = (pairs + 1) // 2
        if tables != expected:
            raise MovementError(
                _("A Howell for %(pairs)d pairs uses %(expected)d tables; got %(tables)d."),
                pairs=pairs, expected=expected, tables=tables,
            )
    return pairs


def _check_kind(kind: Any) -> str:
    if kind not in KINDS:
        raise MovementError(
            _("Unknown movement %(kind)r; accepted: %(accepted)s."),
            kind=kind, accepted=", ".join(KINDS),
        )
    return kind


# --------------------------------------------------------------------------
# Mitchell


def _mitchell_full_rounds(tables: int) -> int:
    return tables if tables % 2 else tables - 1


def mitchell(tables: int, rounds: int | None = None, *, pairs: int | None = None) -> list[Seating]:
    """The Mitchell movement on ``tables`` tables (see the module docstring).

    ``rounds`` (default: the full movement) keeps only the first rounds;
    ``pairs`` may be ``2 * tables - 1`` to make EW pair ``2 * tables`` a phantom.
    """
    tables, pairs = _check_mitchell(tables, pairs)
    full = _mitchell_full_rounds(tables)
    _check_rounds_for("mitchell", tables, pairs, rounds, full)
    rounds = full if rounds is None else rounds
    half = tables // 2
    seatings = []
    for rnd in range(1, rounds + 1):
        # How far the EW pairs have moved up since round 1: one table a round,
        # plus one more after the skip (even number of tables only).
        moved = rnd - 1 if tables % 2 or rnd <= half else rnd
        for table in range(1, tables + 1):
            board_set = (table - 1 + rnd - 1) % tables + 1
            seatings.append(_mitchell_seating(rnd, table, tables, pairs, moved, board_set))
    return seatings


def _mitchell_seating(rnd: int, table: int, tables: int, pairs: int, moved: int,
                      board_set: int) -> Seating:
    """NS pair ``table`` against the EW pair that has moved up ``moved`` tables
    since round 1; a sit-out when that EW pair is the phantom."""
    ew = tables + (table - 1 - moved) % tables + 1
    if ew > pairs:
        return Seating(rnd, table, table, None, None)
    return Seating(rnd, table, table, ew, board_set)


# --------------------------------------------------------------------------
# even-table Mitchells: skip, relay and bye stand


def _check_arrangement(arrangement: Any) -> Arrangement:
    if arrangement not in ARRANGEMENTS:
        raise MovementError(
            _("Unknown arrangement %(arrangement)r for an even-table Mitchell; "
              "accepted: %(accepted)s."),
            arrangement=arrangement, accepted=", ".join(ARRANGEMENTS),
        )
    return Arrangement(arrangement)


def _check_even_tables(tables: Any) -> int:
    tables = _check_mitchell(tables, None)[0]
    if tables % 2:
        raise MovementError(
            _("The skip and the relay and bye stand are for an even number of tables; "
              "got %(tables)d. On an odd number a plain Mitchell plays every board."),
            tables=tables,
        )
    return tables


def even_mitchell_full_rounds(tables: int, arrangement: str) -> int:
    """Rounds of the full even-table Mitchell: ``tables - 1`` with the skip,
    ``tables`` with the relay and bye stand."""
    arrangement = _check_arrangement(arrangement)
    tables = _check_even_tables(tables)
    return tables - 1 if arrangement == Arrangement.SKIP else tables


def _check_even_rounds(tables: int, arrangement: Arrangement, rounds: Any) -> int:
    """Validate a number of rounds (or a round) of an even-table Mitchell."""
    rounds = _rounds(rounds)
    full = even_mitchell_full_rounds(tables, arrangement)
    if rounds <= full:
        return rounds
    if arrangement == Arrangement.SKIP:
        raise MovementError(
            _("A skip Mitchell on %(tables)d tables ends with round %(max)d (one more would "
              "meet an opponent again); got %(rounds)d rounds. The relay and bye stand plays "
              "%(tables)d rounds."),
            tables=tables, max=full, rounds=rounds,
        )
    raise MovementError(
        _("A relay and bye stand Mitchell on %(tables)d tables has at most %(max)d rounds; "
          "got %(rounds)d."),
        tables=tables, max=full, rounds=rounds,
    )


def even_mitchell(tables: int, rounds: int | None = None, *, arrangement: str,
                  pairs: int | None = None) -> list[Seating]:
    """A Mitchell on an even number of tables with the skip or the relay and
    bye stand (see the module docstring); same seatings and arguments as
    :func:`mitchell`."""
    full = even_mitchell_full_rounds(tables, arrangement)
    tables, pairs = _check_mitchell(tables, pairs)
    rounds = full if rounds is None else _check_even_rounds(tables, arrangement, rounds)
    if arrangement == Arrangement.SKIP:
        return mitchell(tables, rounds, pairs=pairs)
    seatings = []
    for rnd in range(1, rounds + 1):
        sets = _relay_sets(tables, rnd)
        for table in range(1, tables + 1):
            seatings.append(_mitchell_seating(rnd, table, tables, pairs, rnd - 1, sets[table]))
    return seatings


def _relay_places(tables: int) -> list[int | None]:
    """The board places of a relay and bye stand in round 1's set order: the
    relay (tables 1 and ``tables``, as 1), tables 2 .. half, the bye stand
    (``None``), tables half + 1 .. ``tables - 1``.  Sets move one place left a
    round."""
    half = tables // 2
    return [1, *range(2, half + 1), None, *range(half + 1, tables)]


def _relay_sets(tables: int, rnd: int) -> dict[int | None, int]:
    """The set at each table (and at the bye stand, key ``None``) in round ``rnd``."""
    sets = {place: (index + rnd - 1) % tables + 1
            for index, place in enumerate(_relay_places(tables))}
    sets[tables] = sets[1]  # the relay
    return sets


def bye_stand_set(tables: int, rnd: int) -> int:
    """The board set on the bye stand (played by nobody) in round ``rnd`` of a
    relay and bye stand Mitchell on ``tables`` tables."""
    tables = _check_even_tables(tables)
    return _relay_sets(tables, _check_even_rounds(tables, Arrangement.RELAY, rnd))[None]


# --------------------------------------------------------------------------
# arrow-switch


def arrow_switch(seatings: Iterable[Seating],
                 rounds: Collection[int] | None = None) -> list[Seating]:
    """The schedule with the pairs of ``rounds`` (default: the last round)
    seated the other way round: ``ns`` and ``ew`` exchanged, ``switched``
    flipped.  Sit-outs are left as they are."""
    seatings = list(seatings)
    in_schedule = {s.round for s in seatings}
    if rounds is None:
        rounds = {max(in_schedule)} if in_schedule else set()
    else:
        rounds = {_rounds(rnd) for rnd in rounds}
    missing = sorted(rounds - in_schedule)
    if missing:
        raise MovementError(_("Round %(round)d is not in the movement."), round=missing[0])
    return [dataclasses.replace(s, ns=s.ew, ew=s.ns, switched=not s.switched)
            if s.round in rounds and not s.is_sit_out else s
            for s in seatings]


# --------------------------------------------------------------------------
# Howell

def howell(pairs: int) -> list[Seating]:
    """The complete Howell movement for ``pairs`` pairs (see the module docstring)."""
    return list(howell_seatings(_check_howell(pairs)))


# --------------------------------------------------------------------------
# dispatch


def full_rounds(kind: str, *, tables: int | None, pairs: int | None,
                arrangement: str | None = None) -> int:
    """Rounds of the full movement: Mitchell ``tables`` if odd else ``tables - 1``
    (``tables`` with the relay and bye stand); Howell ``pairs - 1`` if even else
    ``pairs``; free seating 0.

    Mitchell reads ``tables`` (``pairs`` may be None, ``2 * tables`` or
    ``2 * tables - 1``) and ``arrangement`` (see :func:`schedule`); Howell reads
    ``pairs`` (``tables`` may be None or ``ceil(pairs / 2)``); free seating reads
    neither.
    """
    kind = _check_kind(kind)
    if kind == "mitchell":
        tables = _check_mitchell(tables, pairs)[0]
        if arrangement is not None:
            return even_mitchell_full_rounds(tables, arrangement)
        return _mitchell_full_rounds(tables)
    if kind == "howell":
        pairs = _check_howell(pairs, tables)
        return pairs if pairs % 2 else pairs - 1
    return 0


def board_sets(kind: str, *, tables: int | None, pairs: int | None,
               rounds: int | None = None, arrangement: str | None = None) -> int:
    """How many board sets the movement uses (boards = sets * boards per round).

    Mitchell: ``tables`` (a shortened Mitchell still plays every set each
    round; the relay and bye stand has one set on the stand); Howell: its
    number of rounds; free seating: 0.  The arguments are those of
    :func:`schedule` and are validated the same way.
    """
    kind = _check_kind(kind)
    _mitchell_only(kind, arrangement)
    if kind == "free":
        return 0
    full = full_rounds(kind, tables=tables, pairs=pairs, arrangement=arrangement)
    if kind == "mitchell" and arrangement is not None and rounds is not None:
        _check_even_rounds(tables, Arrangement(arrangement), rounds)
    _check_rounds_for(kind, tables, pairs, rounds, full)
    if kind == "mitchell":
        return tables
    return full


def _mitchell_only(kind: str, arrangement: Any) -> str | None:
    """``arrangement``, refused for any movement but a Mitchell."""
    if arrangement is not None and kind != "mitchell":
        raise MovementError(
            _("The skip and the relay and bye stand are arrangements of a Mitchell; "
              "a %(kind)s has none."), kind=kind)
    return arrangement


def _check_rounds_for(kind: str, tables: Any, pairs: Any, rounds: Any, full: int) -> None:
    if rounds is None:
        return
    rounds = _rounds(rounds)
    if kind == "howell" and rounds != full:
        raise MovementError(
            _("A Howell for %(pairs)d pairs is always played in full: %(full)d rounds; "
              "got %(rounds)d."),
            pairs=pairs, full=full, rounds=rounds,
        )
    if kind == "mitchell" and rounds > full:
        raise MovementError(
            ngettext("A Mitchell on %(tables)d tables has at most %(max)d round; "
                     "got %(rounds)d.",
                     "A Mitchell on %(tables)d tables has at most %(max)d rounds; "
                     "got %(rounds)d.", "max"),
            tables=tables, max=full, rounds=rounds,
        )


def schedule(kind: str, *, tables: int | None, pairs: int | None,
             rounds: int | None = None, arrangement: str | None = None,
             arrow_switch_rounds: Collection[int] = ()) -> list[Seating]:
    """The seatings of a session, sorted by round and table.

    ``kind`` is one of :data:`KINDS`.  ``"mitchell"`` -> :func:`mitchell`
    (``rounds`` shortens it; ``pairs`` None, ``2 * tables`` or
    ``2 * tables - 1``), or with ``arrangement`` (``"skip"`` or ``"relay"``,
    even number of tables only) -> :func:`even_mitchell`; ``"howell"`` ->
    :func:`howell` (``tables`` None or ``ceil(pairs / 2)``; ``rounds`` None or
    the full count); ``"free"`` -> ``[]`` (free seating has no schedule; the
    sizes are not looked at).  ``arrow_switch_rounds`` (a Mitchell's rounds)
    are seated the other way round (:func:`arrow_switch`).
    """
    kind = _check_kind(kind)
    if kind != "mitchell" and arrow_switch_rounds:
        raise MovementError(
            _("Arrow-switch rounds are for a Mitchell, whose pairs otherwise keep "
              "their direction; a %(kind)s has none."), kind=kind)
    if kind == "mitchell":
        if arrangement is None:
            seatings = mitchell(tables, rounds, pairs=pairs)
        else:
            seatings = even_mitchell(tables, rounds, arrangement=arrangement, pairs=pairs)
        return arrow_switch(seatings, arrow_switch_rounds) if arrow_switch_rounds \
            else seatings
    _mitchell_only(kind, arrangement)
    if kind == "howell":
        full = full_rounds(kind, tables=tables, pairs=pairs)
        _check_rounds_for(kind, tables, pairs, rounds, full)
        return howell(pairs)
    return []


def boards_of_set(board_set: int, boards_per_round: int) -> range:
    """The board numbers of set ``board_set``: ``(k - 1) * bpr + 1 .. k * bpr``."""
    board_set = _whole(board_set, _("A board set must be a whole number; got %(value)r."))
    boards_per_round = _whole(
        boards_per_round, _("Boards per round must be a whole number; got %(value)r.")
    )
    if board_set < 1:
        raise MovementError(_("Board sets are numbered from 1; got %(board_set)d."),
                            board_set=board_set)
    if boards_per_round < 1:
        raise MovementError(_("Boards per round must be at least 1; got %(boards)d."),
                            boards=boards_per_round)
    return range((board_set - 1) * boards_per_round + 1, board_set * boards_per_round + 1)
