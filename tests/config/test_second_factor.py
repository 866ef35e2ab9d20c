"""A second factor for directors (TOTP, django-otp): enrolling with a QR code and a first
code, the login then asking for the 6-digit code, wrong codes counted (each doubles the
wait before the next), and the director's pages and the admin closed to a session that
has not given its code; staff can be required to enrol (SECOND_FACTOR_REQUIRED)."""

import re
import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from tests.factories import make_session

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")
CODE = reverse("second-factor")
SETUP = reverse("second-factor-setup")
HOME = reverse("director-home")


def code_for(device, steps_ahead=0):
    """The code the director's app shows now (or that many 30-second steps later: a code
    is accepted once, so a second login in the same test needs the next one)."""
    device.refresh_from_db()
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time() + steps_ahead * device.step
    return f"{totp.token():06d}"


def wrong_code(device):
    right = code_for(device)
    return next(c for c in ("000000", "111111", "222222") if c != right)


def log_in(client, username="td", password="td-password", **data):
    return client.post(LOGIN, {"username": username, "password": password, **data},
                       REMOTE_ADDR="192.0.2.10")


@pytest.fixture
def device(director):
    return TOTPDevice.objects.create(user=director, name="phone", confirmed=True)


def unthrottle(device):
    """Let the next code be tried at once (a wrong code makes the next wait a while)."""
    device.refresh_from_db()
    TOTPDevice.objects.filter(pk=device.pk).update(
        throttling_failure_timestamp=device.throttling_failure_timestamp - timedelta(hours=1))


# --- enrolling -----------------------------------------------------------------------------

def test_a_director_enrols_with_the_qr_code_and_a_first_code(director_client, director):
    page = director_client.get(SETUP)
    assert page.status_code == 200
    content = page.content.decode()
    assert "<svg" in content  # the QR code, inline
    pending = TOTPDevice.objects.get(user=director)
    assert not pending.confirmed
    secret = re.search(r'data-secret="([A-Z2-7]+)"', content)[1]
    assert pending.config_url.find(f"secret={secret}") > 0  # the key typed by hand
    assert director_client.get(SETUP).content.decode().count(secret)  # the same key again

    wrong = director_client.post(SETUP, {"code": wrong_code(pending)})
    assert wrong.status_code == 200
    assert "This code is wrong" in wrong.content.decode()
    pending.refresh_from_db()
    assert not pending.confirmed and pending.throttling_failure_count == 1

    unthrottle(pending)
    done = director_client.post(SETUP, {"code": code_for(pending)})
    assert done.status_code == 302
    pending.refresh_from_db()
    assert pending.confirmed
    # This session gave its code: the director's pages stay open.
    assert director_client.get(HOME).status_code == 200


