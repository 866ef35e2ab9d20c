"""Table codes: the director's printable cards (one per table, with its QR code, club.qr,
the code and the address: the club's PUBLIC_URL, with a warning when phones may not reach
it), and issuing new codes for one table or all (an old code stops
working at once). How a phone's code is checked: club.phones.admission.
"""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from club.permissions import director_required
from club.qr import LOOPBACK, PRIVATE, address_reach, public_address, qr_svg
from club.services.errors import ServiceError
from club.services.table_phones import issue_codes
from club.views.setup import load_session


def grouped(code):
    """"K7QM-4TXB": easier to read off a card (the dash is ignored when typed)."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


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
            url = public_address(request, reverse("table", args=[code.code]))
            card.update(url=url, qr=qr_svg(url), grouped=grouped(code.code))
        cards.append(card)
    entry_url = public_address(request, reverse("table-code-entry"))
    reach = address_reach(entry_url)
    return render(request, "club/table_codes/codes.html", {
        "session": session, "cards": cards,
        "missing": [c["table"] for c in cards if c["code"] is None],
        "entry_url": entry_url,
        # The cards' address, when the players' phones may not reach it.
        "loopback": reach == LOOPBACK, "private": reach == PRIVATE,
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
