"""`manage.py bench_analysis`: the analysis of a dealing machine's boards timed with one deal
a solver call, the page's chunks and every deal in one call (on deals the solver takes in
no time)."""

import io

import pytest
from django.core.management import CommandError, call_command

from club.management.commands import bench_analysis
from club.services.analysis import ANALYSIS_CHUNK
from tests.deals import whole_suit_deals


def test_prints_each_way_and_the_ratio(monkeypatch):
    deals = iter(deal for deal, _dealer, _vul in whole_suit_deals(7))
    monkeypatch.setattr(bench_analysis, "random_deal", lambda rng: next(deals))
    out = io.StringIO()
    call_command("bench_analysis", "--boards", "6", "--runs", "2", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("deals: 6, runs: 2, cores: ")
    assert [line.split()[:2] for line in lines[2:5]] == [
        ["1", "6"], [str(ANALYSIS_CHUNK), "2"], ["6", "1"]]
    assert lines[5].startswith("One deal a call takes ") and (
        f"as long as 6 deals a call (the page's chunks of {ANALYSIS_CHUNK}: ") in lines[5]


def test_refuses_nonsense():
    with pytest.raises(CommandError, match="--boards takes 1 to 7200"):
        call_command("bench_analysis", "--boards", "0", stdout=io.StringIO())
