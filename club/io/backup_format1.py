"""Restoring a backup of format 1 (written before format 2, club.io.backup), for
`manage.py restore`: each session comes back through the archive import (club.io.archive)
with its status and its boards' double-dummy analysis as written, so it exports exactly as
before; players and compensation tables that no session brings back are created through
their services (club.services.players, club.services.compensation_tables). Archives know a
player by membership number, or by name when there is none, so players who share a name
without a membership number cannot be told apart: they come back as one player in the
sessions, and as many as there were in the player list.

Everything is checked before anything is written, and the whole restore is one transaction:
a refusal leaves the database as it was.
"""

import json
from collections import Counter, defaultdict

from django.contrib.auth.models import Group, User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.io.archive import dumps, export_session, import_archive
from club.io.archive_schema import Problems
from club.io.backup import backup_models, builtin_changed
from club.io.files import ImportFailed
from club.models import Player, Session
from club.services.backups import refuse_if_not_empty
from club.services.compensation_tables import table_for_import
from club.services.errors import Refused
from club.services.players import PLAYER_FIELDS, save_player
from scoring.models import CompensationTable

NAME_MAX_LENGTH = Player._meta.get_field("name").max_length
NUMBER_MAX_LENGTH = Player._meta.get_field("membership_number").max_length
TABLE_NAME_MAX_LENGTH = CompensationTable._meta.get_field("name").max_length


def is_text(value, max_length, *, empty=False):
    return isinstance(value, str) and len(value) <= max_length and (empty or value.strip())


def check_document(document):
    """Problems with the backup's layout (each session's archive is checked by its import)."""
    problems = Problems()
    parts = {}
    for key in ("compensation_tables", "players", "sessions"):
        value = document.get(key)
        if not isinstance(value, list):
            problems.add(_("the backup"), _("“%(key)s” must be a list.") % {"key": key})
            value = []
        parts[key] = value
    for index, table in enumerate(parts["compensation_tables"], start=1):
        where = _("compensation table %(index)s") % {"index": index}
        if not isinstance(table, dict):
            problems.add(where, _("expected an object with “name”, “builtin” and “rows”."))
            continue
        if not is_text(table.get("name"), TABLE_NAME_MAX_LENGTH):
            problems.add(where, _("“name” must be text of at most %(max)s characters.")
                         % {"max": TABLE_NAME_MAX_LENGTH})
        if not isinstance(table.get("builtin"), bool):
            problems.add(where, _("“builtin” must be true or false."))
        rows = table.get("rows")
        if not isinstance(rows, list) or not all(
                isinstance(row, list) and len(row) == 3 and all(type(v) is int for v in row)
                for row in rows):
            problems.add(where, _("“rows” must be a list of [HCP, not vulnerable, "
                                  "vulnerable]."))
    names = Counter(t.get("name") for t in parts["compensation_tables"] if isinstance(t, dict))
    for name, count in names.items():
        if count > 1 and isinstance(name, str):
            problems.add(_("the backup"), _("the compensation table “%(name)s” is listed "
                                            "%(count)s times.") % {"name": name, "count": count})
    numbers = Counter()
    for index, player in enumerate(parts["players"], start=1):
        where = _("player %(index)s") % {"index": index}
        if not isinstance(player, dict):
            problems.add(where, _("expected an object with “name”, “membership_number” and "
                                  "“active”."))
            continue
        if not is_text(player.get("name"), NAME_MAX_LENGTH):
            problems.add(where, _("“name” must be text of at most %(max)s characters.")
                         % {"max": NAME_MAX_LENGTH})
        number = player.get("membership_number")
        if not is_text(number, NUMBER_MAX_LENGTH, empty=True):
            problems.add(where, _("“membership_number” must be text of at most %(max)s "
                                  "characters (empty when there is none).")
                         % {"max": NUMBER_MAX_LENGTH})
        elif number:
            numbers[number] += 1
        if not isinstance(player.get("active"), bool):
            problems.add(where, _("“active” must be true or false."))
        for key, value in player.items():
            if key in ("name", "membership_number", "active"):
                continue
            if key not in PLAYER_FIELDS:
                problems.add(where, _("“%(key)s” is not something this version of the site "
                                      "keeps about a player.") % {"key": key})
            elif not is_text(value, Player._meta.get_field(key).max_length, empty=True):
                problems.add(where, _("“%(key)s” must be text of at most %(max)s characters.")
                             % {"key": key, "max": Player._meta.get_field(key).max_length})
    for number, count in numbers.items():
        if count > 1:
            problems.add(_("the backup"), ngettext(
                "membership number %(number)s belongs to %(count)s player.",
                "membership number %(number)s belongs to %(count)s players.", count)
                % {"number": number, "count": count})
    for index, archive in enumerate(parts["sessions"], start=1):
        if not isinstance(archive, dict):
            problems.add(_("session %(index)s") % {"index": index},
                         _("expected a session archive (an object)."))
    return problems


def player_fields(record):
    """A backup's player as fields for save_player (a field the backup lacks keeps the
    model's default)."""
    return {field: record[field] for field in PLAYER_FIELDS if field in record}


def as_written(value, written):
    """`value` with only the keys `written` has, at every depth: an export compared with an
    older file."""
    if isinstance(value, dict) and isinstance(written, dict):
        return {key: as_written(item, written[key]) for key, item in value.items()
                if key in written}
    if isinstance(value, list) and isinstance(written, list) and len(value) == len(written):
        return [as_written(item, old) for item, old in zip(value, written, strict=True)]
    return value


