"""A mutation probe: does the test suite notice when a guard in club/ is broken?

    python -m tests.probe             # every mutation (a few minutes)
    python -m tests.probe --list      # the mutations, without running anything
    python -m tests.probe --only NAME # one mutation (repeat --only for more)

Each mutation below is a one-line bug planted in a guard: a refusal skipped, a limit
loosened, a lock left out. For each, the probe writes the mutated text into the file, runs
the tests that should catch it (`pytest -x -q -n 0 -p no:cacheprovider FILES`), records
whether they failed (caught) or passed (missed), and puts the file back as it was, always.
It prints a table and "caught N of M".

Exit status: 0 when every mutation is caught; 1 when one is missed (or its tests could not
run); 2 when a mutation's original text is not found exactly once in its file (the code
moved: the list is stale and names the mutation); 3 when a file to mutate has uncommitted
changes (the probe refuses to touch it). tests/test_probe.py checks the list against the
code on every test run, without running the mutations.
"""

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 900  # seconds for one mutation's tests

@dataclass(frozen=True)
class Mutation:
    name: str
    path: str  # relative to the repository
    original: str  # found exactly once in the file
    mutated: str
    tests: tuple  # the pytest selection that should catch it
    note: str = ""


MUTATIONS = [
    # --- the players' phones: which code opens which table -----------------------------------
    Mutation(
        "code-beyond-tables", "club/phones/admission.py",
        "if table_code is None or table_code.table > table_code.session.tables:",
        "if table_code is None:",
        ("tests/club/phones/test_admission.py",)),
    Mutation(
        "pass-lifts-every-limit", "club/phones/admission.py",
        'PASS_COOKIE, default="", salt=PASS_SALT) == code',
        'PASS_COOKIE, default="", salt=PASS_SALT) != ""',
        ("tests/club/phones/test_admission.py",)),
    Mutation(
        "table-codes-beyond-tables-issued", "club/services/table_phones.py",
        "if any(not 1 <= t <= session.tables for t in tables):",
        "if any(not 1 <= t for t in tables):",
        ("tests/club/services/test_table_phones.py",)),
    # --- results ------------------------------------------------------------------------------
    Mutation(
        "ruling-exclusive-in-service", "club/services/results.py",
        "if result.assigned and (result.ns_adjustment or result.ew_adjustment):",
        "if False and (result.ns_adjustment or result.ew_adjustment):",
        ("tests/club/services/test_results.py",)),
    Mutation(
        "ruling-exclusive-in-form", "club/forms/entry.py",
        'if data.get("assigned") is not None and (data.get("ns_adjustment")',
        'if False and (data.get("ns_adjustment")',
        ("tests/club/views/test_rulings.py",)),
    Mutation(
        "stale-version-check", "club/services/results.py",
        "if result is None or result.version != version:",
        "if result is None:",
        ("tests/club/services/test_results.py",)),
    Mutation(
        "results-outside-play", "club/services/results.py",
        "    if session.is_locked:\n        return gettext(\"The session is %(status)s: results",
        "    if False:\n        return gettext(\"The session is %(status)s: results",
        ("tests/club/services/test_results.py",)),
    Mutation(
        "board-not-played-with-assigned-result", "club/services/results.py",
        "    if result.assigned:\n        raise Refused(gettext(\"A board that was not played",
        "    if False:\n        raise Refused(gettext(\"A board that was not played",
        ("tests/club/services/test_not_played.py",)),
    # --- the session lock and its version -----------------------------------------------------
    Mutation(
        "lock-removed-from-change-status", "club/services/sessions.py",
        "        session = lock_session(session_id)\n        if session.status not in sources:",
        "        session = Session.objects.get(pk=session_id)\n"
        "        if session.status not in sources:",
        ("tests/club/services/test_sessions.py",)),
    Mutation(
        "lock-bumps-no-version", "club/services/locks.py",
        'bumps = {"version": F("version") + 1}',
        'bumps = {"version": F("version")}',
        ("tests/club/services/test_locks_and_scoring.py",)),
    Mutation(
        "release-touches-no-other-table", "club/services/table_phones.py",
        "    if public_boards(plan, played) != public_boards(plan, after):",
        "    if False:",
        ("tests/club/phones/test_round_page_key.py",)),
    Mutation(
        "accept-touches-its-own-table-only", "club/services/table_phones.py",
        "    return sorted(tables)\n",
        "    return [entry.table]\n",
        ("tests/club/phones/test_round_page_key.py",)),
    Mutation(
        "micro-cache-forgets-nothing-on-a-write", "club/stats/kept.py",
        '    caches["recent"].clear()',
        "    pass",
        ("tests/reports/test_live_standings.py", "tests/reports/test_micro_cache.py")),
    # --- a session's life ---------------------------------------------------------------------
    Mutation(
        "status-change-from-any-status", "club/services/sessions.py",
        "if session.status not in sources:",
        "if target is None:",
        ("tests/club/services/test_sessions.py",)),
    Mutation(
        "start-with-pairs-that-do-not-fit", "club/services/sessions.py",
        "            if problems:\n                raise Refused(gettext(\n"
        "                    \"Play cannot start",
        "            if False:\n                raise Refused(gettext(\n"
        "                    \"Play cannot start",
        ("tests/club/services/test_sessions.py",)),
    Mutation(
        "delete-session-with-results", "club/services/sessions.py",
        "    if results_confirmed != count:",
        "    if False:",
        ("tests/club/services/test_sessions.py",)),
    # --- pairs --------------------------------------------------------------------------------
    Mutation(
        "pair-number-taken-twice", "club/services/pairs.py",
        "    if holder:",
        "    if False:",
        ("tests/club/services/test_pairs.py",)),
    Mutation(
        "withdraw-a-pair-that-played", "club/services/pairs.py",
        "    if own:",
        "    if False:",
        ("tests/club/services/test_pairs.py",)),
    # --- what the public sees while play is on ------------------------------------------------
    Mutation(
        "board-released-after-one-table", "club/visibility.py",
        "if all({ns, ew} <= played.get(number, set()) for ns, ew in pairs)}",
        "if any({ns, ew} <= played.get(number, set()) for ns, ew in pairs)}",
        ("tests/reports/test_visibility.py",)),
    # --- a board's HCP ------------------------------------------------------------------------
    Mutation(
        "table-hcp-conflict-not-held", "club/services/table_phones.py",
        "        conflict = hcp_conflict(board, ns_hcp, ns_pair=ns_pair)",
        '        conflict = ""',
        ("tests/club/services/test_table_phones.py",)),
    Mutation(
        "scorecard-hcp-conflict", "club/services/hcp.py",
        "    elif board.ns_hcp != ns_hcp:",
        "    elif False:",
        ("tests/club/services/test_hcp_rules.py",)),
    # --- a table enters only its current round ------------------------------------------------
    Mutation(
        "table-enters-another-round", "club/services/table_phones.py",
        "    if current.round != round:",
        "    if False:",
        ("tests/club/services/test_table_phones.py",)),
    # --- limits and files ---------------------------------------------------------------------
    Mutation(
        "import-beyond-the-limits", "club/services/imports.py",
        "    problems += swiss_round_problems(session, swiss)\n    if problems:\n",
        "    problems += swiss_round_problems(session, swiss)\n    if False:\n",
        ("tests/club/services/test_imports.py",)),
    Mutation(
        "names-file-pair-listed-twice", "club/io/results_csv.py",
        "        if number in numbers:",
        "        if False:",
        ("tests/club/io/test_import_errors.py", "tests/club/io/test_import_csv.py")),
    # --- the analysis of the deals, after they are stored -------------------------------------
    Mutation(
        "analysis-written-over-a-new-deal", "club/services/analysis.py",
        "pk=board.pk, deal=board.deal, dealer_override=board.dealer_override,",
        "pk=board.pk, dealer_override=board.dealer_override,",
        ("tests/club/services/test_analysis.py",)),
    Mutation(
        "replaced-analysis-goes-on", "club/services/analysis.py",
        "        if not _update(job_id, done=done):",
        "        if not _update(job_id, done=done) and False:",
        ("tests/club/services/test_analysis.py",)),
    # --- compensation tables and players ------------------------------------------------------
    Mutation(
        "frozen-table-takes-new-values", "club/services/compensation_tables.py",
        "    if sessions:",
        "    if False:",
        ("tests/club/services/test_compensation_tables.py",)),
    Mutation(
        "merge-partners", "club/services/players.py",
        "    if together:",
        "    if False:",
        ("tests/club/services/test_players.py",)),
]


