"""Logging in: directors land on their home, other accounts on the public list (told why
the director's pages stay closed); repeated failures lock the login out (django-axes) and
are logged; passwords follow Django's validators; a forgotten password is reset by e-mail."""

import logging
import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.password_validation import validate_password
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from config.password_reset import PasswordResetView, wait_for_mail
from config.views import client_address
from tests.factories import make_session

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")


def log_in(client, username, password, ip="192.0.2.10", next=None, **headers):
    data = {"username": username, "password": password}
    if next is not None:
        data["next"] = next
    return client.post(LOGIN, data, REMOTE_ADDR=ip, **headers)


@pytest.fixture
def member(django_user_model):
    """An account that may not direct."""
    return django_user_model.objects.create_user("member", password="member-password")


# --- where a login lands -------------------------------------------------------------------

def test_a_director_lands_on_the_directors_home(client, director):
    response = log_in(client, "td", "td-password", follow=False)
    assert response["Location"] == reverse("after-login")
    response = client.get(response["Location"])
    assert response["Location"] == reverse("director-home")


def test_a_director_still_goes_where_the_login_was_asked_from(client, director):
    target = reverse("standings", args=[1])
    response = log_in(client, "td", "td-password", next=target)
    assert response["Location"] == target


def test_another_account_lands_on_the_public_list_and_is_told_why(client, member):
    response = log_in(client, "member", "member-password")
    response = client.get(response["Location"], follow=True)
    assert response.redirect_chain[-1][0] == reverse("session-list")
    page = response.content.decode()
    assert "this account may not direct" in page
    assert "Ask the club&#x27;s admin to add it to the “Directors” group" in page


def test_a_director_page_tells_another_account_what_to_do(client, member):
    client.force_login(member)
    response = client.get(reverse("director-home"))
    assert response.status_code == 403
    page = response.content.decode()
    assert "This account may not direct" in page
    assert "Ask the club's admin to add your account to that group" in page


def test_the_login_page_offers_a_password_reset(client):
    page = client.get(LOGIN).content.decode()
    assert f'href="{reverse("password_reset")}"' in page
    assert "Forgot your password?" in page


def test_the_header_login_link_keeps_the_page_except_on_the_list(client):
    """From the list, each account lands on its own start page; from another page, back
    there."""
    page = client.get(reverse("session-list")).content.decode()
    assert f'href="{LOGIN}"' in page
    standings = reverse("standings", args=[make_session(status="published").pk])
    page = client.get(standings).content.decode()
    assert f'href="{LOGIN}?next={standings}"' in page


def test_a_wrong_password_says_so(client, director):
    response = log_in(client, "td", "wrong")
    assert response.status_code == 200
    assert "Your username and password didn't match" in response.content.decode()


# --- lockout -------------------------------------------------------------------------------

@pytest.fixture
def axes_log():
    """What django-axes logs (the "axes" logger writes to stderr, not to the root)."""
    records = []
    handler = logging.Handler(level=logging.WARNING)
    handler.emit = records.append
    logger = logging.getLogger("axes")
    logger.addHandler(handler)
    yield records
    logger.removeHandler(handler)


def test_five_failures_lock_the_login_even_for_the_right_password(client, director, axes_log):
    for _attempt in range(5):
        response = log_in(client, "td", "wrong")
        assert response.status_code in (200, 429)
    response = log_in(client, "td", "td-password")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many failed logins" in page
    assert "Try again in 15 minutes" in page
    assert "_auth_user_id" not in client.session
    # Every failure was logged, with the username and the address.
    messages = [record.getMessage() for record in axes_log]
    assert any("login failure" in m and "td" in m and "192.0.2.10" in m for m in messages)
    assert any("Locking out" in m for m in messages)


def test_the_lockout_is_for_that_username_from_that_address(client, director):
    for _attempt in range(5):
        log_in(client, "td", "wrong")
    assert log_in(client, "td", "td-password").status_code == 429
    # The director at the club, from another address, is not locked out by someone else.
    response = log_in(client, "td", "td-password", ip="198.51.100.7")
    assert response.status_code == 302


