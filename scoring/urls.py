"""Public pages: sessions, standings, board reports, pair scorecards (no login)."""

from django.urls import path

from scoring import views

urlpatterns = [
    path("", views.session_list, name="session-list"),
]
