"""The director's form to enter a player in an individual (club.services.individual
checks the same rules again under the session's lock)."""

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from club.forms.setup import add_problems, resolve_player
from club.models.individual import MAX_INDIVIDUAL_PLAYERS
from club.queries import normalize_name
from club.services.individual import entry_problems


class EntryForm(forms.Form):
    """A player's number and name. A name that matches one active player (or "name #id")
    is that player; a name nobody has creates a new player."""

    number = forms.IntegerField(label=_("Player number"), min_value=1,
                                max_value=MAX_INDIVIDUAL_PLAYERS)
    player = forms.CharField(label=_("Player"), max_length=120)

    def __init__(self, *args, session, entries, **kwargs):
        self.session, self.entries = session, entries
        taken = {entry.number for entry in entries}
        free = [n for n in range(1, MAX_INDIVIDUAL_PLAYERS + 1) if n not in taken]
        kwargs.setdefault("initial", {}).setdefault("number", free[0] if free else None)
        super().__init__(*args, **kwargs)
        self.fields["player"].widget.attrs.update({
            "list": "player-suggestions", "autocomplete": "off",
            "hx-get": reverse("setup-player-search"), "hx-trigger": "keyup changed delay:200ms",
            "hx-target": "#player-suggestions", "hx-sync": "this:replace"})

    def clean_player(self):
        text = self.cleaned_data["player"]
        if not normalize_name(text):
            raise forms.ValidationError(_("Type the player's name."))
        return resolve_player(text)

    def clean(self):
        data = super().clean()
        if "number" in data and "player" in data:
            add_problems(self, entry_problems(self.session, self.entries, data["number"],
                                              data["player"]))
        return data
