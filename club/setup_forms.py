"""Forms for setting up an evening: the session itself and its pairs."""

import re

from django import forms
from django.db import transaction
from django.db.models import Max, Q
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from club import movements, services
from club.models import Pair, Player, Result, Session
from scoring.models import moscow_table
from scoring.services import rescore_session

MAX_TABLES = movements.MITCHELL_MAX_TABLES
MAX_BOARDS_PER_ROUND = 36
MAX_FREE_ROUNDS = 50


def listing(values, limit=10):
    """"1, 2, 3" (with "…" after `limit` values) for messages."""
    values = [str(v) for v in values]
    return ", ".join(values[:limit]) + (", …" if len(values) > limit else "")


def movement_message(err):
    return gettext(err.template) % err.params


def boards_with_results(session):
    return sorted(set(Result.objects.filter(board__session=session)
                      .values_list("board__number", flat=True)))


class SessionForm(forms.ModelForm):
    """A session's setup. Saving it also reseats the pairs of a Mitchell whose table count
    changed, rescores the results when the scoring changed, and creates or deletes boards."""

    rounds = forms.IntegerField(
        label=_("Rounds"), required=False, min_value=1, max_value=MAX_FREE_ROUNDS,
        help_text=_("Leave empty for the full movement. A Mitchell may be cut shorter; a "
                    "Howell is always played in full; free seating needs a number."),
    )
    tables = forms.IntegerField(
        label=_("Tables"), min_value=1, max_value=100,
        help_text=_("Two pairs a table. Mitchell: 2 to 50 tables; Howell: 2 to 16 tables "
                    "(4 to 32 pairs); free seating: 2 to 50 tables."),
    )
    boards_per_round = forms.IntegerField(
        label=_("Boards per round"), min_value=1, max_value=MAX_BOARDS_PER_ROUND,
        error_messages={"min_value": _("Play at least %(limit_value)s board a round."),
                        "max_value": _("At most %(limit_value)s boards a round.")},
    )
    duplicated = forms.TypedChoiceField(
        label=_("Boards"), coerce=lambda value: value == "True", widget=forms.RadioSelect,
        choices=[(True, _("Duplicated boards: the same deals at every table")),
                 (False, _("A fresh deal at each table"))],
    )

    class Meta:
        model = Session
        fields = ["name", "date", "movement", "tables", "rounds", "boards_per_round",
                  "duplicated", "compensation_table", "policy"]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "movement": forms.RadioSelect,
            "policy": forms.RadioSelect,
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        session = self.instance
        self.fields["movement"].choices = Session.Movement.choices  # no empty choice
        self.fields["policy"].choices = Session.Policy.choices
        self.fields["compensation_table"].empty_label = None
        self.previous = None
        if session.pk:
            # Kept to see what changed; the form writes into the instance while validating.
            self.previous = Session(**{f: getattr(session, f) for f in (
                "movement", "tables", "rounds", "boards_per_round", "compensation_table_id",
                "policy")})
            self.pair_numbers = list(session.pairs.values_list("number", flat=True))
            if session.movement != "free" and self.previous.rounds == self._full_rounds(
                    session.movement, session.tables):
                self.initial["rounds"] = None  # "full": follows a change of tables
        else:
            self.pair_numbers = []
            self.initial.setdefault("compensation_table", moscow_table().pk)
            self.initial.setdefault("duplicated", True)
        self.reseating = {}

    @staticmethod
    def _full_rounds(movement, tables):
        try:
            return movements.full_rounds(movement, tables=tables,
                                         pairs=2 * tables if movement == "howell" else None)
        except movements.MovementError:
            return None

    def clean(self):
        data = super().clean()
        if self.previous and self.instance.is_locked:
            raise forms.ValidationError(
                _("This session is %(status)s: reopen it before changing its setup."),
                params={"status": self.instance.get_status_display()},
            )
        movement, tables = data.get("movement"), data.get("tables")
        if movement is None or tables is None or self.has_error("rounds"):
            return data
        rounds = data.get("rounds")
        if movement == "free":
            if not 2 <= tables <= MAX_TABLES:
                self.add_error("tables", gettext(
                    "Free seating needs %(min)d to %(max)d tables; got %(tables)d.")
                    % {"min": 2, "max": MAX_TABLES, "tables": tables})
            if rounds is None:
                self.add_error("rounds", _("Free seating has no movement to count rounds "
                                           "from: enter the number of rounds."))
        else:
            pairs = 2 * tables if movement == "howell" else None
            try:
                full = movements.full_rounds(movement, tables=tables, pairs=pairs)
            except movements.MovementError as err:
                self.add_error("tables", movement_message(err))
                return data
            try:
                movements.board_sets(movement, tables=tables, pairs=pairs, rounds=rounds)
            except movements.MovementError as err:
                self.add_error("rounds", movement_message(err))
            if rounds is None:
                data["rounds"] = full
        if self.previous and not self.errors:
            self._check_pairs(data)
            self._check_results(data)
        return data

    def _check_pairs(self, data):
        """Every registered pair must keep a seat; a Mitchell keeps each pair's seat."""
        prev, tables = self.previous, data["tables"]
        if prev.movement == data["movement"] == "mitchell":
            self.reseating = services.mitchell_reseating(self.pair_numbers, prev.tables, tables)
            # Pair n sits at table n (NS) or n - tables (EW); that table must still exist.
            lost = [prev.pair_label(n) for n in sorted(self.pair_numbers)
                    if (n if n <= prev.tables else n - prev.tables) > tables]
        else:
            lost = sorted(str(n) for n in self.pair_numbers if n > 2 * tables)
        if lost:
            self.add_error("tables", gettext(
                "Pairs %(pairs)s have no seat with %(tables)d tables: withdraw or move them "
                "first.") % {"pairs": listing(lost), "tables": tables})
            self.reseating = {}

    def _check_results(self, data):
        prev = self.previous
        played = boards_with_results(self.instance)
        if not played:
            return
        if any(data[f] != getattr(prev, f) for f in ("movement", "tables", "boards_per_round")):
            self.add_error(None, gettext(
                "Results exist on boards %(boards)s, so the movement, the number of tables "
                "and the boards per round can no longer change.") % {"boards": listing(played)})
            return
        after = Session(movement=data["movement"], tables=data["tables"],
                        rounds=data["rounds"], boards_per_round=data["boards_per_round"])
        total = services.board_total(
            after, schedule=services.planned_schedule(after, self.pair_numbers))
        lost = [n for n in played if n > total]
        last_round = Result.objects.filter(board__session=self.instance).aggregate(
            last=Max("round"))["last"] or 0
        if lost:
            self.add_error("rounds", gettext(
                "Results exist on boards %(boards)s, which this setup no longer has.")
                % {"boards": listing(lost)})
        elif last_round > data["rounds"]:
            self.add_error("rounds", gettext(
                "Results exist for round %(round)d, so the session cannot have fewer rounds.")
                % {"round": last_round})

    @transaction.atomic
    def save(self, commit=True):
        session = super().save()
        prev = self.previous
        if self.reseating:
            services.renumber_pairs(session, self.reseating)
        if prev and (prev.compensation_table_id != session.compensation_table_id
                     or prev.policy != session.policy):
            rescore_session(session)
        services.sync_boards(session)
        return session


