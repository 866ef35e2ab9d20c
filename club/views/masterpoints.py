"""The director's masterpoints pages (docs/masterpoints.md): the award schemes (each kind
of event's), creating and changing them through club.services.masterpoints, and each
season's awards as a CSV file for the federation, with the players' federation numbers:
the only place those numbers leave the director's pages."""

import csv

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from club.forms.masterpoints import AwardSchemeForm
from club.forms.setup import add_problems
from club.models import AwardScheme, Season
from club.permissions import director_required
from club.services.masterpoints import (
    add_shipped_schemes,
    missing_shipped_schemes,
    save_award_scheme,
)
from club.stats.masterpoints import EXPORT_COLUMNS, season_award_rows


@director_required
@require_safe
def masterpoints_home(request):
    missing = missing_shipped_schemes()
    return render(request, "club/masterpoints/home.html", {
        "schemes": AwardScheme.objects.order_by("name"),
        "seasons": Season.objects.order_by("-start", "-id"),
        "missing": missing, "missing_names": ", ".join(f["name"] for f in missing),
    })


@director_required
@require_POST
def add_schemes(request):
    """Add the shipped schemes (EBU, Russian club) the club does not have yet."""
    added = add_shipped_schemes()
    messages.success(request, gettext("Award schemes added: %(names)s.") % {
        "names": ", ".join(scheme.name for scheme in added) or "—"})
    return redirect("director-masterpoints")


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def scheme_form(request, scheme_id=None):
    """Create an award scheme (no id) or change one: changing it recomputes the awards of
    its published sessions."""
    scheme = get_object_or_404(AwardScheme, pk=scheme_id) if scheme_id else None
    form = AwardSchemeForm(request.POST or None, instance=scheme)
    if request.method == "POST" and form.is_valid():
        try:
            saved = save_award_scheme(form.scheme_fields(),
                                      scheme_id=scheme.pk if scheme else None)
        except ValidationError as err:
            add_problems(form, err.message_dict if hasattr(err, "error_dict")
                         else {None: err.messages})
        else:
            messages.success(request, gettext("Award scheme “%(name)s” saved.") % {
                "name": saved.name})
            return redirect("director-masterpoints")
    return render(request, "club/masterpoints/scheme_form.html", {
        "form": form, "scheme": scheme})


@director_required
@require_safe
def season_export(request, season_id):
    """A season's awards, one row per player and session, as CSV (UTF-8 with a byte-order
    mark, so that spreadsheets read the names right)."""
    season = get_object_or_404(Season, pk=season_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="masterpoints-{season.pk}.csv"'
    response["Cache-Control"] = "private, no-store"
    response.write("\ufeff")
    writer = csv.writer(response)
    writer.writerow(EXPORT_COLUMNS)
    writer.writerows(season_award_rows(season))
    return response
