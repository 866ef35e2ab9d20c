"""The hand record upload of a session (a PBN or LIN file of deals)."""

from django import forms
from django.utils.translation import gettext_lazy

from club.forms.imports import check_upload


class HandRecordForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Hand record file (PBN or LIN)"),
        help_text=gettext_lazy("A dealing program's file with a [Board], [Dealer], "
                               "[Vulnerable] and [Deal] for each board, or BBO's LIN."))

    def clean_file(self):
        return check_upload(self.cleaned_data["file"])
