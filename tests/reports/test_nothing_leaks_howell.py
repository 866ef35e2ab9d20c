"""The leak walk of test_nothing_leaks.py on a Howell, in a file of its own: each walk takes
half a minute, and the test workers take a file each (--dist loadfile), so the two walks
run side by side."""

import pytest

from tests.factories import make_session
from tests.reports.test_nothing_leaks import Walk, with_hcp

# A minute of work or more: left out of the fast part (README, Running the tests).
pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_a_howell_leaks_nothing_round_by_round():
    """5 pairs on 2 tables (a pair sits out each round), 1 board a round: each board is
    played at both tables, in different rounds."""
    Walk(with_hcp(make_session(tables=3, movement="howell", pairs=5, rounds=5,
                               boards_per_round=1, name="Howell"))).play()
