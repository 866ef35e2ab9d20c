"""`python manage.py import_deals SESSION_ID FILE`: a session's hand records from a PBN or
LIN file (club.io.hand_records). Prints the boards whose dealer or vulnerability in the file
differ from their number's (kept as overrides), the file's boards the session does not have
(left out) and the session's boards the file has no deal for, then analyses the deals
and prints how far it got. Any problem in the file: nothing is imported. A failure of the
analysis is printed and leaves the deals stored."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records
from club.management.commands.import_session import nothing_imported, read_bytes
from club.models import Session
from club.services.analysis import failure_message, progress_message


class Command(BaseCommand):
    help = _("Give a session's boards their deals from a PBN or LIN hand record file.")

    def add_arguments(self, parser):
        parser.add_argument("session_id", help=_("The id of the session."))
        parser.add_argument("file", metavar="FILE", help=_("The PBN or LIN file."))

    def handle(self, *args, session_id, file, **options):
        if not session_id.isdigit() or not Session.objects.filter(pk=int(session_id)).exists():
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        try:
            to_check, job = import_hand_records(int(session_id), read_bytes(file), Path(file).name,
                                           foreground=True, progress=self.progress)
        except ImportFailed as err:
            raise nothing_imported(err) from None
        for message in to_check:
            self.stdout.write(message)
        self.stdout.write(_("Hand records imported from %(file)s.") % {"file": Path(file).name})
        job.refresh_from_db()
        if job.state == job.State.FAILED:
            raise CommandError(failure_message(job))

    def progress(self, done, total):
        self.stdout.write(progress_message(done, total))
