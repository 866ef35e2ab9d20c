"""Forms of the directors' compensation tables page: a club table's twenty rows on one form,
and the name of a copy. The service (club.services.compensation_tables) checks the values
make a table and refuses a table that scored results."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from club.forms.fields import whole_number_field
from club.queries import normalize_name
from scoring.engine import MAX_HCP, MIN_HCP
from scoring.models import CompensationTable

# Above any bridge score (7600 at most); the engine checks the rest (values rising, ...).
MAX_COMPENSATION = 10_000
NAME_MAX_LENGTH = CompensationTable._meta.get_field("name").max_length


def compensation_field(label):
    return whole_number_field(label, _("A whole number of points from 0 to 10000."),
                              min_value=0, max_value=MAX_COMPENSATION, size=5)


class TableRowsForm(forms.Form):
    """The compensation for each HCP from 21 to 40, not vulnerable and vulnerable.
    `read_only`: a table that cannot change shows its values (or what was typed before it
    became so) in fields that cannot be edited."""

    def __init__(self, *args, rows=(), read_only=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.read_only = read_only
        stored = {hcp: (not_vul, vul) for hcp, not_vul, vul in rows}
        for hcp in range(MIN_HCP, MAX_HCP + 1):
            not_vul, vul = stored.get(hcp, (None, None))
            self.fields[f"not_vul_{hcp}"] = compensation_field(
                _("%(hcp)s HCP, not vulnerable") % {"hcp": hcp})
            self.fields[f"vul_{hcp}"] = compensation_field(
                _("%(hcp)s HCP, vulnerable") % {"hcp": hcp})
            self.initial.setdefault(f"not_vul_{hcp}", not_vul)
            self.initial.setdefault(f"vul_{hcp}", vul)
        if read_only:
            for field in self.fields.values():
                field.widget.attrs["readonly"] = True

    def lines(self):
        """(HCP, not vulnerable field, vulnerable field) for each row, for the template."""
        return [(hcp, self[f"not_vul_{hcp}"], self[f"vul_{hcp}"])
                for hcp in range(MIN_HCP, MAX_HCP + 1)]

    def rows(self):
        """The cleaned (hcp, not vulnerable, vulnerable) rows the service takes."""
        data = self.cleaned_data
        return [(hcp, data[f"not_vul_{hcp}"], data[f"vul_{hcp}"])
                for hcp in range(MIN_HCP, MAX_HCP + 1)]


class CopyTableForm(forms.Form):
    """The name of a new club table copied from another."""

    name = forms.CharField(label=_("Name of the copy"), max_length=NAME_MAX_LENGTH)

    def clean_name(self):
        name = normalize_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Give the copy a name."))
        if CompensationTable.objects.filter(name=name).exists():
            raise forms.ValidationError(gettext(
                "A compensation table named “%(name)s” already exists; choose another "
                "name.") % {"name": name})
        return name
