"""Forms for what adds sessions up: seasons, events and their carry-overs, and the period and
table a calibration reads. They check what the director typed; club.services.seasons (and
club.services.compensation_tables for a new table) make the change, checking again."""

from django import forms
from django.utils.translation import gettext_lazy as _

from club.forms.setup import add_problems, resolve_player
from club.models import Event, Season, Session
from club.services.seasons import MAX_CARRY, season_problems
from scoring.engine.calibration import MIN_RESULTS
from scoring.models import CompensationTable

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


def session_choices():
    return Session.objects.order_by("-date", "-id")


class SessionLabels(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.date} · {obj.name} ({obj.get_status_display()})"


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    start = forms.DateField(label=_("First day"), required=False, widget=DATE)
    end = forms.DateField(label=_("Last day"), required=False, widget=DATE)
    sessions = SessionLabels(
        label=_("Or these sessions"), queryset=Session.objects.none(), required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Only for a season without a period: the sessions it counts."))
    min_sessions = forms.IntegerField(
        label=_("Sessions to qualify"), min_value=1, max_value=1000, initial=1,
        help_text=_("A player is ranked after playing at least this many sessions."))
    best_of = forms.IntegerField(
        label=_("Best evenings counted"), min_value=1, max_value=1000, required=False,
        help_text=_("Count only each player's best N evenings; empty counts them all."))

    def __init__(self, *args, season=None, **kwargs):
        if season is not None:
            kwargs.setdefault("initial", {
                "name": season.name, "start": season.start, "end": season.end,
                "min_sessions": season.min_sessions, "best_of": season.best_of,
                "sessions": list(season.sessions.values_list("pk", flat=True))})
        super().__init__(*args, **kwargs)
        self.fields["sessions"].queryset = session_choices()

    def clean(self):
        data = super().clean()
        if not self.errors:
            add_problems(self, season_problems(self.season_fields(), self.session_ids()))
        return data

    def season_fields(self):
        return {name: self.cleaned_data.get(name)
                for name in ("name", "start", "end", "min_sessions", "best_of")}

    def session_ids(self):
        return [s.pk for s in self.cleaned_data.get("sessions") or ()]


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    scoring = forms.ChoiceField(label=_("Standings"), choices=Event.Scoring.choices,
                                widget=forms.RadioSelect, initial=Event.Scoring.PAIR)
    season = forms.ModelChoiceField(label=_("Season"), queryset=Season.objects.none(),
                                    required=False, empty_label=_("(none)"))
    sessions = SessionLabels(label=_("Sessions"), queryset=Session.objects.none(),
                             widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, event=None, **kwargs):
        if event is not None:
            kwargs.setdefault("initial", {
                "name": event.name, "scoring": event.scoring, "season": event.season_id,
                "sessions": list(event.sessions.values_list("pk", flat=True))})
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = Season.objects.order_by("-id")
        self.fields["sessions"].queryset = session_choices()

    def event_fields(self):
        return {name: self.cleaned_data[name] for name in ("name", "scoring", "season")}

    def session_ids(self):
        return [s.pk for s in self.cleaned_data["sessions"]]


class CarryOverForm(forms.Form):
    """IMPs an entry carries into an event: a player (and partner, for an event scored by
    pair), typed by name as on the pair form ("name #id" when names are shared)."""

    player = forms.CharField(label=_("Player"), max_length=120,
                             help_text=_("As on the pair form: the name, or “name #id” when "
                                         "several players share it."))
    partner = forms.CharField(label=_("Partner"), max_length=120, required=False)
    imps = forms.DecimalField(label=_("IMPs carried in"), max_digits=7, decimal_places=2,
                              min_value=-MAX_CARRY, max_value=MAX_CARRY)

    def __init__(self, *args, event, **kwargs):
        self.event = event
        super().__init__(*args, **kwargs)
        if not event.by_pair:
            del self.fields["partner"]

    def _existing(self, text):
        player = resolve_player(text)
        if player.pk is None:
            raise forms.ValidationError(
                _("No active player is called “%(name)s”; check the spelling or add the "
                  "player first."), params={"name": player.name})
        return player

    def clean_player(self):
        return self._existing(self.cleaned_data["player"])

    def clean_partner(self):
        if not self.cleaned_data["partner"].strip():
            raise forms.ValidationError(_("This event is scored by pair: type the partner "
                                          "too."))
        return self._existing(self.cleaned_data["partner"])

    def ids(self):
        partner = self.cleaned_data.get("partner")
        return self.cleaned_data["player"].pk, partner.pk if partner else None


class CalibrationForm(forms.Form):
    """The results a calibration reads (a period, or all) and the table it compares."""

    start = forms.DateField(label=_("From"), required=False, widget=DATE)
    end = forms.DateField(label=_("To"), required=False, widget=DATE)
    table = forms.ModelChoiceField(label=_("Compare with"), required=False,
                                   queryset=CompensationTable.objects.none(),
                                   empty_label=_("the table of the latest session"))
    min_results = forms.IntegerField(
        label=_("Results a cell needs"), min_value=1, max_value=100_000, required=False,
        help_text=_("A cell with fewer results keeps the table's value."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].queryset = CompensationTable.objects.order_by("-builtin", "name")
        self.fields["min_results"].widget.attrs["placeholder"] = MIN_RESULTS

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and start > end:
            self.add_error("end", _("The last day comes before the first."))
        return data


class NewTableForm(forms.Form):
    name = forms.CharField(label=_("Name of the new table"), max_length=100)
