"""Seasons and events: creating and changing them, and the IMPs an entry carries into an
event. Each change locks the row it changes; a refusal names the field at fault. The
figures themselves are read from the results (club.stats), never stored here."""

from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from club.models import CarryOver, Event, Season, Session
from club.queries import normalize_name
from club.services.errors import Refused
from club.services.locks import locked_row
from club.services.players import hold_players

SEASON_FIELDS = ("name", "start", "end", "min_sessions", "best_of")
EVENT_FIELDS = ("name", "scoring", "season")
MAX_CARRY = Decimal("99999.99")


def _sessions(session_ids):
    """The sessions of these ids; Refused when one is gone."""
    ids = set(session_ids)
    sessions = list(Session.objects.filter(pk__in=ids))
    if len(sessions) != len(ids):
        raise Refused({"sessions": [gettext("A chosen session no longer exists; choose "
                                            "again.")]})
    return sessions


def season_problems(fields, session_ids):
    """{field or None: [messages]} against a season with these fields and sessions."""
    problems = {}
    start, end = fields.get("start"), fields.get("end")
    if not normalize_name(fields.get("name")):
        problems["name"] = [gettext("Give the season a name.")]
    if (start is None) != (end is None):
        problems["end" if end is None else "start"] = [gettext(
            "A period needs both its first and its last day.")]
    elif start is not None and start > end:
        problems["end"] = [gettext("The last day comes before the first (%(start)s).")
                           % {"start": start}]
    elif start is not None and session_ids:
        problems["sessions"] = [gettext("Give either a period or a list of sessions, not "
                                        "both.")]
    elif start is None and not session_ids:
        problems[None] = [gettext("Give the season a period (first and last day) or choose "
                                  "its sessions.")]
    best_of, minimum = fields.get("best_of"), fields.get("min_sessions")
    if minimum is None or minimum < 1:
        problems["min_sessions"] = [gettext("A player needs at least 1 session to qualify.")]
    if best_of is not None and best_of < 1:
        problems["best_of"] = [gettext("Count at least 1 evening, or leave it empty to "
                                       "count them all.")]
    return problems


def save_season(fields, session_ids=(), season_id=None):
    """Create a season, or change season `season_id`: a period (first and last day) or,
    without one, an explicit list of sessions; the minimum sessions to qualify and the
    best N evenings counted (None: all). Returns the season."""
    unknown = set(fields) - set(SEASON_FIELDS)
    assert not unknown, f"not season fields: {unknown}"
    fields = {**fields, "name": normalize_name(fields.get("name"))}
    problems = season_problems(fields, session_ids)
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        season = (Season() if season_id is None else
                  locked_row(Season, season_id, gettext("This season no longer exists.")))
        _save(season, fields, _sessions(session_ids))
    return season


def delete_season(season_id):
    """Delete a season (its events stay, without a season). Returns the deleted season."""
    with transaction.atomic():
        season = locked_row(Season, season_id, gettext("This season no longer exists."))
        season.delete()
    return season


def save_event(fields, session_ids, event_id=None):
    """Create an event, or change event `event_id`: its name, how it is scored (by pair
    or by player), its optional season and its sessions. Changing how it is scored is
    refused while carry-overs of the other kind exist. Returns the event."""
    unknown = set(fields) - set(EVENT_FIELDS)
    assert not unknown, f"not event fields: {unknown}"
    fields = {**fields, "name": normalize_name(fields.get("name"))}
    problems = {}
    if not fields["name"]:
        problems["name"] = [gettext("Give the event a name.")]
    if not session_ids:
        problems["sessions"] = [gettext("Choose the sessions of the event.")]
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        event = (Event() if event_id is None else
                 locked_row(Event, event_id, gettext("This event no longer exists.")))
        sessions = _sessions(session_ids)
        scoring = fields.get("scoring", event.scoring)
        if event.pk and scoring != event.scoring and event.carry_overs.exists():
            raise Refused({"scoring": [gettext(
                "This event has carry-overs for each %(kind)s: delete them before changing "
                "how it is scored.") % {"kind": gettext("pair") if event.by_pair
                                        else gettext("player")}]})
        _save(event, fields, sessions)
    return event


def _save(row, fields, sessions):
    """Set the fields of a season or event, check and save it, with its sessions."""
    for name, value in fields.items():
        setattr(row, name, value)
    row.full_clean()
    row.save()
    row.sessions.set(sessions)


def delete_event(event_id):
    """Delete an event with its carry-overs. Returns the deleted event."""
    with transaction.atomic():
        event = locked_row(Event, event_id, gettext("This event no longer exists."))
        event.delete()
    return event


def _carry_amount(imps):
    try:
        amount = Decimal(imps)
    except (InvalidOperation, TypeError, ValueError):
        amount = None
    if amount is None or not amount.is_finite() or abs(amount) > MAX_CARRY:
        raise Refused({"imps": [gettext("Give the IMPs carried in as a number between "
                                        "−%(max)s and %(max)s.") % {"max": MAX_CARRY}]})
    if amount != amount.quantize(Decimal("0.01")):
        raise Refused({"imps": [gettext("IMPs carried in have at most two decimals.")]})
    return amount


def set_carry_over(event_id, player_id, partner_id, imps):
    """Set the IMPs a player (event scored by player) or a partnership (by pair: both
    players) carries into an event, replacing what it carried before. Returns the row."""
    amount = _carry_amount(imps)
    with transaction.atomic():
        event = locked_row(Event, event_id, gettext("This event no longer exists."))
        if event.by_pair and partner_id is None:
            raise Refused({"partner": [gettext("This event is scored by pair: give the "
                                               "partner too.")]})
        if not event.by_pair and partner_id is not None:
            raise Refused({"partner": [gettext("This event is scored by player: leave the "
                                               "partner empty.")]})
        if partner_id == player_id:
            raise Refused({"partner": [gettext("A pair needs two different players.")]})
        ids = sorted(pid for pid in (player_id, partner_id) if pid is not None)
        hold_players(ids)  # not merged away before this row commits
        first, second = ids[0], ids[1] if len(ids) > 1 else None
        row = CarryOver.objects.filter(event=event, player_id=first,
                                       partner_id=second).first()
        row = row or CarryOver(event=event, player_id=first, partner_id=second)
        row.imps = amount
        try:
            with transaction.atomic():
                row.save()
        except IntegrityError:
            raise Refused(gettext("Someone set this carry-over meanwhile; check it and try "
                                  "again.")) from None
    return row


def delete_carry_over(event_id, row_id):
    """Remove a carry-over row of an event."""
    with transaction.atomic():
        event = locked_row(Event, event_id, gettext("This event no longer exists."))
        deleted, _by_model = CarryOver.objects.filter(event=event, pk=row_id).delete()
        if not deleted:
            raise Refused(gettext("This carry-over was already removed."))