def by_name(names):
    known = {m.name: m for m in MUTATIONS}
    unknown = [n for n in names if n not in known]
    if unknown:
        sys.exit(f"no mutation named {', '.join(unknown)}; see --list")
    return [known[n] for n in names]


def stale(mutations):
    """[(mutation, how many times its original text is found)] for those not found once."""
    found = []
    for mutation in mutations:
        count = (ROOT / mutation.path).read_text(encoding="utf-8").count(mutation.original)
        if count != 1:
            found.append((mutation, count))
    return found


def dirty(paths):
    """The paths among these with uncommitted changes (git status)."""
    out = subprocess.run(["git", "status", "--porcelain", "--", *sorted(paths)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return [line[3:] for line in out.splitlines()]


def run_tests(tests):
    """'caught' when the tests fail, 'missed' when they pass, else 'error' (collection or
    usage error, timeout: nothing was measured)."""
    # No bytecode written: the mutated module must never be cached next to the real one.
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p",
               "no:cacheprovider", *tests]
    try:
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "error"
    return {0: "missed", 1: "caught"}.get(done.returncode, "error")


def probe(mutation):
    """Plant the mutation, run its tests, put the file back; ('caught' | 'missed' |
    'error', seconds)."""
    path = ROOT / mutation.path
    original = path.read_bytes()
    text = original.decode("utf-8")
    started = time.monotonic()
    try:
        path.write_bytes(text.replace(mutation.original, mutation.mutated, 1).encode("utf-8"))
        # The source's time must differ from any cached bytecode's of the real file.
        stat = path.stat()
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
        outcome = run_tests(mutation.tests)
    finally:
        path.write_bytes(original)
    return outcome, time.monotonic() - started


def print_list(mutations):
    for m in mutations:
        note = f"  [{m.note}]" if m.note else ""
        print(f"{m.name}: {m.path}{note}\n    - {m.original!r}\n    + {m.mutated!r}\n"
              f"    tests: {' '.join(m.tests)}")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tests.probe", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", metavar="NAME",
                        help="run only this mutation (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    args = parser.parse_args(argv)
    mutations = by_name(args.only) if args.only else MUTATIONS
    if args.list:
        print_list(mutations)
        return 0
    problems = stale(mutations)
    if problems:
        for mutation, count in problems:
            print(f"stale: {mutation.name}: its original text is found {count} times in "
                  f"{mutation.path} (expected once): the code moved; update tests/probe.py",
                  file=sys.stderr)
        return 2
    changed = dirty({m.path for m in mutations})
    if changed:
        print(f"refusing to mutate files with uncommitted changes: {', '.join(changed)}",
              file=sys.stderr)
        return 3
    started = time.monotonic()
    rows = []
    width = max(len(m.name) for m in mutations)
    for mutation in mutations:
        outcome, seconds = probe(mutation)
        rows.append(outcome)
        note = f"  ({mutation.note})" if mutation.note else ""
        print(f"{mutation.name:<{width}}  {outcome:<6}  {seconds:5.1f} s  {mutation.path}"
              f"{note}", flush=True)
    caught = rows.count("caught")
    print(f"caught {caught} of {len(rows)} in {time.monotonic() - started:.0f} s")
    for mutation, outcome in zip(mutations, rows, strict=True):
        if outcome != "caught":
            print(f"{outcome}: {mutation.name} ({' '.join(mutation.tests)})", file=sys.stderr)
    return 0 if caught == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
