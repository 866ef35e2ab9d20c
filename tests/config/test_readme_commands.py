"""Every `manage.py` command line README.md shows runs as written, in a child process with
the README's environment: on a fresh checkout (no SECRET_KEY, no DEBUG: a development
machine) each exits 0 without a traceback, and the data commands also run with production
settings (SECRET_KEY and the database; DEBUG and ALLOWED_HOSTS unset).

One migrated SQLite file serves every command. Placeholders (ID, FILE, USERNAME, ...) are
filled with a session, files and a user made first; a placeholder this test does not know
fails it, so a command added to the README is run too. What cannot run as written: the demo
serves until stopped (it gets a free port, and is stopped once the site answers), the
benchmarks build a throwaway database (or solve deals) and measure for minutes (`--help` loads
the settings and the command as running them does; bench_live, bench_phones and bench_analysis
have their own tests), createsuperuser asks at
a terminal (it reads Django's DJANGO_SUPERUSER_* variables instead), and the catalogue
commands write under locale/ (they run on a copy of the project).

The commands of one environment run one after the other in one child process, each as
`python manage.py ...` runs it (manage.py run as __main__ with its arguments in sys.argv,
its exit status and output caught): starting Django once for each of some thirty lines
cost the suite a quarter of a minute."""

import json
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.config.production import (
    ROOT,
    SECRET,
    copy_database,
    copy_project,
    environment,
    manage,
)

# Child processes: left out of the fast part (README, Running the tests).
pytestmark = [pytest.mark.slow, pytest.mark.database_independent]

README = ROOT / "README.md"
FIXTURES = ROOT / "tests" / "club" / "io" / "fixtures"
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"`([^`]+)`")
OPTIONAL = re.compile(r"\[([^\]]*)\]")
PLACEHOLDER = re.compile(r"[A-Z][A-Z_-]+(\.csv)?")
# The crontab's backup file is a shell expression (with cron's `\%`).
CRON_FILE = "/var/backups/club/club-$(date +\\%d).json"
DATA_COMMANDS = {"backup", "restore", "export_session", "import_session", "import_deals",
                 "calibrate"}
BENCHMARKS = {"bench_pages", "bench_season", "bench_live", "bench_phones", "bench_analysis",
              "bench_ratings"}
CATALOGUE_COMMANDS = {"makemessages", "compilemessages"}
# Two child processes at a time (SQLite makes a writer wait for the other); the lines of one
# environment run one after the other in one process, in the README's order (the catalogue
# commands on the copy, compilemessages after makemessages).
WORKERS = 2
SUPERUSER = {"DJANGO_SUPERUSER_USERNAME": "admin", "DJANGO_SUPERUSER_PASSWORD": "admin-pass-1",
             "DJANGO_SUPERUSER_EMAIL": "admin@example.org"}

SETUP = """
import json
from datetime import date
from pathlib import Path
from django.core.management import call_command
from club.io.archive import export_session
from club.models import Session
from club.services.sessions import create_session
from scoring.models import moscow_table
call_command("demo", "--setup-only")
demo = Session.objects.get(name="Demo evening")
setup = create_session({"name": "Hand records", "date": date(2026, 11, 20),
                        "movement": "mitchell", "tables": 3, "rounds": 3,
                        "boards_per_round": 2, "duplicated": True,
                        "compensation_table": moscow_table(), "policy": "line"})
folder = Path(%r)
# The archive keeps the first board's deal: an import solves every deal it carries again,
# and the demo's 21 would cost each import below some seven seconds of CPU.
archive = export_session(demo)
for board in archive["boards"][1:]:
    board.update(deal="", double_dummy=None, par=None)
(folder / "archive.json").write_text(json.dumps(archive))
call_command("backup", str(folder / "backup.json"))
print(json.dumps({"demo": demo.pk, "setup": setup.pk}))
"""
NAMES = "1,Anna Petrova,Boris Ivanov\n2,Elena Smirnova,Dmitry Volkov\n"
BOARDS = "1,1,2,4S=,N,,22\n"


