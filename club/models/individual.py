"""An individual event's entrants: the registered players who enter, numbered 1..N as the
movement seats them (scoring.engine.individual). The partnerships the movement forms each
round are ordinary Pair rows marked `partnership` (club.services.individual makes them), so
results, table phones, the hidden-board rule and the board reports work as for pairs."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.models.players import Player
from club.models.sessions import Session
from scoring.engine.individual import INDIVIDUAL_SIZES

MAX_INDIVIDUAL_PLAYERS = max(INDIVIDUAL_SIZES)


class IndividualEntry(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE,
                                related_name="individual_entries",
                                verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("number"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("player"))

    class Meta:
        verbose_name = _("individual entry")
        verbose_name_plural = _("individual entries")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"],
                                    name="individual_unique_number"),
            models.UniqueConstraint(fields=["session", "player"],
                                    name="individual_player_once"),
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=MAX_INDIVIDUAL_PLAYERS),
                name="individual_number_in_range"),
        ]

    def __str__(self):
        return f"{self.session_id} #{self.number}: {self.player_id}"
