from django.contrib.admin.apps import AdminConfig


class ClubAdminConfig(AdminConfig):
    """django.contrib.admin with the project's site (config.admin_site) as admin.site."""

    default_site = "config.admin_site.ClubAdminSite"
