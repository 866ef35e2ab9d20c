"""`python manage.py restore FILE`: a backup (`manage.py backup`) into an empty database.

Everything is checked before anything is written, and the whole restore is one transaction:
a refusal leaves the database as it was. Backup format 2: club.io.backup.restore_backup
(the stored rows back with their ids, as they were); format 1, written before:
club.io.backup_format1.
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.io.backup import read_document, restore_backup
from club.io.backup_format1 import restore_format_1
from club.io.files import ImportFailed
from club.notation import counted
from club.services.errors import Refused


def read_file(path):
    try:
        with open(path, "rb") as source:
            return source.read()
    except OSError as err:
        raise CommandError(_("Cannot read %(file)s: %(problem)s.")
                           % {"file": path, "problem": err.strerror or err}) from None


class Command(BaseCommand):
    help = _("Read a backup written by `manage.py backup` into an empty database.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The backup file."))

    def handle(self, *args, file, **options):
        try:
            document = read_document(read_file(file), file)
            if document["backup_format"] == 1:
                self.restore_format_1(file, document)
                return
            backup = restore_backup(document)
        except ImportFailed as err:
            raise CommandError(refusal(file, err.errors)) from None
        except Refused as err:
            raise CommandError("\n".join(err.messages)) from None
        for warning in backup.warnings:
            self.stderr.write(warning)
        self.stdout.write(_("Restored %(file)s: %(contents)s.")
                          % {"file": file, "contents": backup.contents()})

    def restore_format_1(self, file, document):
        restore = restore_format_1(document)
        if restore.problems:
            raise CommandError(refusal(file, restore.problems))
        for warning in restore.warnings:
            self.stderr.write(warning)
        counts = restore.counts()
        self.stdout.write(_("Restored %(sessions)s, %(players)s and %(tables)s from %(file)s.") % {
            "sessions": counted("sessions", counts["sessions"]),
            "players": counted("players", counts["players"]),
            "tables": counted("compensation tables", counts["tables"]),
            "file": file})


def refusal(file, problems, limit=30):
    """The refusal's text: what is wrong, at most `limit` lines, and that nothing changed."""
    lines = [_("%(file)s was not restored; nothing was changed:") % {"file": file}]
    lines += [f"  {problem}" for problem in problems[:limit]]
    if len(problems) > limit:
        lines.append(_("  … and %(count)s more.") % {"count": len(problems) - limit})
    return "\n".join(lines)
