"""Public pages (no login): running and published sessions are visible to anyone, sessions
in setup only to directors."""

from django.shortcuts import render

from club.models import Session
from club.permissions import is_director


def visible_sessions(user):
    sessions = Session.objects.all()
    if not is_director(user):
        sessions = sessions.filter(status__in=[Session.Status.RUNNING, Session.Status.PUBLISHED])
    return sessions


def session_list(request):
    sessions = visible_sessions(request.user).order_by("-date", "-id")
    return render(request, "scoring/session_list.html", {"sessions": sessions})
