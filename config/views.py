"""Small views of the project itself: the health check, where a login lands, and for
django-axes the page of a locked-out login and the client's address."""

import ipaddress
import logging
import math

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib import messages
from django.db import DatabaseError, connection
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from club.permissions import DIRECTORS_GROUP, is_director, second_factor_redirect

logger = logging.getLogger(__name__)


@never_cache
@require_GET
def health(request):
    """200 "ok" when the site can reach its database, 503 otherwise; no login, no session,
    no cookie (for a load balancer or a monitoring probe)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as err:
        logger.error("Health check: the database cannot be reached: %s", err)
        return HttpResponse("database unavailable\n", status=503,
                            content_type="text/plain; charset=utf-8")
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


@never_cache
def after_login(request):
    """LOGIN_REDIRECT_URL: a director lands on the director's home (after giving the code
    of a second factor, or setting one up when required), anyone else on the public list
    (told why the director's pages stay closed to them)."""
    owed = second_factor_redirect(request)
    if owed:
        return owed
    if is_director(request.user):
        return redirect("director-home")
    if request.user.is_authenticated:
        messages.warning(request, gettext(
            "You are signed in as %(user)s, but this account may not direct. Ask the club's "
            "admin to add it to the “%(group)s” group.") % {
                "user": request.user.get_username(), "group": DIRECTORS_GROUP})
    return redirect("session-list")


def locked_out(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: the page a locked-out login gets (429), saying what happened
    and when to try again."""
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT}
    cool_off = get_cool_off(request)
    if cool_off:
        context["retry_minutes"] = math.ceil(cool_off.total_seconds() / 60)
        context["retry_at"] = timezone.now() + cool_off
    return render(request, "registration/locked_out.html", context,
                  status=settings.AXES_HTTP_RESPONSE_CODE)


def client_address(request):
    """AXES_CLIENT_IP_CALLABLE: the address failed logins are counted for. Directly, the
    connection's; behind PROXY_COUNT proxies, each appending the address it was reached
    from to X-Forwarded-For, the entry the farthest of our proxies added (entries before it
    come from the client and prove nothing); the connection's when that entry is no
    address."""
    remote = request.META.get("REMOTE_ADDR", "")
    count = settings.PROXY_COUNT
    if count <= 0:
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                 if a.strip()]
    if len(forwarded) < count:
        return remote
    try:  # a client reaching the site around the proxy may write anything there
        return str(ipaddress.ip_address(forwarded[-count]))
    except ValueError:
        return remote
