"""gunicorn settings for the bench commands (bench_live, bench_phones): each worker, as it
exits, adds what its cache answered (club.stats.kept.COUNTS) to the file named by
BENCH_COUNTS, one JSON line a worker, which the command sums and prints."""

import json
import os


def worker_exit(server, worker):
    from club.stats.kept import COUNTS

    with open(os.environ["BENCH_COUNTS"], "a", encoding="utf-8") as counts:
        counts.write(json.dumps([[kind, found, n] for (kind, found), n in COUNTS.items()])
                     + "\n")
