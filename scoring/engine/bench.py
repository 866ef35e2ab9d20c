"""Benchmark: score_board against endplay's contract scoring on the same random results,
and the rate of each other pairs method (scoring.engine.methods) on boards of
``TABLES_A_BOARD`` results.

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
from .methods import butler, cross_imps, matchpoints
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
    return figures


if __name__ == "__main__":
    main()
