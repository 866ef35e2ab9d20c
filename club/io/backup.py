"""The backup of the whole club (`manage.py backup`, `manage.py restore`), format 2: every
stored row of the club and scoring apps (the history included) and the site's users and
groups, written by Django's serializers with their ids, so that a restore into an empty
database gives back every stored value (docs/export-format.md, "Backups").

`consistent_document()` reads the rows at one moment; `backup_text()` writes them and
`write_private()` puts the text in its file; `read_backup()` checks a backup's text
completely without writing anything (the backup command runs it on what it is about to
write, the restore command before it writes): the JSON, each row's fields against its
model, the foreign keys, the built-in compensation tables, and each session as the archive
import checks it (club.io.archive), its outcomes compared with a rescore;
`restore_backup()` then writes the rows back (club.services.backups.restore_rows). A backup
of format 1 is restored by club.io.backup_format1.
"""

import copy
import datetime
import graphlib
import json
import os
import tempfile
from collections import defaultdict
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import Group, Permission, User
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.io.archive import dumps, read_archive, session_document
from club.io.archive_schema import (
    UNSTORABLE,
    Problems,
    escaped,
    parse_json,
    shown,
    unstorable_message,
)
from club.io.files import ImportFailed, decode_text
from club.models import Board, Pair, Player, Result, Session, SwissSeat
from club.notation import bridge_message
from club.services.backups import refuse_if_not_empty, restore_rows
from club.services.errors import MissingHcp
from club.services.scoring import score_result
from scoring.engine import BridgeError
from scoring.engine import CompensationTable as EngineTable
from scoring.models import CompensationRow, CompensationTable

BACKUP_FORMAT = 2  # bump when the layout changes (and teach read_backup the old one)
READABLE_FORMATS = (1, 2)  # format 1: club.io.backup_format1

# Rows found by their natural key rather than their id: groups by name (a new site's
# migrations already made "Directors"), permissions by app, model and codename (made by
# migrate with ids of their own).
NATURAL = (Group, Permission)

INTEGERS = {"AutoField", "BigAutoField", "SmallAutoField", "IntegerField", "BigIntegerField",
            "SmallIntegerField", "PositiveIntegerField", "PositiveSmallIntegerField",
            "PositiveBigIntegerField"}

def builtin_changed():
    return _("this site's built-in table of that name is missing or has other values; "
             "restore with the version of the site that wrote the backup.")


def backup_models():
    """The models a backup holds, each after the models it points to: every concrete
    model of the club and scoring apps (a model added later is included by itself), and
    the site's users and groups, and the directors' second-factor devices (a restored site
    must not let a password alone in). Not the club's data, and left out: logins' sessions,
    failed-login records, the admin's log, content types and permissions (migrate makes
    them)."""
    models = [*apps.get_app_config("scoring").get_models(),
              *apps.get_app_config("club").get_models(), User, Group,
              *apps.get_app_config("otp_totp").get_models()]
    order = graphlib.TopologicalSorter()
    for model in models:
        order.add(model, *(field.related_model for field in model._meta.concrete_fields
                           if field.is_relation and field.related_model in models
                           and field.related_model is not model))
    return list(order.static_order())


class BackupEncoder(DjangoJSONEncoder):
    """JSON for the serializers' values: times with their microseconds (Django's encoder
    cuts them to milliseconds, and a restore must give back the stored value)."""

    def default(self, o):
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


def backup_document():
    """The backup as a dict: every row of backup_models(), ids kept (groups by name)."""
    rows = []
    for model in backup_models():
        rows += serializers.serialize(
            "python", model._base_manager.order_by("pk"),
            use_natural_foreign_keys=model in (User, Group),  # their groups and permissions
            use_natural_primary_keys=model in NATURAL)
    return {"backup_format": BACKUP_FORMAT,
            "created": timezone.now().isoformat(timespec="seconds"),
            "objects": rows}


