"""Scoring one board result with Moscow compensation, from North-South's point of view."""

from __future__ import annotations

from typing import NamedTuple

from .compensation import MAX_HCP, MOSCOW, CompensationTable
from .contracts import MAX_TRICKS, Contract, parse_contract
from .directions import SEATS, Direction
from .errors import (
    BoardError,
    CompensationTableError,
    ContractError,
    _,
    check_passed_out,
    describe,
)
from .imps import imps
from .policy import Policy
from .scores import SCORE_TABLE
from .vulnerability import VULNERABILITY_BY_MOD16, Vulnerability, check_board_number


class BoardOutcome(NamedTuple):
    """The result of one board for both lines (EW figures are the negated NS ones).

    ``ns_net = ns_score - ns_compensation`` and ``ns_imps = imps(ns_net)``.
    """

    ns_score: int
    ns_compensation: int
    ns_net: int
    ns_imps: int
    ew_imps: int

    @property
    def ew_score(self) -> int:
        return -self.ns_score

    @property
    def ew_compensation(self) -> int:
        return -self.ns_compensation

    @property
    def ew_net(self) -> int:
        return -self.ns_net


_LINE = Policy.LINE
_DECLARER = Policy.DECLARER
# Direction members go in first so that they are the stored keys: a lookup with a member
# then matches by identity, and plain letters still match by equality.
_DECLARER_IS_NS = {seat: seat.is_ns for seat in Direction}
_DECLARER_IS_NS.update((spelling, seat.is_ns) for spelling, seat in SEATS.items())
_new_outcome = tuple.__new__

# IMPs for every net that is a multiple of 10 within +-10,000 points (net // 10 + offset).
# Scores and valid compensation are multiples of 10, so this covers real boards; anything
# beyond falls back to imps().
_IMP_OFFSET = 1000
_SIGNED_IMPS = tuple(imps(10 * k) for k in range(-_IMP_OFFSET, _IMP_OFFSET + 1))
_IMP_LAST = 2 * _IMP_OFFSET


def score_board(
    board_number: int,
    contract: Contract | str | None,
    declarer: Direction | str | None,
    tricks: int | None,
    ns_hcp: int,
    *,
    policy: Policy | str = _LINE,
    table: CompensationTable = MOSCOW,
    vulnerability: Vulnerability | str | None = None,
) -> BoardOutcome:
    """Score a board result with compensation and convert the net to IMPs.

    ``contract`` is a Contract, a string for :func:`parse_contract`, or None when the
    board was passed out (then ``declarer`` and ``tricks`` must be None too). ``ns_hcp``
    is North-South's HCP (0-40). ``vulnerability`` overrides the board cycle. Bad input
    raises a BridgeError of the kind at fault.
    """
    # Validation is ordered so that the usual, valid call only pays for cheap checks.
    if vulnerability is None:
        if board_number.__class__ is not int or board_number < 1:
            check_board_number(board_number)
        vul = VULNERABILITY_BY_MOD16[board_number % 16]
    else:
        check_board_number(board_number)
        vul = Vulnerability.coerce(vulnerability)
    if ns_hcp.__class__ is not int or not 0 <= ns_hcp <= MAX_HCP:
        raise BoardError(
            _("North-South HCP must be a whole number from 0 to 40, got %(hcp)s."),
            hcp=describe(ns_hcp),
        )
    if policy is not _LINE and policy is not _DECLARER:
        policy = Policy.coerce(policy)
    if table is not MOSCOW and not isinstance(table, CompensationTable):
        raise CompensationTableError(
            _("The compensation table must be a CompensationTable, got %(value)s."),
            value=describe(table),
        )
    if contract.__class__ is not Contract:
        contract = _coerce_contract(contract)

    if contract is None:
        check_passed_out(declarer, tricks)
        ns_score = 0
        compensation = table.line_by_vul[vul][ns_hcp] if policy is _LINE else 0
    else:
        try:
            ns_declares = _DECLARER_IS_NS[declarer]
        except (KeyError, TypeError):
            Direction.coerce(declarer)  # raises the right message
            raise  # not reached
        if tricks.__class__ is not int or not 0 <= tricks <= MAX_TRICKS:
            raise ContractError(
                _("Tricks taken must be a whole number from 0 to 13, got %(tricks)s."),
                tricks=describe(tricks),
            )
        if ns_declares:
            ns_score = SCORE_TABLE[contract.key][vul.ns_vulnerable][tricks]
            by_vul = table.line_by_vul if policy is _LINE else table.ns_part_by_vul
        else:
            ns_score = -SCORE_TABLE[contract.key][vul.ew_vulnerable][tricks]
            by_vul = table.line_by_vul if policy is _LINE else table.ew_part_by_vul
        compensation = by_vul[vul][ns_hcp]

    # The outcome depends only on (compensation, ns_score) and is immutable, so it is
    # built once and shared: no allocation (hence no garbage collection) on the hot path.
    try:
        return _OUTCOMES[compensation][ns_score]
    except KeyError:
        return _build_outcome(ns_score, compensation)


_OUTCOMES: dict[int, dict[int, BoardOutcome]] = {}  # compensation -> ns_score -> outcome
_OUTCOMES_LIMIT = 50_000  # a few MB at most; real sessions use a few hundred entries
_outcomes_size = 0


def _build_outcome(ns_score: int, compensation: int) -> BoardOutcome:
    global _outcomes_size
    net = ns_score - compensation
    index = net // 10 + _IMP_OFFSET
    ns_imps = _SIGNED_IMPS[index] if 0 <= index <= _IMP_LAST else imps(net)
    # tuple.__new__ directly: skips the NamedTuple's Python-level __new__.
    outcome = _new_outcome(BoardOutcome, (ns_score, compensation, net, ns_imps, -ns_imps))
    if _outcomes_size >= _OUTCOMES_LIMIT:  # keep the cache bounded whatever the tables
        _OUTCOMES.clear()
        _outcomes_size = 0
    _OUTCOMES.setdefault(compensation, {})[ns_score] = outcome
    _outcomes_size += 1
    return outcome


def _coerce_contract(contract: object) -> Contract | None:
    if contract is None or isinstance(contract, Contract):
        return contract
    if isinstance(contract, str):
        return parse_contract(contract)
    raise ContractError(
        _(
            "A contract must be a Contract, text such as 4S, or None for a passed-out board; "
            "got %(value)s."
        ),
        value=describe(contract),
    )
