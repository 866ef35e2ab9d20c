"""The form of an award scheme (docs/masterpoints.md). It checks what the director typed;
club.services.masterpoints.save_award_scheme saves it, checking again."""

from django import forms

from club.models import AwardScheme
from club.services.masterpoints import SCHEME_FIELDS


class AwardSchemeForm(forms.ModelForm):
    class Meta:
        model = AwardScheme
        fields = list(SCHEME_FIELDS)
        widgets = {"source": forms.Textarea(attrs={"rows": 3})}

    def scheme_fields(self):
        return {name: self.cleaned_data[name] for name in SCHEME_FIELDS}