def backup_text(document):
    """The backup's text: UTF-8 JSON, one row a line."""
    head = {key: value for key, value in document.items() if key != "objects"}
    rows = ",\n".join(json.dumps(row, cls=BackupEncoder, ensure_ascii=False)
                      for row in document["objects"])
    return (json.dumps(head, ensure_ascii=False)[:-1] + ', "objects": [\n' + rows
            + "\n]}\n")


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


def write_private(file, text):
    """Write `text` to `file` through a temporary file beside it, renamed when complete (a
    write interrupted halfway never replaces a good file), readable by its owner only (a
    backup has membership numbers and password hashes). OSError when it cannot: `file` is
    then as it was."""
    target = Path(file)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o600)
        os.replace(temporary, target)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
        raise


# --- reading ------------------------------------------------------------------------------

def read_document(data, filename):
    """The JSON document of a backup file (bytes or text) and its format: ImportFailed for
    a file that is not a backup this site reads."""
    document = parse_json(decode_text(data, filename), filename)
    if not isinstance(document, dict) or "backup_format" not in document:
        raise ImportFailed([_("%(file)s is not a backup written by `manage.py backup` (no "
                              "“backup_format”).") % {"file": filename}])
    version = document["backup_format"]
    if type(version) is not int or version not in READABLE_FORMATS:
        raise ImportFailed([_("%(file)s has backup format %(format)s; this site reads formats "
                              "%(supported)s.")
                            % {"file": filename, "format": shown(version),
                               "supported": ", ".join(map(str, READABLE_FORMATS))}])
    return document


class Backup:
    """A backup of format 2, checked: `rows` [(model, [instances])] in the order to write
    them, `groups` [(name, [permission ids])], `links` (the many-to-many rows, see
    club.services.backups.restore_rows), and `warnings` for what is restored as stored
    though this site would compute it otherwise."""

    def __init__(self, rows, groups, links, warnings):
        self.rows, self.groups, self.links, self.warnings = rows, groups, links, warnings

    def count(self, model):
        return next((len(objects) for m, objects in self.rows if m is model), 0)

    def contents(self):
        """How many of the main rows the backup holds, for the commands' reports."""
        counts = ", ".join(f"{model._meta.verbose_name_plural}: {self.count(model)}"
                           for model in (Session, Player, CompensationTable, User))
        rows = sum(len(objects) for _model, objects in self.rows)
        return ngettext("%(counts)s (%(rows)s row in all)", "%(counts)s (%(rows)s rows in all)",
                        rows) % {"counts": counts, "rows": rows}


def read_backup(document):
    """Check a backup document of format 2 without writing anything: a Backup, or
    ImportFailed listing every problem. The document's rows are used up as they are read."""
    problems = Problems()
    objects = document.get("objects")
    if not isinstance(objects, list):
        raise ImportFailed([_("the backup: “objects” must be a list.")])
    reader = RowReader(problems)
    for index, item in enumerate(objects, start=1):
        reader.read(index, item)
        objects[index - 1] = None  # read: a large club's rows are not held twice
    reader.check_links()
    if not problems:
        check_builtin_tables(reader.instances, problems)
    backup = None
    if not problems:
        backup = reader.backup()
        backup.warnings = check_sessions(reader.instances, problems)
    if problems:
        raise ImportFailed(problems)
    return backup


def restore_backup(document):
    """Restore a backup document of format 2 into an empty database, every row as stored:
    the Backup written (its `warnings`). Refused when the database is not empty (said
    before the checks: the clearer message), ImportFailed listing every problem; nothing
    is written then."""
    refuse_if_not_empty(backup_models())
    backup = read_backup(document)
    restore_rows(backup.rows, backup.groups, backup.links)
    return backup


