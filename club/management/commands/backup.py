"""`python manage.py backup FILE`: the whole club in one JSON file, for `restore`.

The file holds every compensation table (name, built-in or not, rows), every player (name,
membership number, active, and any other field club.services.players knows) and every
session's archive (club.io.archive, the format of
docs/export-format.md), oldest session first. It is written to a temporary file beside FILE
and renamed when complete, so a backup interrupted halfway never replaces a good one. FILE
"-" writes to stdout.
"""

import json
import os
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.io.archive import export_session
from club.models import Player, Session
from club.services.players import PLAYER_FIELDS
from scoring.models import CompensationTable

BACKUP_FORMAT = 1  # bump when the layout below changes (and teach `restore` the old one)


def backup_document():
    """The backup as a dict ready for JSON."""
    tables = CompensationTable.objects.prefetch_related("rows").order_by("id")
    sessions = Session.objects.select_related("compensation_table").order_by("id")
    return {
        "backup_format": BACKUP_FORMAT,
        "created": timezone.now().isoformat(timespec="seconds"),
        "compensation_tables": [
            {"name": table.name, "builtin": table.builtin,
             "rows": [list(row) for row in table.row_tuples()]}
            for table in tables
        ],
        # Every field a player has (club.services.players): name, numbers, active.
        "players": [{field: getattr(player, field) for field in PLAYER_FIELDS}
                    for player in Player.objects.order_by("id")],
        "sessions": [export_session(session) for session in sessions],
    }


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


def backup_text(document):
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


class Command(BaseCommand):
    help = _("Write the whole club (sessions, players, compensation tables) to one JSON file "
             "that `restore` reads back into an empty database.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The file to write (“-” for stdout)."))

    def handle(self, *args, file, **options):
        document = consistent_document()
        text = backup_text(document)
        if file == "-":
            self.stdout.write(text, ending="")
            return
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
            os.chmod(temporary, 0o600)  # membership numbers: for the club's admin only
            os.replace(temporary, target)
        except OSError as err:
            Path(temporary).unlink(missing_ok=True)
            raise CommandError(_("Cannot write %(file)s: %(problem)s.")
                               % {"file": file, "problem": err.strerror or err}) from None
        self.stdout.write(_("Backed up %(sessions)s sessions, %(players)s players and "
                            "%(tables)s compensation tables to %(file)s.") % {
            "sessions": len(document["sessions"]), "players": len(document["players"]),
            "tables": len(document["compensation_tables"]), "file": file})