# --- pairs ----------------------------------------------------------------------------

ID_SUFFIX = re.compile(r"^(?P<name>.*\S)\s+#(?P<id>\d+)$")


def normalize_name(text):
    return " ".join(text.split())


def name_contains(term):
    """Names containing `term`, ignoring case. SQLite folds only ASCII letters in LIKE, so
    the usual capitalisations are tried too (Cyrillic names)."""
    condition = Q()
    for variant in {term, term.lower(), term.capitalize(), term.title(), term.upper()}:
        condition |= Q(name__icontains=variant)
    return condition


def search_players(term, limit=20):
    """Active players whose name contains `term`, each with the text that picks it in the
    pair form: the name, or "name #id" when several active players share that name."""
    term = normalize_name(term)
    if not term:
        return []
    players = list(Player.objects.filter(name_contains(term), active=True)
                   .order_by("name", "id")[:limit])
    names = [p.name.casefold() for p in players]
    for player in players:
        shared = names.count(player.name.casefold()) > 1
        player.pick = f"{player.name} #{player.pk}" if shared else player.name
    return players


def resolve_player(text):
    """The active player a typed name means (exact name, any case, or "name #id"), or a new
    unsaved Player when nobody has that name. Raises ValidationError when it is ambiguous."""
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


class PairForm(forms.Form):
    """Register a pair (or change one): its number and two players, typed by name. A name
    that matches no active player creates a new player."""

    number = forms.IntegerField(label=_("Pair number"), min_value=1)
    player1 = forms.CharField(label=_("Player 1"), max_length=120)
    player2 = forms.CharField(label=_("Player 2"), max_length=120)

    def __init__(self, *args, session, pairs, pair=None, **kwargs):
        """`pairs`: the session's pairs with their players (already fetched)."""
        self.session, self.pair = session, pair
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
        if session.movement == "mitchell":
            # Pick a seat (1NS .. nEW) among the free ones; a stale choice is checked below.
            number.label = _("Seat")
            number.widget = forms.Select(choices=seat_choices(session, self.free_numbers))
        search = reverse("setup-player-search")
        for name in ("player1", "player2"):
            self.fields[name].widget.attrs.update({
                "list": "player-suggestions", "autocomplete": "off", "hx-get": search,
                "hx-trigger": "keyup changed delay:200ms", "hx-target": "#player-suggestions",
                "hx-sync": "this:replace",
            })

    def clean_number(self):
        number = self.cleaned_data["number"]
        session = self.session
        if self.pair is None and len(self.others) >= 2 * session.tables:
            raise forms.ValidationError(
                _("All %(seats)d seats are taken (%(tables)d tables): add a table in the "
                  "session setup before registering another pair."),
                params={"seats": 2 * session.tables, "tables": session.tables},
            )
        if number > 2 * session.tables:
            if session.movement == "mitchell":
                raise forms.ValidationError(
                    _("A Mitchell on %(tables)d tables has seats 1NS to %(last)s; got "
                      "number %(number)d."),
                    params={"tables": session.tables, "number": number,
                            "last": session.pair_label(2 * session.tables)},
                )
            raise forms.ValidationError(
                _("Pair numbers run from 1 to %(max)d (%(tables)d tables seat %(max)d "
                  "pairs); got %(number)d."),
                params={"max": 2 * session.tables, "tables": session.tables, "number": number},
            )
        holder = next((p for p in self.others if p.number == number), None)
        if holder:
            raise forms.ValidationError(
                _("Pair %(label)s is already registered (%(players)s); free numbers: "
                  "%(free)s."),
                params={"label": holder.label, "players": holder.players,
                        "free": listing(session.pair_label(n) for n in self.free_numbers)
                        or "—"},
            )
        return number

    def _clean_player(self, name):
        text = self.cleaned_data[name]
        if not normalize_name(text):
            raise forms.ValidationError(_("Type the player's name."))
        return resolve_player(text)

    def clean_player1(self):
        return self._clean_player("player1")

    def clean_player2(self):
        return self._clean_player("player2")

    def clean(self):
        data = super().clean()
        session = self.session
        if session.is_locked:
            raise forms.ValidationError(
                _("This session is %(status)s: reopen it before changing its pairs."),
                params={"status": session.get_status_display()},
            )
        number_changes = self.pair is None or data.get("number", self.pair.number) != (
            self.pair.number)
        if number_changes:
            played = boards_with_results(session)
            if played:
                raise forms.ValidationError(
                    _("Results exist on boards %(boards)s, so pairs can no longer be added "
                      "or renumbered (players can still be changed)."),
                    params={"boards": listing(played)},
                )
        first, second = data.get("player1"), data.get("player2")
        if first is None or second is None:
            return data
        if first.pk or second.pk:
            same = first.pk == second.pk
        else:  # two new players: the same name typed twice
            same = first.name.casefold() == second.name.casefold()
        if same:
            self.add_error("player2", gettext(
                "A pair needs two different players; “%(name)s” is entered twice.")
                % {"name": first.name})
            return data
        for field, player in (("player1", first), ("player2", second)):
            other = next((p for p in self.others if player.pk
                          and player.pk in (p.player1_id, p.player2_id)), None)
            if other:
                self.add_error(field, gettext(
                    "%(name)s already plays in pair %(label)s.")
                    % {"name": player.name, "label": other.label})
        return data

    @transaction.atomic
    def save(self):
        data = self.cleaned_data
        for name in ("player1", "player2"):
            if data[name].pk is None:
                data[name].save()
        pair = self.pair or Pair(session=self.session)
        pair.number, pair.player1, pair.player2 = data["number"], data["player1"], data[
            "player2"]
        pair.save()
        services.sync_boards(self.session)
        return pair
