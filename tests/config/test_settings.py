"""Settings come from the environment and refuse unsafe values."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_check(**env):
    environment = {k: v for k, v in os.environ.items()
                   if k not in {"SECRET_KEY", "DEBUG", "ALLOWED_HOSTS"}}
    environment.update(env)
    return subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_refuses_to_start_without_secret_key_when_not_debug():
    result = run_check(DEBUG="0", ALLOWED_HOSTS="club.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_starts_with_secret_key_when_not_debug():
    result = run_check(DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="club.example.org")
    assert result.returncode == 0, result.stderr


def test_bad_debug_value_is_named():
    result = run_check(DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG='maybe'" in result.stderr
