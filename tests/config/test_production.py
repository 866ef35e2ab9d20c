"""The site as production runs it (DEBUG off, config.settings), in a child process: pages
render without `collectstatic` and with it, HTTPS is enforced (the health check excepted),
the security headers are there, the language cookie is Secure and SameSite=Lax, and an
error is logged to stderr with its traceback."""

import json

import pytest

from tests.config.production import copy_database, manage, production, python

# Child processes: left out of the fast part (README, Running the tests).
pytestmark = [pytest.mark.slow, pytest.mark.database_independent]

CHILD = r'''
import json, sys, types
import django
django.setup()
from django.core.management import call_command
from django.test import Client
from django.test.utils import override_settings
from django.urls import include, path
from django.conf import settings

call_command("migrate", verbosity=0)
client = Client(HTTP_HOST="club.example.org")
out = {"storage": settings.STORAGES["staticfiles"]["BACKEND"]}

def record(name, response):
    out[name] = {"status": response.status_code, "headers": dict(response.headers),
                 "body": (b"".join(response.streaming_content) if response.streaming
                          else response.content).decode(errors="replace"),
                 "cookies": {key: {"secure": bool(morsel["secure"]),
                                   "samesite": morsel["samesite"],
                                   "httponly": bool(morsel["httponly"])}
                             for key, morsel in response.cookies.items()}}

record("list", client.get("/", secure=True))
record("http", client.get("/"))
record("health", client.get("/health/"))
record("login", client.get("/accounts/login/", secure=True))
record("static", client.get(out["list"]["body"].split('href="')[1].split('"')[0], secure=True))
record("setlang", client.post("/i18n/setlang/", {"language": "ru", "next": "/"}, secure=True))
record("failed_login", client.post("/accounts/login/", {"username": "intruder",
                                                         "password": "guess"}, secure=True))

# An error in a view: answered 500, logged with its traceback.
urls = types.ModuleType("failing_urls")
def failing(request):
    raise RuntimeError("a bug for the log")
urls.urlpatterns = [path("failing/", failing), path("", include("config.urls"))]
sys.modules["failing_urls"] = urls
with override_settings(ROOT_URLCONF="failing_urls"):
    record("failing", Client(HTTP_HOST="club.example.org",
                             raise_request_exception=False).get("/failing/", secure=True))
print("CHILD-RESULT " + json.dumps(out))
'''


def run_child(tmp_path, migrated, **env):
    """The child's answers on a copy of the migrated database (its own `migrate` then has
    nothing to do)."""
    copy_database(migrated, tmp_path / "db.sqlite3")
    result = python(CHILD, production(tmp_path, **env))
    lines = [line for line in result.stdout.splitlines() if line.startswith("CHILD-RESULT ")]
    assert lines, result.stderr
    return json.loads(lines[0].removeprefix("CHILD-RESULT ")), result.stderr


@pytest.fixture(scope="module")
def without_collectstatic(tmp_path_factory, migrated_sqlite):
    return run_child(tmp_path_factory.mktemp("production"), migrated_sqlite)


def test_pages_render_without_collectstatic(without_collectstatic):
    out, _stderr = without_collectstatic
    assert out["storage"] == "config.settings.StaticFilesStorage"
    assert out["list"]["status"] == 200
    assert out["login"]["status"] == 200
    assert 'href="/static/css/site.css"' in out["list"]["body"]
    assert out["static"]["status"] == 200  # served by whitenoise from the app folders


def test_pages_use_the_manifest_after_collectstatic(tmp_path, migrated_sqlite):
    env = production(tmp_path)
    collected = manage("collectstatic", "--noinput", "-v0", env=env)
    assert collected.returncode == 0, collected.stderr
    assert (tmp_path / "static" / "staticfiles.json").is_file()
    out, _stderr = run_child(tmp_path, migrated_sqlite)
    assert out["list"]["status"] == 200
    assert "/static/css/site.css" not in out["list"]["body"]  # a hashed name instead
    assert out["static"]["status"] == 200
    assert "immutable" in out["static"]["headers"]["Cache-Control"]


def test_https_is_enforced_except_for_the_health_check(without_collectstatic):
    out, _stderr = without_collectstatic
    assert out["http"]["status"] == 301
    assert out["http"]["headers"]["Location"] == "https://club.example.org/"
    assert out["health"]["status"] == 200 and out["health"]["body"] == "ok"
    assert out["health"]["cookies"] == {}
    hsts = out["list"]["headers"]["Strict-Transport-Security"]
    assert hsts == "max-age=31536000; includeSubDomains"


def test_security_headers(without_collectstatic):
    out, _stderr = without_collectstatic
    headers = out["list"]["headers"]
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "camera=()" in headers["Permissions-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


def test_cookies_are_secure(without_collectstatic):
    out, _stderr = without_collectstatic
    language = out["setlang"]["cookies"]["django_language"]
    assert language == {"secure": True, "samesite": "Lax", "httponly": True}
    assert out["login"]["cookies"]["csrftoken"]["secure"] is True


def test_failed_logins_are_logged(without_collectstatic):
    out, stderr = without_collectstatic
    assert out["failed_login"]["status"] == 200
    assert "WARNING axes" in stderr and "login failure" in stderr
    assert 'username: "intruder"' in stderr and "guess" not in stderr


def test_errors_are_logged_with_their_traceback(without_collectstatic):
    out, stderr = without_collectstatic
    assert out["failing"]["status"] == 500
    assert "Traceback (most recent call last)" not in out["failing"]["body"]
    assert "ERROR django.request: Internal Server Error: /failing/" in stderr
    assert "Traceback (most recent call last)" in stderr
    assert "RuntimeError: a bug for the log" in stderr
