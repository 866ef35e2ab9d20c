"""Individual movements: players, not pairs, enter, and every round each player has a new
partner and new opponents (docs/teams-and-individuals.md, "Individual movements").

**Sizes.** 8, 12, 16 and 20 players, and one more or one fewer: 7, 8, 9, 11, 12, 13, 15,
16, 17, 19, 20 and 21 (:data:`INDIVIDUAL_SIZES`).

**How they are built.** Each movement is a *whist design* developed from one base round
over a small cyclic group (the classic way published individual movements are made):

* ``4n`` players (8, 12, 16, 20): the players are the ``4n - 1`` elements of the group
  plus one stationary player (the last, who keeps one seat at the last table). Round ``k``
  adds ``k - 1`` to every other player of the base round. ``4n - 1`` rounds of ``n``
  tables: every player partners every other player exactly once and opposes every other
  player exactly twice.
* ``4n + 1`` players (9, 13, 17, 21): the players are the ``4n + 1`` group elements
  (9 players: the group of pairs mod 3), and the base round leaves the first player out.
  ``4n + 1`` rounds of ``n`` tables: player ``k`` sits out round ``k``, and every player
  partners every other exactly once and opposes every other exactly twice.
* ``4n - 1`` players (7, 11, 15, 19): the movement for ``4n`` with the last player a
  phantom. The three players the phantom would sit with sit out that round, so each round
  has ``n - 1`` tables in play and every player sits out exactly three rounds; partners at
  most once, opponents at most twice. The rounds are played in an order that keeps the
  sit-outs even all evening: after any round, no player has sat out more than two rounds
  more than another.

The base rounds were found by a computer search for these designs (each pair of players'
difference must come up once between partners and twice between opponents); the tests
check every invariant for every size, so the constants below need no other authority.

**Boards.** All tables play the same board set in a round (set ``k`` in round ``k``, the
boards duplicated, one copy per table), so a player never meets a set twice whatever the
seating, and a round's boards are complete once every table of the round has played them.

``rounds`` shortens a movement to its first rounds (an evening rarely plays all of them);
partners and opponents then still repeat no more than in the full movement.

**Scoring** (:func:`individual_standings`): each result is scored as a pairs result (Moscow
compensation, ``score_board``), and its IMPs go to both players of each line; players are
ranked by their total like pairs.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from .directions import Direction
from .errors import MovementError, _, describe
from .standings import StandingRow, compute_standings

_STATIONARY = None  # the player outside the group: stationary in 4n, the phantom in 4n - 1

# size -> (the group's moduli, the base round's tables as (north, south, east, west)).
_BASES: dict[int, tuple[tuple[int, ...], tuple[tuple, ...]]] = {
    8: ((7,), ((0, 1, 2, 4), (3, 6, 5, None))),
    9: ((3, 3), (((0, 1), (0, 2), (1, 0), (2, 0)), ((1, 1), (2, 2), (1, 2), (2, 1)))),
    12: ((11,), ((0, 1, 2, 5), (3, 7, 8, 10), (4, 9, 6, None))),
    13: ((13,), ((1, 4, 2, 7), (3, 12, 6, 8), (5, 11, 9, 10))),
    16: ((15,), ((0, 1, 2, 6), (4, 14, 8, 11), (5, 13, 10, 12), (3, 9, 7, None))),
    17: ((17,), ((1, 2, 3, 8), (4, 15, 10, 12), (5, 9, 6, 13), (7, 16, 11, 14))),
    20: ((19,), ((0, 1, 2, 4), (3, 17, 9, 12), (6, 13, 10, 18), (7, 16, 8, 14),
                 (5, None, 11, 15))),
    21: ((21,), ((1, 2, 3, 6), (4, 13, 12, 19), (5, 9, 14, 16), (7, 20, 11, 17),
                 (8, 18, 10, 15))),
}  # fmt: skip

INDIVIDUAL_SIZES: tuple[int, ...] = (7, 8, 9, 11, 12, 13, 15, 16, 17, 19, 20, 21)
"""Every number of players an individual movement is made for: 7 to 21 except 10, 14, 18."""

_SEATS = (Direction.N, Direction.S, Direction.E, Direction.W)


@dataclass(frozen=True, slots=True)
class IndividualTable:
    """One table in one round: the four players by seat and the board set they play.
    North-South are partners, and so are East-West."""

    round: int
    table: int
    north: int
    south: int
    east: int
    west: int
    board_set: int

    @property
    def players(self) -> tuple[int, int, int, int]:
        """The players in seat order North, South, East, West."""
        return (self.north, self.south, self.east, self.west)

    @property
    def ns(self) -> tuple[int, int]:
        return (self.north, self.south)

    @property
    def ew(self) -> tuple[int, int]:
        return (self.east, self.west)

    def seat_of(self, player: int) -> Direction | None:
        """The seat ``player`` holds at this table, or None when not here."""
        for seat, sitting in zip(_SEATS, self.players, strict=True):
            if sitting == player:
                return seat
        return None


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One line of a player's table card: where the player sits in a round. ``table``,
    ``seat`` and ``board_set`` are None in a round the player sits out."""

    round: int
    table: int | None
    seat: Direction | None
    board_set: int | None

    @property
    def sits_out(self) -> bool:
        return self.table is None


