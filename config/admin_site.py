"""The admin site: Django's, with the project's login form, and closed to a session that
owes its second factor (club.permissions.second_factor_step), which is sent to that
factor's page instead of the admin's login."""

from django.contrib import admin
from django.urls import reverse

from club.permissions import second_factor_redirect, second_factor_step
from config.forms import AdminLoginForm


class ClubAdminSite(admin.AdminSite):
    login_form = AdminLoginForm

    def has_permission(self, request):
        return super().has_permission(request) and second_factor_step(request.user) is None

    def login(self, request, extra_context=None):
        owed = second_factor_redirect(
            request, request.GET.get("next") or reverse("admin:index", current_app=self.name))
        return owed or super().login(request, extra_context)
