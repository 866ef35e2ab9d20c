"""Running the project in a child process with production settings (DEBUG off, the real
config.settings rather than tests.settings): the settings are read once per process, so
this is how the production defaults are tested."""

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECRET = "v7Qm2ZrX9tLp4KdW8sNc3HbY6gFj1RaE5uTo0iMq2ZxC9wVb4n"  # 50 characters, a test's only
PROJECT_VARIABLES = {
    "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "DATABASE_URL", "STATIC_ROOT", "CSRF_TRUSTED_ORIGINS",
    "SECURE_PROXY_SSL_HEADER", "SECURE_SSL_REDIRECT", "SECURE_COOKIES", "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "PROXY_COUNT", "EMAIL_BACKEND",
    "DJANGO_SETTINGS_MODULE",
    # Set for the browser tests (tests/e2e/conftest.py); `check --deploy` rightly refuses it.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def environment(**env):
    """This process's environment without the project's variables, plus `env`."""
    result = {k: v for k, v in os.environ.items() if k not in PROJECT_VARIABLES}
    result.update(env)
    return result


def production(tmp_path, **env):
    """A production environment on a fresh SQLite file and an empty STATIC_ROOT."""
    static = tmp_path / "static"
    static.mkdir(exist_ok=True)
    return environment(DEBUG="0", SECRET_KEY=SECRET, ALLOWED_HOSTS="club.example.org",
                       DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
                       STATIC_ROOT=str(static), **env)


def copy_database(source, target):
    """A copy of a SQLite database file (with its write-ahead log, if any)."""
    for suffix in ("", "-wal"):
        if Path(f"{source}{suffix}").exists():
            shutil.copy(f"{source}{suffix}", f"{target}{suffix}")
    return target


def migrated_database(folder):
    """A SQLite file in `folder` with every migration run by `manage.py migrate` (README's
    environment), made by the first test process that asks and shared by the others (a
    lock file serialises them): a child process's tests copy it rather than each running
    the migrations again (some ten seconds each)."""
    database, done = folder / "migrated.sqlite3", folder / "migrated.done"
    with open(folder / "migrated.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            result = manage("migrate", env=environment(DATABASE_URL=f"sqlite:///{database}"))
            assert result.returncode == 0, result.stderr
            done.touch()
    return database


def manage(*args, env, cwd=ROOT):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


# What the project runs from (tests/ excepted): a copy of these is a project of its own.
SOURCES = ["config", "club", "reports", "scoring", "templates", "locale", "manage.py",
           "pyproject.toml"]


def copy_project(target):
    """Copy the project's sources into `target`, for a command that writes into the project
    (makemessages and compilemessages write the catalogue under locale/)."""
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(source, target / name)
    return target


def python(code, env):
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                          env={"DJANGO_SETTINGS_MODULE": "config.settings", **env},
                          capture_output=True, text=True, timeout=300)
