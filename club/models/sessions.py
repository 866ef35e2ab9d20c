"""Sessions (club evenings), their pairs and their boards."""

import re
from dataclasses import dataclass

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from club.models.choices import (
    ARRANGEMENTS,
    ARROW_SWITCHES,
    INDIVIDUAL,
    LAST_ROUND,
    MOVEMENTS,
    NO_ARROW_SWITCH,
    ONE_WINNER,
    PLAIN,
    POLICIES,
    RANKINGS,
    SEATS,
    TWO_WINNERS,
    VULNERABILITIES,
    values,
)
from club.models.history import tracked
from club.models.players import Player
from scoring.engine import (
    MAX_HCP,
    Direction,
    MovementKind,
    Policy,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    movements,
)
from scoring.engine.individual import INDIVIDUAL_SIZES, full_individual_rounds

# How big a session may be. The setup form, the file readers and the import service refuse
# anything larger with a message naming the limit, and the database refuses rows beyond
# them (the check constraints below), so every session the site holds exports and imports
# again.
MAX_TABLES = movements.MITCHELL_MAX_TABLES  # the largest movement
MAX_PAIRS = 2 * MAX_TABLES  # pair numbers: two pairs a table
# An individual's partnerships: two a table in each round of the longest movement.
MAX_PARTNERSHIPS = max(2 * (size // 4) * full_individual_rounds(size)
                       for size in INDIVIDUAL_SIZES)


def partnership_numbers(tables, round, table):
    """The pair numbers of the NS and EW partnerships an individual movement of `tables`
    tables forms at `table` in `round`: two a table, round after round (1 and 2 at table
    1 of round 1), so every partnership has its own number."""
    ns = 2 * ((round - 1) * tables + table) - 1
    return ns, ns + 1


def partnership_place(tables, number):
    """(round, table, whether NS) of partnership `number` (partnership_numbers' inverse)."""
    index, ew = divmod(number - 1, 2)
    round, table = divmod(index, tables)
    return round + 1, table + 1, not ew
MAX_BOARDS_PER_ROUND = 36
# A Mitchell or Howell plays at most 50 rounds; free seating read from a results file may
# play one board a round, and such a file has up to 200 boards.
MAX_ROUNDS = 200
MAX_BOARD_NUMBER = MAX_ROUNDS * MAX_BOARDS_PER_ROUND
EVEN_TABLES = list(range(2, MAX_TABLES + 1, 2))
# A session may be split into sections A to D, each playing its own movement on the same
# boards (docs/movements.md, "Sections"). They are stored on the session as "TxR,TxR"
# (tables x rounds of each section, in letter order; "" for none), and the session's
# tables and pairs are numbered across them: section A's first, then B's, and so on.
SECTION_LETTERS = "ABCD"
MAX_SECTIONS = len(SECTION_LETTERS)
SECTION_PATTERN = rf"^[1-9][0-9]?x[1-9][0-9]?(,[1-9][0-9]?x[1-9][0-9]?){{1,{MAX_SECTIONS - 1}}}$"


@dataclass(frozen=True)
class Section:
    """One section of a session: its letter, size, and where its tables and pairs start in
    the session's numbering (table `first_table` is the section's table 1, pair
    `first_pair` its pair 1)."""

    letter: str
    tables: int
    rounds: int
    first_table: int
    first_pair: int

    @property
    def table_numbers(self):
        return range(self.first_table, self.first_table + self.tables)

    @property
    def pair_numbers(self):
        """The session's numbers of the section's seats: two a table."""
        return range(self.first_pair, self.first_pair + 2 * self.tables)

    def local(self, number):
        """The section's own number of the session's pair `number`."""
        return number - self.first_pair + 1


def parse_sections(text):
    """The sections stored as "TxR,TxR" (see SECTION_PATTERN), [] for "" (and for text
    not in that form, which club.schedule.section_problems refuses)."""
    if not re.fullmatch(SECTION_PATTERN, text):
        return []
    sections, first_table = [], 1
    for letter, part in zip(SECTION_LETTERS, filter(None, text.split(",")), strict=False):
        tables, rounds = (int(value) for value in part.split("x"))
        sections.append(Section(letter, tables, rounds, first_table, 2 * first_table - 1))
        first_table += tables
    return sections


def format_sections(sizes):
    """The stored text of sections given as [(tables, rounds)]."""
    return ",".join(f"{tables}x{rounds}" for tables, rounds in sizes)


class SessionStatus(models.TextChoices):
    """Where an evening is: being set up, in play, finished (awaiting the director's
    check) or published."""

    SETUP = "setup", _("setup")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    PUBLISHED = "published", _("published")


class Session(models.Model):
    Status = SessionStatus

    # The engine's vocabularies: Session.Movement.FREE == "free", Session.Policy.LINE == "line".
    Movement = MovementKind
    Policy = Policy

    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.SETUP)
    movement = models.CharField(_("movement"), max_length=10, choices=MOVEMENTS,
                                default=MovementKind.MITCHELL.value)
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
    policy = models.CharField(_("compensation policy"), max_length=10, choices=POLICIES,
                              default=Policy.LINE.value)
    # A Mitchell on an even number of tables may be played with the skip or the relay and
    # bye stand (docs/movements.md); its last round may be arrow-switched; and its pairs
    # ranked in one list or by line. Any other session keeps the defaults.
    arrangement = models.CharField(_("even-table arrangement"), max_length=10,
                                   choices=ARRANGEMENTS, default=PLAIN)
    arrow_switch = models.CharField(_("arrow-switch"), max_length=10, choices=ARROW_SWITCHES,
                                    default=NO_ARROW_SWITCH)
    ranking = models.CharField(_("ranking"), max_length=10, choices=RANKINGS,
                               default=ONE_WINNER)
    award_scheme = models.ForeignKey(
        "club.AwardScheme", on_delete=models.PROTECT, null=True, blank=True,
        related_name="sessions", verbose_name=_("masterpoints"),
        help_text=_("The award scheme of this kind of event; empty: no masterpoints."))
    # Tables x rounds of each section (see SECTION_PATTERN); the session's `tables` is then
    # their sum and its `rounds` the most any section plays.
    sections = models.CharField(_("sections"), max_length=40, blank=True, default="")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Bumped by every service that changes what the session's pages show (results, pairs,
    # boards, status, scoring rules): the pages' ETag and cache key.
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)
    # Bumped with `version` by every such service except those that change only some
    # tables' phone pages (their own entry or call; club.services.locks): with each table
    # code's own `version`, the key of a table's cached round page.
    tables_version = models.PositiveIntegerField(_("tables version"), default=0,
                                                 editable=False)
    history = tracked(excluded_fields=["version", "tables_version"])

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(tables__gte=1, tables__lte=MAX_TABLES),
                                   name="session_tables_in_range"),
            models.CheckConstraint(condition=Q(rounds__gte=1, rounds__lte=MAX_ROUNDS),
                                   name="session_rounds_in_range"),
            models.CheckConstraint(condition=Q(boards_per_round__gte=1,
                                               boards_per_round__lte=MAX_BOARDS_PER_ROUND),
                                   name="session_boards_per_round_in_range"),
            models.CheckConstraint(condition=Q(status__in=SessionStatus.values),
                                   name="session_status_valid"),
            models.CheckConstraint(condition=Q(movement__in=values(MOVEMENTS)),
                                   name="session_movement_valid"),
            models.CheckConstraint(condition=Q(policy__in=values(POLICIES)),
                                   name="session_policy_valid"),
            models.CheckConstraint(
                condition=Q(arrangement=PLAIN)
                | Q(arrangement__in=values(ARRANGEMENTS), movement=MovementKind.MITCHELL.value,
                    tables__in=EVEN_TABLES),
                name="session_arrangement_even_mitchell"),
            models.CheckConstraint(
                condition=Q(arrow_switch=NO_ARROW_SWITCH)
                | Q(arrow_switch=LAST_ROUND, movement=MovementKind.MITCHELL.value),
                name="session_arrow_switch_mitchell"),
            models.CheckConstraint(
                condition=Q(ranking=ONE_WINNER)
                | Q(ranking=TWO_WINNERS,
                    movement__in=(MovementKind.MITCHELL.value, MovementKind.FREE.value),
                    arrow_switch=NO_ARROW_SWITCH),
                name="session_two_winners_by_line"),
            # Sections play the plain arrangement of the session's movement.
            models.CheckConstraint(
                condition=Q(sections="") | Q(sections__regex=SECTION_PATTERN, arrangement=PLAIN),
                name="session_sections_valid"),
        ]

    def __str__(self):
        return f"{self.name} ({self.date})"

    @property
    def is_public(self):
        """Everyone sees a session once play starts: running and finished sessions as
        provisional, until the directors publish them (club.visibility keeps the boards
        still in play hidden)."""
        return self.status != self.Status.SETUP

    @property
    def is_locked(self):
        """Finished and published sessions refuse edits until a director reopens them."""
        return self.status in (self.Status.FINISHED, self.Status.PUBLISHED)

    @property
    def engine_arrangement(self):
        """The arrangement the engine's Mitchell takes (movements.schedule), or None for
        the plain movement."""
        return None if self.arrangement == PLAIN else self.arrangement

    @property
    def arrow_switch_rounds(self):
        """The rounds whose pairs sit the other way round (movements.schedule)."""
        return (self.rounds,) if self.arrow_switch == LAST_ROUND else ()

    @property
    def two_winners(self):
        """Whether the standings rank the NS and the EW pairs apart."""
        return self.ranking == TWO_WINNERS

    @property
    def section_list(self):
        """The session's sections ([] for a session in one field), parsed once."""
        if getattr(self, "_sections_of", None) != self.sections:
            self._section_list, self._sections_of = parse_sections(self.sections), self.sections
        return self._section_list

    def section_of_pair(self, number):
        """The section whose seats include pair `number`, or None (no sections)."""
        return next((s for s in self.section_list if number in s.pair_numbers), None)

    def section_of_table(self, table):
        """The section holding table number `table`, or None (no sections)."""
        return next((s for s in self.section_list if table in s.table_numbers), None)

    def in_ns_line(self, number):
        """Whether pair `number` of a Mitchell belongs to its NS line (the stationary
        pairs, numbered 1 to tables in the field or its section), wherever an
        arrow-switched round seats it; in free seating ranked with two winners (a results
        file's lines), the pairs 1 to tables sit North-South all evening."""
        section = self.section_of_pair(number)
        if section:
            return section.local(number) <= section.tables
        return number <= self.tables

    def pair_label(self, number):
        """How the room knows a pair: 3NS / 3EW in a Mitchell, the plain number otherwise;
        in a section, its letter first (A3NS, B5) and the section's own number."""
        if self.movement == INDIVIDUAL:  # a partnership of one round: R2T1 NS
            round, table, ns = partnership_place(self.tables, number)
            return gettext("R%(round)sT%(table)s %(line)s") % {
                "round": round, "table": table,
                "line": gettext("NS") if ns else gettext("EW")}
        section = self.section_of_pair(number)
        letter, tables = "", self.tables
        if section:
            letter, tables, number = section.letter, section.tables, section.local(number)
        if self.movement == self.Movement.MITCHELL:
            if number <= tables:
                label = pgettext("pair label", "%(number)sNS") % {"number": number}
            else:
                label = pgettext("pair label", "%(number)sEW") % {"number": number - tables}
            return letter + label
        return f"{letter}{number}"

    def table_label(self, table):
        """How the room knows a table: its number, after its section's letter (B2)."""
        section = self.section_of_table(table)
        if section:
            return f"{section.letter}{table - section.first_table + 1}"
        return str(table)


