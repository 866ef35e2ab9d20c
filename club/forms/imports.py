"""Forms of the director's import page: a results CSV with its names file, a JSON session
archive, a USEBIO results file, a PBN results file or a BBO LIN file."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.models import POLICIES, Session
from scoring.models import CompensationTable

MAX_UPLOAD = 5 * 1024 * 1024


def check_upload(upload):
    if upload.size > MAX_UPLOAD:
        raise forms.ValidationError(
            _("The file is too large (%(size)s bytes); at most %(max)s bytes.")
            % {"size": upload.size, "max": MAX_UPLOAD})
    return upload


def policy_field():
    return forms.ChoiceField(label=gettext_lazy("Compensation policy"), choices=POLICIES,
                             initial=Session.Policy.LINE.value)


def table_field():
    return forms.ModelChoiceField(label=gettext_lazy("Compensation table"),
                                  queryset=CompensationTable.objects.all(),
                                  to_field_name="name", empty_label=None)


class CsvImportForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    date = forms.DateField(label=gettext_lazy("Date"),
                           widget=forms.DateInput(attrs={"type": "date"}),
                           help_text=gettext_lazy("YYYY-MM-DD"))
    policy = policy_field()
    duplicated = forms.BooleanField(label=gettext_lazy("Duplicated boards"), required=False,
                                    initial=True)
    table = table_field()
    boards = forms.FileField(
        label=gettext_lazy("Boards file (CSV)"),
        help_text=gettext_lazy("One result a line: board, NS pair, EW pair, contract, "
                               "declarer, tricks, NS HCP."))
    names = forms.FileField(label=gettext_lazy("Names file (CSV)"),
                            help_text=gettext_lazy("Pair number, player 1, player 2."))

    def clean_boards(self):
        return check_upload(self.cleaned_data["boards"])

    def clean_names(self):
        return check_upload(self.cleaned_data["names"])


class ArchiveImportForm(forms.Form):
    archive = forms.FileField(label=gettext_lazy("Session archive (JSON)"))

    def clean_archive(self):
        return check_upload(self.cleaned_data["archive"])


class UsebioImportForm(forms.Form):
    usebio = forms.FileField(
        label=gettext_lazy("USEBIO results file (XML)"),
        help_text=gettext_lazy("Written by EBUScore, Compscore, ScoreBridge or this site: "
                               "pairs, travellers and hands."))
    section = forms.CharField(
        label=gettext_lazy("Section"), max_length=20, required=False,
        help_text=gettext_lazy("Empty: a file of 2 to 4 sections becomes a session in "
                               "sections. Or the one section to import alone (its letter "
                               "or number as the file names it, e.g. B)."))
    policy = policy_field()
    table = table_field()

    def clean_usebio(self):
        return check_upload(self.cleaned_data["usebio"])


class PbnImportForm(forms.Form):
    pbn = forms.FileField(
        label=gettext_lazy("PBN results file"),
        help_text=gettext_lazy("Deals with a ScoreTable of results under each board, as club "
                               "scorers and online platforms publish them."))
    policy = policy_field()
    table = table_field()

    def clean_pbn(self):
        return check_upload(self.cleaned_data["pbn"])


class LinImportForm(forms.Form):
    lin = forms.FileField(
        label=gettext_lazy("BBO LIN file"),
        help_text=gettext_lazy("The played tables of an online event (players, deal, "
                               "auction, claim or play), or a vugraph file with its results "
                               "lists (rs|)."))
    # LIN carries no date, and a name only in a vugraph header.
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120, required=False,
                           help_text=gettext_lazy("Empty: the vugraph header's title."))
    date = forms.DateField(label=gettext_lazy("Date"),
                           widget=forms.DateInput(attrs={"type": "date"}),
                           help_text=gettext_lazy("YYYY-MM-DD"))
    policy = policy_field()
    table = table_field()

    def clean_lin(self):
        return check_upload(self.cleaned_data["lin"])
