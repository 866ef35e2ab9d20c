"""A database too busy to take a write in time (SQLite waits up to its timeout for the
other writer) answers with a page saying that nothing was saved and to try again, never
with an error page."""

from django.db import OperationalError
from django.shortcuts import render


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
