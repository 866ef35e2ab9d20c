"""Players, sessions (club evenings), pairs, boards and results."""

from django.db import models, transaction
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy
from simple_history.models import HistoricalRecords

from club.notation import shorthand_notation
from scoring.engine import (
    Direction,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    format_result,
    parse_contract,
)

SEATS = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]
STRAINS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", _("NT"))]
DOUBLINGS = [(0, "—"), (1, _("doubled")), (2, _("redoubled"))]
VULNERABILITIES = [
    ("None", _("None vulnerable")),
    ("NS", _("NS vulnerable")),
    ("EW", _("EW vulnerable")),
    ("All", _("All vulnerable")),
]


class Player(models.Model):
    name = models.CharField(pgettext_lazy("person", "name"), max_length=120)
    membership_number = models.CharField(
        _("membership number"), max_length=30, blank=True, default="",
        help_text=_("Optional club membership number."),
    )
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["membership_number"], condition=~Q(membership_number=""),
                name="player_unique_membership_number",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self):
        return self.name


class Session(models.Model):
    class Status(models.TextChoices):
        SETUP = "setup", _("setup")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        PUBLISHED = "published", _("published")

    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")
        FREE = "free", _("free seating")

    class Policy(models.TextChoices):
        LINE = "line", _("line: the stronger line owes compensation")
        DECLARER = "declarer", _("declarer: only when the declaring line is stronger")

    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.SETUP)
    movement = models.CharField(_("movement"), max_length=10, choices=Movement.choices,
                                default=Movement.MITCHELL)
    tables = models.PositiveSmallIntegerField(_("tables"))
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"))
    duplicated = models.BooleanField(
        _("duplicated boards"), default=True,
        help_text=_("The same deals are played at every table; off when each table deals "
                    "its own cards."),
    )
    compensation_table = models.ForeignKey(
        "scoring.CompensationTable", on_delete=models.PROTECT, related_name="sessions",
        verbose_name=_("compensation table"),
    )
    policy = models.CharField(_("compensation policy"), max_length=10, choices=Policy.choices,
                              default=Policy.LINE)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(tables__gte=1), name="session_tables_positive"),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="session_rounds_positive"),
            models.CheckConstraint(condition=Q(boards_per_round__gte=1),
                                   name="session_boards_per_round_positive"),
            models.CheckConstraint(condition=Q(status__in=["setup", "running", "finished",
                                                           "published"]),
                                   name="session_status_valid"),
            models.CheckConstraint(condition=Q(movement__in=["mitchell", "howell", "free"]),
                                   name="session_movement_valid"),
            models.CheckConstraint(condition=Q(policy__in=["line", "declarer"]),
                                   name="session_policy_valid"),
        ]

    def __str__(self):
        return f"{self.name} ({self.date})"

    @property
    def is_public(self):
        return self.status in (self.Status.RUNNING, self.Status.PUBLISHED)

    @property
    def is_locked(self):
        """Finished and published sessions refuse edits until a director reopens them."""
        return self.status in (self.Status.FINISHED, self.Status.PUBLISHED)

    def pair_label(self, number):
        """How the room knows a pair: 3NS / 3EW in a Mitchell, the plain number otherwise."""
        if self.movement == self.Movement.MITCHELL:
            if number <= self.tables:
                return pgettext("pair label", "%(number)sNS") % {"number": number}
            return pgettext("pair label", "%(number)sEW") % {"number": number - self.tables}
        return str(number)


class Pair(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="pairs",
                                verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("number"))
    player1 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("player 1"))
    player2 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("player 2"))

    class Meta:
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="pair_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="pair_number_positive"),
            models.CheckConstraint(condition=~Q(player1=F("player2")),
                                   name="pair_two_different_players"),
        ]

    def __str__(self):
        return f"{self.label}: {self.players}"

    @property
    def players(self):
        return f"{self.player1.name} – {self.player2.name}"

    @property
    def label(self):
        return self.session.pair_label(self.number)


class Board(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="boards",
                                verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("number"))
    dealer_override = models.CharField(
        _("dealer override"), max_length=1, choices=SEATS, blank=True, default="",
        help_text=_("Leave empty to use the dealer of the board number."),
    )
    vulnerability_override = models.CharField(
        _("vulnerability override"), max_length=4, choices=VULNERABILITIES, blank=True,
        default="", help_text=_("Leave empty to use the vulnerability of the board number."),
    )
    deal = models.CharField(
        _("deal"), max_length=80, blank=True, default="",
        help_text=_('The hands in PBN notation, e.g. "N:AKQJ.T98.765.432 ...".'),
    )
    ns_hcp = models.PositiveSmallIntegerField(
        _("NS HCP"), null=True, blank=True,
        help_text=_("High-card points of North-South (0-40), one value for a duplicated board."),
    )
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="board_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
            models.CheckConstraint(condition=Q(ns_hcp__isnull=True) | Q(ns_hcp__lte=40),
                                   name="board_ns_hcp_0_40"),
            models.CheckConstraint(condition=Q(dealer_override__in=["", "N", "E", "S", "W"]),
                                   name="board_dealer_valid"),
            models.CheckConstraint(
                condition=Q(vulnerability_override__in=["", "None", "NS", "EW", "All"]),
                name="board_vulnerability_valid",
            ),
        ]

    def __str__(self):
        return f"{self.session.name} #{self.number}"

    @property
    def dealer(self):
        if self.dealer_override:
            return Direction(self.dealer_override)
        return board_dealer(self.number)

    @property
    def vulnerability(self):
        if self.vulnerability_override:
            return Vulnerability(self.vulnerability_override)
        return board_vulnerability(self.number)


