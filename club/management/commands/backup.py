"""`python manage.py backup FILE`: the whole club in one JSON file, for `restore`.

The file (backup format 2, club.io.backup) holds every stored row of the club and scoring
apps, their history included, and the site's users and groups, with their ids. Before the
file is written, the text is read back with restore's own checks (everything but writing to
the database); a backup that would not restore is refused, with its problems, and FILE is
left as it was. The text goes to a temporary file beside FILE, renamed when complete, so a
backup interrupted halfway never replaces a good one. FILE "-" writes to stdout.
"""

import os
import tempfile
from pathlib import Path

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils.translation import gettext as _

from club.io.backup import backup_document, backup_text, read_backup, read_document
from club.io.files import ImportFailed
from club.models import Player, Session
from scoring.models import CompensationTable


def consistent_document():
    """The backup read in one transaction: one consistent moment of the database, even
    while directors are saving (PostgreSQL: a repeatable-read snapshot; SQLite: the
    transaction holds the write lock, so a save waits the few seconds this takes)."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:
            # Only the first statement of a transaction may set its isolation (inside a
            # caller's transaction, e.g. a test's, the snapshot is the caller's).
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        return backup_document()


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


def write_file(file, text):
    """Write `text` to `file` through a temporary file beside it, readable by its owner
    only (the file has membership numbers and password hashes)."""
    target = Path(file)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                             dir=target.parent)
    except OSError as err:
        raise CommandError(_("Cannot write %(file)s: %(problem)s.")
                           % {"file": file, "problem": err.strerror or err}) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o600)
        os.replace(temporary, target)
    except OSError as err:
        Path(temporary).unlink(missing_ok=True)
        raise CommandError(_("Cannot write %(file)s: %(problem)s.")
                           % {"file": file, "problem": err.strerror or err}) from None


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
        write_file(file, text)
        self.stdout.write(summary(_("Backed up %(file)s: %(contents)s."), file, backup))


def summary(template, file, backup):
    """The commands' report: how many of the main rows the backup holds."""
    counts = ", ".join(f"{model._meta.verbose_name_plural}: {backup.count(model)}"
                       for model in (Session, Player, CompensationTable, User))
    rows = sum(len(objects) for _model, objects in backup.rows)
    return template % {"file": file, "contents": _("%(counts)s (%(rows)s rows in all)")
                       % {"counts": counts, "rows": rows}}
