"""The double-dummy analysis of a session's deals, run after they are stored
(club.services.analysis): how far it got, for the hand records page to show."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from club.models.sessions import Session


class AnalysisJob(models.Model):
    """The latest analysis of a session's deals (one a session: a new one replaces it).
    `done` of `total` deals are analysed; `updated_at` is its last sign of life, so that a
    job whose server stopped is seen as stalled."""

    class State(models.TextChoices):
        PENDING = "pending", _("waiting to start")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    session = models.OneToOneField(Session, on_delete=models.CASCADE,
                                   related_name="analysis_job", verbose_name=_("session"))
    state = models.CharField(_("state"), max_length=8, choices=State.choices,
                             default=State.PENDING)
    total = models.PositiveIntegerField(_("deals to analyse"))
    done = models.PositiveIntegerField(_("deals analysed"), default=0)
    error = models.TextField(_("error"), blank=True, default="")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("analysis job")
        verbose_name_plural = _("analysis jobs")
        constraints = [
            models.CheckConstraint(condition=Q(done__lte=F("total")),
                                   name="analysis_job_done_of_total"),
            models.CheckConstraint(condition=Q(state__in=["pending", "running", "done",
                                                          "failed"]),
                                   name="analysis_job_state_valid"),
        ]

    def __str__(self):
        return f"{self.session_id}: {self.state} {self.done}/{self.total}"

    @property
    def active(self):
        return self.state in (self.State.PENDING, self.State.RUNNING)
