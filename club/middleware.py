"""Middleware of the club's pages.

A database too busy to take a write in time (SQLite waits up to its timeout for the other
writer) answers with a page saying that nothing was saved and to try again, never with an
error page. The security headers of every page are set here too."""

from django.conf import settings
from django.db import OperationalError
from django.shortcuts import render
from django.urls import reverse


class DatabaseBusyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, OperationalError) and "locked" in str(exception):
            response = render(request, "busy.html", status=503)
            response["Retry-After"] = "5"
            return response
        return None


class SecurityHeadersMiddleware:
    """Headers every page gets besides Django's own: a Permissions-Policy refusing the
    browser features the site never uses, and `Cache-Control: private, no-store` on the
    director's pages (under /director/, the archive download with its membership numbers
    included), so that neither a shared cache nor the browser's back button after logging
    out keeps them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = getattr(settings, "PERMISSIONS_POLICY", "")
        if policy and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = policy
        if request.path.startswith(reverse("director-home")):
            # Replace, not patch: a page's own max-age must not survive next to no-store.
            response["Cache-Control"] = "private, no-store"
        return response