@pytest.mark.parametrize("proxies, forwarded, address", [
    (0, "203.0.113.5", "127.0.0.1"),                # no proxy: the header is the client's
    (1, "203.0.113.5", "203.0.113.5"),              # what our proxy added
    (1, "6.6.6.6, 203.0.113.5", "203.0.113.5"),     # a client's own entry proves nothing
    (2, "6.6.6.6, 203.0.113.5, 10.0.0.2", "203.0.113.5"),
    (1, "", "127.0.0.1"),                           # not through the proxy after all
])
def test_failures_are_counted_for_the_client_behind_the_proxies(settings, rf, proxies,
                                                                 forwarded, address):
    settings.PROXY_COUNT = proxies
    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == address


def test_behind_a_proxy_one_client_is_locked_out_not_everyone(settings, client, director):
    settings.PROXY_COUNT = 1
    for _attempt in range(5):
        client.post(LOGIN, {"username": "td", "password": "wrong"}, REMOTE_ADDR="127.0.0.1",
                    HTTP_X_FORWARDED_FOR="203.0.113.5")
    locked = client.post(LOGIN, {"username": "td", "password": "td-password"},
                         REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert locked.status_code == 429
    director_at_the_club = client.post(LOGIN, {"username": "td", "password": "td-password"},
                                       REMOTE_ADDR="127.0.0.1",
                                       HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert director_at_the_club.status_code == 302


def test_after_the_cool_off_the_right_password_works_again(client, director):
    for _attempt in range(5):
        log_in(client, "td", "wrong")
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time
                                 - timedelta(minutes=16))
    response = log_in(client, "td", "td-password")
    assert response.status_code == 302
    assert not AccessAttempt.objects.exists()  # a good login clears the count


def test_fewer_failures_do_not_lock(client, director):
    for _attempt in range(4):
        log_in(client, "td", "wrong")
    assert log_in(client, "td", "td-password").status_code == 302


def test_the_admin_login_is_locked_too(client, director):
    for _attempt in range(5):
        client.post(reverse("admin:login"), {"username": "td", "password": "wrong"},
                    REMOTE_ADDR="192.0.2.10")
    response = client.post(reverse("admin:login"), {"username": "td", "password": "td-password"},
                           REMOTE_ADDR="192.0.2.10")
    assert response.status_code == 429


# --- passwords -----------------------------------------------------------------------------

@pytest.mark.parametrize("password, problem", [
    ("short1", "too short"),
    ("12345678901", "entirely numeric"),
    ("password123", "too common"),
    ("td-director-7", "too similar"),
])
def test_weak_passwords_are_refused(director, password, problem):
    director.email = "td-director-7@example.org"
    with pytest.raises(ValidationError) as refusal:
        validate_password(password, user=director)
    assert problem in " ".join(refusal.value.messages)


def test_a_good_password_passes(director):
    validate_password("lavender-trump-quiet-9", user=director)


# --- password reset by e-mail --------------------------------------------------------------

@pytest.fixture
def sent():
    """The password-reset mail sent so far (it goes out in a thread after the response)."""
    def outbox():
        wait_for_mail()
        return mail.outbox
    return outbox


@pytest.fixture
def td_mail(director):
    director.email = "td@example.org"
    director.save()
    return director


def ask_reset(client, email, ip="192.0.2.10"):
    return client.post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=ip)


def test_a_director_resets_a_forgotten_password_by_email(client, td_mail, sent):
    director = td_mail
    response = ask_reset(client, "td@example.org")
    assert response["Location"] == reverse("password_reset_done")
    assert "Check your e-mail" in client.get(response["Location"]).content.decode()
    assert len(sent()) == 1
    message = mail.outbox[0]
    assert message.to == ["td@example.org"]
    assert "td" in message.body
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body)[1]

    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    set_password_url = form.redirect_chain[-1][0]
    weak = client.post(set_password_url, {"new_password1": "password123",
                                          "new_password2": "password123"})
    assert "too common" in weak.content.decode()
    done = client.post(set_password_url, {"new_password1": "lavender-trump-quiet-9",
                                          "new_password2": "lavender-trump-quiet-9"})
    assert done["Location"] == reverse("password_reset_complete")
    assert "Your new password is saved" in client.get(done["Location"]).content.decode()

    director.refresh_from_db()
    assert director.check_password("lavender-trump-quiet-9")
    assert log_in(client, "td", "lavender-trump-quiet-9").status_code == 302
    # The link works once.
    again = client.get(link, follow=True)
    assert "This link does not work any more" in again.content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, sent):
    response = ask_reset(client, "nobody@example.org")
    assert response["Location"] == reverse("password_reset_done")
    assert sent() == []


