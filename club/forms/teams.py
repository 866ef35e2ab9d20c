"""The director's forms of a teams event: a team (its number, name, players and captain)
and a team's line-up for one match (club.services.teams saves them)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Player
from club.models.teams import MAX_TEAM_NUMBER, TieBreak


class TeamForm(forms.Form):
    number = forms.IntegerField(label=_("Number"), min_value=1, max_value=MAX_TEAM_NUMBER)
    name = forms.CharField(label=_("Team name"), max_length=80)
    players = forms.ModelMultipleChoiceField(
        label=_("Players"), queryset=Player.objects.order_by("name"),
        help_text=_("4 to 6 registered players; hold Ctrl (⌘ on a Mac) to choose several."))
    captain = forms.ModelChoiceField(label=_("Captain"), queryset=Player.objects.order_by("name"),
                                     help_text=_("One of the team's players."))

    def __init__(self, *args, next_number=1, team=None, **kwargs):
        super().__init__(*args, **kwargs)
        if team is not None:  # changing a registered team: its values to start from
            self.initial.update({"number": team.number, "name": team.name,
                                 "captain": team.captain_id,
                                 "players": [m.player_id for m in team.members.all()]})
        self.initial.setdefault("number", next_number)


class LineUpForm(forms.Form):
    """Which two of a team's players sit in the open room and which two in the closed."""

    def __init__(self, *args, match, side, team, **kwargs):
        kwargs.setdefault("prefix", f"m{match.pk}-{side}")
        super().__init__(*args, **kwargs)
        self.match, self.side, self.team = match, side, team
        players = [member.player for member in team.members.all()]
        choices = [("", "—")] + [(p.pk, p.name) for p in players]
        self.by_id = {p.pk: p for p in players}
        names = {"open_1": _("Open room"), "open_2": _("Open room, partner"),
                 "closed_1": _("Closed room"), "closed_2": _("Closed room, partner")}
        for name, label in names.items():
            self.fields[name] = forms.TypedChoiceField(label=label, choices=choices, coerce=int)
        seats = (("open_ns", "closed_ew") if side == "home" else ("open_ew", "closed_ns"))
        for room, field in zip(("open", "closed"), seats, strict=True):
            pair = getattr(match, field)
            if pair is not None:
                self.initial[f"{room}_1"] = pair.player1_id
                self.initial[f"{room}_2"] = pair.player2_id

    def players(self, room):
        return [self.by_id[self.cleaned_data[f"{room}_{n}"]] for n in (1, 2)]


class KnockoutForm(forms.Form):
    """A knockout match's carry-over and tie-break (club.services.teams.make_knockout checks
    the carry-over, so that what was typed comes back with the reason)."""

    carry_over = forms.CharField(
        label=_("Carry-over (IMPs to the home team, team 1)"), initial="0", max_length=12,
        help_text=_("A whole number or a half; negative for the away team, team 2."))
    tie_break = forms.ChoiceField(label=_("If the match ends level"), choices=TieBreak.choices,
                                  initial=TieBreak.EXTRA_BOARDS)
