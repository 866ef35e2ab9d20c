"""The club's compensation tables: copying one, changing a club table's values.

A table whose values scored stored results is frozen: changing it would leave those results
scored with the old values (or silently change published results). Such a change is
refused with a message naming the sessions; the club copies the table, edits the copy and
chooses it for the sessions that should use it, and that choice rescores them with history
(docs/architecture.md, "Compensation tables")."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from club.models import Session
from club.notation import bridge_message
from club.queries import normalize_name
from club.schedule import listing
from club.services.errors import Refused
from scoring.engine import BridgeError
from scoring.engine import CompensationTable as EngineTable
from scoring.models import CompensationRow, CompensationTable


def scored_sessions(table):
    """The sessions with results that this table scored, newest first."""
    return list(Session.objects.filter(compensation_table=table, boards__results__isnull=False)
                .distinct().order_by("-date", "-id"))


def change_refusal(table):
    """Why this table's values cannot change, or "" when they can."""
    if table.builtin:
        return gettext("The built-in table “%(name)s” cannot be changed; copy it to make "
                       "your own.") % {"name": table.name}
    sessions = scored_sessions(table)
    if sessions:
        return gettext(
            "The table “%(name)s” scored the results of %(sessions)s; changing it would "
            "leave them scored with the old values. Copy the table, change the copy and "
            "choose it for the sessions that should use it (they are rescored then).") % {
                "name": table.name, "sessions": listing(str(s) for s in sessions)}
    return ""


def unique_copy_name(name):
    """"Moscow (copy)", or "Moscow (copy 2)", ... when taken."""
    candidate = gettext("%(name)s (copy)") % {"name": name}
    suffix = 2
    while CompensationTable.objects.filter(name=candidate).exists():
        candidate = gettext("%(name)s (copy %(n)s)") % {"name": name, "n": suffix}
        suffix += 1
    return candidate


def copy_table(table_id, name=None):
    """A new, editable club table with the rows of table `table_id`, named `name` (else
    "... (copy)"). IntegrityError when the name is taken; nothing is written then."""
    with transaction.atomic():
        source = CompensationTable.objects.prefetch_related("rows").get(pk=table_id)
        table = CompensationTable.objects.create(name=name or unique_copy_name(source.name))
        _add_rows(table, source.row_tuples())
    return table


def check_rows(rows):
    """The engine's validated table for (hcp, not vulnerable, vulnerable) rows; Refused
    with the engine's message, translated, when they do not make a table."""
    try:
        return EngineTable.from_rows(rows)
    except BridgeError as err:
        raise Refused(bridge_message(err)) from None


def _add_rows(table, rows):
    CompensationRow.objects.bulk_create(
        CompensationRow(table=table, hcp=h, not_vul=n, vul=v) for h, n, v in rows)


def replace_rows(table_id, rows):
    """Give a club table new values (all 20 rows, 21 to 40 HCP). Refused for the built-in
    table and for a table that scored stored results."""
    check_rows(rows)
    with transaction.atomic():
        table = CompensationTable.objects.select_for_update().get(pk=table_id)
        refusal = change_refusal(table)
        if refusal:
            raise Refused(refusal)
        table.rows.all().delete()
        _add_rows(table, rows)
    return table


def table_for_import(name, rows):
    """The table an imported session names: the existing table of that name when its rows
    agree, else a new club table. Refused when the name is taken by other values."""
    existing = CompensationTable.objects.filter(name=name).prefetch_related("rows").first()
    if existing is not None:
        if existing.row_tuples() != sorted(rows):
            raise Refused(gettext("this site already has a table named “%(name)s” with other "
                                  "values; rename one of them and import again.")
                          % {"name": name})
        return existing
    check_rows(rows)
    try:
        with transaction.atomic():
            table = CompensationTable.objects.create(name=name)
    except IntegrityError:
        # Another import created a table of that name since the look above.
        raise Refused(gettext("A compensation table named “%(name)s” was added meanwhile; "
                              "import the file again.") % {"name": name}) from None
    _add_rows(table, rows)
    return table


def create_table(name, rows):
    """A new club table named `name` with these (hcp, not vulnerable, vulnerable) rows, e.g.
    a calibration's proposal: directors then choose it for the sessions that should use
    it. Refused when the rows do not make a table or the name is taken. Returns it."""
    name = normalize_name(name)
    max_length = CompensationTable._meta.get_field("name").max_length
    if not name or len(name) > max_length:
        raise Refused({"name": [gettext("Give the table a name of at most %(max)s "
                                        "characters.") % {"max": max_length}]})
    rows = sorted(rows)
    check_rows(rows)
    taken = Refused({"name": [gettext("A compensation table named “%(name)s” already exists; "
                                      "choose another name.") % {"name": name}]})
    with transaction.atomic():
        if CompensationTable.objects.filter(name=name).exists():
            raise taken
        try:
            with transaction.atomic():
                table = CompensationTable.objects.create(name=name)
        except IntegrityError:
            raise taken from None  # created by someone else since the look above
        _add_rows(table, rows)
    return table
