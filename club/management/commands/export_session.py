"""`python manage.py export_session ID [--format json|csv]`: a session to stdout."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django_tables2.export import TableExport

from club.io import archive
from club.io.exports import ResultsTable, results_rows
from club.models import Session


class Command(BaseCommand):
    help = _("Write a session to stdout: the JSON archive (docs/export-format.md) or its "
             "results as CSV, one a line.")

    def add_arguments(self, parser):
        parser.add_argument("session_id", help=_("The id of the session."))
        parser.add_argument("--format", default="json", dest="fmt",
                            help=_("json (the complete archive, default) or csv (the results)."))

    def handle(self, *args, session_id, fmt, **options):
        if fmt not in ("json", "csv"):
            raise CommandError(_("Unknown format “%(format)s”; use json or csv.")
                               % {"format": fmt})
        if not session_id.isdigit():
            raise CommandError(_("“%(id)s” is not a session id (a whole number).")
                               % {"id": session_id})
        session = (Session.objects.select_related("compensation_table")
                   .filter(pk=int(session_id)).first())
        if session is None:
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        document = archive.export_session(session)
        if fmt == "json":
            self.stdout.write(archive.dumps(document), ending="")
        else:
            table = ResultsTable(results_rows(document))
            self.stdout.write(TableExport("csv", table).export(), ending="")