class RowReader:
    """Reads the rows one by one: each checked against its model, then built by Django's
    deserializer into `instances` {model: {id: instance}} (groups: `groups`, by name);
    `known` {model: ids or names} of every row read, good or not, for check_links."""

    def __init__(self, problems):
        self.problems = problems
        self.models = {m._meta.label_lower: m for m in backup_models()}
        self.instances = {model: {} for model in self.models.values()}
        self.known = {model: set() for model in self.models.values()}
        self.groups = {}  # name: {field: permission natural keys}
        # (where, model, field, owner, value) of each foreign key (owner None) and
        # many-to-many value (owner: the row's id, or a group's name), checked once every
        # row is known
        self.links = []
        # Translated once: a backup has a row name for each of its many rows.
        self.object_name, self.row_name = _("object %(index)s"), _("%(model)s %(pk)s")

    def read(self, index, item):
        where = self.object_name % {"index": index}
        if not isinstance(item, dict):
            self.problems.add(where, _("expected an object with “model”, “pk” and “fields”."))
            return
        model = self.models.get(item.get("model")) if isinstance(item.get("model"),
                                                                 str) else None
        if model is None:
            self.problems.add(where, _("“model” is %(value)s, which is not something this "
                                       "site keeps.") % {"value": shown(item.get("model"))})
            return
        fields = item.get("fields")
        if not isinstance(fields, dict):
            self.problems.add(where, _("“fields” must be an object."))
            return
        where, pk = self.identify(model, item, fields, where)
        if where is None:
            return
        before = len(self.problems)
        m2m = {}
        for name, value in fields.items():
            field = field_named(model, name)
            if field is None:
                self.problems.add(where, _("“%(field)s” is not a field of a %(model)s on this "
                                           "site.") % {"field": name,
                                                       "model": model._meta.verbose_name})
            elif field.many_to_many:
                m2m[field] = value
                self.links.append((where, model, field, pk if pk is not None else
                                   fields["name"], value))
            else:
                self.check_value(where, field, value)
        for field in model._meta.concrete_fields:
            if (field.name not in fields and not field.primary_key
                    and not field.has_default()):
                self.problems.add(where, _("“%(field)s” is missing.") % {"field": field.name})
        if len(self.problems) > before:
            return
        row = {"model": item["model"], "fields": {
            name: value for name, value in fields.items()
            if not field_named(model, name).many_to_many}}
        if pk is not None:
            row["pk"] = pk
        try:
            (built,) = serializers.deserialize("python", [row])
        except DeserializationError as err:
            self.problems.add(where, str(err))
            return
        if model in NATURAL:
            self.groups[built.object.name] = m2m
        else:
            self.instances[model][pk] = built.object

    def identify(self, model, item, fields, where):
        """(the row's name for messages, its id) or (None, None) when it cannot be told."""
        if model in NATURAL:
            name = fields.get("name")
            if "pk" in item or not isinstance(name, str):
                self.problems.add(where, _("a group is written with its “name” and without "
                                           "“pk”."))
                return None, None
            if name in self.known[model]:
                self.problems.add(where, _("the group “%(name)s” is listed twice.")
                                  % {"name": escaped(name[:60])})
                return None, None
            self.known[model].add(name)
            return _("group “%(name)s”") % {"name": escaped(name[:60])}, None
        pk = item.get("pk")
        if type(pk) is not int or not self.valid(model._meta.pk, pk):
            self.problems.add(where, _("“pk” is %(value)s; expected the row's id, a whole "
                                       "number from 1.") % {"value": shown(pk)})
            return None, None
        named = self.row_name % {"model": model._meta.verbose_name, "pk": pk}
        if pk in self.known[model]:
            self.problems.add(named, _("listed twice."))
            return None, None
        self.known[model].add(pk)
        return named, pk

    def valid(self, field, value):
        try:
            field.run_validators(value)
        except ValidationError:
            return False
        return value >= 1

    def check_value(self, where, field, value):
        """Problems of one field's value: its JSON type, null, and what the model field
        accepts (length, choices, range: Django's own validation). Foreign keys: their
        type here, their row in check_links."""
        if value is None:
            if not field.null:
                self.problems.add(where, _("“%(field)s” cannot be null.")
                                  % {"field": field.name})
            return
        kind = json_kind(field)
        if type(value) is not kind:
            self.problems.add(where, _("“%(field)s” is %(value)s; expected %(expected)s.") % {
                "field": field.name, "value": shown(value), "expected": {
                    int: _("a whole number"), bool: _("true or false"), str: _("text")}[kind]})
            return
        if kind is str and UNSTORABLE.search(value):
            self.problems.add(where, unstorable_message(field.name, value))
            return
        if field.is_relation:
            self.links.append((where, field.model, field, None, value))
            return
        try:
            python = field.to_python(value)
            if isinstance(python, datetime.datetime) and settings.USE_TZ and (
                    timezone.is_naive(python)):
                raise ValidationError(_("a time needs its time zone, e.g. “+00:00”."))
            field.validate(python, None)
            field.run_validators(python)
        except ValidationError as err:
            for message in err.messages:
                self.problems.add(where, _("“%(field)s”: %(problem)s")
                                  % {"field": field.name, "problem": message})

    def check_links(self):
        """Each foreign key and many-to-many value names a row of the backup (or, for
        permissions and groups, one this site has)."""
        permissions = {tuple(p.natural_key()): p.pk
                       for p in Permission.objects.select_related("content_type")}
        site_groups = set(Group.objects.values_list("name", flat=True))
        for where, _model, field, owner, value in self.links:
            target = field.related_model
            if owner is None:  # a foreign key
                if field.db_constraint and value not in self.known[target]:
                    self.problems.add(where, _("“%(field)s” is %(value)s, but the backup has no "
                                               "%(model)s %(value)s.") % {
                        "field": field.name, "value": value,
                        "model": target._meta.verbose_name})
                continue
            if not isinstance(value, list):
                self.problems.add(where, _("“%(field)s” must be a list.")
                                  % {"field": field.name})
                continue
            for item in value:
                if target is Permission:
                    known = isinstance(item, list) and tuple(item) in permissions
                elif target is Group:
                    known = (isinstance(item, list) and len(item) == 1
                             and item[0] in self.known[Group] | site_groups)
                else:
                    known = type(item) is int and item in self.known[target]
                if not known:
                    self.problems.add(where, _("“%(field)s” names %(value)s, which is neither in "
                                               "the backup nor on this site.")
                                      % {"field": field.name, "value": shown(item)})
        self.permissions = permissions

    def backup(self):
        links = defaultdict(list)
        for _where, model, field, owner, value in self.links:
            if owner is None or model in NATURAL:  # a foreign key; a group's permissions
                continue
            for item in value:
                key = self.permissions[tuple(item)] if field.related_model is Permission else (
                    item)
                links[field].append((owner, key))
        through_links = []
        for field, pairs in links.items():
            through = field.remote_field.through
            through_links.append((through, field.m2m_field_name(),
                                  field.m2m_reverse_field_name(), pairs))
        groups = [(name, [self.permissions[tuple(item)] for field, values in m2m.items()
                          for item in values])
                  for name, m2m in self.groups.items()]
        rows = [(model, list(self.instances[model].values()))
                for model in backup_models() if model not in NATURAL]
        return Backup(rows, groups, through_links, [])


