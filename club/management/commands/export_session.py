"""`python manage.py export_session ID [--format json|csv|usebio|pbn]`: a session to stdout.

json: the complete archive; csv: one result a line (UTF-8 with a byte order mark, comma- or
--delimiter-separated); usebio: USEBIO 1.2 XML with the players' membership numbers; pbn:
the deals with every result in a ScoreTable."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.io import archive, pbn, usebio
from club.io.exports import ResultsTable, export_table, results_rows
from club.models import Session

FORMATS = ("json", "csv", "usebio", "pbn")


class Command(BaseCommand):
    help = _("Write a session to stdout: the JSON archive (docs/export-format.md) or its "
             "results as CSV, one a line.")

    def add_arguments(self, parser):
        parser.add_argument("session_id", help=_("The id of the session."))
        parser.add_argument("--format", default="json", dest="fmt",
                            help=_("json (the complete archive, default), csv (the results), "
                                   "usebio (USEBIO 1.2 XML) or pbn (deals and results)."))
        parser.add_argument("--delimiter", default=",",
                            help=_("The CSV separator: , (default) or ; for spreadsheets "
                                   "with the decimal comma."))

    def handle(self, *args, session_id, fmt, delimiter, **options):
        if fmt not in FORMATS:
            raise CommandError(_("Unknown format “%(format)s”; use json, csv, usebio or pbn.")
                               % {"format": fmt})
        if delimiter not in (",", ";", "\t", "tab"):
            raise CommandError(_("Unknown separator “%(delimiter)s”; use , or ;.")
                               % {"delimiter": delimiter})
        if not session_id.isdigit():
            raise CommandError(_("“%(id)s” is not a session id (a whole number).")
                               % {"id": session_id})
        session = (Session.objects.select_related("compensation_table")
                   .filter(pk=int(session_id)).first())
        if session is None:
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        if fmt == "usebio":
            self.stdout.write(usebio.export_usebio(session, membership=True).decode(),
                              ending="")
            return
        if fmt == "pbn":
            self.stdout.write(pbn.session_pbn(session), ending="")
            return
        document = archive.export_session(session)
        if fmt == "json":
            self.stdout.write(archive.dumps(document), ending="")
        else:
            table = ResultsTable(results_rows(document))
            delimiter = "\t" if delimiter == "tab" else delimiter
            self.stdout.write(export_table(table, "csv", "", delimiter=delimiter).decode(),
                              ending="")
