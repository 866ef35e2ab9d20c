"""bench_ratings prints both methods' correlations for 10, 30 and 100 sessions, with random
and regular partnerships, and the time of a fit (here with the spread given, instead of
building benchmark evenings, and a small fit)."""

import re
from io import StringIO

from django.core.management import call_command

from club.management.commands import bench_ratings


def test_prints_both_correlations_for_each_size(monkeypatch):
    monkeypatch.setattr(bench_ratings, "board_spread", lambda *args: (5.0, 1234, 0.5))
    out = StringIO()
    call_command("bench_ratings", "--seeds", "1", "--results", "2000", stdout=out)
    text = out.getvalue()
    assert "5.00 (1234 boards of" in text
    rows = re.findall(r"^(random|regular) partnerships +(\d+) +(0\.\d+) +(0\.\d+) +[01]/1",
                      text, re.MULTILINE)
    assert [(kind, int(n)) for kind, n, _r, _l in rows] == [
        (kind, n) for kind in ("random", "regular") for n in (10, 30, 100)]
    # Regular partnerships: the ladder cannot tell partners apart, the ratings can.
    assert all(float(r) > float(ladder) for kind, n, r, ladder in rows
               if kind == "regular" and n == "100")
    assert re.search(r"Fitting 2000 results of \d+ players: \d+\.\d+ s\.", text)
