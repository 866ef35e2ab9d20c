"""Benchmark: score_board against endplay's contract scoring on the same random results,
the rate of each other pairs method (scoring.engine.methods) on boards of
``TABLES_A_BOARD`` results, and a teams night and an individual (a 16-team Swiss of 7
rounds of 8-board matches, every individual movement).

Run ``python -m scoring.engine.bench [--count N] [--seed S]``. Generating the results is
not timed. score_board is called once per result (with compensation and IMPs); endplay
builds a Contract and calls ``.score(vul)`` once per result (the declarer score only).
endplay is a test dependency, imported only here.
"""

from __future__ import annotations

import argparse
import random
import time

from .board import score_board
from .contracts import ALL_CONTRACTS, Doubling, Strain
from .directions import Direction
from .individual import INDIVIDUAL_SIZES, individual
from .methods import butler, cross_imps, matchpoints
from .team_events import swiss_first_round, swiss_next_round
from .teams import compare_board, score_match
from .vulnerability import board_vulnerability

PASS_OUT_RATE = 0.02
TABLES_A_BOARD = 10  # the results of one board, for the other methods
METHODS = {"matchpoints": matchpoints, "Butler": butler, "cross-IMPs": cross_imps}


def generate(count: int, seed: int = 1) -> list[tuple]:
    """``count`` random valid results (board, contract or None, declarer, tricks, ns_hcp)."""
    rng = random.Random(seed)
    seats = list(Direction)
    results = []
    for _i in range(count):
        board = rng.randint(1, 36)
        ns_hcp = rng.randint(0, 40)
        if rng.random() < PASS_OUT_RATE:
            results.append((board, None, None, None, ns_hcp))
        else:
            contract = rng.choice(ALL_CONTRACTS)
            results.append((board, contract, rng.choice(seats), rng.randint(0, 13), ns_hcp))
    return results


def _endplay_args(results: list[tuple]) -> list[tuple]:
    """The same results as endplay arguments: (level, denom, declarer, penalty, result, vul)."""
    from endplay.types import Denom, Penalty, Player, Vul

    denoms = {
        Strain.C: Denom.clubs,
        Strain.D: Denom.diamonds,
        Strain.H: Denom.hearts,
        Strain.S: Denom.spades,
        Strain.NT: Denom.nt,
    }
    penalties = {
        Doubling.UNDOUBLED: Penalty.passed,
        Doubling.DOUBLED: Penalty.doubled,
        Doubling.REDOUBLED: Penalty.redoubled,
    }
    players = {
        Direction.N: Player.north,
        Direction.E: Player.east,
        Direction.S: Player.south,
        Direction.W: Player.west,
    }
    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
    args = []
    for board, contract, declarer, tricks, _hcp in results:
        vul = vuls[board_vulnerability(board).value]
        if contract is None:  # endplay's passed-out contract is level 0
            args.append((0, Denom.nt, Player.north, Penalty.passed, 0, vul))
        else:
            args.append(
                (
                    contract.level,
                    denoms[contract.strain],
                    players[declarer],
                    penalties[contract.doubling],
                    tricks - contract.tricks_needed,
                    vul,
                )
            )
    return args


def run(count: int, seed: int = 1) -> dict[str, float]:
    """Time both and return the rates (outcomes per second) and their ratio."""
    from endplay.types import Contract as EndplayContract

    results = generate(count, seed)
    endplay_args = _endplay_args(results)

    start = time.perf_counter()
    outcomes = [score_board(b, c, d, t, h) for b, c, d, t, h in results]
    engine_seconds = time.perf_counter() - start

    start = time.perf_counter()
    endplay_scores = [
        EndplayContract(level=lv, denom=dn, declarer=pl, penalty=pn, result=rs).score(vl)
        for lv, dn, pl, pn, rs, vl in endplay_args
    ]
    endplay_seconds = time.perf_counter() - start

    # Not timed: both must agree on every declarer score.
    for (_b, _c, declarer, _t, _h), outcome, theirs in zip(
        results, outcomes, endplay_scores, strict=True
    ):
        ours = outcome.ns_score if declarer is None or declarer.is_ns else -outcome.ns_score
        if ours != theirs:
            raise AssertionError(f"score mismatch: engine {ours}, endplay {theirs}")

    engine_rate = count / engine_seconds
    endplay_rate = count / endplay_seconds
    return {
        "count": count,
        "engine_rate": engine_rate,
        "endplay_rate": endplay_rate,
        "ratio": engine_rate / endplay_rate,
    }