@dataclass(frozen=True, slots=True)
class IndividualMovement:
    """A whole individual movement. ``games`` holds every table that plays, sorted by round
    then table; ``sit_outs[k - 1]`` the players who sit out round ``k`` (sorted, maybe
    none). Tables are numbered 1..``tables`` in every round; board set ``k`` is played in
    round ``k`` at every table."""

    players: int
    rounds: int
    tables: int
    games: tuple[IndividualTable, ...]
    sit_outs: tuple[tuple[int, ...], ...]

    @property
    def board_sets(self) -> int:
        """How many board sets the movement uses: one per round."""
        return self.rounds

    def round_tables(self, round_number: int) -> tuple[IndividualTable, ...]:
        """The tables of round ``round_number`` (1-based), by table number."""
        start = (round_number - 1) * self.tables
        return self.games[start:start + self.tables]

    def card(self, player: int) -> tuple[PlayerRound, ...]:
        """``player``'s table card: table, seat and board set in each round, in order."""
        if type(player) is not int or not 1 <= player <= self.players:
            raise MovementError(
                _("There is no player %(player)s; players are numbered 1 to %(players)s."),
                player=describe(player), players=self.players,
            )
        lines = []
        for number in range(1, self.rounds + 1):
            line = PlayerRound(number, None, None, None)
            for game in self.round_tables(number):
                seat = game.seat_of(player)
                if seat is not None:
                    line = PlayerRound(number, game.table, seat, game.board_set)
                    break
            lines.append(line)
        return tuple(lines)


def full_individual_rounds(players: int) -> int:
    """Rounds of the full movement for ``players``: ``players - 1`` for a multiple of four,
    else ``players`` (everyone sits out equally)."""
    _check_players(players)
    return players - 1 if players % 4 == 0 else players


def individual(players: int, rounds: int | None = None) -> IndividualMovement:
    """The individual movement for ``players`` (one of :data:`INDIVIDUAL_SIZES`), cut to
    its first ``rounds`` rounds when given (1 to :func:`full_individual_rounds`)."""
    full = full_individual_rounds(players)
    if rounds is None:
        rounds = full
    elif type(rounds) is not int or not 1 <= rounds <= full:
        raise MovementError(
            _("An individual movement for %(players)s players has 1 to %(full)s rounds; "
              "got %(rounds)s."),
            players=players, full=full, rounds=describe(rounds),
        )
    return _movement(players, rounds)


@cache
def _movement(players: int, rounds: int) -> IndividualMovement:
    games: list[IndividualTable] = []
    sit_outs: list[tuple[int, ...]] = []
    for round_number, (tables, out) in enumerate(_rounds(players)[:rounds], start=1):
        sit_outs.append(out)
        games.extend(IndividualTable(round_number, index, *table, board_set=round_number)
                     for index, table in enumerate(tables, start=1))
    return IndividualMovement(players, rounds, len(games) // rounds, tuple(games),
                              tuple(sit_outs))


