"""Table codes: the director's printable cards (one per table, with the QR code made here
as SVG by segno, nothing fetched from the network, the code and the address), issuing new
codes for one table or all (an old code stops working at once), and checking a code a
phone presents.

Wrong codes are counted per client address (Django's cache, the address as django-axes
reads it): after MISSES_ALLOWED in a minute the address is refused (429) whatever code it
sends, so guessing does not pay, except on a phone that already holds the table's pass (a
signed cookie set when its code was opened): a whole club behind one address keeps
playing while someone mistypes.
"""

import segno
from axes.helpers import get_client_ip_address
from django.contrib import messages
from django.core.cache import cache
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from club.forms.table import TableCodeForm
from club.models import TableCode
from club.permissions import director_required
from club.services.errors import ServiceError
from club.services.table_entry import issue_codes, normalize_code
from club.views.setup import load_session

MISSES_ALLOWED = 5  # wrong codes per client address ...
MISS_WINDOW = 60  # ... per this many seconds
PASS_COOKIE = "table_pass"
PASS_SALT = "club.table"
PASS_AGE = 12 * 60 * 60


def _miss_key(request):
    return f"table-code-misses:{get_client_ip_address(request) or 'unknown'}"


def _record_miss(request):
    key = _miss_key(request)
    cache.add(key, 0, MISS_WINDOW)
    try:
        cache.incr(key)
    except ValueError:  # expired in between
        cache.set(key, 1, MISS_WINDOW)


def _refusal(request, message, status, code=""):
    return render(request, "club/table/closed.html", {
        "message": message, "form": TableCodeForm(initial={"code": code})}, status=status)


def check_code(request, code):
    """(the TableCode, None) for a code that opens a table, else (None, the page refusing
    it: 404 for a wrong code, 429 while the address is refused)."""
    code = normalize_code(code)
    holds_pass = request.get_signed_cookie(PASS_COOKIE, default="", salt=PASS_SALT) == code
    if not holds_pass and (cache.get(_miss_key(request)) or 0) >= MISSES_ALLOWED:
        return None, _refusal(request, gettext(
            "Too many wrong codes from this network: wait a minute, then type the code "
            "printed on your table again."), 429)
    table_code = (TableCode.objects.select_related("session__compensation_table")
                  .filter(code=code).first())
    if table_code is None or table_code.table > table_code.session.tables:
        _record_miss(request)
        return None, _refusal(request, gettext(
            "This code opens no table: check it against the card on your table (the "
            "director may have issued new codes)."), 404, code)
    return table_code, None


def with_pass(request, response, table_code):
    """The response, giving this phone the table's pass."""
    response.set_signed_cookie(PASS_COOKIE, table_code.code, salt=PASS_SALT, max_age=PASS_AGE,
                               httponly=True, samesite="Lax", secure=request.is_secure())
    return response


def grouped(code):
    """"K7QM-4TXB": easier to read off a card (the dash is ignored when typed)."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def qr_svg(url):
    """The QR code of `url` as inline SVG (segno writes only paths and attributes, no
    script or style, so the Content-Security-Policy lets it in)."""
    qr = segno.make(url, error="m")
    return mark_safe(qr.svg_inline(scale=4, omitsize=True, svgclass="qr", lineclass=None,
                                   title=url))


@director_required
@require_GET
def table_codes(request, session_id):
    session = load_session(session_id)
    codes = {c.table: c for c in session.table_codes.filter(table__lte=session.tables)}
    cards = []
    for table in range(1, session.tables + 1):
        code = codes.get(table)
        card = {"table": table, "code": code}
        if code is not None:
            url = request.build_absolute_uri(reverse("table", args=[code.code]))
            card.update(url=url, qr=qr_svg(url), grouped=grouped(code.code))
        cards.append(card)
    return render(request, "club/table_codes/codes.html", {
        "session": session, "cards": cards,
        "missing": [c["table"] for c in cards if c["code"] is None],
        "entry_url": request.build_absolute_uri(reverse("table-code-entry")),
    })


@director_required
@require_POST
def issue_table_codes(request, session_id):
    """New codes: for one table (`table`), the tables without one (`missing`), or all."""
    session = load_session(session_id)
    which = request.POST.get("table", "")
    if which == "missing":
        tables = [t for t in range(1, session.tables + 1)
                  if t not in set(session.table_codes.values_list("table", flat=True))]
    elif which.isdigit():
        tables = [int(which)]
    else:
        tables = None
    try:
        issue_codes(session.pk, tables)
    except ServiceError as err:
        for message in err.messages:
            messages.error(request, message)
    else:
        count = session.tables if tables is None else len(tables)
        messages.success(request, ngettext(
            "%(count)s new code issued: the old one no longer opens its table.",
            "%(count)s new codes issued: the old ones no longer open their tables.",
            count) % {"count": count} if count else gettext("Every table has its code."))
    return redirect("table-codes", session.pk)
