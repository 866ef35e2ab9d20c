"""Compensation tables kept in the database; the engine's CompensationTable is built from them.

The built-in Moscow table is made by a data migration (scoring 0002) and is read-only here
(save and delete refuse). Club tables are made, changed and copied only by the services,
which hold the rules of who may change one, and when (club.services.compensation_tables);
nothing here writes."""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.engine import MAX_HCP, MIN_HCP, BridgeError
from scoring.engine import CompensationTable as EngineTable
from scoring.messages import bridge_message

MOSCOW_NAME = "Moscow"


class BuiltinTableError(ValidationError):
    """Raised when something tries to change the built-in Moscow table."""


class BuiltinGuard:
    """save() and delete() refuse to touch the built-in table: each model using it defines
    `_refuse_if_builtin()`, which raises BuiltinTableError when it belongs to that table."""

    def save(self, *args, **kwargs):
        self._refuse_if_builtin()
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        self._refuse_if_builtin()
        return super().delete(*args, **kwargs)


class CompensationTable(BuiltinGuard, models.Model):
    name = models.CharField(_("name"), max_length=100, unique=True)
    builtin = models.BooleanField(
        _("built in"), default=False, editable=False,
        help_text=_("Built-in tables cannot be edited; copy one to make a club table."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("compensation table")
        verbose_name_plural = _("compensation tables")
        ordering = ["-builtin", "name"]

    def __str__(self):
        return self.name

    def _refuse_if_builtin(self):
        if self.pk and CompensationTable.objects.filter(pk=self.pk, builtin=True).exists():
            raise BuiltinTableError(
                _("The built-in table “%(name)s” cannot be changed; copy it to make your own."),
                params={"name": self.name},
            )

    def row_tuples(self):
        """(hcp, not_vul, vul) for each stored row, in HCP order (uses prefetched rows)."""
        return sorted((r.hcp, r.not_vul, r.vul) for r in self.rows.all())

    def to_engine(self):
        """The engine's immutable, validated table for these rows."""
        try:
            return EngineTable.from_rows(self.row_tuples())
        except BridgeError as err:
            raise ValidationError(bridge_message(err)) from err


class CompensationRow(BuiltinGuard, models.Model):
    table = models.ForeignKey(
        CompensationTable, on_delete=models.CASCADE, related_name="rows",
        verbose_name=_("table"),
    )
    hcp = models.PositiveSmallIntegerField(_("HCP"))
    not_vul = models.PositiveIntegerField(_("not vulnerable"))
    vul = models.PositiveIntegerField(_("vulnerable"))

    class Meta:
        verbose_name = _("compensation row")
        verbose_name_plural = _("compensation rows")
        ordering = ["table", "hcp"]
        constraints = [
            models.UniqueConstraint(fields=["table", "hcp"], name="comp_row_unique_hcp"),
            models.CheckConstraint(
                condition=Q(hcp__gte=MIN_HCP, hcp__lte=MAX_HCP), name="comp_row_hcp_21_40"
            ),
            models.CheckConstraint(condition=Q(vul__gte=models.F("not_vul")),
                                   name="comp_row_vul_at_least_not_vul"),
        ]

    def __str__(self):
        return f"{self.table}: {self.hcp} HCP {self.not_vul}/{self.vul}"

    def _refuse_if_builtin(self):
        if CompensationTable.objects.filter(pk=self.table_id, builtin=True).exists():
            raise BuiltinTableError(
                _("The built-in table cannot be changed; copy it to make your own.")
            )


def moscow_table():
    """The built-in Moscow table (created by a data migration)."""
    return CompensationTable.objects.get(builtin=True, name=MOSCOW_NAME)
