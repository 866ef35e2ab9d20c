"""`python manage.py backup FILE`: the whole club in one JSON file, for `restore`.

The file (backup format 2, club.io.backup) holds every stored row of the club and scoring
apps, their history included, and the site's users and groups, with their ids. Before the
file is written, the text is read back with restore's own checks (everything but writing to
the database); a backup that would not restore is refused, with its problems, and FILE is
left as it was. The text goes to a temporary file beside FILE, renamed when complete, so a
backup interrupted halfway never replaces a good one. FILE "-" writes to stdout.
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.io.backup import (
    backup_text,
    consistent_document,
    read_backup,
    read_document,
    write_private,
)
from club.io.files import ImportFailed


def checked(text, file, limit=30):
    """The Backup that restore would read from `text`; CommandError listing the problems
    when it would not restore."""
    try:
        return read_backup(read_document(text, file))
    except ImportFailed as err:
        lines = [_("%(file)s was not written: the backup would not restore. Nothing was "
                   "changed; the problems:") % {"file": file}]
        lines += [f"  {problem}" for problem in err.errors[:limit]]
        if len(err.errors) > limit:
            lines.append(_("  … and %(count)s more.") % {"count": len(err.errors) - limit})
        raise CommandError("\n".join(lines)) from None


class Command(BaseCommand):
    help = _("Write the whole club (sessions, seasons and events, players, compensation "
             "tables, history, users) to one JSON file that `restore` reads back into an "
             "empty database; the file is checked with restore's checks before it is "
             "written.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The file to write (“-” for stdout)."))

    def handle(self, *args, file, **options):
        text = backup_text(consistent_document())
        backup = checked(text, file)
        for warning in backup.warnings:
            self.stderr.write(warning)
        if file == "-":
            self.stdout.write(text, ending="")
            return
        try:
            write_private(file, text)
        except OSError as err:
            raise CommandError(_("Cannot write %(file)s: %(problem)s.")
                               % {"file": file, "problem": err.strerror or err}) from None
        self.stdout.write(_("Backed up %(file)s: %(contents)s.")
                          % {"file": file, "contents": backup.contents()})