class Adjustment(models.TextChoices):
    """Artificial adjusted scores, in IMPs, given to one side by the director."""

    AVERAGE_PLUS = "ave+", _("Average plus (+3 IMPs)")
    AVERAGE = "ave", _("Average (0 IMPs)")
    AVERAGE_MINUS = "ave-", _("Average minus (−3 IMPs)")



def contract_check(prefix=""):
    """DB check for one contract: all fields empty (passed out) or all present and in range."""
    f = {k: f"{prefix}{k}" for k in ("level", "strain", "doubling", "declarer", "tricks")}
    passed_out = (Q(**{f["level"] + "__isnull": True}) & Q(**{f["strain"]: ""})
                  & Q(**{f["doubling"]: 0}) & Q(**{f["declarer"]: ""})
                  & Q(**{f["tricks"] + "__isnull": True}))
    # Explicit IS NOT NULL: a CHECK passes when its condition is NULL.
    played = (Q(**{f["level"] + "__isnull": False}) & Q(**{f["tricks"] + "__isnull": False})
              & Q(**{f["level"] + "__gte": 1}) & Q(**{f["level"] + "__lte": 7})
              & Q(**{f["strain"] + "__in": ["C", "D", "H", "S", "NT"]})
              & Q(**{f["doubling"] + "__in": [0, 1, 2]})
              & Q(**{f["declarer"] + "__in": ["N", "E", "S", "W"]})
              & Q(**{f["tricks"] + "__gte": 0}) & Q(**{f["tricks"] + "__lte": 13}))
    return passed_out | played


class Result(models.Model):
    """One table's result on one board, with the outcome the engine computed for it.

    The contract is stored as fields (level, strain, doubling, declarer, tricks); all empty
    means the board was passed out. A director's ruling is either an artificial adjusted
    score for each side (in IMPs) or an assigned result that replaces the table result for
    scoring while the table result is kept.
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
    ns_hcp = models.PositiveSmallIntegerField(
        _("NS HCP"), null=True, blank=True,
        help_text=_("NS high-card points at this table; empty to use the board's value."),
    )

    ns_adjustment = models.CharField(_("NS adjusted score"), max_length=4,
                                     choices=Adjustment.choices, blank=True, default="")
    ew_adjustment = models.CharField(_("EW adjusted score"), max_length=4,
                                     choices=Adjustment.choices, blank=True, default="")
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

    # The outcome, always computed by scoring.services.score_result, never typed in.
    ns_score = models.IntegerField(_("NS score"), editable=False)
    ns_compensation = models.IntegerField(_("NS compensation"), editable=False)
    ns_net = models.IntegerField(_("net"), editable=False)
    ns_imps = models.IntegerField(_("NS IMPs"), editable=False)
    ew_imps = models.IntegerField(_("EW IMPs"), editable=False)

    version = models.PositiveIntegerField(_("version"), default=1, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    history = HistoricalRecords()

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
            models.CheckConstraint(condition=Q(ns_hcp__isnull=True) | Q(ns_hcp__lte=40),
                                   name="result_ns_hcp_0_40"),
            models.CheckConstraint(condition=Q(ns_adjustment__in=["", "ave+", "ave", "ave-"]),
                                   name="result_ns_adjustment_valid"),
            models.CheckConstraint(condition=Q(ew_adjustment__in=["", "ave+", "ave", "ave-"]),
                                   name="result_ew_adjustment_valid"),
            models.CheckConstraint(condition=Q(round__isnull=True) | Q(round__gte=1),
                                   name="result_round_positive"),
            models.CheckConstraint(condition=Q(table__isnull=True) | Q(table__gte=1),
                                   name="result_table_positive"),
            models.CheckConstraint(condition=Q(ns_imps__gte=-24, ns_imps__lte=24)
                                   & Q(ew_imps__gte=-24, ew_imps__lte=24),
                                   name="result_imps_in_scale"),
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
        self.declarer = str(Direction(declarer).value) if contract else ""
        self.tricks = tricks if contract else None

    def set_assigned(self, contract, declarer, tricks):
        """Assign a result that replaces the table result for scoring (None clears it)."""
        self.assigned_level, self.assigned_strain, self.assigned_doubling = (
            split_contract(contract))
        self.assigned_declarer = str(Direction(declarer).value) if contract else ""
        self.assigned_tricks = tricks if contract else None

    @property
    def passed_out(self):
        return self.level is None

    @property
    def is_adjusted(self):
        return bool(self.assigned or self.ns_adjustment or self.ew_adjustment)

    @property
    def text(self):
        """The result in the shorthand the director types: "4SX-2 E", "3NT= S", "PASS"
        (Russian notation on Russian pages: "4♠Х-2 В", "3БК= Ю", "пас")."""
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

    @transaction.atomic
    def save(self, *args, **kwargs):
        from scoring.services import score_result

        score_result(self)
        super().save(*args, **kwargs)
        sync_board_plays([self])


def split_contract(contract):
    """(level, strain, doubling) fields for an engine contract; empty fields for a pass."""
    if contract is None:
        return None, "", 0
    ascii_form = contract.ascii
    doubling = len(ascii_form) - len(ascii_form.rstrip("X"))
    return contract.level, ascii_form[1:len(ascii_form) - doubling], doubling


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


def sync_board_plays(results):
    """Make the BoardPlay rows match these saved results (two rows per result)."""
    results = list(results)
    BoardPlay.objects.filter(result__in=results).delete()
    BoardPlay.objects.bulk_create(
        BoardPlay(result=r, board_id=r.board_id, pair_id=pair_id)
        for r in results for pair_id in (r.ns_pair_id, r.ew_pair_id)
    )

