"""Settings come from the environment and refuse unsafe values: DEBUG only when asked,
no production start without SECRET_KEY and ALLOWED_HOSTS, `check --deploy` clean with the
defaults, and variables that loosen them for a site without TLS."""

import pytest

import manage
from tests.config.production import SECRET, environment
from tests.config.production import manage as run_manage
from tests.config.production import python as run_python

# Child processes: left out of the fast part (README, Running the tests).
pytestmark = [pytest.mark.slow, pytest.mark.database_independent]


def run_check(*args, **env):
    return run_manage("check", *args, env=environment(**env))


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


def start_site(env):
    """Load the site as gunicorn does (config.wsgi)."""
    return run_python("import config.wsgi", env)


def test_the_site_refuses_to_start_without_allowed_hosts_when_not_debug():
    result = start_site(environment(DEBUG="0", SECRET_KEY=SECRET))
    assert result.returncode != 0
    assert "ALLOWED_HOSTS must be set when DEBUG is off" in result.stderr
    assert start_site(environment(DEBUG="0", SECRET_KEY=SECRET,
                                  ALLOWED_HOSTS="club.example.org")).returncode == 0


def test_a_command_needs_no_allowed_hosts():
    # Commands serve no requests; the development server still refuses to serve none.
    assert run_check(DEBUG="0", SECRET_KEY=SECRET).returncode == 0
    result = run_manage("runserver", "--noreload", "127.0.0.1:0",
                        env=environment(DEBUG="0", SECRET_KEY=SECRET))
    assert result.returncode != 0
    assert "You must set settings.ALLOWED_HOSTS if DEBUG is False." in result.stderr


@pytest.mark.parametrize("debug", [None, ""])
def test_debug_is_off_unless_asked(debug):
    env = environment(SECRET_KEY=SECRET, ALLOWED_HOSTS="club.example.org")
    if debug is not None:
        env["DEBUG"] = debug
    result = run_python("import django; django.setup(); from django.conf import settings; "
                        "print(settings.DEBUG)", env)
    assert result.stdout.strip() == "False", result.stderr
    # ...and so a server started with nothing set refuses, rather than serving the
    # development key and Django's debug page.
    env = environment() if debug is None else environment(DEBUG=debug)
    result = start_site(env)
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_clean_with_the_defaults():
    result = run_check("--deploy", "--fail-level", "WARNING", DEBUG="0", SECRET_KEY=SECRET,
                       ALLOWED_HOSTS="club.example.org")
    assert result.returncode == 0, result.stderr
    assert "WARNINGS" not in result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_a_site_without_tls_can_loosen_the_defaults():
    result = run_check("--deploy", DEBUG="0", SECRET_KEY=SECRET,
                       ALLOWED_HOSTS="club.example.org", SECURE_SSL_REDIRECT="0",
                       SECURE_COOKIES="0", SECURE_HSTS_SECONDS="0")
    assert result.returncode == 0, result.stderr
    for check in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert check in result.stderr, check


def test_proxy_header_and_trusted_origins_come_from_the_environment():
    env = environment(DEBUG="0", SECRET_KEY=SECRET, ALLOWED_HOSTS="club.example.org",
                      SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto: https",
                      CSRF_TRUSTED_ORIGINS="https://club.example.org, https://club.example.org:8443")
    result = run_python(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SECURE_PROXY_SSL_HEADER, s.CSRF_TRUSTED_ORIGINS, s.SECURE_SSL_REDIRECT, "
        "s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_SAMESITE)", env)
    assert result.stdout.split(")", 1)[0] == "('HTTP_X_FORWARDED_PROTO', 'https'", result.stderr
    assert ("['https://club.example.org', 'https://club.example.org:8443'] True 31536000 True "
            "True True Lax") in result.stdout


def test_a_malformed_proxy_header_is_named():
    result = run_check(DEBUG="0", SECRET_KEY=SECRET, ALLOWED_HOSTS="club.example.org",
                       SECURE_PROXY_SSL_HEADER="https")
    assert result.returncode != 0
    assert "X-Forwarded-Proto: https" in result.stderr


@pytest.mark.parametrize("env, debug", [
    ({}, "1"),                           # a laptop: every command
    ({"DEBUG": "0"}, "0"),               # asked for: kept
    ({"SECRET_KEY": SECRET}, None),      # a production machine: as set (off)
    ({"SECRET_KEY": SECRET, "DEBUG": "1"}, "1"),
])
def test_manage_py_turns_debug_on_on_a_machine_without_secret_key(env, debug):
    env = dict(env)
    manage.development_defaults(env)
    assert env.get("DEBUG") == debug


def test_the_readme_demo_command_runs_on_a_fresh_laptop(tmp_path):
    """`python manage.py demo` with nothing set: DEBUG on, the development key."""
    env = environment(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    result = run_manage("demo", "--help", env=env)
    assert result.returncode == 0, result.stderr
    result = run_manage("shell", "-c", "from django.conf import settings; print(settings.DEBUG)",
                        env=env)
    assert result.stdout.splitlines()[-1] == "True", result.stderr