class Pair(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="pairs",
                                verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("number"))
    player1 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("player 1"))
    player2 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("player 2"))
    # A partnership an individual movement forms (club.services.individual), not a pair
    # that entered: listed with its players' seats, never on the pairs page.
    partnership = models.BooleanField(_("individual partnership"), default=False,
                                      editable=False)
    history = tracked()

    class Meta:
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="pair_unique_number"),
            # An individual's partnerships are numbered by round and table
            # (club.services.individual), up to MAX_PARTNERSHIPS.
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=MAX_PAIRS)
                | Q(partnership=True, number__gte=1, number__lte=MAX_PARTNERSHIPS),
                name="pair_number_in_range"),
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


def vulnerability_of(number, override):
    """A board's vulnerability: its override, or its number's place in the standard cycle
    (for rows read without making a Board)."""
    return Vulnerability(override) if override else board_vulnerability(number)


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
    # Computed once when the deal is stored (club.services.boards), never typed in.
    double_dummy = models.CharField(
        _("double-dummy tricks"), max_length=20, blank=True, default="", editable=False,
        help_text=_("Tricks for each strain (C, D, H, S, NT) and declarer (N, E, S, W), "
                    "20 hexadecimal figures; empty without a deal."),
    )
    par_score = models.IntegerField(_("par score (NS)"), null=True, blank=True, editable=False)
    par_contracts = models.CharField(_("par contracts"), max_length=120, blank=True,
                                     default="", editable=False)
    history = tracked()

    class Meta:
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="board_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1, number__lte=MAX_BOARD_NUMBER),
                                   name="board_number_in_range"),
            models.CheckConstraint(condition=Q(ns_hcp__isnull=True) | Q(ns_hcp__lte=MAX_HCP),
                                   name="board_ns_hcp_0_40"),
            models.CheckConstraint(condition=Q(dealer_override__in=["", *values(SEATS)]),
                                   name="board_dealer_valid"),
            models.CheckConstraint(
                condition=Q(vulnerability_override__in=["", *values(VULNERABILITIES)]),
                name="board_vulnerability_valid",
            ),
            # The analysis comes whole, and only with a deal.
            models.CheckConstraint(
                condition=(Q(double_dummy="") & Q(par_score__isnull=True) & Q(par_contracts=""))
                | (~Q(deal="") & ~Q(double_dummy="") & Q(par_score__isnull=False)),
                name="board_analysis_with_deal",
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
        return vulnerability_of(self.number, self.vulnerability_override)
