"""Results: one table's result on one board, with the outcome the engine computed for it."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from club.models.choices import ADJUSTMENTS, DOUBLINGS, SEATS, STRAINS, values
from club.models.history import tracked
from club.models.sessions import Board, Pair
from club.notation import shorthand_notation
from scoring.engine import (
    MAX_HCP,
    MAX_IMPS,
    MAX_LEVEL,
    MAX_TRICKS,
    MIN_LEVEL,
    Adjustment,
    Direction,
    format_adjusted,
    format_result,
    parse_contract,
)

CONTRACT_FIELDS = ["level", "strain", "doubling", "declarer", "tricks"]
ASSIGNED_FIELDS = ["assigned"] + [f"assigned_{name}" for name in CONTRACT_FIELDS]
OUTCOME_FIELDS = ["ns_score", "ns_compensation", "ns_net", "ns_imps", "ew_imps"]


def contract_check(prefix=""):
    """DB check for one contract: all fields empty (passed out) or all present and in range."""
    f = {k: f"{prefix}{k}" for k in CONTRACT_FIELDS}
    passed_out = (Q(**{f["level"] + "__isnull": True}) & Q(**{f["strain"]: ""})
                  & Q(**{f["doubling"]: 0}) & Q(**{f["declarer"]: ""})
                  & Q(**{f["tricks"] + "__isnull": True}))
    # Explicit IS NOT NULL: a CHECK passes when its condition is NULL.
    played = (Q(**{f["level"] + "__isnull": False}) & Q(**{f["tricks"] + "__isnull": False})
              & Q(**{f["level"] + "__gte": MIN_LEVEL}) & Q(**{f["level"] + "__lte": MAX_LEVEL})
              & Q(**{f["strain"] + "__in": values(STRAINS)})
              & Q(**{f["doubling"] + "__in": values(DOUBLINGS)})
              & Q(**{f["declarer"] + "__in": values(SEATS)})
              & Q(**{f["tricks"] + "__gte": 0}) & Q(**{f["tricks"] + "__lte": MAX_TRICKS}))
    return passed_out | played


def split_contract(contract):
    """(level, strain, doubling) fields for an engine contract; empty fields for a pass."""
    if contract is None:
        return None, "", 0
    return contract.level, contract.strain.value, int(contract.doubling)


class Result(models.Model):
    """One table's result on one board, with the outcome the engine computed for it.

    The contract is stored as fields (level, strain, doubling, declarer, tricks); all empty
    means the board was passed out. A director's ruling is either an artificial adjusted
    score for each side (in IMPs) or an assigned result that replaces the table result for
    scoring while the table result is kept. The outcome fields are written only by the
    scoring service (club.services.scoring), never typed in.
    """

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results",
                              verbose_name=_("board"))
    ns_pair = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="ns_results",
                                verbose_name=_("NS pair"))
    ew_pair = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="ew_results",
                                verbose_name=_("EW pair"))
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)

    level = models.PositiveSmallIntegerField(_("level"), null=True, blank=True)
    strain = models.CharField(_("strain"), max_length=2, choices=STRAINS, blank=True, default="")
    doubling = models.PositiveSmallIntegerField(_("doubling"), choices=DOUBLINGS, default=0)
    declarer = models.CharField(_("declarer"), max_length=1, choices=SEATS, blank=True,
                                default="")
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    lead = models.CharField(_("opening lead"), max_length=3, blank=True, default="")
    ns_hcp = models.PositiveSmallIntegerField(
        _("NS HCP"), null=True, blank=True,
        help_text=_("NS high-card points at this table; empty to use the board's value."),
    )
    # The board could not be played (late, fouled, out of time): no contract, and each side
    # gets an artificial adjusted score.
    not_played = models.BooleanField(_("not played"), default=False)

    ns_adjustment = models.CharField(_("NS adjusted score"), max_length=4,
                                     choices=ADJUSTMENTS, blank=True, default="")
    ew_adjustment = models.CharField(_("EW adjusted score"), max_length=4,
                                     choices=ADJUSTMENTS, blank=True, default="")
    assigned = models.BooleanField(_("assigned result"), default=False)
    assigned_level = models.PositiveSmallIntegerField(_("assigned level"), null=True,
                                                      blank=True)
    assigned_strain = models.CharField(_("assigned strain"), max_length=2, choices=STRAINS,
                                       blank=True, default="")
    assigned_doubling = models.PositiveSmallIntegerField(_("assigned doubling"),
                                                         choices=DOUBLINGS, default=0)
    assigned_declarer = models.CharField(_("assigned declarer"), max_length=1, choices=SEATS,
                                         blank=True, default="")
    assigned_tricks = models.PositiveSmallIntegerField(_("assigned tricks"), null=True,
                                                       blank=True)

    ns_score = models.IntegerField(_("NS score"), editable=False)
    ns_compensation = models.IntegerField(_("NS compensation"), editable=False)
    ns_net = models.IntegerField(_("net"), editable=False)
    ns_imps = models.IntegerField(_("NS IMPs"), editable=False)
    ew_imps = models.IntegerField(_("EW IMPs"), editable=False)

    version = models.PositiveIntegerField(_("version"), default=1, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    history = tracked()

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        ordering = ["board__number", "table", "ns_pair__number"]
        constraints = [
            models.CheckConstraint(condition=~Q(ns_pair=F("ew_pair")),
                                   name="result_pair_not_against_itself"),
            models.UniqueConstraint(fields=["board", "ns_pair"], name="result_unique_ns"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="result_unique_ew"),
            models.CheckConstraint(condition=contract_check(), name="result_contract_valid"),
            models.CheckConstraint(
                condition=(Q(assigned=False) & contract_check("assigned_")
                           & Q(assigned_level__isnull=True)) | (Q(assigned=True)
                                                                & contract_check("assigned_")),
                name="result_assigned_contract_valid",
            ),
            models.CheckConstraint(condition=Q(ns_hcp__isnull=True) | Q(ns_hcp__lte=MAX_HCP),
                                   name="result_ns_hcp_0_40"),
            models.CheckConstraint(
                condition=Q(ns_adjustment__in=["", *values(ADJUSTMENTS)]),
                name="result_ns_adjustment_valid"),
            models.CheckConstraint(
                condition=Q(ew_adjustment__in=["", *values(ADJUSTMENTS)]),
                name="result_ew_adjustment_valid"),
            models.CheckConstraint(condition=Q(round__isnull=True) | Q(round__gte=1),
                                   name="result_round_positive"),
            models.CheckConstraint(condition=Q(table__isnull=True) | Q(table__gte=1),
                                   name="result_table_positive"),
            models.CheckConstraint(condition=Q(ns_imps__gte=-MAX_IMPS, ns_imps__lte=MAX_IMPS)
                                   & Q(ew_imps__gte=-MAX_IMPS, ew_imps__lte=MAX_IMPS),
                                   name="result_imps_in_scale"),
            # A ruling is either an assigned result or artificial adjusted scores, never
            # both (the score would come from one and the IMPs from the other).
            models.CheckConstraint(
                condition=Q(assigned=False) | (Q(ns_adjustment="") & Q(ew_adjustment="")),
                name="result_one_kind_of_ruling"),
            # A board not played has no contract and an adjusted score for each side.
            models.CheckConstraint(
                condition=Q(not_played=False) | (Q(level__isnull=True) & Q(declarer="")
                                                 & ~Q(ns_adjustment="") & ~Q(ew_adjustment="")
                                                 & Q(assigned=False)),
                name="result_not_played_adjusted"),
        ]

    def __str__(self):
        return f"#{self.board.number} {self.ns_pair.number}-{self.ew_pair.number}: {self.text}"

    # --- the contract as the engine sees it -------------------------------------------
    @staticmethod
    def _contract_text(level, strain, doubling):
        if level is None:
            return None
        return f"{level}{strain}{'X' * doubling}"

    @property
    def contract(self):
        """The table contract (engine Contract), None when passed out."""
        text = self._contract_text(self.level, self.strain, self.doubling)
        return parse_contract(text) if text else None

    @property
    def assigned_contract(self):
        text = self._contract_text(self.assigned_level, self.assigned_strain,
                                   self.assigned_doubling)
        return parse_contract(text) if text else None

    def set_contract(self, contract, declarer, tricks):
        """Store an engine contract (None for passed out), declarer and tricks."""
        self.level, self.strain, self.doubling = split_contract(contract)
        self.declarer = str(Direction.coerce(declarer).value) if contract else ""
        self.tricks = tricks if contract else None

    def set_assigned(self, contract, declarer, tricks):
        """Assign a result that replaces the table result for scoring (None clears it)."""
        self.assigned_level, self.assigned_strain, self.assigned_doubling = (
            split_contract(contract))
        self.assigned_declarer = str(Direction.coerce(declarer).value) if contract else ""
        self.assigned_tricks = tricks if contract else None

    @property
    def scored_result(self):
        """(contract, declarer, tricks) that scoring uses: the assigned result if any."""
        if self.assigned:
            return (self.assigned_contract, self.assigned_declarer or None,
                    self.assigned_tricks)
        return self.contract, self.declarer or None, self.tricks

    def set_outcome(self, outcome):
        """Copy an outcome (ns_score, ns_compensation, ns_net, ns_imps, ew_imps)."""
        for name, value in zip(OUTCOME_FIELDS, outcome, strict=True):
            setattr(self, name, value)

    @property
    def outcome(self):
        return tuple(getattr(self, name, None) for name in OUTCOME_FIELDS)

    @property
    def passed_out(self):
        return self.level is None

    @property
    def is_adjusted(self):
        return bool(self.assigned or self.ns_adjustment or self.ew_adjustment)

    def set_not_played(self, ns_adjustment, ew_adjustment):
        """The board was not played: no contract, and each side's adjusted score."""
        self.set_contract(None, None, None)
        self.not_played = True
        self.ns_adjustment = Adjustment.coerce(ns_adjustment).value
        self.ew_adjustment = Adjustment.coerce(ew_adjustment).value

    @property
    def text(self):
        """The result in the shorthand the director types: "4SX-2 E", "3NT= S", "PASS",
        "A+/A-" for a board not played (Russian notation on Russian pages: "4♠Х-2 В",
        "3БК= Ю", "пас", "Ср+/Ср−")."""
        if self.not_played:
            return format_adjusted(self.ns_adjustment, self.ew_adjustment,
                                   notation=shorthand_notation())
        return format_result(self.contract, self.declarer or None, self.tricks,
                             notation=shorthand_notation())

    @property
    def assigned_text(self):
        if not self.assigned:
            return ""
        return format_result(self.assigned_contract, self.assigned_declarer or None,
                             self.assigned_tricks, notation=shorthand_notation())

    @property
    def effective_ns_hcp(self):
        return self.ns_hcp if self.ns_hcp is not None else self.board.ns_hcp


class BoardPlay(models.Model):
    """One row per pair per result: lets the database refuse a pair playing a board twice
    (as NS in one result and EW in another, which two unique constraints on Result miss)."""

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="plays")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="+")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="plays")

    class Meta:
        verbose_name = _("board played")
        verbose_name_plural = _("boards played")
        constraints = [
            models.UniqueConstraint(fields=["board", "pair"], name="pair_plays_board_once"),
        ]

    def __str__(self):
        return f"{self.pair_id} on {self.board_id}"
