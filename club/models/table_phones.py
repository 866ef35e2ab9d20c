"""Players entering results at their table: the code a table's phones open its page with,
the results they enter (held until the opponents accept them), and their calls for the
director."""

import uuid

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from club.models.choices import DOUBLINGS, SEATS, STRAINS
from club.models.results import Result, contract_check
from club.models.sessions import Board, Pair, Session
from scoring.engine import MAX_HCP


class TableCode(models.Model):
    """What a table's card prints (as a QR code and as text): it opens that table's entry
    page while the session runs. Re-issuing replaces the code."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_codes",
                                verbose_name=_("session"))
    table = models.PositiveSmallIntegerField(_("table"))
    code = models.CharField(_("code"), max_length=16, unique=True)
    issued_at = models.DateTimeField(_("issued"), auto_now=True)
    # Bumped by a write that changes what this table's phone shows and not every table's
    # (club.services.locks): with the session's `tables_version`, its round page's key.
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)

    class Meta:
        verbose_name = _("table code")
        verbose_name_plural = _("table codes")
        ordering = ["session", "table"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table"], name="table_code_one_per_table"),
            models.CheckConstraint(condition=Q(table__gte=1), name="table_code_table_positive"),
        ]

    def __str__(self):
        return f"{self.session_id} T{self.table}"


class TableEntry(models.Model):
    """A result as a table entered it, until the opponents accept it (then it becomes a
    Result) or the director takes over. `key` makes a resent entry the same entry."""

    class Status(models.TextChoices):
        ENTERED = "entered", _("awaiting the opponents")
        ACCEPTED = "accepted", _("accepted")
        HELD = "held", _("held for the director")
        WITHDRAWN = "withdrawn", _("withdrawn")

    OPEN = (Status.ENTERED, Status.HELD)

    key = models.UUIDField(_("key"), default=uuid.uuid4, unique=True)
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_entries",
                                verbose_name=_("session"))
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="table_entries",
                              verbose_name=_("board"))
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    ns_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+",
                                verbose_name=_("NS pair"))
    ew_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+",
                                verbose_name=_("EW pair"))
    level = models.PositiveSmallIntegerField(_("level"), null=True, blank=True)
    strain = models.CharField(_("strain"), max_length=2, choices=STRAINS, blank=True, default="")
    doubling = models.PositiveSmallIntegerField(_("doubling"), choices=DOUBLINGS, default=0)
    declarer = models.CharField(_("declarer"), max_length=1, choices=SEATS, blank=True,
                                default="")
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    lead = models.CharField(_("opening lead"), max_length=3, blank=True, default="")
    ns_hcp = models.PositiveSmallIntegerField(_("NS HCP"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.ENTERED)
    note = models.CharField(_("note"), max_length=200, blank=True, default="")
    result = models.OneToOneField(Result, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="table_entry", verbose_name=_("result"))
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        verbose_name = _("table entry")
        verbose_name_plural = _("table entries")
        ordering = ["session", "round", "table", "board__number"]
        constraints = [
            # One open entry per table and board: a second phone sees the first one's.
            models.UniqueConstraint(fields=["board", "ns_pair"],
                                    condition=Q(status__in=["entered", "held"]),
                                    name="table_entry_one_open_per_board"),
            models.CheckConstraint(condition=~Q(ns_pair=F("ew_pair")),
                                   name="table_entry_two_pairs"),
            models.CheckConstraint(condition=contract_check(), name="table_entry_contract_valid"),
            models.CheckConstraint(condition=Q(ns_hcp__isnull=True) | Q(ns_hcp__lte=MAX_HCP),
                                   name="table_entry_ns_hcp_0_40"),
            models.CheckConstraint(condition=Q(status__in=["entered", "accepted", "held",
                                                           "withdrawn"]),
                                   name="table_entry_status_valid"),
            models.CheckConstraint(condition=Q(round__gte=1) & Q(table__gte=1),
                                   name="table_entry_round_table_positive"),
        ]

    def __str__(self):
        return f"{self.session_id} R{self.round} T{self.table} B{self.board_id}"


class CallReason(models.TextChoices):
    """Why a table calls the director (DirectorCall.Reason)."""

    EW_DISAGREE = "ew_disagree", _("East-West disagree with the result")
    WRONG_BOARD = "wrong_board", _("A wrong board or wrong cards")
    REVOKE = "revoke", _("A revoke")
    OTHER = "other", _("Something else")


class DirectorCall(models.Model):
    """A table asking for the director, about a board and for a reason (what the director
    needs to know before walking over); open until the director marks it answered."""

    Reason = CallReason

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="calls",
                                verbose_name=_("session"))
    table = models.PositiveSmallIntegerField(_("table"))
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    board = models.PositiveSmallIntegerField(_("board"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=12, choices=Reason.choices,
                              default=Reason.OTHER)
    created_at = models.DateTimeField(_("called"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered"), null=True, blank=True)

    class Meta:
        verbose_name = _("call for the director")
        verbose_name_plural = _("calls for the director")
        ordering = ["session", "created_at"]
        constraints = [
            # A table calls once until answered: pressing the button twice is one call.
            models.UniqueConstraint(fields=["session", "table"],
                                    condition=Q(answered_at__isnull=True),
                                    name="director_call_one_open_per_table"),
            models.CheckConstraint(condition=Q(table__gte=1), name="director_call_table_positive"),
            models.CheckConstraint(condition=Q(board__isnull=True) | Q(board__gte=1),
                                   name="director_call_board_positive"),
            models.CheckConstraint(condition=Q(reason__in=CallReason.values),
                                   name="director_call_reason_valid"),
        ]

    def __str__(self):
        return f"{self.session_id} T{self.table}"