def field_named(model, name):
    """The concrete or many-to-many field of `model` called `name` (None if none)."""
    try:
        field = model._meta.get_field(name)
    except Exception:  # FieldDoesNotExist, or a name that is no text
        return None
    if field.concrete and not field.primary_key or field.many_to_many:
        return field
    return None


def json_kind(field):
    """The JSON type the serializer writes a field's value as."""
    if field.is_relation:
        return json_kind(field.target_field)
    kind = field.get_internal_type()
    if kind in INTEGERS:
        return int
    if kind == "BooleanField":
        return bool
    return str  # text, dates and times (ISO 8601), decimals, UUIDs


def check_builtin_tables(instances, problems):
    """A built-in compensation table comes with the site (a migration): the backup's must be
    the site's, with the same values (the restore then keeps the backup's ids)."""
    rows = defaultdict(list)
    for row in instances[CompensationRow].values():
        rows[row.table_id].append((row.hcp, row.not_vul, row.vul))
    site = {t.name: t.row_tuples() for t in
            CompensationTable.objects.filter(builtin=True).prefetch_related("rows")}
    for table in instances[CompensationTable].values():
        if table.builtin and site.get(table.name) != sorted(rows[table.pk]):
            problems.add(_("compensation table “%(name)s”") % {"name": table.name},
                         builtin_changed())


