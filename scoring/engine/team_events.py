"""Schedules of a teams event: a round robin for any number of teams and the rounds of a
Swiss teams (docs/teams-and-individuals.md, "Teams events").

Teams are numbered from 1. Each round is a :class:`TeamRound`: its matches, numbered from
1, and the team with the bye (an odd number of teams) or None. Match ``m`` uses tables
``2m - 1`` (the open room, the home team North-South) and ``2m`` (the closed room, the home
team East-West). Every match of round ``r`` plays board set ``r`` (duplicated boards, one
copy per table, or one per match when its rooms swap half-way), so a team never plays a
set twice and a round's boards are complete once every match of the round has played them.

**Round robin** (:func:`round_robin`): the circle method. With an even number of teams,
``teams - 1`` rounds; with an odd number a phantom makes the number even and whoever meets
it has the bye, ``teams`` rounds with one bye each. Every team meets every other exactly
once, and is home in half its matches, give or take one.

**Swiss teams** (:func:`swiss_first_round`, :func:`swiss_next_round`): the pairings of
the Swiss pairs (:mod:`scoring.engine.swiss`: seeded or drawn first round, then by running
VPs without rematches, the bye to the lowest-placed team that has not had one). Of the two
teams of a match the one that has been home less often is home; when both have been home
as often, the higher-placed one. A bye scores :data:`BYE_VPS`.

**Standings** (:func:`team_standings`): VPs; teams level on VPs by the VPs they won in the
matches among themselves (when every two of them have met); then net IMPs; then a shared
rank.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from . import swiss
from .errors import BoardError, _, describe
from .standings import rank

MIN_TEAMS = 3
MAX_TEAMS = 40

BYE_VPS = Decimal("12.00")
"""What a bye in a Swiss teams scores: a clear win, the figure many Swiss events use (the
club's decision, documented in docs/teams-and-individuals.md)."""


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One match of a round: the home team sits North-South in the open room."""

    round: int
    match: int
    home: int
    away: int
    board_set: int

    @property
    def open_table(self) -> int:
        return 2 * self.match - 1

    @property
    def closed_table(self) -> int:
        return 2 * self.match

    @property
    def teams(self) -> tuple[int, int]:
        return (self.home, self.away)


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One round of a teams event: its matches in order and the team with the bye."""

    round: int
    matches: tuple[TeamMatch, ...]
    bye: int | None


def round_robin(teams: int) -> tuple[TeamRound, ...]:
    """Every round of a round robin of ``teams`` teams (3 to :data:`MAX_TEAMS`)."""
    if type(teams) is not int or not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise BoardError(
            _("A round robin is for %(min)s to %(max)s teams; got %(value)s."),
            min=MIN_TEAMS, max=MAX_TEAMS, value=describe(teams),
        )
    size = teams + teams % 2  # a phantom team (number teams + 1) makes the number even
    ring = size - 1  # teams 1..ring go round the circle, team ``size`` sits in its middle
    rounds = []
    for index in range(ring):
        number = index + 1
        pairings = [(size, index + 1) if index % 2 else (index + 1, size)]
        for step in range(1, size // 2):
            first = (index + step) % ring + 1
            second = (index - step) % ring + 1
            pairings.append((first, second) if step % 2 else (second, first))
        bye = None
        if size != teams:
            bye = next(b if a == size else a for a, b in pairings if size in (a, b))
            pairings = [pair for pair in pairings if size not in pair]
        rounds.append(_round(number, pairings, bye))
    return tuple(rounds)


def swiss_first_round(teams: Sequence[int], *, seeded: bool = True,
                      rng: random.Random | None = None) -> TeamRound:
    """Round 1 of a Swiss teams: ``teams`` in seeding order, seeded (1 v n/2+1, ...) or
    drawn with ``rng``; with an odd number the last team (after the draw) has the bye.
    The first-named team of each match is home."""
    _check_teams(teams)
    pairings, bye = swiss.first_round(teams, seeded=seeded, rng=rng)
    return _round(1, pairings, bye)


def swiss_next_round(round_number: int, scores: Mapping[int, object],
                     met: Collection[frozenset], byes: Collection[int] = (),
                     home_matches: Mapping[int, int] | None = None) -> TeamRound:
    """Round ``round_number`` of a Swiss teams from each team's running VPs (``scores``),
    the teams that have met (frozensets of two), the teams that have had a bye, and how
    many matches each has played at home (``home_matches``, missing: none)."""
    if type(round_number) is not int or round_number < 2:
        raise BoardError(_("A Swiss round after the first is numbered 2 or more; got "
                           "%(value)s."), value=describe(round_number))
    _check_teams(list(scores))
    home_matches = home_matches or {}
    pairings, bye = swiss.next_round(scores, met, byes)
    # swiss.next_round names the higher-placed team first: it is home unless it has been
    # home more often than its opponents.
    balanced = [(b, a) if home_matches.get(a, 0) > home_matches.get(b, 0) else (a, b)
                for a, b in pairings]
    return _round(round_number, balanced, bye)


def _round(number: int, pairings: Sequence[tuple[int, int]], bye: int | None) -> TeamRound:
    matches = tuple(TeamMatch(number, index, home, away, board_set=number)
                    for index, (home, away) in enumerate(pairings, start=1))
    return TeamRound(number, matches, bye)


def _check_teams(teams: Sequence[object]) -> None:
    teams = list(teams)
    if (len(teams) < 2 or len(set(teams)) != len(teams)
            or not all(type(team) is int and team >= 1 for team in teams)):
        raise BoardError(_("A Swiss teams round needs two or more different team numbers "
                           "(1 or more); got %(value)s."), value=describe(teams))


# --------------------------------------------------------------------------
# standings


@dataclass
class TeamStandingRow:
    """One team's line in the standings: matches played (a bye is not a match), VPs (a
    bye's included), net IMPs, and its rank ("3=" when shared)."""

    rank: int
    tied: bool
    team: int
    matches: int
    vps: Decimal
    imps: int

    @property
    def rank_label(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A match's result as the standings need it: each team's VPs and net IMPs."""

    home: int
    away: int
    home_vps: Decimal
    away_vps: Decimal
    home_imps: int
    away_imps: int


def team_standings(teams: Sequence[int], matches: Sequence[PlayedMatch],
                   byes: Sequence[int] = ()) -> list[TeamStandingRow]:
    """Rank the teams, best first: by VPs (a bye scores :data:`BYE_VPS`); teams level on
    VPs by the VPs of the matches among themselves, when each of them has met each other
    (always in a round robin); then by net IMPs; teams still level share the rank. Rows
    of a shared rank come by team number."""
    rows = {team: TeamStandingRow(0, False, team, 0, Decimal(0), 0) for team in teams}
    for team in (*(t for match in matches for t in (match.home, match.away)), *byes):
        if team not in rows:
            raise BoardError(_("Team %(team)s has a result but is not in the event (teams "
                               "%(teams)s)."), team=describe(team),
                             teams=", ".join(map(str, rows)))
    for match in matches:
        for team, vps, imps in ((match.home, match.home_vps, match.home_imps),
                                (match.away, match.away_vps, match.away_imps)):
            row = rows[team]
            row.matches += 1
            row.vps += vps
            row.imps += imps
    for team in byes:
        rows[team].vps += BYE_VPS
    by_vps: dict[Decimal, list[TeamStandingRow]] = {}
    for row in rows.values():
        by_vps.setdefault(row.vps, []).append(row)
    head_to_head = {}
    for level in by_vps.values():
        head_to_head.update(_among_themselves([row.team for row in level], matches))
    ordered = sorted(rows.values(),
                     key=lambda row: (-row.vps, -head_to_head[row.team], -row.imps, row.team))
    return rank(ordered, lambda row: (row.vps, head_to_head[row.team], row.imps))


def _among_themselves(level: list[int], matches: Sequence[PlayedMatch]) -> dict[int, Decimal]:
    """Each team's VPs in the matches among ``level`` (teams level on VPs); all 0 unless
    every two of them have met, so that the mini-league is complete."""
    among = dict.fromkeys(level, Decimal(0))
    members = set(level)
    met = set()
    for match in matches:
        if match.home in members and match.away in members:
            among[match.home] += match.home_vps
            among[match.away] += match.away_vps
            met.add(frozenset((match.home, match.away)))
    if len(met) < len(level) * (len(level) - 1) // 2:
        return dict.fromkeys(level, Decimal(0))
    return among
