"""The director's import page: a session from a results CSV or a JSON archive (read by
club.io, saved by club.services.imports)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from club.forms.imports import ArchiveImportForm, CsvImportForm
from club.io import archive, results_csv
from club.io.files import ImportFailed
from club.models import Result
from club.permissions import director_required


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_session(request):
    """Create a session from CSV files or a JSON archive (see club.io)."""
    csv_form = CsvImportForm(prefix="csv", initial={"table": "Moscow"})
    archive_form = ArchiveImportForm(prefix="archive")
    errors, which = [], None
    user = request.user
    if request.method == "POST":
        which = request.POST.get("which")
        try:
            if which == "archive":
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
            errors = err.errors
    return render(request, "club/import.html", {
        "csv_form": csv_form, "archive_form": archive_form, "errors": errors, "which": which,
    })


def imported(request, session):
    messages.success(request, _("Imported “%(name)s”: %(pairs)s pairs, %(results)s results.") % {
        "name": session.name, "pairs": session.pairs.count(),
        "results": Result.objects.filter(board__session=session).count()})
    return redirect("standings", session.id)
