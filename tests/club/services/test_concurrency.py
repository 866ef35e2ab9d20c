"""Two directors saving the same result at the same moment: one save wins, the other is
refused with the stored value (compare-and-set on Result.version), in real concurrent
transactions. PostgreSQL only: SQLite's test database is one in-memory connection."""

import threading

import pytest
from django.db import connection, connections

from club.services.errors import StaleResult
from club.services.results import contract_values, correct_result, delete_result
from scoring.engine import parse_result
from tests.factories import make_result, make_session

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="needs a server database for concurrent transactions"),
]


def race(*jobs):
    """Run the jobs in threads released together; returns what each returned or raised."""
    barrier = threading.Barrier(len(jobs))
    outcomes = [None] * len(jobs)

    def run(index, job):
        try:
            barrier.wait()
            outcomes[index] = job()
        except Exception as err:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[index] = err
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def correction(text):
    return contract_values(parse_result(text))


def test_simultaneous_corrections_one_wins_the_other_sees_it():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    texts = ["4S+1 N", "4S-1 N"]
    for _attempt in range(5):
        version = result.version
        outcomes = race(*[lambda t=t, v=version: correct_result(result.pk, v, correction(t))
                          for t in texts])
        refused = [o for o in outcomes if isinstance(o, StaleResult)]
        saved = [o for o in outcomes if not isinstance(o, Exception)]
        assert len(refused) == 1 and len(saved) == 1, outcomes
        result.refresh_from_db()
        assert result.version == version + 1
        assert result.text == saved[0].text
        assert refused[0].current.text == saved[0].text  # the loser is shown the winner


def test_a_correction_racing_a_deletion():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    outcomes = race(lambda: correct_result(result.pk, 1, correction("3NT= N")),
                    lambda: delete_result(result.pk, 1))
    assert sum(isinstance(o, StaleResult) for o in outcomes) == 1
    assert not any(isinstance(o, Exception) and not isinstance(o, StaleResult)
                   for o in outcomes)
    remaining = list(type(result).objects.all())
    if isinstance(outcomes[1], StaleResult):  # the correction won
        assert [r.text for r in remaining] == ["3NT= N"]
    else:
        assert remaining == []
