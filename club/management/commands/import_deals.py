"""`python manage.py import_deals SESSION_ID FILE`: a session's hand records from a PBN or
LIN file (club.io.hand_records). Prints the boards whose dealer or vulnerability in the file
differ from their number's (kept as overrides). Any problem: nothing is imported."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records, override_message
from club.management.commands.import_session import nothing_imported, read_bytes
from club.models import Session


class Command(BaseCommand):
    help = _("Give a session's boards their deals from a PBN or LIN hand record file.")

    def add_arguments(self, parser):
        parser.add_argument("session_id", help=_("The id of the session."))
        parser.add_argument("file", metavar="FILE", help=_("The PBN or LIN file."))

    def handle(self, *args, session_id, file, **options):
        if not session_id.isdigit() or not Session.objects.filter(pk=int(session_id)).exists():
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        try:
            overridden = import_hand_records(int(session_id), read_bytes(file), Path(file).name)
        except ImportFailed as err:
            raise nothing_imported(err) from None
        for record in overridden:
            self.stdout.write(override_message(record))
        self.stdout.write(_("Hand records imported from %(file)s.") % {"file": Path(file).name})