def run_methods(count: int, seed: int = 1) -> dict[str, float]:
    """Each other method's rate (results scored per second) on ``count`` random results,
    ``TABLES_A_BOARD`` to a board."""
    rng = random.Random(seed)
    boards = [[10 * rng.randint(-150, 150) for _table in range(TABLES_A_BOARD)]
              for _board in range(max(1, count // TABLES_A_BOARD))]
    scored = len(boards) * TABLES_A_BOARD
    rates = {}
    for name, method in METHODS.items():
        start = time.perf_counter()
        for board in boards:
            method(board)
        rates[name] = scored / (time.perf_counter() - start)
    return rates


SWISS_TEAMS, SWISS_ROUNDS, MATCH_BOARDS = 16, 7, 8


def run_teams(seed: int = 1) -> dict[str, float]:
    """Seconds for a 16-team Swiss of 7 rounds of 8-board matches (pairing each round and
    scoring every match from random table results, generated before the clock starts) and
    for building every individual movement."""
    rng = random.Random(seed)
    matches = SWISS_TEAMS // 2 * SWISS_ROUNDS
    rooms = []
    for _match in range(matches):
        opens = generate(MATCH_BOARDS, rng.randrange(2**32))
        closeds = generate(MATCH_BOARDS, rng.randrange(2**32))
        # The closed room plays the open room's board (its number and HCP).
        rooms.append([(score_board(*open_), score_board(open_[0], *closed[1:4], open_[4]))
                      for open_, closed in zip(opens, closeds, strict=True)])
    start = time.perf_counter()
    teams = list(range(1, SWISS_TEAMS + 1))
    vps = dict.fromkeys(teams, 0)
    met, home = set(), dict.fromkeys(teams, 0)
    scored = iter(rooms)
    for number in range(1, SWISS_ROUNDS + 1):
        game_round = (swiss_first_round(teams) if number == 1
                      else swiss_next_round(number, vps, met, (), home))
        for match in game_round.matches:
            boards = [compare_board(board, open_, closed)
                      for board, (open_, closed) in enumerate(next(scored), start=1)]
            score = score_match(boards)
            vps[match.home] += score.home_vps
            vps[match.away] += score.away_vps
            home[match.home] += 1
            met.add(frozenset(match.teams))
    swiss_seconds = time.perf_counter() - start
    start = time.perf_counter()
    for players in INDIVIDUAL_SIZES:
        individual(players)
    return {"swiss_seconds": swiss_seconds, "swiss_matches": matches,
            "individual_seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000, help="results to score")
    parser.add_argument("--seed", type=int, default=1, help="random seed for the results")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    figures = run(args.count, args.seed)
    print(f"results:     {args.count:,} random valid results (generation not timed)")
    print(f"score_board: {figures['engine_rate']:,.0f} outcomes/s")
    print(f"endplay:     {figures['endplay_rate']:,.0f} outcomes/s")
    print(f"ratio:       {figures['ratio']:.2f}x (score_board / endplay)")
    method_count = min(args.count, 100_000)
    for name, rate in run_methods(method_count, args.seed).items():
        figures[name] = rate
        print(f"{name + ':':<12} {rate:,.0f} results/s ({TABLES_A_BOARD} a board, "
              f"{method_count:,} results)")
    teams = run_teams(args.seed)
    figures.update(teams)
    print(f"Swiss teams: {teams['swiss_seconds'] * 1000:.1f} ms for {SWISS_TEAMS} teams, "
          f"{SWISS_ROUNDS} rounds ({teams['swiss_matches']} matches of {MATCH_BOARDS} boards)")
    print(f"individuals: {teams['individual_seconds'] * 1000:.1f} ms for every movement "
          f"({len(INDIVIDUAL_SIZES)} sizes)")
    return figures


if __name__ == "__main__":
    main()
