"""The club's players."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club.models.history import tracked

NAME_MAX_LENGTH = 120


class Player(models.Model):
    name = models.CharField(pgettext_lazy("person", "name"), max_length=NAME_MAX_LENGTH)
    membership_number = models.CharField(
        _("membership number"), max_length=30, blank=True, default="",
        help_text=_("Optional club membership number."),
    )
    # Private, like the membership number: shown on the director's pages only.
    federation_number = models.CharField(
        _("federation number"), max_length=30, blank=True, default="",
        help_text=_("Optional national federation number (never shown on public pages)."),
    )
    active = models.BooleanField(_("active"), default=True)
    history = tracked()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["membership_number"], condition=~Q(membership_number=""),
                name="player_unique_membership_number",
            ),
            models.UniqueConstraint(
                fields=["federation_number"], condition=~Q(federation_number=""),
                name="player_unique_federation_number",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self):
        return self.name
