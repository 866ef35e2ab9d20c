"""QR codes drawn here as inline SVG by segno (nothing fetched from the network): the
tables' cards (club.views.table_codes) and the second factor's setup page
(config.second_factor); and the address the players' phones are sent to (the PUBLIC_URL
setting, else the address the director's browser used), with whether a phone can reach
it."""

import ipaddress
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.utils.safestring import mark_safe

LOOPBACK = "loopback"
PRIVATE = "private"


def qr_svg(url):
    """The QR code of `url` as inline SVG (segno writes only paths and attributes, no
    script or style, so the Content-Security-Policy lets it in)."""
    qr = segno.make(url, error="m")
    return mark_safe(qr.svg_inline(scale=4, omitsize=True, svgclass="qr", lineclass=None,
                                   title=url))


def public_address(request, path):
    """The full address of `path` (an absolute path such as "/t/K7QM4TXB/") for a
    player's phone: under the club's PUBLIC_URL when it is set, since the director may
    well be looking at the page on the server itself (http://127.0.0.1:8000)."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    return request.build_absolute_uri(path)


def address_reach(url):
    """Who can open `url`: LOOPBACK (only the server itself: no phone), PRIVATE (only
    devices on the same local network, the club's Wi-Fi) or None (anyone on the
    internet, as far as the address tells)."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return LOOPBACK
    if host.endswith(".local"):
        return PRIVATE  # a multicast DNS name: only answered on the local network
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None  # a host name: resolved wherever the phone is
    if address.is_loopback or address.is_unspecified:
        return LOOPBACK
    if address.is_private or address.is_link_local:
        return PRIVATE
    return None
