"""Director's pages for setting up an evening."""

from django.shortcuts import render

from club.models import Session
from club.permissions import director_required


@director_required
def director_home(request):
    sessions = Session.objects.order_by("-date", "-id")
    return render(request, "club/director_home.html", {"sessions": sessions})