def check_sessions(instances, problems):
    """Each session, from the backup's rows, read by the archive import's own checks (no
    save), and its stored outcomes compared with a rescore. Returns the warnings: results
    this site scores otherwise are restored as stored and named."""
    tables = instances[CompensationTable]
    table_rows = defaultdict(list)
    for row in instances[CompensationRow].values():
        table_rows[row.table_id].append((row.hcp, row.not_vul, row.vul))
    # The archive knows a player without a membership number by name; the backup keeps
    # every player's id, so for the check each player is its own (the checks that a pair
    # is two players, and a player in one pair, then hold for the rows themselves).
    players = {pk: copy.copy(player) for pk, player in instances[Player].items()}
    for player in players.values():
        player.membership_number = player.membership_number or f"#{player.pk}"
    by_session = defaultdict(lambda: ([], [], [], []))
    for pair in instances[Pair].values():
        pair.player1, pair.player2 = players[pair.player1_id], players[pair.player2_id]
        by_session[pair.session_id][0].append(pair)
    boards = instances[Board]
    for board in boards.values():
        by_session[board.session_id][1].append(board)
    for result in instances[Result].values():
        result.board = boards[result.board_id]
        by_session[result.board.session_id][2].append(result)
    pairs = instances[Pair]
    for seat in instances[SwissSeat].values():
        by_session[seat.session_id][3].append(seat)
    warnings = []
    for session in instances[Session].values():
        where = _("session %(id)s (“%(name)s”)") % {"id": session.pk, "name": session.name}
        session.compensation_table = tables[session.compensation_table_id]
        session_pairs, session_boards, results, seats = by_session[session.pk]
        for board in session_boards:
            board.session = session
        swiss = swiss_rows_of(seats, session, pairs, where, problems)
        try:
            document = session_document(session, table_rows[session.compensation_table_id],
                                        session_pairs, session_boards, results, swiss)
        except BridgeError as err:  # a contract or analysis the database would refuse
            problems.add(where, bridge_message(err))
            continue
        except ValueError as err:
            problems.add(where, str(err))
            continue
        try:
            read_archive(dumps(document), where, keep_analysis=True)
        except ImportFailed as err:
            for message in err.errors:
                problems.add(where, message)
            continue
        changed = rescored(session, table_rows[session.compensation_table_id], results)
        if changed:
            warnings.append(ngettext(
                "%(where)s: %(count)s result scores otherwise on this version of the site; "
                "it is restored as stored.",
                "%(where)s: %(count)s results score otherwise on this version of the site; "
                "they are restored as stored.", changed) % {"where": where, "count": changed})
    return warnings


def swiss_rows_of(seats, session, pairs, where, problems):
    """The Swiss rounds of a backup's SwissSeat rows as club.plan.swiss_rows gives them
    (pair numbers), for the archive's checks; a seat naming another session's pair is a
    problem."""
    rows = []
    for seat in seats:
        numbers = []
        for pair_id in (seat.pair_id, seat.opponents_id):
            pair = pairs.get(pair_id)
            if pair_id is not None and pair.session_id != session.pk:
                problems.add(where, _("Swiss seat %(id)s names pair %(pair)s of another "
                                      "session.") % {"id": seat.pk, "pair": pair_id})
            numbers.append(pair and pair.number)
        rows.append((seat.round, seat.table, numbers[0], numbers[1], seat.north_south))
    return rows


def rescored(session, rows, results):
    """How many of the session's results a rescore would change (nothing is changed)."""
    try:
        cache = {session.compensation_table_id: EngineTable.from_rows(rows)}
    except BridgeError:
        return len(results)  # the archive check has named the table
    changed = 0
    for result in results:
        again = copy.copy(result)
        try:
            score_result(again, table_cache=cache)
        except MissingHcp:
            pass
        changed += again.outcome != result.outcome
    return changed


