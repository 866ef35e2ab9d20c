"""The second factor of a login (django-otp's TOTP devices): an authenticator app on the
director's phone shows a 6-digit code that changes every 30 seconds.

Setting it up (`setup`): the page shows a QR code (and the key, to type by hand) of a new,
unconfirmed device; the first code the app shows confirms it. From then on a password
login leaves the session unverified, and the director's pages and the admin send it to
`code` (club.permissions.second_factor_step) until it gives the code. A wrong code is
counted on the device, and each one doubles the wait before the next try (1, 2, 4, ...
seconds); a code is accepted once. Turning it off takes a code too; a director who lost
the phone asks the club's admin to delete the device (admin, "TOTP devices")."""

import logging
import math
import re
from base64 import b32encode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django_otp import login as otp_login
from django_otp.plugins.otp_totp.models import TOTPDevice

from club.permissions import second_factor_redirect, second_factor_step
from club.qr import qr_svg
from config.views import client_address

logger = logging.getLogger(__name__)

DIGITS = re.compile(r"[0-9]{6}")


class CodeForm(forms.Form):
    code = forms.CharField(
        label=_("6-digit code"), max_length=20,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "one-time-code",
                                      "autofocus": True, "size": 8}))

    def clean_code(self):
        code = "".join(self.cleaned_data["code"].split())  # "123 456" as the app shows it
        if not DIGITS.fullmatch(code):
            raise forms.ValidationError(gettext(
                "Type the 6 digits that your authenticator app shows (no letters)."))
        return code


def check_code(request, devices, form):
    """The device among `devices` (a queryset of the user's) that accepts the form's code,
    else None with the reason on the form. A wrong code is counted on each device tried."""
    waits = []
    with transaction.atomic():
        tried = list(devices.select_for_update().order_by("pk"))
        for device in tried:
            allowed, why = device.verify_is_allowed()
            if not allowed:
                waits.append(why["locked_until"] - timezone.now())
            elif device.verify_token(form.cleaned_data["code"]):  # counts a failure itself
                return device
    if tried and len(waits) == len(tried):
        seconds = max(1, math.ceil(min(waits).total_seconds()))
        form.add_error("code", ngettext(
            "Too many wrong codes: wait %(seconds)d second, then type the code your app "
            "shows.",
            "Too many wrong codes: wait %(seconds)d seconds, then type the code your app "
            "shows.", seconds) % {"seconds": seconds})
    else:
        form.add_error("code", gettext(
            "This code is wrong, or was used already: type the code your app shows now."))
    logger.warning("Wrong second-factor code for %s from %s", request.user.get_username(),
                   client_address(request))
    return None


def next_page(request):
    """Where the login was going (?next=, on this site only), else the login's landing."""
    target = request.GET.get("next", "")
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return reverse("after-login")


def verified(request, device):
    """This session has given its code: remember it, under a new session key as at a
    login, and go on to where the login was going."""
    otp_login(request, device)
    request.session.cycle_key()
    return redirect(next_page(request))


@never_cache
@login_required
def code(request):
    """After the password: the code of the account's authenticator app."""
    if second_factor_step(request.user) != "code":
        return redirect(next_page(request))
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        devices = TOTPDevice.objects.devices_for_user(request.user, confirmed=True)
        device = check_code(request, devices, form)
        if device is not None:
            return verified(request, device)
    return render(request, "registration/second_factor_code.html", {"form": form})


@never_cache
@login_required
def setup(request):
    """Set up the second factor (a QR code, then its first code), or, once it is on,
    turn it off (with a code)."""
    user = request.user
    confirmed = TOTPDevice.objects.devices_for_user(user, confirmed=True)
    on = confirmed.order_by("pk").first()
    if on is not None:
        owed = second_factor_redirect(request)
        if owed:  # show and change this only to a session that gave its code
            return owed
        form = CodeForm(request.POST or None)
        if request.method == "POST" and form.is_valid() and check_code(request, confirmed,
                                                                       form):
            TOTPDevice.objects.filter(user=user).delete()
            messages.success(request, gettext(
                "Two-step login is off: the password alone opens this account now."))
            return redirect("second-factor-setup")
        return render(request, "registration/second_factor_setup.html",
                      {"form": form, "device": on})

    pending = TOTPDevice.objects.devices_for_user(user, confirmed=False)
    device = pending.order_by("pk").first() or TOTPDevice.objects.create(
        user=user, name=gettext("Authenticator app"), confirmed=False)
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and check_code(
            request, pending.filter(pk=device.pk), form):
        device.confirmed = True
        device.save(update_fields=["confirmed"])
        pending.exclude(pk=device.pk).delete()
        messages.success(request, gettext(
            "Two-step login is on: from now on the login asks for the code of your app."))
        return verified(request, device)
    secret = b32encode(device.bin_key).decode()
    return render(request, "registration/second_factor_setup.html", {
        "form": form, "qr": qr_svg(device.config_url), "secret": secret,
        "secret_groups": [secret[i:i + 4] for i in range(0, len(secret), 4)]})
