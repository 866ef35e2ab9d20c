"""Security of the pages: a Content-Security-Policy that needs no inline script or style
(and templates that have none), a Permissions-Policy, no caching of the director's pages or
of the archive with its membership numbers, a POST through an HTTPS proxy that passes the
CSRF origin check, and the health check."""

import re
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from tests.factories import make_session

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_the_policy_allows_no_inline_script_or_style(client):
    csp = client.get(reverse("session-list"))["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == directives["base-uri"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


@pytest.mark.parametrize("template", sorted(TEMPLATES.rglob("*.html")),
                         ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_templates_have_no_inline_script_or_style(template):
    text = template.read_text(encoding="utf-8")
    assert not re.search(r"\son[a-z]+\s*=", text), "inline event handler"
    assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", text), "inline <script>"
    assert not re.search(r"<style[\s>]", text), "inline <style>"
    assert not re.search(r"\sstyle\s*=", text), "style attribute"
    assert "javascript:" not in text


def test_htmx_is_told_not_to_inject_its_style(client):
    page = client.get(reverse("session-list")).content.decode()
    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles":false}\'>' in page


def test_every_page_has_a_permissions_policy(client):
    policy = client.get(reverse("session-list"))["Permissions-Policy"]
    assert policy == settings.PERMISSIONS_POLICY
    for feature in ("camera", "microphone", "geolocation", "payment"):
        assert f"{feature}=()" in policy


def test_director_pages_and_the_archive_are_never_stored(director_client):
    session = make_session(tables=3)
    for url in (reverse("director-home"), reverse("entry-session", args=[session.pk]),
                reverse("setup-table-cards", args=[session.pk]),
                reverse("session-archive", args=[session.pk])):
        response = director_client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == "private, no-store", url
    public = director_client.get(reverse("standings", args=[session.pk]))
    assert "no-store" not in public.get("Cache-Control", "")


def test_the_login_redirect_of_a_director_page_is_not_stored_either(client):
    response = client.get(reverse("director-home"))
    assert response.status_code == 302
    assert response["Cache-Control"] == "private, no-store"


@pytest.fixture
def behind_proxy(settings):
    """The production setup behind a TLS-terminating proxy (README, Production)."""
    settings.ALLOWED_HOSTS = ["club.example.org"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True


def proxied_login(director, forwarded):
    """The login form posted from https://club.example.org, through a proxy that sets
    X-Forwarded-Proto (or not)."""
    browser = Client(enforce_csrf_checks=True, HTTP_HOST="club.example.org")
    headers = {"X-Forwarded-Proto": "https"} if forwarded else {}
    page = browser.get(reverse("login"), headers=headers)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())[1]
    return browser.post(reverse("login"),
                        {"username": "td", "password": "td-password",
                         "csrfmiddlewaretoken": token},
                        headers={"Origin": "https://club.example.org",
                                 "Referer": "https://club.example.org/accounts/login/",
                                 **headers})


def test_a_post_through_a_proxy_that_sets_the_header_passes_the_origin_check(
        behind_proxy, director):
    response = proxied_login(director, forwarded=True)
    assert response.status_code == 302
    assert response["Location"] == reverse("after-login")


def test_without_the_forwarded_header_the_origin_check_fails(behind_proxy, director):
    response = proxied_login(director, forwarded=False)
    assert response.status_code == 403
    assert b"CSRF" in response.content


def test_health_answers_ok_without_a_cookie(client):
    response = client.get(reverse("health"))
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"].startswith("text/plain")
    assert not response.cookies
    assert "no-store" in response["Cache-Control"]


def test_health_answers_503_when_the_database_is_unreachable(client, caplog):
    broken = mock.Mock()
    broken.cursor.side_effect = OperationalError("connection refused")
    with mock.patch("config.views.connection", broken):
        response = client.get(reverse("health"))
    assert response.status_code == 503
    assert b"database" in response.content
    assert not response.cookies
    assert "connection refused" in caplog.text
