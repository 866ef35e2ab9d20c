"""Two-step login in chromium, under the site's Content-Security-Policy: a director sets it
up from the director's home (the QR code shows, nothing is refused), logs out, and the next login
asks for the code before the director's home opens."""

import time

from django.urls import reverse
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from tests.e2e.conftest import DIRECTOR_PASSWORD, DIRECTOR_USERNAME
from tests.e2e.test_security import settle, violations  # noqa: F401 - the fixture


def code_for(device, steps_ahead=0):
    device.refresh_from_db()
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time() + steps_ahead * device.step
    return f"{totp.token():06d}"


def test_a_director_sets_up_two_step_login_and_logs_in_with_a_code(
        logged_in_page, live_server, violations, screenshot, e2e_director):  # noqa: F811
    page = violations(logged_in_page)
    with page.expect_navigation():
        page.get_by_role("link", name="Two-step login").click()
    settle(page)
    assert page.locator(".qr-box svg").is_visible()
    screenshot("second-factor-setup")
    violations.check(page, "second factor setup")
    device = TOTPDevice.objects.get(user=e2e_director)
    page.fill("#id_code", code_for(device))
    page.get_by_role("button", name="Turn two-step login on").click()
    page.wait_for_load_state()
    assert "Two-step login is on" in page.content()

    page.get_by_role("button", name="Log out").click()
    page.goto(f"{live_server.url}{reverse('login')}")
    page.fill("#id_username", DIRECTOR_USERNAME)
    page.fill("#id_password", DIRECTOR_PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_load_state()
    assert page.url.startswith(f"{live_server.url}{reverse('second-factor')}")
    screenshot("second-factor-code")
    violations.check(page, "second factor code")
    page.fill("#id_code", code_for(device, steps_ahead=1))
    page.press("#id_code", "Enter")
    page.wait_for_load_state()
    assert page.url == f"{live_server.url}{reverse('director-home')}"
