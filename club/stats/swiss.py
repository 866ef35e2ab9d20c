"""Swiss pairs standings: each stored round's matches (club.plan.SessionPlan's Swiss
seatings) with their compensation IMPs turned into victory points on the WBF scale
(scoring.engine.swiss), and the pairs ranked by VPs (docs/scoring.md, "Swiss pairs").
Computed from the stored results when asked (one query); nothing here writes."""

from dataclasses import dataclass, field
from decimal import Decimal

from club.models import Result
from scoring.engine.standings import rank
from scoring.engine.swiss import victory_points

# What the pair with the bye scores, once its round is complete: a little more than a draw,
# as Swiss events commonly give (docs/scoring.md, "Swiss pairs").
BYE_VPS = Decimal("12.00")


@dataclass
class SwissMatch:
    """One table of one round: its pairs, their compensation IMPs over the round's boards
    and, once every board of the round has a result there, their VPs."""

    round: int
    table: int
    ns: int
    ew: int
    boards: int = 0
    ns_imps: int = 0
    ew_imps: int = 0
    ns_vps: Decimal | None = None
    ew_vps: Decimal | None = None

    @property
    def complete(self):
        return self.ns_vps is not None


@dataclass
class SwissRow:
    """A pair's line in the Swiss standings."""

    number: int
    label: str
    players: str
    vps: Decimal = Decimal("0.00")
    imps: int = 0
    matches: int = 0
    byes: int = 0
    rank: int = 0
    tied: bool = False

    @property
    def rank_label(self):
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass
class SwissStandings:
    rows: list
    rounds: dict = field(default_factory=dict)  # {round: [SwissMatch]}
    byes: dict = field(default_factory=dict)  # {round: pair number}

    def round_complete(self, round):
        return all(match.complete for match in self.rounds.get(round, []))

    def context(self):
        """What templates/reports/swiss_rounds.html shows: these standings and each
        round, in order, as (round, its matches, the pair with its bye or None)."""
        rounds = [(round, matches, self.byes.get(round))
                  for round, matches in sorted(self.rounds.items())]
        return {"swiss": self, "rounds": rounds, "latest": max(self.rounds, default=0)}


def result_figures(session):
    """(board number, ns pair id, ew pair id, ns IMPs, ew IMPs) of each result (one query)."""
    return list(Result.objects.filter(board__session=session).order_by()
                .values_list("board__number", "ns_pair_id", "ew_pair_id", "ns_imps",
                             "ew_imps"))


def swiss_standings(plan, results=None, visible=None):
    """The Swiss standings of the session of `plan`: each stored round's matches and the
    pairs ranked by VPs, then by compensation IMPs (the tie-break), pairs still equal
    sharing a rank. A match scores its VPs once each board of the round has a result at its
    table; the pair with the bye scores BYE_VPS once the rest of its round is complete.
    `results`: result_figures rows (loaded when None); `visible`: the boards the viewer
    may see (a club.visibility.Visibility or a set of numbers), None for all: a match
    with a hidden board does not count yet."""
    session, per_round = plan.session, plan.session.boards_per_round
    if results is None:
        results = result_figures(session)
    number_of = {pair.pk: pair.number for pair in plan.pairs}
    by_board = {}
    for board, ns_id, ew_id, ns_imps, ew_imps in results:
        if visible is not None and board not in visible:
            continue
        ns, ew = number_of.get(ns_id), number_of.get(ew_id)
        by_board.setdefault(board, {})[ns, ew] = (ns_imps, ew_imps)
    rows = {pair.number: SwissRow(pair.number, pair.label, pair.players)
            for pair in plan.pairs}
    rounds = {}
    for seating in plan.swiss_seatings:
        match = SwissMatch(seating.round, seating.table, seating.ns, seating.ew)
        for board in plan.boards_of(seating):
            found = by_board.get(board, {})
            if (seating.ns, seating.ew) in found:
                ns_imps, ew_imps = found[seating.ns, seating.ew]
            elif (seating.ew, seating.ns) in found:  # entered the other way round
                ew_imps, ns_imps = found[seating.ew, seating.ns]
            else:
                continue
            match.boards += 1
            match.ns_imps += ns_imps
            match.ew_imps += ew_imps
        if match.boards == per_round:
            # Each side's own IMPs give its VPs: they add up to 20 unless a ruling gave
            # the two sides adjusted scores that are not opposite.
            match.ns_vps = victory_points(match.ns_imps, per_round)[0]
            match.ew_vps = victory_points(match.ew_imps, per_round)[0]
            for number, vps, imps in ((match.ns, match.ns_vps, match.ns_imps),
                                      (match.ew, match.ew_vps, match.ew_imps)):
                row = rows[number]
                row.vps += vps
                row.imps += imps
                row.matches += 1
        rounds.setdefault(seating.round, []).append(match)
    standings = SwissStandings([], rounds, dict(plan.swiss_byes))
    for round, number in plan.swiss_byes.items():
        if number in rows and standings.round_complete(round):
            rows[number].vps += BYE_VPS
            rows[number].byes += 1
    ordered = sorted(rows.values(), key=lambda row: (-row.vps, -row.imps, row.number))
    standings.rows = rank(ordered, lambda row: (row.vps, row.imps))
    return standings
