"""Real concurrent transactions for the tests: jobs run in threads released together."""

import threading

from django.db import connections


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
