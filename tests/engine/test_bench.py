"""The benchmark runs end to end on a tiny count (no timing assertions)."""

import re

from scoring.engine import bench


def test_bench_main_prints_both_rates_and_a_ratio(capsys):
    figures = bench.main(["--count", "1000"])
    out = capsys.readouterr().out
    assert re.search(r"score_board: [\d,]+ outcomes/s", out)
    assert re.search(r"endplay: +[\d,]+ outcomes/s", out)
    assert re.search(r"ratio: +[\d.]+x", out)
    assert figures["count"] == 1000
    assert figures["engine_rate"] > 0 and figures["endplay_rate"] > 0
    for method in ("matchpoints", "Butler", "cross-IMPs"):
        assert re.search(rf"{method}: +[\d,]+ results/s \(10 a board", out)
        assert figures[method] > 0
    assert re.search(r"Swiss teams: [\d.]+ ms for 16 teams, 7 rounds \(56 matches of 8 boards\)",
                     out)
    assert re.search(r"individuals: [\d.]+ ms for every movement \(12 sizes\)", out)


def test_generated_results_are_valid():
    results = bench.generate(500, seed=3)
    assert len(results) == 500
    assert any(contract is None for _b, contract, *_rest in results)
    for board, contract, declarer, tricks, ns_hcp in results:
        assert board >= 1 and 0 <= ns_hcp <= 40
        assert (declarer is None) == (tricks is None) == (contract is None)
