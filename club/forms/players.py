"""Forms of the player registry: a player's name, numbers and active flag, and merging two
records of one person. They check what the director typed; club.services.players makes the
change, checking again inside its transaction."""

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.models import Player
from club.queries import name_contains, normalize_name

MAX_ID = 2**31 - 1


class PlayerForm(forms.ModelForm):
    """A player as the registry shows it; the numbers are private (never public)."""

    class Meta:
        model = Player
        fields = ["name", "membership_number", "federation_number", "active"]

    def clean_name(self):
        name = normalize_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Type the player's name."))
        return name

    def _clean_number(self, field):
        number = normalize_name(self.cleaned_data[field])
        if number:
            holder = (Player.objects.filter(**{field: number})
                      .exclude(pk=self.instance.pk).first())
            if holder is not None:
                raise forms.ValidationError(
                    _("%(name)s (#%(id)s) already has this number; each number belongs to one "
                      "player (merge the two records if they are the same person)."),
                    params={"name": holder.name, "id": holder.pk})
        return number

    def clean_membership_number(self):
        return self._clean_number("membership_number")

    def clean_federation_number(self):
        return self._clean_number("federation_number")

    def player_fields(self):
        return {name: self.cleaned_data[name] for name in self.Meta.fields}


class PlayerSearchForm(forms.Form):
    q = forms.CharField(label=_("Name or number"), required=False, max_length=120)

    def players(self):
        """Players whose name contains the term, or whose membership or federation number
        is the term (all players when the term is empty)."""
        players = Player.objects.order_by("name", "id")
        term = normalize_name(self.cleaned_data.get("q", "")) if self.is_valid() else ""
        if term:
            players = players.filter(name_contains(term) | Q(membership_number=term)
                                     | Q(federation_number=term))
        return players


class MergeForm(forms.Form):
    """Which record is the same person as `player`, and which of the two stays."""

    other = forms.IntegerField(
        label=_("Other record (#)"), min_value=1, max_value=MAX_ID,
        help_text=_("The number shown after the name (#) in the list of players."))
    keep = forms.ChoiceField(label=_("Keep"), widget=forms.RadioSelect, initial="this",
                             choices=[("this", _("this record")), ("other", _("the other record"))])

    def __init__(self, *args, player, **kwargs):
        self.player = player
        super().__init__(*args, **kwargs)

    def clean_other(self):
        other = Player.objects.filter(pk=self.cleaned_data["other"]).first()
        if other is None:
            raise forms.ValidationError(_("There is no player #%(id)s."),
                                        params={"id": self.cleaned_data["other"]})
        if other.pk == self.player.pk:
            raise forms.ValidationError(_("Choose another record than this one."))
        return other

    def ids(self):
        """(kept id, merged id)."""
        other = self.cleaned_data["other"]
        if self.cleaned_data["keep"] == "this":
            return self.player.pk, other.pk
        return other.pk, self.player.pk
