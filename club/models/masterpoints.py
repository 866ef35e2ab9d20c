"""Masterpoints: the award schemes a director configures for each kind of event, and the
points each player earned in a published session (docs/masterpoints.md).

The awards are written by one service (club.services.masterpoints) when a session is
published, taken back when it leaves publication and recomputed when its results or its
scheme change; both tables keep their history."""

from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from club.models.history import tracked
from club.models.players import Player
from club.models.sessions import Session
from scoring.engine.masterpoints import AwardScale

POINTS = {"max_digits": 8, "decimal_places": 2, "validators": [MinValueValidator(0)]}
MAX_DECIMALS = 2


def parse_place_table(text):
    """The place table typed as numbers separated by spaces or commas ("20 17 15"), as a
    tuple of Decimals; ValidationError naming what is accepted."""
    parts = text.replace(",", " ").split()
    try:
        figures = tuple(Decimal(part) for part in parts)
    except ArithmeticError:
        figures = None
    if figures is None or any(not f.is_finite() or f < 0 for f in figures) \
            or (figures and figures[0] <= 0):
        raise ValidationError(gettext(
            "The place table “%(text)s” is not a list of points: give each place's points "
            "in order, separated by spaces (for example 20 17 15 13), the first above 0, "
            "none below 0; or leave it empty for equal steps.") % {"text": text})
    return figures


class AwardScheme(models.Model):
    """How the places of a session earn masterpoints, for one kind of event ("club pairs",
    "club championship"): the winner's award (fixed, plus per table, capped), the share of
    the field that scores, a place table or equal steps, a minimum award, points for the
    rest, a bonus for the winner."""

    name = models.CharField(_("event type"), max_length=120, unique=True)
    top_fixed = models.DecimalField(_("winner's points (fixed part)"), default=0, **POINTS)
    top_per_table = models.DecimalField(
        _("winner's points per table"), default=0, **POINTS,
        help_text=_("Added to the fixed part for each table the field filled (pairs / 2)."))
    top_cap = models.DecimalField(
        _("most points for the winner"), null=True, blank=True, **POINTS,
        help_text=_("Optional: the winner's points never exceed this."))
    scoring_numerator = models.PositiveSmallIntegerField(_("share that scores: numerator"),
                                                         default=1)
    scoring_denominator = models.PositiveSmallIntegerField(
        _("share that scores: denominator"), default=1,
        help_text=_("1 / 3: the top third of the field scores (rounded down, at least "
                    "the winner); 1 / 1: every place."))
    place_table = models.CharField(
        _("place table"), max_length=300, blank=True,
        help_text=_("Optional: each place's points relative to the winner's, in order "
                    "(20 17 15 13 ...); empty: equal steps down to the last scoring "
                    "place."))
    minimum = models.DecimalField(_("minimum award"), default=0, **POINTS,
                                  help_text=_("No scoring place earns less."))
    others = models.DecimalField(_("points for every other entry"), default=0, **POINTS)
    win_bonus = models.DecimalField(_("extra points for a session win"), default=0,
                                    **POINTS)
    decimals = models.PositiveSmallIntegerField(
        _("decimal places"), default=2,
        help_text=_("Awards are rounded half up to this many decimals (0 to 2)."))
    source = models.TextField(
        _("source of the rules"), blank=True,
        help_text=_("Where these figures come from: the regulation, its edition or year."))
    history = tracked()

    class Meta:
        verbose_name = _("award scheme")
        verbose_name_plural = _("award schemes")
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="award_scheme_name_not_empty"),
            models.CheckConstraint(
                condition=Q(scoring_numerator__gte=1)
                & Q(scoring_numerator__lte=F("scoring_denominator")),
                name="award_scheme_share_valid"),
            models.CheckConstraint(condition=Q(decimals__lte=MAX_DECIMALS),
                                   name="award_scheme_decimals_valid"),
            models.CheckConstraint(
                condition=Q(top_fixed__gte=0, top_per_table__gte=0, minimum__gte=0,
                            others__gte=0, win_bonus__gte=0)
                & (Q(top_cap__isnull=True) | Q(top_cap__gte=0)),
                name="award_scheme_points_not_negative"),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        errors = {}
        try:
            parse_place_table(self.place_table)
        except ValidationError as error:
            errors["place_table"] = error.messages
        if self.scoring_numerator and self.scoring_denominator \
                and self.scoring_numerator > self.scoring_denominator:
            errors["scoring_numerator"] = [gettext(
                "The share that scores is at most the whole field: the numerator cannot "
                "exceed the denominator.")]
        if self.decimals is not None and self.decimals > MAX_DECIMALS:
            errors["decimals"] = [gettext("Awards keep 0, 1 or 2 decimal places.")]
        if errors:
            raise ValidationError(errors)

    @property
    def scale(self):
        """The engine's AwardScale of this scheme."""
        return AwardScale(
            top_fixed=self.top_fixed, top_per_table=self.top_per_table, top_cap=self.top_cap,
            scoring_share=Fraction(self.scoring_numerator, self.scoring_denominator),
            place_table=parse_place_table(self.place_table), minimum=self.minimum,
            others=self.others, win_bonus=self.win_bonus, decimals=self.decimals)


class MasterpointAward(models.Model):
    """The masterpoints one player earned in one published session: the pair's place (in
    its line, with two winners) and the points, as the session's scheme gave them."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE,
                                related_name="masterpoint_awards", verbose_name=_("session"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("player"))
    scheme = models.ForeignKey(AwardScheme, on_delete=models.PROTECT, related_name="awards",
                               verbose_name=_("award scheme"))
    pair_number = models.PositiveSmallIntegerField(_("pair"))
    line = models.CharField(_("line"), max_length=2, blank=True,
                            help_text=_("NS or EW when the session has two winners."))
    rank = models.PositiveSmallIntegerField(pgettext_lazy("masterpoints", "place"))
    tied = models.BooleanField(_("tied"), default=False)
    points = models.DecimalField(_("masterpoints"), max_digits=8, decimal_places=2)
    history = tracked()

    class Meta:
        verbose_name = _("masterpoint award")
        verbose_name_plural = _("masterpoint awards")
        ordering = ["session", "line", "rank", "pair_number", "player"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"],
                                    name="masterpoint_award_one_per_player"),
            models.CheckConstraint(condition=Q(points__gt=0),
                                   name="masterpoint_award_points_positive"),
            models.CheckConstraint(condition=Q(rank__gte=1), name="masterpoint_award_rank"),
            models.CheckConstraint(condition=Q(line__in=["", "NS", "EW"]),
                                   name="masterpoint_award_line_valid"),
        ]

    def __str__(self):
        return f"{self.session}: {self.player} {self.points}"

    @property
    def rank_label(self):
        return f"{self.rank}=" if self.tied else str(self.rank)
