"""Seasons and events: what adds evenings up.

A season is a ladder over a period (or a chosen list of sessions), ranked per player by IMPs
per board; an event is a championship of a few sessions whose standings add up each pair's
(or each player's) IMPs, with carry-over a director sets. The figures themselves are read
from the stored results (club.stats); nothing here is a copy of them."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from club.models.players import Player
from club.models.sessions import Session


class Season(models.Model):
    """A ladder: the sessions of a period (start to end, inclusive) or, when no period is
    given, the sessions chosen one by one."""

    name = models.CharField(_("name"), max_length=120)
    start = models.DateField(_("first day"), null=True, blank=True)
    end = models.DateField(_("last day"), null=True, blank=True)
    sessions = models.ManyToManyField(
        Session, blank=True, related_name="seasons", verbose_name=_("sessions"),
        help_text=_("Only when the season has no period: the sessions it counts."),
    )
    min_sessions = models.PositiveSmallIntegerField(
        _("sessions to qualify"), default=1,
        help_text=_("A player is ranked after playing at least this many sessions."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("evenings counted"), null=True, blank=True,
        help_text=_("Count only each player's best N evenings; empty counts them all."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-start", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="season_name_not_empty"),
            models.CheckConstraint(condition=Q(min_sessions__gte=1),
                                   name="season_min_sessions_positive"),
            models.CheckConstraint(condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                                   name="season_best_of_positive"),
            # A period is whole (both days, in order) or absent.
            models.CheckConstraint(
                condition=(Q(start__isnull=True) & Q(end__isnull=True))
                | (Q(start__isnull=False) & Q(end__isnull=False) & Q(start__lte=F("end"))),
                name="season_period_valid",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def by_period(self):
        return self.start is not None

    def session_filter(self):
        """The condition on Session that picks this season's sessions."""
        if self.by_period:
            return Q(date__gte=self.start, date__lte=self.end)
        return Q(seasons=self)

    def contains(self, session, chosen_ids=()):
        """Whether `session` counts here; `chosen_ids`: the chosen sessions' ids, loaded
        by the caller (a season without a period)."""
        if self.by_period:
            return self.start <= session.date <= self.end
        return session.pk in chosen_ids


class EventScoring(models.TextChoices):
    PAIR = "pair", _("by pair: a partnership's IMPs over the sessions")
    PLAYER = "player", _("by player: each player's IMPs, whoever the partner")


class Event(models.Model):
    """A championship of several sessions: standings add up the IMPs of each partnership
    (or each player, when partners change) over its sessions, plus any carry-over."""

    Scoring = EventScoring

    name = models.CharField(_("name"), max_length=120)
    sessions = models.ManyToManyField(Session, related_name="events",
                                      verbose_name=_("sessions"))
    scoring = models.CharField(_("standings"), max_length=10, choices=EventScoring.choices,
                               default=EventScoring.PAIR)
    season = models.ForeignKey(Season, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="events", verbose_name=_("season"),
                               help_text=_("Optional: the season page lists the event."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="event_name_not_empty"),
            models.CheckConstraint(condition=Q(scoring__in=EventScoring.values),
                                   name="event_scoring_valid"),
        ]

    def __str__(self):
        return self.name

    @property
    def by_pair(self):
        return self.scoring == EventScoring.PAIR


class CarryOver(models.Model):
    """IMPs an entry brings into an event: a partnership (player and partner, the lower id
    first) in an event scored by pair, a player alone in one scored by player."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="carry_overs",
                              verbose_name=_("event"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("player"))
    partner = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                null=True, blank=True, verbose_name=_("partner"))
    imps = models.DecimalField(_("IMPs carried in"), max_digits=7, decimal_places=2)

    class Meta:
        verbose_name = _("carry-over")
        verbose_name_plural = _("carry-overs")
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"],
                                    condition=Q(partner__isnull=True),
                                    name="carry_over_unique_player"),
            models.UniqueConstraint(fields=["event", "player", "partner"],
                                    name="carry_over_unique_pair"),
            models.CheckConstraint(condition=Q(partner__isnull=True)
                                   | Q(player__lt=F("partner")),
                                   name="carry_over_pair_in_order"),
        ]

    def __str__(self):
        return f"{self.event}: {self.key} {self.imps}"

    @property
    def key(self):
        """The entry it belongs to: (player id,) or (lower id, higher id)."""
        if self.partner_id is None:
            return (self.player_id,)
        return (self.player_id, self.partner_id)
