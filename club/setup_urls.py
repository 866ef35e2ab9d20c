"""Director's pages for setting up an evening (login and the Directors group required)."""

from django.urls import path

from club import setup_views

urlpatterns = [
    path("", setup_views.director_home, name="director-home"),
]
