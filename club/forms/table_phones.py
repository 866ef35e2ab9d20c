"""What players type at their table on a phone: a board's result as big buttons (level,
strain, doubling, declarer, tricks) or in the director's shorthand, an optional opening
lead and, where nobody knows the board's HCP yet, the NS HCP; and the table's code."""

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from club.forms.entry import HcpField, ResultField
from club.models import STRAINS
from club.notation import bridge_message, seat_display
from club.services.results import contract_values
from club.services.table_phones import CODE_ALPHABET, CODE_LENGTH, code_characters
from scoring.engine import MAX_LEVEL, MAX_TRICKS, MIN_LEVEL, BridgeError, Direction, parse_result

SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
         "П": "S", "Ч": "H", "Б": "D", "Т": "C"}
RANKS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "T", "10": "T",
         "Т": "A", "К": "K", "Д": "Q", "В": "J",
         **{str(n): str(n) for n in range(2, 10)}}
LEAD_HELP = _("A card such as ♠K, SK, H10 or ♦7.")


def parse_lead(text):
    """"♠K", "sk", "H10", "♦ 7" → "SK", "HT", "D7" (suit, then rank); "" for nothing. Raises
    ValueError for anything else."""
    text = "".join(str(text).upper().split())
    if not text:
        return ""
    suit = SUITS.get(text[0])
    rank = RANKS.get(text[1:])
    if suit is None or rank is None:
        suit, rank = SUITS.get(text[-1]), RANKS.get(text[:-1])  # "K♠" too
    if suit is None or rank is None:
        raise ValueError(text)
    return suit + rank


def radio(choices, coerce=str):
    return forms.TypedChoiceField(choices=choices, coerce=coerce, required=False,
                                  empty_value=None, widget=forms.RadioSelect)


class TableEntryForm(forms.Form):
    """A board's result at the table. The buttons, the shorthand box ("4S= N", which wins
    when filled) or the "passed out" button give the result; the key makes a resent form
    the same entry."""

    key = forms.UUIDField(widget=forms.HiddenInput, error_messages={
        "required": _("The page was incomplete: reload it and enter the board again."),
        "invalid": _("The page was incomplete: reload it and enter the board again.")})
    level = radio([(n, str(n)) for n in range(MIN_LEVEL, MAX_LEVEL + 1)], int)
    strain = radio(STRAINS)
    doubling = radio([(0, "—"), (1, "X"), (2, "XX")], int)
    declarer = radio([(seat.value, seat.value) for seat in Direction])
    tricks = radio([(n, str(n)) for n in range(MAX_TRICKS + 1)], int)
    shorthand = ResultField(label=_("Or type the result"), required=False,
                            help_text=_("e.g. 4S= N, 3NTX-2 W, 4H N 10 or PASS"))
    passed_out = forms.BooleanField(required=False, widget=forms.HiddenInput)
    lead = forms.CharField(label=_("Opening lead (optional)"), required=False, max_length=8,
                           help_text=LEAD_HELP)
    ns_hcp = HcpField(required=False)

    use_required_attribute = False

    def __init__(self, *args, with_hcp=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.with_hcp = with_hcp
        if with_hcp:
            self.fields["ns_hcp"].required = True
            self.fields["ns_hcp"].error_messages["required"] = gettext(
                "Enter the high-card points of North-South (0-40).")
            self.fields["ns_hcp"].widget.attrs.update(size=2, maxlength=2)
        else:
            del self.fields["ns_hcp"]
        self.fields["declarer"].choices = [(seat.value, seat_display(seat))
                                           for seat in Direction]
        self.fields["lead"].widget.attrs.update(autocomplete="off", spellcheck="false",
                                                autocapitalize="characters", size=4)
        self.fields["shorthand"].widget.attrs.update(autocapitalize="characters")

    def clean_lead(self):
        try:
            return parse_lead(self.cleaned_data.get("lead", ""))
        except ValueError:
            raise forms.ValidationError(LEAD_HELP, code="bad_lead") from None

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data.get("shorthand") is not None:
            parsed = data["shorthand"]
        elif data.get("passed_out"):
            parsed = parse_result("pass")
        else:
            parsed = self._from_buttons(data)
        if parsed is not None:
            data["result"] = parsed
        return data

    def _from_buttons(self, data):
        missing = [name for name in ("level", "strain", "declarer", "tricks")
                   if data.get(name) is None]
        if missing:
            raise forms.ValidationError(gettext(
                "Choose the level, the suit, the declarer and the tricks (or type the result, "
                "or press “Passed out”)."), code="incomplete")
        text = "{}{}{} {} {}".format(data["level"], data["strain"],
                                     "X" * (data.get("doubling") or 0), data["declarer"],
                                     data["tricks"])
        try:
            return parse_result(text)
        except BridgeError as err:
            raise forms.ValidationError(bridge_message(err),
                                        code="bad_result") from None

    def entry_values(self):
        """The entry's fields: the contract (as Result stores it) and the lead."""
        result = self.cleaned_data["result"]
        return {**contract_values(result), "lead": self.cleaned_data["lead"] if result[0]
                else ""}


class TableCodeForm(forms.Form):
    """The code printed on the table's card, typed: any case, grouped or not, on a Latin or a
    Russian keyboard (Cyrillic look-alikes are read as Latin letters)."""

    code = forms.CharField(label=_("Table code"), max_length=40, widget=forms.TextInput(
        attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false",
               "autofocus": True}))

    def clean_code(self):
        typed = code_characters(self.cleaned_data["code"])
        strangers = list(dict.fromkeys(ch for ch in typed if ch not in CODE_ALPHABET))
        if strangers:
            raise forms.ValidationError(ngettext(
                "%(chars)s is not used in table codes: they are made of the figures 2 to 9 "
                "and the Latin letters A to Z except I, L and O.",
                "%(chars)s are not used in table codes: they are made of the figures 2 to 9 "
                "and the Latin letters A to Z except I, L and O.", len(strangers)) % {
                "chars": ", ".join(f"“{ch}”" for ch in strangers)}, code="bad_character")
        if len(typed) != CODE_LENGTH:
            raise forms.ValidationError(gettext(
                "A table code has %(length)s characters; this one has %(typed)s.") % {
                "length": CODE_LENGTH, "typed": len(typed)}, code="bad_length")
        return typed
