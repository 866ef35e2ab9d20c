"""The record of what happened, as the director's pages show it: a result's history (each
version compared with the one before), a session's status changes, and a result summed up
in one line."""

from django.utils.translation import gettext

from club.models import ASSIGNED_FIELDS, CONTRACT_FIELDS, OUTCOME_FIELDS, Result, TableEntry
from club.notation import assigned_display, signed, table_result_display
from scoring.engine import Adjustment

# The table result: its contract, or the board was not played (then shown as "A+/A-").
TABLE_RESULT_FIELDS = [*CONTRACT_FIELDS, "not_played"]
HISTORY_FIELDS = ["ns_pair", "ew_pair", "round", "table", *TABLE_RESULT_FIELDS, "ns_hcp",
                  "ns_adjustment", "ew_adjustment", *ASSIGNED_FIELDS]
# The computed outcome (OUTCOME_FIELDS) is not editable, so diff_against leaves it out: it
# is compared field by field below.


def adjustment_label(value):
    """"Average plus (+3 IMPs)" in the active language."""
    return gettext(Adjustment(value).label)


def result_summary(result, display=False):
    """"4S= N", with the ruling when there is one: "4S= N (assigned 4S-1 N; NS Average
    plus (+3 IMPs))"; a board not played: "A+/A- (not played: NS Average plus ...; EW
    ...)". In the shorthand as typed (messages, history), or with `display` as pages show
    results ("4♠−1 N", "Pass")."""
    text = table_result_display(result) if display else result.text
    parts = []
    if result.assigned:
        parts.append(gettext("assigned %(result)s") % {
            "result": assigned_display(result) if display else result.assigned_text})
    sides = []
    if result.ns_adjustment:
        sides.append(gettext("NS %(adjustment)s") % {
            "adjustment": adjustment_label(result.ns_adjustment)})
    if result.ew_adjustment:
        sides.append(gettext("EW %(adjustment)s") % {
            "adjustment": adjustment_label(result.ew_adjustment)})
    if result.not_played:
        parts.append(gettext("not played: %(scores)s") % {"scores": "; ".join(sides)})
    else:
        parts += sides
    return f"{text} ({'; '.join(parts)})" if parts else text


def stale_message(current):
    """What a director is told when someone else changed (or deleted) the result first."""
    if current is None:
        return gettext("Not saved: someone deleted this result meanwhile. Save again to enter "
                       "it anew.")
    return gettext("Not saved: someone changed this result since you loaded it; it is now "
                   "%(current)s%(hcp)s. Check it, then save again to replace it with what "
                   "you typed.") % {"current": result_summary(current),
                                    "hcp": "" if current.ns_hcp is None else gettext(
                                        ", NS HCP %(hcp)s") % {"hcp": current.ns_hcp}}


def result_history(result_id):
    """The result's history records, oldest first, each with `who` made it (who_changed):
    two queries."""
    records = list(Result.history.filter(id=result_id).select_related("history_user")
                   .order_by("history_date", "history_id"))
    phone_entry = (TableEntry.objects.filter(result_id=result_id,
                                             status=TableEntry.Status.ACCEPTED).first())
    for record in records:
        record.who = who_changed(record, phone_entry)
    return records


def who_changed(record, phone_entry=None):
    """Who made a history record: the director's (or admin's) user name; for a result
    entered on the players' phones, the table and round where it was entered and
    accepted; else "unknown"."""
    if record.history_user is not None:
        return record.history_user.get_username()
    if record.history_type == "+" and phone_entry is not None:
        return gettext("Table %(table)s, round %(round)s: entered on the table's phone, "
                       "accepted by East-West") % {"table": phone_entry.table,
                                                   "round": phone_entry.round}
    return gettext("unknown")


def history_entries(records, sheet):
    """[{record, changes: [(label, old, new)], text}], newest first, each record compared
    with the one before it (`diff_against`); the contract's fields are shown as one
    result ("4S= N -> 4S-1 N")."""
    entries = []
    previous = None
    for record in records:  # oldest first
        changes = []
        if previous is not None:
            changes = _changes(previous, record, sheet)
        entries.append({"record": record, "changes": changes,
                        "text": result_summary(record.instance)})
        previous = record
    entries.reverse()
    return entries


def _changes(previous, record, sheet):
    delta = record.diff_against(previous, included_fields=HISTORY_FIELDS)
    changed = set(delta.changed_fields)
    old, new = previous.instance, record.instance
    changes = []
    # A board not played is written with its adjusted scores ("A+/A-").
    table_result = set(TABLE_RESULT_FIELDS)
    if old.not_played or new.not_played:
        table_result |= {"ns_adjustment", "ew_adjustment"}
    if changed & table_result:
        changes.append((gettext("Table result"), old.text, new.text))
    if changed & set(ASSIGNED_FIELDS):
        changes.append((gettext("Assigned result"), old.assigned_text or "—",
                        new.assigned_text or "—"))
    shown = table_result if old.not_played and new.not_played else set(TABLE_RESULT_FIELDS)
    for change in delta.changes:
        if change.field in shown or change.field in ASSIGNED_FIELDS:
            continue
        changes.append((str(Result._meta.get_field(change.field).verbose_name),
                        history_value(change.field, change.old, sheet),
                        history_value(change.field, change.new, sheet)))
    for name in OUTCOME_FIELDS:
        if getattr(previous, name) != getattr(record, name):
            changes.append((str(Result._meta.get_field(name).verbose_name),
                            signed(getattr(previous, name)), signed(getattr(record, name))))
    return changes


def history_value(name, value, sheet):
    if value is None or value == "":
        return "—"
    if name in ("ns_pair", "ew_pair"):
        pair = sheet.pairs_by_id.get(value)
        return sheet.label(pair.number) if pair else str(value)
    if name in ("ns_adjustment", "ew_adjustment"):
        return adjustment_label(value)
    return str(value)


def status_changes(session):
    """[{record, old, new}] for each change of the session's status, newest first."""
    records = list(session.history.select_related("history_user")
                   .order_by("history_date", "history_id"))
    changes, previous = [], None
    for record in records:
        if previous is None or record.status != previous.status:
            changes.append({"record": record,
                            "old": previous.get_status_display() if previous else "",
                            "new": record.get_status_display()})
        previous = record
    changes.reverse()
    return changes
