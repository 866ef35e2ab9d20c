"""Which phone may open which table (the pages under /t/<code>/, club.phones.views).

A phone opens its table with the code on the table's card (the QR link, or typed) and is
then given the table's pass, a signed cookie naming that code. A phone presenting the code
its pass names is always let in, never counted nor limited: a phone at its table keeps it.

Any other request is a guess until its code proves right. Wrong codes are counted in
Django's cache (django-ratelimit's windows of MISS_WINDOW seconds) three ways: per phone (a
signed random cookie given with its first wrong code), per network address (an IPv6
address by its /64 network: a club's phones share one) and on the whole site. A code is
checked unless the phone, its address or the site has used up its wrong codes for the
window: one phone's fumbling stops only that phone, an address is stopped only far beyond
what a room of fumbling phones reaches, and the site's ceiling bounds guessing from any
number of addresses (the arithmetic: docs/architecture.md, "Table codes").
"""

import ipaddress
import secrets

from axes.helpers import get_client_ip_address
from django.shortcuts import render
from django.utils.translation import gettext, ngettext
from django_ratelimit.core import get_usage

from club.forms.table_phones import TableCodeForm
from club.phone_state import table_code as find_table_code
from club.services.table_phones import normalize_code

MISS_WINDOW = 60  # seconds; in each, at most
DEVICE_MISSES = 5  # wrong codes from one phone,
ADDRESS_MISSES = 30  # from one network address,
SITE_MISSES = 600  # and on the whole site.
PASS_COOKIE, PASS_SALT = "table_pass", "club.table"
DEVICE_COOKIE, DEVICE_SALT = "table_device", "club.table.device"
COOKIE_AGE = 12 * 60 * 60


def _address(request):
    """The client's address as django-axes reads it (PROXY_COUNT); an IPv6 address as its
    /64 network, which one client holds whole."""
    address = get_client_ip_address(request) or ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address or "unknown"
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped:  # an IPv4 client of a dual-stack server
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)


def _counters(request, device):
    """(what is counted, for whom, the wrong codes it allows in a window)."""
    counters = [("address", _address(request), ADDRESS_MISSES), ("site", "all", SITE_MISSES)]
    return [("device", device, DEVICE_MISSES), *counters] if device else counters


def _usage(request, counter, increment=False):
    name, value, limit = counter
    return get_usage(request, group=f"table-code-misses-{name}", rate=(limit, MISS_WINDOW),
                     key=lambda _group, _request: value, increment=increment)


def _spent(request, device):
    """(the counter this request has used up, seconds until its window ends), or None.
    A cache that cannot be reached counts as used up (limit 0): codes are then refused,
    except to the phones holding their table's pass."""
    for counter in _counters(request, device):
        usage = _usage(request, counter)
        if usage is not None and usage["count"] >= usage["limit"]:
            return counter[0], max(usage["time_left"], 1)
    return None


def _refusal(request, message, status, code=""):
    return render(request, "club/phones/closed.html", {
        "message": message, "form": TableCodeForm(initial={"code": code})}, status=status)


def _too_many(request, counter, seconds):
    wait = ngettext("wait %(seconds)s second, then type the code printed on your table again.",
                    "wait %(seconds)s seconds, then type the code printed on your table again.",
                    seconds) % {"seconds": seconds}
    whose = {"device": gettext("Too many wrong codes from this phone: %(wait)s"),
             "address": gettext("Too many wrong codes from this network: %(wait)s Phones "
                                "already at their table are not affected."),
             "site": gettext("Too many wrong codes are being tried on this site: %(wait)s "
                             "Phones already at their table are not affected.")}[counter]
    response = _refusal(request, whose % {"wait": wait}, 429)
    response["Retry-After"] = str(seconds)
    return response


def check_code(request, code, call=False):
    """(the TableCode, None) for a code that opens a table, else (None, the page refusing
    it: 404 for a wrong code, 429 while this phone, its address or the site has used up its
    wrong codes). A code opens only a table the session has: a code left for a table beyond
    them (the director reduced the tables) opens nothing. `call`: the code says whether the
    table's call for the director is open (phone_state.table_code)."""
    code = normalize_code(code)
    holds_pass = bool(code) and request.get_signed_cookie(
        PASS_COOKIE, default="", salt=PASS_SALT) == code
    device = request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_SALT)
    if not holds_pass and (spent := _spent(request, device)):
        return None, _too_many(request, *spent)
    table_code = find_table_code(code, call)
    if table_code is None or table_code.table > table_code.session.tables:
        refusal = _refusal(request, gettext(
            "This code opens no table: check it against the card on your table (the "
            "director may have issued new codes)."), 404, code)
        # A pass names a code that was right: the director has changed it since.
        if not holds_pass:
            if not device:  # counted from its first wrong code
                device = secrets.token_urlsafe(16)
                _set_cookie(request, refusal, DEVICE_COOKIE, device, DEVICE_SALT)
            for counter in _counters(request, device):
                _usage(request, counter, increment=True)
        return None, refusal
    return table_code, None


def _set_cookie(request, response, name, value, salt):
    response.set_signed_cookie(name, value, salt=salt, max_age=COOKIE_AGE, httponly=True,
                               samesite="Lax", secure=request.is_secure())


def with_pass(request, response, table_code):
    """The response, giving this phone the table's pass."""
    _set_cookie(request, response, PASS_COOKIE, table_code.code, PASS_SALT)
    return response
