"""QR codes drawn here as inline SVG by segno (nothing fetched from the network): the
tables' cards (club.views.table_codes) and the second factor's setup page
(config.second_factor)."""

import segno
from django.utils.safestring import mark_safe


def qr_svg(url):
    """The QR code of `url` as inline SVG (segno writes only paths and attributes, no
    script or style, so the Content-Security-Policy lets it in)."""
    qr = segno.make(url, error="m")
    return mark_safe(qr.svg_inline(scale=4, omitsize=True, svgclass="qr", lineclass=None,
                                   title=url))
