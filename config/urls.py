"""URL map: public reports (reports.urls), the director's pages (club.urls), accounts (login,
its second factor: config.second_factor, logout, password reset by e-mail:
config.password_reset), language switching, the admin and the health check."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from club.urls import table_urlpatterns
from config import second_factor, views
from config.forms import LoginForm
from config.password_reset import MAIL_INTERVAL, PasswordResetView

urlpatterns = [
    path("health/", views.health, name="health"),
    # The admin's login page offers the same reset as the site's ("Forgotten your password?").
    path("admin/password_reset/", PasswordResetView.as_view(),
         name="admin_password_reset"),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(form_class=LoginForm), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/home/", views.after_login, name="after-login"),
    path("accounts/second-factor/", second_factor.code, name="second-factor"),
    path("accounts/second-factor/setup/", second_factor.setup, name="second-factor-setup"),
    path("accounts/password-reset/", PasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/password-reset/sent/", auth_views.PasswordResetDoneView.as_view(
        extra_context={"mail_interval_minutes": MAIL_INTERVAL // 60}),
         name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("director/", include("club.urls")),
    path("t/", include(table_urlpatterns)),
    path("", include("reports.urls")),
]
