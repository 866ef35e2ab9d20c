"""Helpers for the backup tests: every stored row as Django's serializer gives it (to compare
a database before a backup and after its restore), and a database emptied as a new site's
is after `migrate`."""

from django.apps import apps
from django.contrib.auth.models import Group, User
from django.core import serializers

from club.io.backup import backup_models
from club.permissions import DIRECTORS_GROUP
from club.services.backups import club_rows


def stored_rows():
    """Every row of every model of the club and scoring apps, the users, groups and their
    second-factor devices, as Django's serializer gives them (values as Python objects:
    times to the microsecond), by model and id; groups, users' groups and permissions by
    name."""
    models = [*apps.get_app_config("club").get_models(),
              *apps.get_app_config("scoring").get_models(),
              *apps.get_app_config("otp_totp").get_models(), User, Group]
    rows = []
    for model in sorted(models, key=lambda m: m._meta.label):
        rows += serializers.serialize("python", model._base_manager.order_by("pk"),
                                      use_natural_foreign_keys=model in (User, Group),
                                      use_natural_primary_keys=model is Group)
    return rows


def empty_site():
    """Delete every row a backup holds, as on a new site after `migrate`: the built-in
    compensation table and the Directors group stay."""
    # Deleting a tracked row writes a history row: history goes last, and twice.
    for _pass in range(2):
        for model in reversed(backup_models()):
            rows = club_rows(model)
            if model is Group:
                rows = rows.exclude(name=DIRECTORS_GROUP)
            rows.delete()