def session_where(index, archive):
    session = archive.get("session")
    name = session.get("name") if isinstance(session, dict) else None
    if isinstance(name, str):
        return _("session %(index)s (“%(name)s”)") % {"index": index, "name": name}
    return _("session %(index)s") % {"index": index}


class Restore:
    """The steps of a restore, inside the caller's transaction; `problems` collects every
    refusal (the caller then rolls everything back)."""

    def __init__(self, document):
        self.document = document
        self.problems = Problems()
        self.warnings = []
        self.restored = []  # (where, session, archive text)

    def counts(self):
        """What the database holds after the restore, for the command's report."""
        return {"sessions": Session.objects.count(), "players": Player.objects.count(),
                "tables": CompensationTable.objects.count()}

    def run(self):
        self.restore_tables()
        if self.problems:
            return
        placeholders = self.create_players()
        if self.problems:
            return
        self.restore_sessions()
        if self.problems:
            return
        self.finish_players(placeholders)
        if not self.problems:
            self.compare_exports()

    def restore_tables(self):
        for table in self.document["compensation_tables"]:
            where = _("compensation table “%(name)s”") % {"name": table["name"]}
            rows = sorted(tuple(row) for row in table["rows"])
            if table["builtin"]:
                # Built-in tables come with the site (a migration): they must agree.
                existing = CompensationTable.objects.filter(builtin=True, name=table["name"])
                existing = existing.prefetch_related("rows").first()
                if existing is None or existing.row_tuples() != rows:
                    self.problems.add(where, builtin_changed())
                continue
            try:
                table_for_import(table["name"], rows)
            except Refused as err:
                for message in err.messages:
                    self.problems.add(where, message)

    def create_players(self):
        """Create the players the sessions' archives will find. A player with a membership
        number is found by it; one without, by name, so such a player is created here only
        when nobody else without a number has that name (the import creates the others). A
        numbered player whose name is also the name of one without a number is created
        under a placeholder name until the sessions are in, or the import would take the
        two for one. Returns {player id: real name} for those."""
        players = self.document["players"]
        unnumbered = Counter(p["name"] for p in players if not p["membership_number"])
        taken = {p["name"] for p in players}
        placeholders = {}
        for index, player in enumerate(players, start=1):
            fields = player_fields(player)
            placeholder = None
            if fields["membership_number"]:
                if unnumbered[fields["name"]]:
                    placeholder = f"restoring #{fields['membership_number']}"
                    while placeholder in taken:
                        placeholder += "*"
                    taken.add(placeholder)
                    fields["name"] = placeholder
            elif unnumbered[fields["name"]] > 1:
                continue  # created after the sessions (finish_players)
            saved = self.save(_("player %(index)s") % {"index": index}, fields)
            if saved is not None and placeholder is not None:
                placeholders[saved.pk] = player["name"]
        return placeholders

    def save(self, where, fields, player_id=None):
        try:
            return save_player(fields, player_id)
        except ValidationError as err:
            for message in err.messages:
                self.problems.add(where, message)
            return None

    def restore_sessions(self):
        for index, archive in enumerate(self.document["sessions"], start=1):
            where = session_where(index, archive)
            text = dumps(archive)
            try:
                # Each session keeps its status exactly (an import would make it "finished").
                session = import_archive(text, f"session-{index}.json", keep_status=True,
                                         keep_analysis=True)
            except ImportFailed as err:
                for message in err.errors:
                    self.problems.add(where, message)
                continue
            self.restored.append((where, session, text))

    def compare_exports(self):
        """Each session, exported now, should read exactly as in the backup (keys that
        archives gained since, such as a result's "lead", aside); a difference (a later
        version scoring or writing differently) is reported, not refused."""
        for where, session, text in self.restored:
            written = json.loads(text)
            if as_written(export_session(session), written) != written:
                self.warnings.append(_(
                    "%(where)s was restored, but exports differently from the backup (this "
                    "version of the site scores or writes it differently).") % {"where": where})

    def finish_players(self, placeholders):
        for player_id, name in placeholders.items():
            self.save(name, {"name": name}, player_id)
        # Players sharing a name without a membership number: as many as the backup lists,
        # with its active flags (the sessions' import made at most one of each name).
        shared = defaultdict(list)
        for player in self.document["players"]:
            if not player["membership_number"]:
                shared[player["name"]].append(player_fields(player))
        for name, records in shared.items():
            if len(records) < 2:
                continue
            existing = list(Player.objects.filter(name=name, membership_number="")
                            .order_by("id"))
            for position, fields in enumerate(records):
                if position >= len(existing):
                    self.save(name, fields)
                    continue
                player = existing[position]
                changes = {k: v for k, v in fields.items() if getattr(player, k) != v}
                if changes:
                    self.save(name, changes, player.pk)


def restore_format_1(document):
    """Restore a backup document of format 1 into an empty database (its users aside: the
    format brings none back, and the site's own may be there already). Returns the Restore:
    `problems` lists every refusal (nothing was written then), `warnings` what came back
    but exports differently. Refused when the database is not empty."""
    restore = Restore(document)
    restore.problems += check_document(document)
    if restore.problems:
        return restore
    models = [m for m in backup_models() if m not in (User, Group)]
    with transaction.atomic():
        refuse_if_not_empty(models)
        restore.run()
        if restore.problems:
            transaction.set_rollback(True)
    return restore
