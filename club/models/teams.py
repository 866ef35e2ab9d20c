"""Teams events (docs/teams-and-individuals.md, "In the product: teams events"): a session
whose movement is "teams" holds its teams, their members and the matches of each round,
stored when the director makes the schedule (club.services.teams), so they never change
afterwards.

A line-up is two ordinary pairs of the session: the two players a team sits in the open
room and the two it sits in the closed room. So each room is an ordinary table whose
results are ordinary `Result` rows between two `Pair` rows, and result entry, the table
phones, the hidden boards and Moscow scoring work as for pairs (club.plan reads the
matches as the session's seatings)."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from club.models.players import Player
from club.models.sessions import MAX_ROUNDS, Pair, Session

MIN_MEMBERS, MAX_MEMBERS = 4, 6
MAX_TEAM_NUMBER = 50  # two tables a match: 50 teams fill the largest session's 50 tables


class Team(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="teams",
                                verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=80)
    # The captain is one of the members (club.services.teams checks it).
    captain = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("captain"))

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="team_unique_number"),
            models.UniqueConstraint(fields=["session", "name"], name="team_unique_name"),
            models.CheckConstraint(condition=Q(number__gte=1, number__lte=MAX_TEAM_NUMBER),
                                   name="team_number_in_range"),
        ]

    def __str__(self):
        return f"{self.number}. {self.name}"


class TeamMember(models.Model):
    """A player of a team. The session is repeated here so that the database refuses a
    player in two teams of one session."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+",
                                verbose_name=_("session"))
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members",
                             verbose_name=_("team"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("player"))

    class Meta:
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        ordering = ["team", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"],
                                    name="team_member_one_team_a_session"),
        ]

    def __str__(self):
        return f"{self.team_id}: {self.player_id}"


class TeamMatch(models.Model):
    """One match of a round: match `number` plays at tables 2 * number - 1 (the open room:
    the home team North-South) and 2 * number (the closed room: the home team East-West),
    on board set `round`. A bye is a row without an away team, number 0 and no tables.
    The four pairs are the teams' line-ups, empty until set."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="team_matches",
                                verbose_name=_("session"))
    round = models.PositiveSmallIntegerField(_("round"))
    number = models.PositiveSmallIntegerField(_("match"))
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+",
                             verbose_name=_("home team"))
    away = models.ForeignKey(Team, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="+", verbose_name=_("away team"))
    open_ns = models.ForeignKey(Pair, on_delete=models.RESTRICT, null=True, blank=True,
                                related_name="+", verbose_name=_("open room, NS (home)"))
    open_ew = models.ForeignKey(Pair, on_delete=models.RESTRICT, null=True, blank=True,
                                related_name="+", verbose_name=_("open room, EW (away)"))
    closed_ns = models.ForeignKey(Pair, on_delete=models.RESTRICT, null=True, blank=True,
                                  related_name="+", verbose_name=_("closed room, NS (away)"))
    closed_ew = models.ForeignKey(Pair, on_delete=models.RESTRICT, null=True, blank=True,
                                  related_name="+", verbose_name=_("closed room, EW (home)"))

    class Meta:
        verbose_name = _("teams match")
        verbose_name_plural = _("teams matches")
        ordering = ["session", "round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "round", "number"],
                                    name="team_match_unique_number"),
            models.UniqueConstraint(fields=["session", "round", "home"],
                                    name="team_match_home_once_a_round"),
            models.UniqueConstraint(fields=["session", "round", "away"],
                                    name="team_match_away_once_a_round"),
            models.CheckConstraint(condition=~Q(home=F("away")),
                                   name="team_match_not_against_itself"),
            models.CheckConstraint(
                condition=Q(away__isnull=True, number=0, open_ns__isnull=True,
                            open_ew__isnull=True, closed_ns__isnull=True,
                            closed_ew__isnull=True)
                | Q(away__isnull=False, number__gte=1),
                name="team_match_bye_has_no_tables"),
            models.CheckConstraint(condition=Q(round__gte=1, round__lte=MAX_ROUNDS),
                                   name="team_match_round_in_range"),
            # A pair sits at one seat of a match.
            models.CheckConstraint(
                condition=~Q(open_ns=F("closed_ew")) & ~Q(open_ew=F("closed_ns"))
                & ~Q(open_ns=F("open_ew")) & ~Q(closed_ns=F("closed_ew")),
                name="team_match_four_pairs"),
        ]

    def __str__(self):
        return f"{self.session_id} r{self.round} m{self.number}"

    @property
    def is_bye(self):
        return self.away_id is None

    @property
    def open_table(self):
        return 2 * self.number - 1

    @property
    def closed_table(self):
        return 2 * self.number


class TieBreak(models.TextChoices):
    """How a knockout match level after its boards is decided (the engine's TieBreak)."""

    EXTRA_BOARDS = "extra boards", _("Extra boards")
    LAST_BOARDS = "last boards", _("The last boards' IMPs")


MAX_CARRY_OVER = 999


class TeamKnockout(models.Model):
    """A teams session that is a knockout match of its two teams: the home team's
    carry-over in IMPs (negative: the away team's; halves allowed, to rule out a tie) and
    how a tie is broken. Round 1 is the match; with extra boards, round 2 holds them, stored
    only when the match ends level (club.services.teams)."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, primary_key=True,
                                   related_name="knockout", verbose_name=_("session"))
    carry_over = models.DecimalField(_("carry-over"), max_digits=4, decimal_places=1,
                                     default=0)
    tie_break = models.CharField(_("tie-break"), max_length=12, choices=TieBreak.choices,
                                 default=TieBreak.EXTRA_BOARDS)

    class Meta:
        verbose_name = _("knockout match")
        verbose_name_plural = _("knockout matches")
        constraints = [
            models.CheckConstraint(condition=Q(tie_break__in=TieBreak.values),
                                   name="team_knockout_tie_break_known"),
            models.CheckConstraint(
                condition=Q(carry_over__gte=-MAX_CARRY_OVER, carry_over__lte=MAX_CARRY_OVER),
                name="team_knockout_carry_over_in_range"),
        ]

    def __str__(self):
        return f"{self.session_id}: {self.carry_over} ({self.tie_break})"