def readme_commands():
    """The arguments after `manage.py` of each command line README.md shows (in code blocks
    and inline code), once each, in order."""
    text = README.read_text(encoding="utf-8")
    pieces = [line for block in FENCE.findall(text) for line in block.splitlines()]
    pieces += [" ".join(span.split()) for span in SPAN.findall(FENCE.sub("", text))]
    commands = []
    for piece in pieces:
        for part in piece.split("&&"):
            args = part.partition("manage.py ")[2].strip()
            if args and args not in commands:
                commands.append(args)
    return commands


def variants(line):
    """The command lines (argument lists) a README line stands for: each choice of "a|b",
    with and without an optional "[...]" part."""
    optional = OPTIONAL.search(line)
    if optional:
        start, end = optional.span()
        return (variants(line[:start] + line[end:])
                + variants(line[:start] + optional[1] + line[end:]))
    args = shlex.split(line.replace(CRON_FILE, "CRON_FILE"))
    for index, arg in enumerate(args):
        if "|" in arg:
            return [variant for choice in arg.split("|")
                    for variant in variants(shlex.join([*args[:index], choice,
                                                        *args[index + 1:]]))]
    return [args]


def fill(args, values):
    """The arguments with their placeholders filled from `values`: FILE by what the command
    (and the option before it) reads or writes."""
    filled = []
    for index, arg in enumerate(args):
        key = arg
        if arg == "FILE":
            option = args[index - 1] if args[index - 1].startswith("--") else ""
            key = " ".join(filter(None, (args[0], option, arg)))
        value = values.get(key, arg)
        assert not PLACEHOLDER.fullmatch(str(value)), (
            f"README shows `manage.py {shlex.join(args)}`: fill {key} in this test")
        filled.append(str(value))
    return filled


def database_url(path):
    return f"sqlite:///{path}"


# Runs manage.py as `python manage.py ARGS` does, once for each argument list given (JSON
# in argv[1]), in this one process; prints each one's exit status and output as JSON.
RUNNER = """
import contextlib, io, json, runpy, sys, traceback
answers = []
for args in json.loads(sys.argv[1]):
    output = io.StringIO()
    status = 0
    sys.argv = ["manage.py", *args]
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        try:
            runpy.run_path("manage.py", run_name="__main__")
        except SystemExit as exit:
            status = exit.code if isinstance(exit.code, int) else (exit.code is not None)
        except BaseException:
            traceback.print_exc()
            status = 1
    answers.append([status, output.getvalue()])
sys.__stdout__.write("\\n" + json.dumps(answers))
"""