def test_a_code_that_is_not_six_digits_says_so_and_keeps_it(director_client, device):
    response = director_client.post(CODE, {"code": "12a45"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Type the 6 digits that your authenticator app shows" in page
    assert 'value="12a45"' in page
    device.refresh_from_db()
    assert device.throttling_failure_count == 0  # not a guess: nothing to count


# --- logging in ----------------------------------------------------------------------------

def test_the_login_asks_for_the_code_and_the_right_one_opens_the_pages(client, device):
    response = log_in(client)
    assert response.status_code == 302
    response = client.get(response["Location"], follow=True)
    assert response.redirect_chain[-1][0] == f"{CODE}?next={reverse('after-login')}"
    assert "6-digit code" in response.content.decode()
    done = client.post(response.redirect_chain[-1][0], {"code": code_for(device)})
    assert done["Location"] == reverse("after-login")
    assert client.get(done["Location"])["Location"] == HOME
    assert client.get(HOME).status_code == 200


def test_the_login_goes_on_where_it_was_asked_from(client, device):
    target = reverse("director-players")
    response = log_in(client, next=target)
    response = client.get(response["Location"])
    assert response["Location"] == f"{CODE}?next={target}"
    done = client.post(response["Location"], {"code": code_for(device)})
    assert done["Location"] == target


def test_a_wrong_code_is_counted_and_the_next_try_waits(client, device):
    log_in(client)
    wrong = client.post(CODE, {"code": wrong_code(device)})
    assert wrong.status_code == 200
    assert "This code is wrong" in wrong.content.decode()
    device.refresh_from_db()
    assert device.throttling_failure_count == 1
    # Straight after a wrong code even the right one has to wait.
    early = client.post(CODE, {"code": code_for(device)})
    assert "Too many wrong codes" in early.content.decode()
    assert client.get(HOME)["Location"].startswith(CODE)
    unthrottle(device)
    assert client.post(CODE, {"code": code_for(device)}).status_code == 302
    device.refresh_from_db()
    assert device.throttling_failure_count == 0
    assert client.get(HOME).status_code == 200


def test_a_code_is_accepted_once(client, device):
    log_in(client)
    code = code_for(device)
    assert client.post(CODE, {"code": code}).status_code == 302
    client.post(reverse("logout"))
    log_in(client)
    assert "This code is wrong" in client.post(CODE, {"code": code}).content.decode()


def test_without_a_device_the_login_is_as_before(client, director):
    response = log_in(client)
    assert client.get(response["Location"])["Location"] == HOME
    assert client.get(HOME).status_code == 200


# --- pages closed to a session that has not given its code --------------------------------

def test_the_directors_pages_refuse_an_unverified_session(client, director, device):
    client.force_login(director)  # a password login, or one from before the enrolment
    response = client.get(reverse("director-players"))
    assert response.status_code == 302
    assert response["Location"] == f"{CODE}?next={reverse('director-players')}"


def test_an_unverified_session_is_no_director_on_the_public_pages(client, director, device):
    hidden = make_session(status="setup")  # not public: only directors see it
    client.force_login(director)
    assert client.get(reverse("standings", args=[hidden.pk])).status_code == 404
    page = client.get(reverse("session-list")).content.decode()
    assert f'href="{HOME}"' not in page


def test_the_admin_refuses_an_unverified_session(client, device, director):
    director.is_superuser = True
    director.save()
    client.force_login(director)
    response = client.get(reverse("admin:index"), follow=True)
    assert response.redirect_chain[-1][0].startswith(CODE)
    assert client.post(response.redirect_chain[-1][0],
                       {"code": code_for(device)}).status_code == 302
    assert client.get(reverse("admin:index")).status_code == 200


def test_the_admin_login_asks_for_the_code_too(client, device, director):
    response = client.post(reverse("admin:login") + "?next=/admin/",
                           {"username": "td", "password": "td-password"},
                           REMOTE_ADDR="192.0.2.10", follow=True)
    assert response.redirect_chain[-1][0].startswith(CODE)


# --- turning it off, requiring it ---------------------------------------------------------

def test_turning_it_off_takes_a_code(client, device):
    log_in(client)
    client.post(CODE, {"code": code_for(device)})
    page = client.get(SETUP).content.decode()
    assert "Two-step login is on" in page
    refused = client.post(SETUP, {"code": wrong_code(device)})
    assert "This code is wrong" in refused.content.decode()
    assert TOTPDevice.objects.filter(pk=device.pk).exists()
    unthrottle(device)
    assert client.post(SETUP, {"code": code_for(device, steps_ahead=1)}).status_code == 302
    assert not TOTPDevice.objects.exists()


def test_staff_can_be_required_to_enrol(settings, director_client, director):
    settings.SECOND_FACTOR_REQUIRED = True
    response = director_client.get(HOME)
    assert response["Location"] == f"{SETUP}?next={HOME}"
    director_client.get(SETUP)
    pending = TOTPDevice.objects.get(user=director)
    done = director_client.post(f"{SETUP}?next={HOME}", {"code": code_for(pending)})
    assert done["Location"] == HOME
    assert director_client.get(HOME).status_code == 200


def test_a_next_address_elsewhere_is_not_followed(client, device):
    log_in(client)
    done = client.post(f"{CODE}?next=https://evil.example/", {"code": code_for(device)})
    assert done["Location"] == reverse("after-login")


def test_the_directors_home_and_the_admin_link_the_setup_page(director_client, admin_client):
    assert f'href="{SETUP}"' in director_client.get(HOME).content.decode()
    assert f'href="{SETUP}"' in admin_client.get(reverse("admin:index")).content.decode()


def test_the_pages_run_a_fixed_number_of_queries(client, director, device,
                                                django_assert_max_num_queries):
    client.force_login(director)
    with django_assert_max_num_queries(3):  # the session, the user, its group and device
        assert client.get(CODE).status_code == 200
    wrong = wrong_code(device)
    with django_assert_max_num_queries(7):  # and the device, locked, then counted
        client.post(CODE, {"code": wrong})
    unthrottle(device)
    client.post(CODE, {"code": code_for(device)})
    with django_assert_max_num_queries(5):  # the session, the user, its group, its devices
        assert client.get(SETUP).status_code == 200


def test_the_admin_deletes_the_device_of_a_lost_phone(admin_client, device, client, director):
    listing = admin_client.get(reverse("admin:otp_totp_totpdevice_changelist"))
    assert listing.status_code == 200 and "phone" in listing.content.decode()
    response = admin_client.post(reverse("admin:otp_totp_totpdevice_delete", args=[device.pk]),
                                 {"post": "yes"})
    assert response.status_code == 302
    client.force_login(director)
    assert client.get(HOME).status_code == 200  # the password alone opens the pages again
