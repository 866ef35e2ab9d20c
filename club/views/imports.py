"""The director's import page: a session from a results CSV, a JSON archive, a USEBIO file,
a PBN results file or a BBO LIN file (read by club.io, saved by club.services.imports)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from club.forms.imports import (
    ArchiveImportForm,
    CsvImportForm,
    LinImportForm,
    PbnImportForm,
    UsebioImportForm,
)
from club.io import archive, lin_results, pbn_results, results_csv, usebio
from club.io.files import ImportFailed
from club.models import Result
from club.models.choices import INDIVIDUAL
from club.notation import counted
from club.permissions import director_required

# Another scorer's results file: its form (the file field named as the format) and reader.
RESULTS_FILES = {"usebio": (UsebioImportForm, usebio.import_usebio),
                 "pbn": (PbnImportForm, pbn_results.import_pbn),
                 "lin": (LinImportForm, lin_results.import_lin)}


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_session(request):
    """Create a session from CSV files, a JSON archive, a USEBIO, a PBN or a LIN file
    (see club.io)."""
    csv_form = CsvImportForm(prefix="csv", initial={"table": "Moscow"})
    archive_form = ArchiveImportForm(prefix="archive")
    results_forms = {which: form_class(prefix=which, initial={"table": "Moscow"})
                     for which, (form_class, _reader) in RESULTS_FILES.items()}
    errors, total, which = [], 0, None
    user = request.user
    if request.method == "POST":
        which = request.POST.get("which")
        try:
            if which in RESULTS_FILES:
                form_class, reader = RESULTS_FILES[which]
                form = results_forms[which] = form_class(request.POST, request.FILES,
                                                         prefix=which)
                if form.is_valid():
                    data, notes = form.cleaned_data, []
                    # A USEBIO file of several sections: the one chosen; a LIN file's name
                    # and date, which the file does not carry.
                    extra = {key: data[key] for key in ("section", "name", "date")
                             if key in data}
                    session = reader(data[which].read(), data[which].name,
                                     policy=data["policy"], table_name=data["table"].name,
                                     user=user, notes=notes, **extra)
                    for note in notes:
                        messages.warning(request, note)
                    return imported(request, session)
            elif which == "archive":
                archive_form = ArchiveImportForm(request.POST, request.FILES, prefix="archive")
                if archive_form.is_valid():
                    upload = archive_form.cleaned_data["archive"]
                    session = archive.import_archive(upload.read(), upload.name, user=user)
                    return imported(request, session)
            else:
                csv_form = CsvImportForm(request.POST, request.FILES, prefix="csv")
                if csv_form.is_valid():
                    data = csv_form.cleaned_data
                    session = results_csv.import_csv(
                        name=data["name"], date=data["date"], policy=data["policy"],
                        duplicated=data["duplicated"], table_name=data["table"].name,
                        boards_data=data["boards"].read(), names_data=data["names"].read(),
                        boards_filename=data["boards"].name, names_filename=data["names"].name,
                        user=user)
                    return imported(request, session)
        except ImportFailed as err:
            errors, total = err.errors, err.total
    return render(request, "club/import.html", {
        "csv_form": csv_form, "archive_form": archive_form, "usebio_form": results_forms["usebio"],
        "pbn_form": results_forms["pbn"], "lin_form": results_forms["lin"], "errors": errors,
        "total": total, "which": which,
    })


def imported(request, session):
    # An individual's entrants are its players (its pairs are the movement's partnerships).
    entrants = (counted("players", session.individual_entries.count())
                if session.movement == INDIVIDUAL else counted("pairs", session.pairs.count()))
    results = Result.objects.filter(board__session=session).count()
    messages.success(request, _("Imported “%(name)s”: %(pairs)s, %(results)s.") % {
        "name": session.name, "pairs": entrants, "results": counted("results", results)})
    return redirect("standings", session.id)
