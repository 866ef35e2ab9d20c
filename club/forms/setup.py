"""Forms for setting up an evening: the session itself and its pairs. They check what the
director typed; the services (club.services.sessions, club.services.pairs) make the
change, checking the same rules again under the session's lock."""

import re
from functools import cached_property

from django import forms
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from club.models import ARRANGEMENTS, ARROW_SWITCHES, MOVEMENTS, POLICIES, RANKINGS, Player, Session
from club.models.choices import (
    INDIVIDUAL,
    NO_ARROW_SWITCH,
    ONE_WINNER,
    PLAIN,
    STORED_ROUNDS,
    SWISS,
    TEAMS,
)
from club.notation import bridge_message
from club.queries import last_session, name_contains, normalize_name
from club.schedule import (
    MAX_BOARDS_PER_ROUND,
    MAX_ROUNDS,
    MAX_TABLES,
    individual_rounds,
    movement_option_problems,
    read_sections,
)
from club.services.pairs import pair_problems
from club.services.sessions import setup_change_problems
from scoring.engine import MovementError, movements
from scoring.models import moscow_table


def add_problems(form, problems):
    """Put a service's {field or None: [messages]} on the form."""
    for field, messages in problems.items():
        for message in messages:
            form.add_error(field if field in form.fields else None, message)


def new_session_defaults():
    """A new evening looks like the club's last one (movement, tables, sections, boards per
    round, even-table arrangement, arrow-switch, ranking, duplication, table and policy), dated
    today; a first evening is a 7-table Mitchell of 3 boards a round with the Moscow table,
    its pairs ranked in one list (one winner: compensation makes NS and EW results
    comparable)."""
    last = Session.objects.order_by("-date", "-id").first()
    if last is None:
        return {"date": timezone.localdate(), "movement": Session.Movement.MITCHELL.value,
                "tables": 7, "boards_per_round": 3, "arrangement": PLAIN,
                "arrow_switch": NO_ARROW_SWITCH, "ranking": ONE_WINNER, "duplicated": True,
                "compensation_table": moscow_table().pk, "policy": Session.Policy.LINE.value}
    return {"date": timezone.localdate(), "movement": last.movement, "tables": last.tables,
            "boards_per_round": last.boards_per_round, "arrangement": last.arrangement,
            "arrow_switch": last.arrow_switch, "ranking": last.ranking,
            "duplicated": last.duplicated, "compensation_table": last.compensation_table_id,
            "policy": last.policy, "award_scheme": last.award_scheme_id,
            "sections": last.sections.replace(",", " ")}


