"""URL map: public pages (scoring.urls), director's setup (club.setup_urls) and entry
(club.entry_urls), accounts, language switching and the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("director/", include("club.setup_urls")),
    path("director/", include("club.entry_urls")),
    path("", include("scoring.urls")),
]