def run_lines(lines, env, cwd=ROOT):
    """[] when each `manage.py args` of `lines` exits 0 without a traceback, else what each
    other one printed. The lines run in order, in one child process (RUNNER)."""
    result = subprocess.run([sys.executable, "-c", RUNNER, json.dumps(lines)],
                            cwd=ROOT if cwd is None else cwd, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    answers = json.loads(result.stdout.splitlines()[-1])
    return [f"manage.py {shlex.join(args)} -> {status}:\n{output[-2000:]}"
            for args, (status, output) in zip(lines, answers, strict=True)
            if status != 0 or "Traceback" in output]


def run_all(runs):
    """Run each (args, env, cwd) in the given order, the runs of one environment in one
    child process, two processes at a time; every problem found."""
    groups = defaultdict(list)
    for args, env, cwd in runs:
        groups[json.dumps([env, str(cwd)])].append(args)

    def run_group(key):
        env, cwd = json.loads(key)
        return run_lines(groups[key], env, cwd)

    with ThreadPoolExecutor(WORKERS) as pool:
        return [problem for found in pool.map(run_group, groups) for problem in found]


@dataclass
class Club:
    folder: Path
    database: Path
    empty: Path  # migrated, nothing else: what restore needs
    values: dict

    def environment(self, database=None, **env):
        """The README's environment on this club's database: nothing set but the database
        (and STATIC_ROOT, so that collectstatic writes here)."""
        return environment(DATABASE_URL=database_url(database or self.database),
                           STATIC_ROOT=str(self.folder / "static"), **env)

    def restore_target(self):
        """A fresh copy of the empty database."""
        return copy_database(self.empty, self.folder / f"restore-{time.monotonic_ns()}.sqlite3")


@pytest.fixture(scope="module")
def club(tmp_path_factory, migrated_sqlite):
    folder = tmp_path_factory.mktemp("readme")
    club = Club(folder, folder / "db.sqlite3", migrated_sqlite, {})
    env = club.environment()
    copy_database(migrated_sqlite, club.database)
    result = manage("shell", "-c", SETUP % str(folder), env=env)
    assert result.returncode == 0, result.stderr
    ids = json.loads(result.stdout.splitlines()[-1])
    (folder / "boards.csv").write_text(BOARDS)
    (folder / "names.csv").write_text(NAMES)
    club.values = {
        "ID": ids["demo"], "SESSION_ID": ids["setup"], "USERNAME": "director",
        "TABLE": "club_cache", "NAME": "Imported evening", "YYYY-MM-DD": "2026-11-20",
        "BOARDS.csv": folder / "boards.csv", "NAMES.csv": folder / "names.csv",
        "import_deals FILE": FIXTURES / "hand_records.pbn",
        "import_session --json FILE": folder / "archive.json",
        "import_session --usebio FILE": FIXTURES / "usebio_compscore.xml",
        "import_session --pbn FILE": FIXTURES / "results_ruter.pbn",
        "import_session --lin FILE": FIXTURES / "results_bbo.lin",
        "backup FILE": folder / "backup-again.json",
        "CRON_FILE": folder / "backup-nightly.json",
        "restore FILE": folder / "backup.json",
    }
    return club


def command_lines(values):
    return [fill(args, values) for line in readme_commands() for args in variants(line)]


def test_the_readme_shows_the_commands_this_test_runs():
    names = {args[0] for line in readme_commands() for args in variants(line)}
    assert {"demo", "calibrate", "import_deals", "export_session", "import_session",
            "backup", "restore", "migrate", "createsuperuser", "check",
            "makemessages"} <= names
    assert ["export_session", "ID", "--format", "csv", "--delimiter", ";"] in [
        args for line in readme_commands() for args in variants(line)]


def test_every_readme_command_runs_on_a_fresh_checkout(club, tmp_path):
    copy = copy_project(tmp_path / "project")
    runs = []
    for args in command_lines(club.values):
        command, env, cwd = args[0], club.environment(), ROOT
        if command == "demo":
            continue  # serves until stopped: the next test
        if command in BENCHMARKS:
            args = [command, "--help"]
        if command == "createsuperuser":
            args, env = [*args, "--noinput"], {**env, **SUPERUSER}
        if command == "restore":
            env = club.environment(database=club.restore_target())
        if command in CATALOGUE_COMMANDS:
            cwd = copy
        runs.append((args, env, cwd))
    failures = run_all(runs)
    assert not failures, "\n\n".join(failures)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def first_answer(url, process, seconds):
    """The status of the first answer from `url` while `process` runs (None: none came)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.status
        except urllib.error.HTTPError as err:
            return err.code
        except OSError:
            time.sleep(0.5)
    return None


def test_the_readme_demo_serves_the_site(club):
    for args in command_lines(club.values):
        if args[0] != "demo":
            continue
        port = free_port()
        if "--addrport" in args:
            args = args[:args.index("--addrport")] + args[args.index("--addrport") + 2:]
        args = [*args, "--addrport", f"127.0.0.1:{port}"]
        log = club.folder / f"demo-{port}.log"
        with log.open("w") as output:
            process = subprocess.Popen([sys.executable, "manage.py", *args], cwd=ROOT,
                                       env=club.environment(), stdout=output,
                                       stderr=subprocess.STDOUT, text=True)
            try:
                status = first_answer(f"http://127.0.0.1:{port}/health/", process, 120)
            finally:
                process.terminate()
                process.wait(timeout=30)
        text = log.read_text()
        assert status == 200, text
        assert f"Open http://127.0.0.1:{port}/ in a browser." in text
        assert "Traceback" not in text


def test_the_data_commands_run_with_production_settings(club):
    """SECRET_KEY and the database, as the crontab's club.env gives them; DEBUG unset. The
    first line the README shows of each command."""
    first = {}
    for args in command_lines(club.values):
        if args[0] in DATA_COMMANDS:
            first.setdefault(args[0], args)
    assert set(first) == DATA_COMMANDS
    runs = []
    for args in first.values():
        database = club.restore_target() if args[0] == "restore" else None
        runs.append((args, club.environment(database=database, SECRET_KEY=SECRET), ROOT))
    failures = run_all(runs)
    assert not failures, "\n\n".join(failures)