class SessionForm(forms.ModelForm):
    """A session's setup (the view saves it through club.services.sessions)."""

    rounds = forms.IntegerField(
        label=_("Rounds"), required=False, min_value=1, max_value=MAX_ROUNDS,
        error_messages={"max_value": _("A session has at most %(limit_value)s rounds.")},
        help_text=_("Leave empty for the full movement. A Mitchell may be cut shorter; a "
                    "Howell is always played in full; free seating needs a number."),
    )
    tables = forms.IntegerField(
        label=_("Tables"), min_value=1, max_value=MAX_TABLES,
        error_messages={"max_value": _("A session has at most %(limit_value)s tables.")},
        help_text=_("Two pairs a table. Mitchell: 2 to 50 tables; Howell: 2 to 16 tables "
                    "(4 to 32 pairs); free seating: 2 to 50 tables."),
    )
    sections = forms.CharField(
        label=_("Sections"), required=False, max_length=60,
        help_text=_("Empty: one field. For sections A, B, C, D, the tables of each, e.g. "
                    "“3 3”: each section plays the movement above on its own tables, on the "
                    "same boards; a section's rounds may follow its tables, e.g. “4x3 3”. "
                    "The tables and rounds above then follow the sections."),
    )
    boards_per_round = forms.IntegerField(
        label=_("Boards per round"), min_value=1, max_value=MAX_BOARDS_PER_ROUND,
        error_messages={"min_value": _("Play at least %(limit_value)s board a round."),
                        "max_value": _("A session has at most %(limit_value)s boards a "
                                       "round.")},
    )
    duplicated = forms.TypedChoiceField(
        label=_("Boards"), coerce=lambda value: value == "True", widget=forms.RadioSelect,
        choices=[(True, _("Duplicated boards: the same deals at every table")),
                 (False, _("A fresh deal at each table"))],
    )
    # The scoring rules the director agreed to rescore the results with ("table id:policy"),
    # once the page has said how many results would change.
    confirm_rescore = forms.CharField(required=False, max_length=60, widget=forms.HiddenInput)

    MOVEMENT_OPTIONS = ("arrangement", "arrow_switch", "ranking")

    class Meta:
        model = Session
        fields = ["name", "date", "movement", "tables", "rounds", "sections", "boards_per_round",
                  "arrangement", "arrow_switch", "ranking", "duplicated",
                  "compensation_table", "policy", "award_scheme"]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "movement": forms.RadioSelect,
            "arrangement": forms.RadioSelect,
            "arrow_switch": forms.RadioSelect,
            "ranking": forms.RadioSelect,
            "policy": forms.RadioSelect,
        }
        labels = {"arrangement": _("Mitchell on an even number of tables"),
                  "arrow_switch": _("Arrow-switch"), "ranking": _("Ranking")}
        help_texts = {
            "arrangement": _("Only for a Mitchell on an even number of tables; the plain "
                             "Mitchell plays one round fewer than tables, with the skip."),
            "arrow_switch": _("Only for a Mitchell: in the last round the NS pairs sit "
                              "East-West and the EW pairs North-South."),
            "ranking": _("Two winners only for a Mitchell without arrow-switch, or free "
                         "seating whose pairs 1 to tables sit North-South all evening."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        session = self.instance
        self.fields["movement"].choices = MOVEMENTS  # no empty choice
        self.fields["arrangement"].choices = ARRANGEMENTS
        self.fields["arrow_switch"].choices = ARROW_SWITCHES
        self.fields["ranking"].choices = RANKINGS
        for name in self.MOVEMENT_OPTIONS:
            # A page without them (an older page, a script) keeps the stored choice.
            self.fields[name].required = False
        self.fields["policy"].choices = POLICIES
        self.fields["compensation_table"].empty_label = None
        self.fields["award_scheme"].empty_label = _("No masterpoints")
        self.fields["tables"].required = False  # sections give the tables instead
        if session.sections:
            self.initial["sections"] = session.sections.replace(",", " ")
        # The stored rules: the form writes the new ones into the instance as it validates.
        self.stored_rules = (session.compensation_table_id, session.policy) if session.pk \
            else None
        if session.pk:
            self.pair_numbers = list(session.pairs.filter(partnership=False)
                                     .values_list("number", flat=True))
            if (session.movement not in STORED_ROUNDS
                    and session.rounds == self._full_rounds(session)):
                self.initial["rounds"] = None  # "full": follows a change of tables
        else:
            self.pair_numbers = []
            for name, value in new_session_defaults().items():
                self.initial.setdefault(name, value)

    @staticmethod
    def _full_rounds(session):
        movement, tables = session.movement, session.tables
        try:
            return movements.full_rounds(movement, tables=tables,
                                         pairs=2 * tables if movement == "howell" else None,
                                         arrangement=session.engine_arrangement)
        except MovementError:
            return None

    def clean(self):
        data = super().clean()
        if self.instance.pk and self.instance.is_locked:
            raise forms.ValidationError(
                _("This session is %(status)s: reopen it before changing its setup."),
                params={"status": self.instance.get_status_display()},
            )
        movement = data.get("movement")
        if movement is None or self.has_error("rounds") or self.has_error("tables"):
            return data
        sections, problems = read_sections(data.get("sections") or "", movement)
        data["sections"] = sections
        if problems:
            add_problems(self, {"sections": problems})
            return data
        if sections:
            # The session's tables and rounds follow its sections (club.schedule).
            chosen = Session(sections=sections)
            data["tables"] = sum(s.tables for s in chosen.section_list)
            data["rounds"] = max(s.rounds for s in chosen.section_list)
        tables = data.get("tables")
        if tables is None:
            self.add_error("tables", forms.Field.default_error_messages["required"])
            return data
        rounds = data.get("rounds")
        for name in self.MOVEMENT_OPTIONS:
            data[name] = data.get(name) or getattr(self.instance, name)
        chosen = Session(movement=movement, tables=tables, rounds=rounds or 1,
                         sections=sections,
                         **{name: data[name] for name in self.MOVEMENT_OPTIONS})
        options = movement_option_problems(chosen)
        if options:
            add_problems(self, options)
            return data
        if sections:
            pass  # read_sections checked each section's movement
        elif movement == "free":
            if not 2 <= tables <= MAX_TABLES:
                self.add_error("tables", gettext(
                    "Free seating needs %(min)d to %(max)d tables; got %(tables)d.")
                    % {"min": 2, "max": MAX_TABLES, "tables": tables})
            if rounds is None:
                self.add_error("rounds", _("Free seating has no movement to count rounds "
                                           "from: enter the number of rounds."))
        elif movement == SWISS:
            if rounds is None:
                self.add_error("rounds", _("Swiss pairs has no movement to count rounds "
                                           "from: enter the number of rounds."))
        elif movement == TEAMS:
            if rounds is None:
                self.add_error("rounds", _("A teams event plays as many rounds as the "
                                           "director chooses: enter the number of rounds "
                                           "(a full round robin of n teams plays n - 1, "
                                           "or n for an odd number)."))
        elif movement == INDIVIDUAL:
            if rounds is None:  # the full movement of every size the tables take
                data["rounds"] = individual_rounds(tables)[0]
        else:
            pairs = 2 * tables if movement == "howell" else None
            arrangement = chosen.engine_arrangement
            try:
                full = movements.full_rounds(movement, tables=tables, pairs=pairs,
                                             arrangement=arrangement)
            except MovementError as err:
                self.add_error("tables", bridge_message(err))
                return data
            try:
                movements.board_sets(movement, tables=tables, pairs=pairs, rounds=rounds,
                                     arrangement=arrangement)
            except MovementError as err:
                self.add_error("rounds", bridge_message(err))
            if rounds is None:
                data["rounds"] = full
        if self.instance.pk and not self.errors:
            # The instance still holds the stored values: ModelForm copies the cleaned
            # data into it only after clean().
            problems, _reseating = setup_change_problems(self.instance, data,
                                                         self.pair_numbers)
            add_problems(self, problems)
        return data

    def setup_fields(self):
        """The cleaned values the session service takes."""
        return {name: self.cleaned_data[name] for name in self.Meta.fields}

    def new_rules(self):
        """(compensation table, policy) when the form changes a session's scoring rules,
        else None (a new session, or the same rules)."""
        table, policy = self.cleaned_data["compensation_table"], self.cleaned_data["policy"]
        if self.stored_rules is None or (table.pk, policy) == self.stored_rules:
            return None
        return table, policy

    @staticmethod
    def rules_token(rules):
        table, policy = rules
        return f"{table.pk}:{policy}"

    def rescore_confirmed(self, rules):
        """Whether the director confirmed rescoring under exactly these rules."""
        return self.cleaned_data.get("confirm_rescore") == self.rules_token(rules)

    def ask_to_confirm(self, rules):
        """Carry these rules in the page, so that saving it again confirms them."""
        self.data = self.data.copy()
        self.data["confirm_rescore"] = self.rules_token(rules)


# --- pairs ----------------------------------------------------------------------------

ID_SUFFIX = re.compile(r"^(?P<name>.*\S)\s+#(?P<id>\d+)$")


def resolve_player(text):
    """The active player a typed name means (exact name, any case, or "name #id"), or a new
    unsaved Player when nobody has that name. Raises ValidationError when it is ambiguous.
    NUL characters are dropped (normalize_name): PostgreSQL refuses them in a query."""
    text = normalize_name(text)
    match = ID_SUFFIX.match(text)
    if match:
        player = Player.objects.filter(pk=match["id"], active=True).first()
        if player and player.name.casefold() == match["name"].casefold():
            return player
    candidates = [p for p in Player.objects.filter(name_contains(text), active=True)
                  if p.name.casefold() == text.casefold()]
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise forms.ValidationError(
            _("Several players are called “%(name)s”; type one of: %(choices)s."),
            params={"name": text, "choices": "; ".join(
                f"{p.name} #{p.pk}" + (f" ({p.membership_number})"
                                       if p.membership_number else "")
                for p in candidates)},
        )
    return Player(name=text)


def seat_choices(session, numbers):
    return [(n, session.pair_label(n)) for n in numbers]


NEW_PLAYER = "new"


class PairForm(forms.Form):
    """Register a pair (or change one): its number and two players, typed by name. A name
    that matches no active player creates a new player. A plain name that matches one
    (not the pair's own player, not picked as "name #id") is confirmed first: the form
    shows that player, with their last session, and asks whether it is them or a new
    player of the same name (`<field>_pick`: the player's id, or "new")."""

    number = forms.IntegerField(label=_("Pair number"), min_value=1)
    player1 = forms.CharField(label=_("Player 1"), max_length=120)
    player2 = forms.CharField(label=_("Player 2"), max_length=120)

    def __init__(self, *args, session, pairs, pair=None, **kwargs):
        """`pairs`: the session's pairs with their players (already fetched)."""
        self.session, self.pair = session, pair
        self.unconfirmed = {}  # {field: the existing player its plain name matches}
        self.others = [p for p in pairs if pair is None or p.pk != pair.pk]
        taken = {p.number for p in self.others}
        seats = range(1, 2 * session.tables + 1)
        self.free_numbers = [n for n in seats if n not in taken]
        initial = kwargs.setdefault("initial", {})
        if pair is not None:
            initial.update(number=pair.number, player1=pair.player1.name,
                           player2=pair.player2.name)
        elif self.free_numbers:
            initial.setdefault("number", self.free_numbers[0])
        super().__init__(*args, **kwargs)
        number = self.fields["number"]
        if session.movement == Session.Movement.MITCHELL or session.sections:
            # Pick a seat (1NS .. nEW; with sections A1NS .. B7EW) among the free ones; a
            # stale choice is checked in clean() (pair_problems names the pair holding it).
            number.label = _("Seat")
            number.widget = forms.Select(choices=seat_choices(session, self.free_numbers))
        search = reverse("setup-player-search")
        for name in ("player1", "player2"):
            self.fields[name].widget.attrs.update({
                "list": "player-suggestions", "autocomplete": "off", "hx-get": search,
                "hx-trigger": "keyup changed delay:200ms", "hx-target": "#player-suggestions",
                "hx-sync": "this:replace",
            })

    def _clean_player(self, name):
        text = self.cleaned_data[name]
        if not normalize_name(text):
            raise forms.ValidationError(_("Type the player's name."))
        player = resolve_player(text)
        if player.pk is None or ID_SUFFIX.match(normalize_name(text)):
            return player
        if self.pair is not None and player.pk in (self.pair.player1_id, self.pair.player2_id):
            return player  # the pair's own player, kept
        pick = self.data.get(f"{name}_pick", "")
        if pick == NEW_PLAYER:
            return Player(name=normalize_name(text))
        if pick != str(player.pk):
            self.unconfirmed[name] = player
        return player

    def clean_player1(self):
        return self._clean_player("player1")

    def clean_player2(self):
        return self._clean_player("player2")

    def clean(self):
        data = super().clean()
        add_problems(self, pair_problems(self.session, self.others, data.get("number"),
                                         data.get("player1"), data.get("player2"),
                                         self.pair))
        if not self.errors:
            # Everything else is right: ask only about the names that need it.
            for name, player in self.unconfirmed.items():
                self.add_error(name, forms.ValidationError(
                    _("“%(name)s” is already in the register: is it this player, or a new "
                      "player of the same name?"), params={"name": player.name}))
        return data

    @cached_property
    def confirmations(self):
        """The existing players to confirm, for the template: [(field, player)], each with
        its last session (`player.last_session`; one query a player, two at most)."""
        if not self.is_bound or not self.errors:
            return []
        found = []
        for name, player in self.unconfirmed.items():
            if name in self.errors:
                player.last_session = last_session(player)
                found.append((self[name], player))
        return found