@cache
def _rounds(players: int) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]:
    """Every round of the full movement, in playing order: (its tables as (N, S, E, W),
    the players sitting out)."""
    base_size = players + 1 if players % 4 == 3 else players
    moduli, base = _BASES[base_size]
    elements = list(itertools.product(*(range(m) for m in moduli)))
    number = {element: index + 1 for index, element in enumerate(elements)}
    last = len(elements) + 1  # the stationary player (4n), or the phantom (4n - 1)
    phantom = last if players % 4 == 3 else None
    rounds = []
    for shift in elements:
        seated = [tuple(_move(seat, shift, moduli, number, last) for seat in table)
                  for table in base]
        out = set(range(1, players + 1)).difference(*seated)
        out.update(player for table in seated if phantom in table for player in table)
        out.discard(phantom)
        rounds.append((tuple(table for table in seated if phantom not in table),
                       tuple(sorted(out))))
    if phantom is None:
        return tuple(rounds)
    return tuple(_evenly(rounds, players))


def _evenly(rounds: list, players: int) -> list:
    """The rounds reordered so that the sit-outs stay even as the evening goes on (playing
    a design's rounds in another order keeps its partners and opponents): round 1 first,
    then each time the round after which the sit-out counts differ least (then: the lowest
    highest count; then the earliest). No two players' sit-outs then differ by more than
    two after any round (the tests check it; with 7 players two is the least possible, as
    any two rounds' sit-outs share a player)."""
    counts = dict.fromkeys(range(1, players + 1), 0)
    ordered, left = [rounds[0]], list(rounds[1:])
    _sit_out(counts, rounds[0][1])
    while left:
        best = min(left, key=lambda candidate: _spread_after(counts, candidate[1]))
        left.remove(best)
        ordered.append(best)
        _sit_out(counts, best[1])
    return ordered


def _sit_out(counts: dict[int, int], players: Sequence[int]) -> None:
    for player in players:
        counts[player] += 1


def _spread_after(counts: dict[int, int], players: Sequence[int]) -> tuple[int, int]:
    after = counts.copy()
    _sit_out(after, players)
    return (max(after.values()) - min(after.values()), max(after.values()))


def _move(seat: Sequence[int] | int | None, shift: tuple[int, ...], moduli: tuple[int, ...],
          number: dict, last: int) -> int:
    """The player in a base seat once the round's shift is added (the stationary one stays)."""
    if seat is _STATIONARY:
        return last
    coordinates = (seat,) if isinstance(seat, int) else seat
    moved = tuple((c + s) % m for c, s, m in zip(coordinates, shift, moduli, strict=True))
    return number[moved]


def _check_players(players: object) -> int:
    if type(players) is not int or players not in INDIVIDUAL_SIZES:
        raise MovementError(
            _("An individual movement is made for %(sizes)s players; got %(players)s."),
            sizes=", ".join(map(str, INDIVIDUAL_SIZES)), players=describe(players),
        )
    return players


def individual_standings(
    players: Iterable[tuple[object, int, str]],
    results: Iterable[tuple[object, ...]],
) -> list[StandingRow]:
    """Rank the players of an individual by total IMPs, as :func:`compute_standings` ranks
    pairs. ``players``: (player key, number, name). ``results``: (north, south, east, west
    player keys, NS IMPs) for each result, or with the EW IMPs after them when they are not
    the opposite (adjusted scores: Average plus to both lines); North and South get the NS
    IMPs, East and West the opposite (or the EW IMPs), and each of the four plays the
    board."""
    lines = []
    for north, south, east, west, ns_imps, *ew in results:
        ew_imps = ew[0] if ew else -ns_imps
        # Two "results" per board, one for each North-East and South-West couple, give each
        # player the board once with its line's IMPs.
        lines.append((north, east, ns_imps, ew_imps))
        lines.append((south, west, ns_imps, ew_imps))
    return compute_standings(((key, number, name, name) for key, number, name in players),
                             lines)