def test_thirty_requests_send_one_mail(client, td_mail, sent):
    """One mail per address every 15 minutes, however many ask (from however many
    addresses); the page says the same each time."""
    for attempt in range(30):
        response = ask_reset(client, "TD@example.org", ip=f"198.51.100.{attempt}")
        assert response["Location"] == reverse("password_reset_done")
    assert len(sent()) == 1
    page = client.get(reverse("password_reset_done")).content.decode()
    assert "At most one link is sent to an address every 15 minutes" in page


@pytest.mark.parametrize("email", ["td@example.org", "nobody@example.org"])
def test_a_few_requests_an_hour_from_one_address(client, td_mail, sent, email):
    """The sixth request within the hour from one client address is refused, the same way
    whether the address it names has an account or not."""
    for attempt in range(5):
        assert ask_reset(client, f"{attempt}-{email}").status_code == 302
    refused = ask_reset(client, email)
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many password-reset requests from your address" in page
    assert f'value="{email}"' in page  # what was typed stays
    assert sent() == []
    assert ask_reset(client, email, ip="203.0.113.9").status_code == 302  # another address


def test_the_mail_is_sent_after_the_response(rf, td_mail, sent):
    """The page is answered before anything depends on the address: the account is looked
    up and the mail sent once the response has gone out (request_finished)."""
    request = rf.post(reverse("password_reset"), {"email": "td@example.org"},
                      REMOTE_ADDR="192.0.2.10")
    request.session = {}
    request._dont_enforce_csrf_checks = True
    with CaptureQueriesContext(connection) as queries:
        response = PasswordResetView.as_view()(request)
    assert response.status_code == 302
    assert not any("auth_user" in query["sql"] for query in queries)  # no look-up yet
    assert sent() == []
    response.close()  # the WSGI server closes the response once it is sent
    assert [message.to for message in sent()] == [["td@example.org"]]


def test_the_admin_login_offers_the_reset_too(client):
    page = client.get(reverse("admin:login")).content.decode()
    assert reverse("admin_password_reset") in page


def test_the_reset_pages_use_the_site_look(client):
    page = client.get(reverse("password_reset")).content.decode()
    assert 'class="form narrow"' in page and 'class="site-header' in page



# --- what a client sends never breaks the login (PostgreSQL refused these: 500s) -----------

def test_a_username_longer_than_any_account_is_refused_counted_and_locked(client, director):
    name = "x" * 300
    response = log_in(client, name, "wrong")
    assert response.status_code == 200
    page = response.content.decode()
    assert "A username has at most 150 characters; this one has 300." in page
    assert f'value="{name}"' in page  # what was typed stays in the field
    assert AccessAttempt.objects.get().failures_since_start == 1
    for _attempt in range(4):
        log_in(client, name, "wrong")
    assert log_in(client, name, "wrong").status_code == 429


def test_a_long_username_at_the_admin_login_is_counted_too(client):
    response = client.post(reverse("admin:login"), {"username": "y" * 256, "password": "x"},
                           REMOTE_ADDR="192.0.2.10")
    assert response.status_code == 200
    assert AccessAttempt.objects.get().failures_since_start == 1


@pytest.mark.parametrize("header", ["HTTP_USER_AGENT", "HTTP_ACCEPT"])
def test_a_nul_in_the_browsers_headers_is_counted_not_a_500(client, director, header):
    response = log_in(client, "td", "wrong", **{header: "Mozilla\x00evil"})
    assert response.status_code == 200
    assert AccessAttempt.objects.get().failures_since_start == 1
    assert log_in(client, "td", "td-password", **{header: "Mozilla\x00evil"}).status_code == 302


@pytest.mark.parametrize("forwarded", ["1234567890123456", "abcdefghijklmnop", "1.2.3.4.5"])
def test_a_forwarded_address_that_is_no_address_counts_for_the_proxys(settings, client,
                                                                      forwarded):
    settings.PROXY_COUNT = 1
    response = client.post(LOGIN, {"username": "td", "password": "wrong"},
                           REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert response.status_code == 200
    assert AccessAttempt.objects.get().ip_address == "127.0.0.1"
