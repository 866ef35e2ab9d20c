"""Restoring a backup of format 2 (club.io.backup): the club's stored rows, checked by the
reader, written back with their ids into an empty database, in one transaction."""

from django.contrib.auth.models import Group
from django.core.management.color import no_style
from django.db import DataError, IntegrityError, connection, transaction
from django.utils.translation import gettext

from club.services.errors import Refused
from scoring.models import CompensationRow, CompensationTable

BATCH = 1000


def club_rows(model):
    """The rows of `model` that are the club's own: all but the built-in compensation
    tables (and their rows), which migrations create."""
    rows = model._base_manager.all()
    if model is CompensationTable:
        return rows.filter(builtin=False)
    if model is CompensationRow:
        return rows.filter(table__builtin=False)
    return rows


def database_contents(models):
    """What the database holds of these models, as text ("" when none): built-in tables
    and groups (a backup finds those by name) are not counted."""
    counts = []
    for model in models:
        if model is Group:
            continue
        count = club_rows(model).count()
        if count:
            counts.append(f"{model._meta.verbose_name_plural}: {count}")
    return ", ".join(counts)


def refuse_if_not_empty(models):
    contents = database_contents(models)
    if contents:
        raise Refused(gettext(
            "The database is not empty (it has %(contents)s): a backup is restored only into "
            "an empty one, so that nothing is mixed or lost. Create a new database, run "
            "`python manage.py migrate` on it (and nothing else: the backup brings its users "
            "back) and restore there.") % {"contents": contents})


def insert_as_stored(model, objects):
    """Insert rows exactly as given, ids and timestamps included: bulk_create would stamp
    auto_now fields with the time of the restore, so the rows go through the insert that
    bulk_create and loaddata's raw save use, with `raw` set."""
    fields = model._meta.local_concrete_fields
    for start in range(0, len(objects), BATCH):
        model._base_manager._insert(objects[start:start + BATCH], fields=fields, raw=True)


def restore_rows(rows, groups, links):
    """Write a checked backup into an empty database, all or nothing.

    `rows`: [(model, [instances with their ids])], parents before children; `groups`:
    [(name, [permission ids])], found by name or created; `links`: [(through model, owner
    column, target column, [(owner id, target id or natural key)])] for the many-to-many
    fields. The site's built-in compensation tables are replaced by the backup's (the
    reader checked that they hold the same values), so that every id comes back.
    Raises Refused when the database is not empty or refuses a row; nothing is written
    then."""
    models = [model for model, _objects in rows]
    try:
        with transaction.atomic():
            refuse_if_not_empty(models)
            builtin = [o.name for model, objects in rows if model is CompensationTable
                       for o in objects if o.builtin]
            CompensationRow.objects.filter(table__builtin=True, table__name__in=builtin).delete()
            CompensationTable.objects.filter(builtin=True, name__in=builtin).delete()
            for name, permissions in groups:
                group, _created = Group.objects.get_or_create(name=name)
                group.permissions.set(permissions)
            for model, objects in rows:
                insert_as_stored(model, objects)
            for through, owner, target, pairs in links:
                target_model = through._meta.get_field(target).related_model
                through.objects.bulk_create(
                    [through(**{f"{owner}_id": owner_id,
                                f"{target}_id": natural_id(target_model, key)})
                     for owner_id, key in pairs], batch_size=BATCH)
            # Rows inserted with their ids leave PostgreSQL's sequences behind them.
            with connection.cursor() as cursor:
                for statement in connection.ops.sequence_reset_sql(no_style(), models):
                    cursor.execute(statement)
            # Foreign keys are checked at commit; check them now, inside this transaction.
            connection.check_constraints(table_names=[m._meta.db_table for m in models])
    except (IntegrityError, DataError) as err:  # a constraint, a value out of a column's range
        raise Refused(gettext("Nothing was restored: the database refused a row (%(problem)s).")
                      % {"problem": str(err).strip()}) from None


def natural_id(model, key):
    """The id of a row named by id or by natural key (a group's name)."""
    if isinstance(key, (list, tuple)):
        return model._default_manager.get_by_natural_key(*key).pk
    return key
