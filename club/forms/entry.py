"""Forms of the director's result entry: one small form per traveller or scorecard row, the
free-seating row, the board's HCP, and the result page (correction and ruling)."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from club.forms.fields import numeric_input, whole_number_field
from club.models import ADJUSTMENTS
from club.notation import bridge_message
from club.services.hcp import UNSET
from scoring.engine import (
    AdjustedScores,
    Adjustment,
    BridgeError,
    looks_adjusted,
    parse_adjusted,
    parse_result,
)

MAX_VERSION = 2**31 - 1  # fits every database's integer column
MAX_TABLE_OR_ROUND = 999
MAX_PAIR = 999


class ResultField(forms.CharField):
    """The director's shorthand ("4S= N", "3NX-2 W", "4H N 10", "3БК= Ю", "pass"), cleaned
    to the engine's ParsedResult (contract, declarer, tricks); the engine's own message,
    translated, when it cannot be read.

    With `adjusted=True` (the director's table result) it also takes the adjusted scores of
    a board that was not played ("A+", "A+/A-", "Ср"), cleaned to the engine's
    AdjustedScores; elsewhere such shorthand is refused with `adjusted_refusal`, when
    given."""

    def __init__(self, *, adjusted=False, adjusted_refusal=None, **kwargs):
        self.adjusted = adjusted
        self.adjusted_refusal = adjusted_refusal
        kwargs.setdefault("max_length", 40)
        kwargs.setdefault("error_messages", {
            "required": _("Type the result, e.g. 4S= N, 3NTX-2 W, 4H N 10 or PASS."),
        })
        super().__init__(**kwargs)
        self.widget.attrs.update({"autocomplete": "off", "spellcheck": "false",
                                  "class": "result-input"})

    def clean(self, value):
        text = super().clean(value)
        if not text:
            return None
        try:
            if looks_adjusted(text):
                if self.adjusted:
                    return parse_adjusted(text)
                if self.adjusted_refusal:
                    raise forms.ValidationError(self.adjusted_refusal, code="adjusted")
            return parse_result(text)
        except BridgeError as err:
            raise forms.ValidationError(bridge_message(err),
                                        code="bad_result") from None


class HcpField(forms.IntegerField):
    def __init__(self, **kwargs):
        message = _("NS HCP is a whole number from 0 to 40 (the high-card points of "
                    "North-South).")
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", 40)
        kwargs.setdefault("error_messages", {
            "invalid": message, "min_value": message, "max_value": message,
        })
        kwargs.setdefault("label", _("NS HCP"))
        kwargs.setdefault("widget", numeric_input(3, **{"class": "hcp-input"}))
        super().__init__(**kwargs)


INCOMPLETE = _("The page was incomplete: open the result again and redo the change.")
ONE_KIND_OF_RULING = _("Give either an assigned result (it is scored like a table result) or "
                       "adjusted scores (Average plus, Average, Average minus), not both: "
                       "clear one of them.")
NOT_PLAYED_NOT_ASSIGNED = _("A board that was not played has no assigned result: clear the "
                            "assigned result, or type what was played in Table result.")
NOT_PLAYED_BOTH_SIDES = _("A board that was not played needs an adjusted score for each side; "
                          "to enter what was played instead, type it in Table result.")
NOT_PLAYED_DISAGREE = _("Table result gives the adjusted scores of a board that was not played "
                        "(%(text)s), and the adjusted score fields say otherwise: change only "
                        "one of them.")
ADJUSTED_NOT_ASSIGNED = _("An assigned result is a contract and tricks, e.g. 4S-1 N; give "
                          "adjusted scores in the NS and EW adjusted score fields.")


def version_field(required=False):
    return forms.IntegerField(
        min_value=1, max_value=MAX_VERSION, required=required, widget=forms.HiddenInput,
        error_messages={key: INCOMPLETE for key in ("required", "invalid", "min_value",
                                                    "max_value")})


def optional_number(label):
    return whole_number_field(label, _("A whole number from 1 to 999, or empty."),
                              min_value=1, max_value=MAX_TABLE_OR_ROUND, size=3,
                              required=False)


class EntryRowForm(forms.Form):
    """One row of a traveller or scorecard: the pairs, table and round come from the
    schedule; the director types the result (and the HCP where this row needs it)."""

    result = ResultField(label=_("Result"), adjusted=True)
    ns_hcp = HcpField(required=False)
    version = version_field()

    # No "required" attribute in the page: an empty row is skipped with Enter (entry.js),
    # and without JavaScript the server's message says what to type.
    use_required_attribute = False

    def __init__(self, *args, with_hcp=False, **kwargs):
        super().__init__(*args, **kwargs)
        if not with_hcp:
            del self.fields["ns_hcp"]


def pair_number_field(label):
    return whole_number_field(label, _("Give the number of a pair of this session."),
                              min_value=1, max_value=MAX_PAIR, size=3)


class PairsMixin:
    """Checks the typed pair numbers against the session's pairs ({number: Pair})."""

    def clean(self):
        data = super().clean()
        for name in ("ns_pair", "ew_pair"):
            number = data.get(name)
            if number is None:
                continue
            pair = self.pairs.get(number)
            if pair is None:
                self.add_error(name, gettext(
                    "There is no pair %(number)s in this session; its pairs are "
                    "%(numbers)s.") % {"number": number,
                                       "numbers": ", ".join(map(str, sorted(self.pairs)))})
            else:
                data[name] = pair
        ns, ew = data.get("ns_pair"), data.get("ew_pair")
        if ns is not None and ns == ew:
            self.add_error("ew_pair", gettext("A pair cannot play against itself."))
        return data


class FreeRowForm(PairsMixin, forms.Form):
    """A free-seating row: nobody knows the seating in advance, so the director types the
    pairs (table and round optional) with the result."""

    ns_pair = pair_number_field(_("NS pair"))
    ew_pair = pair_number_field(_("EW pair"))
    result = ResultField(label=_("Result"), adjusted=True)
    ns_hcp = HcpField(required=False)
    table = optional_number(_("Table"))
    round = optional_number(_("Round"))

    use_required_attribute = False

    def __init__(self, *args, pairs, with_hcp=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = pairs
        if not with_hcp:
            del self.fields["ns_hcp"]


class BoardHcpForm(forms.Form):
    """A duplicated board's HCP, with the value the page showed (`shown`), so that a change
    made meanwhile by another director is refused rather than overwritten."""

    ns_hcp = HcpField(required=False)
    shown = forms.IntegerField(required=False, min_value=0, max_value=40,
                               widget=forms.HiddenInput)

    def shown_value(self):
        """The HCP the page showed (None for none), or UNSET when the post did not say."""
        if "shown" not in self.data:
            return UNSET
        return self.cleaned_data.get("shown")


class ResultEditForm(PairsMixin, forms.Form):
    """The result page: correct the table result and give a ruling in one save, carrying
    the version the page was loaded with. A ruling is adjusted scores or an assigned
    result, never both; a board not played is its adjusted scores, typed as the table
    result ("A+/A-") or, once it is entered, chosen in the adjusted score fields."""

    result = ResultField(
        label=_("Table result"), adjusted=True,
        help_text=_("As on the slip, e.g. 4S= N or PASS. A board that was not played: its "
                    "adjusted scores, A+, A or A- for both sides, or NS/EW such as A+/A-."))
    ns_hcp = HcpField(required=False, label=_("NS HCP at this table"))
    ns_pair = pair_number_field(_("NS pair"))
    ew_pair = pair_number_field(_("EW pair"))
    table = optional_number(_("Table"))
    round = optional_number(_("Round"))
    ns_adjustment = forms.ChoiceField(
        label=_("NS adjusted score"), required=False,
        choices=[("", _("none")), *ADJUSTMENTS],
        help_text=_("Replaces North-South's IMPs. Adjusted scores or an assigned result, "
                    "not both."))
    ew_adjustment = forms.ChoiceField(
        label=_("EW adjusted score"), required=False,
        choices=[("", _("none")), *ADJUSTMENTS],
        help_text=_("Replaces East-West's IMPs. Adjusted scores or an assigned result, "
                    "not both."))
    # Empty: no assigned result; "pass" assigns a passed-out board.
    assigned = ResultField(
        label=_("Assigned result"), required=False, adjusted_refusal=ADJUSTED_NOT_ASSIGNED,
        help_text=_("A contract and tricks that replace the table result for scoring (the "
                    "table result is kept), in the same shorthand, e.g. 4S-1 N. Leave empty "
                    "for none."))
    version = version_field(required=True)

    def clean(self):
        data = super().clean()
        result = data.get("result")
        if isinstance(result, AdjustedScores):
            if data.get("assigned") is not None:
                raise forms.ValidationError(NOT_PLAYED_NOT_ASSIGNED, code="not_played_assigned")
            self._clean_not_played(data, result)
        elif isinstance(self._loaded_result(), AdjustedScores) and not self._sides_changed():
            # The adjusted score fields still show those of the board not played: they are
            # no ruling on the result now typed, and go with "not played".
            data["ns_adjustment"] = data["ew_adjustment"] = None
        if data.get("assigned") is not None and (data.get("ns_adjustment")
                                                 or data.get("ew_adjustment")):
            raise forms.ValidationError(ONE_KIND_OF_RULING, code="two_rulings")
        return data

    def _loaded_result(self):
        """The table result the page was loaded with, parsed (None when it had none)."""
        try:
            return self.fields["result"].clean(self.initial.get("result"))
        except forms.ValidationError:
            return None

    def _sides_changed(self):
        return [name for name in ("ns_adjustment", "ew_adjustment")
                if name in self.changed_data]

    def _clean_not_played(self, data, result):
        """The adjusted scores of a board not played come from Table result, or from the
        adjusted score fields when only they were changed."""
        chosen = (data.get("ns_adjustment") or "", data.get("ew_adjustment") or "")
        if self._sides_changed():
            if result == self._loaded_result():
                missing = [name for name, value in zip(("ns_adjustment", "ew_adjustment"),
                                                       chosen, strict=True) if not value]
                if missing:
                    self.add_error(missing[0], NOT_PLAYED_BOTH_SIDES)
                    return
                result = data["result"] = AdjustedScores(*map(Adjustment, chosen))
            elif chosen != (result.ns.value, result.ew.value):
                raise forms.ValidationError(NOT_PLAYED_DISAGREE, code="not_played_disagree",
                                            params={"text": self.data.get("result", "")})
        data["ns_adjustment"], data["ew_adjustment"] = result.ns.value, result.ew.value

    def __init__(self, *args, pairs, free_seating, duplicated, board_hcp=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = pairs
        if not free_seating:
            # The schedule places the pairs: a misplaced result is deleted and entered
            # again on its traveller instead.
            for name in ("ns_pair", "ew_pair", "table", "round"):
                del self.fields[name]
        if duplicated:
            self.fields["ns_hcp"].help_text = (
                _("Leave empty to use the board's HCP (%(hcp)s).") % {"hcp": board_hcp}
                if board_hcp is not None else _("Leave empty to use the board's HCP."))
