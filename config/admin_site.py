"""The admin site: Django's, with the project's login form."""

from django.contrib import admin

from config.forms import AdminLoginForm


class ClubAdminSite(admin.AdminSite):
    login_form = AdminLoginForm
