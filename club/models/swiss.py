"""Swiss pairs: the pairings of each round the director has started, stored as they were
made so that they never change afterwards (club.services.swiss writes them; club.plan reads
them as the session's seatings). One row per pair and round: the table it plays at, its
direction and its opponents; the pair with the bye has neither table nor opponents."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from club.models.sessions import MAX_ROUNDS, MAX_TABLES, Pair, Session


class SwissSeat(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE,
                                related_name="swiss_seats", verbose_name=_("session"))
    round = models.PositiveSmallIntegerField(_("round"))
    # A paired pair cannot go (club.services.pairs refuses it); its session can, with both.
    pair = models.ForeignKey(Pair, on_delete=models.RESTRICT, related_name="swiss_seats",
                             verbose_name=_("pair"))
    opponents = models.ForeignKey(Pair, on_delete=models.RESTRICT, null=True, blank=True,
                                  related_name="+", verbose_name=_("opponents"))
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    north_south = models.BooleanField(_("North-South"), default=False)

    class Meta:
        verbose_name = _("Swiss seat")
        verbose_name_plural = _("Swiss seats")
        ordering = ["session", "round", "table", "-north_south"]
        constraints = [
            # A pair plays once a round ...
            models.UniqueConstraint(fields=["session", "round", "pair"],
                                    name="swiss_pair_once_a_round"),
            # ... never meets the same opponents twice ...
            models.UniqueConstraint(fields=["session", "pair", "opponents"],
                                    name="swiss_no_rematch"),
            # ... and a table seats one NS and one EW pair a round.
            models.UniqueConstraint(fields=["session", "round", "table", "north_south"],
                                    name="swiss_one_pair_a_seat"),
            models.CheckConstraint(condition=~Q(pair=F("opponents")),
                                   name="swiss_not_against_itself"),
            models.CheckConstraint(
                condition=Q(opponents__isnull=True, table__isnull=True, north_south=False)
                | Q(opponents__isnull=False, table__gte=1, table__lte=MAX_TABLES),
                name="swiss_table_with_opponents"),
            models.CheckConstraint(condition=Q(round__gte=1, round__lte=MAX_ROUNDS),
                                   name="swiss_round_in_range"),
        ]

    def __str__(self):
        return f"{self.session_id} r{self.round} t{self.table}: {self.pair_id}"
