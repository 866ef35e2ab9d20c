"""An individual event's entrants (players, not pairs) and the partnerships its movement
forms: entering and withdrawing a player, and keeping the partnerships (Pair rows marked
`partnership`, numbered by club.models.sessions.partnership_numbers) the ones the
movement gives the entrants, so that results, phones and reports work on them as on
pairs. Each partnership made or deleted is kept in the pairs' history."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext
from simple_history.utils import bulk_create_with_history

from club.models import IndividualEntry, Pair
from club.models.choices import INDIVIDUAL
from club.models.individual import MAX_INDIVIDUAL_PLAYERS
from club.models.sessions import partnership_numbers
from club.plan import SessionPlan
from club.queries import boards_with_results
from club.schedule import listing
from club.services.boards import sync_boards
from club.services.errors import Refused
from club.services.locks import lock_session
from club.services.players import hold_players


def entry_problems(session, entries, number, player):
    """{field or None: [messages]} against entering `player` (saved or new) as number
    `number`; `entries`: the session's entrants, with their players."""
    if session.movement != INDIVIDUAL:
        return {None: [gettext("Only an individual session has players entering on their "
                               "own; register pairs for this session.")]}
    if session.is_locked:
        return {None: [gettext("This session is %(status)s: reopen it before changing its "
                               "players.") % {"status": session.get_status_display()}]}
    played = boards_with_results(session)
    if played:
        return {None: [gettext("Results exist on boards %(boards)s, so players can no "
                               "longer enter or withdraw.") % {"boards": listing(played)}]}
    problems = {}
    if not 1 <= number <= MAX_INDIVIDUAL_PLAYERS:
        problems["number"] = [gettext("Players are numbered 1 to %(max)d; got %(number)d.")
                              % {"max": MAX_INDIVIDUAL_PLAYERS, "number": number}]
    holder = next((e for e in entries if e.number == number), None)
    if holder:
        taken = {e.number for e in entries}
        free = [str(n) for n in range(1, MAX_INDIVIDUAL_PLAYERS + 1) if n not in taken]
        problems["number"] = [gettext("Number %(number)d is taken by %(name)s; free numbers: "
                                      "%(free)s.") % {"number": number,
                                                      "name": holder.player.name,
                                                      "free": listing(free) or "—"}]
    other = next((e for e in entries if player.pk and e.player_id == player.pk), None)
    if other:
        problems["player"] = [gettext("%(name)s has already entered, as number %(number)d.")
                              % {"name": player.name, "number": other.number}]
    return problems


def enter_player(session_id, number, player):
    """Enter `player` (a Player; a new one, unsaved, is created on the way) in an
    individual session as number `number`, and form the movement's partnerships once the
    entrants fit it. Raises Refused naming the field at fault."""
    with transaction.atomic():
        hold_players([player.pk])
        session = lock_session(session_id)
        entries = list(session.individual_entries.select_related("player"))
        problems = entry_problems(session, entries, number, player)
        if problems:
            raise Refused(problems)
        if player.pk is None:
            player.full_clean()
            player.save()
        try:
            with transaction.atomic():
                entry = IndividualEntry.objects.create(session=session, number=number,
                                                       player=player)
        except IntegrityError:
            raise Refused(gettext("Another change to this session's players was saved "
                                  "meanwhile; check the players and try again.")) from None
        sync_partnerships(session)
    return entry


def withdraw_entry(entry_id):
    """Withdraw an entrant before any result exists; the partnerships follow. Returns the
    deleted entry."""
    with transaction.atomic():
        session_id = (IndividualEntry.objects.filter(pk=entry_id)
                      .values_list("session_id", flat=True).first())
        if session_id is None:
            raise Refused(gettext("This player has already withdrawn."))
        session = lock_session(session_id)
        entry = IndividualEntry.objects.select_related("player").get(pk=entry_id)
        problems = entry_problems(session, [], entry.number, entry.player)
        if problems:
            raise Refused(problems)
        entry.delete()
        sync_partnerships(session)
    return entry


def sync_partnerships(session):
    """Make the session's partnerships the ones its individual movement forms for its
    entrants (none for another movement, or while the entrants do not fit it), and its
    boards the ones it needs. Called under the session's lock by every service that
    changes the entrants or the setup. A partnership with results is never deleted: the
    services refuse the changes that would need it (and the database protects it)."""
    plan = SessionPlan.load(session)
    movement = plan.individual_movement
    player = {entry.number: entry.player_id for entry in plan.entries}
    wanted = {}
    for game in movement.games if movement else ():
        ns, ew = partnership_numbers(movement.tables, game.round, game.table)
        wanted[ns] = (player[game.north], player[game.south])
        wanted[ew] = (player[game.east], player[game.west])
    stale = [pair.pk for pair in plan.pairs if pair.partnership
             and (pair.player1_id, pair.player2_id) != wanted.get(pair.number)]
    Pair.objects.filter(pk__in=stale).delete()
    kept = {pair.number for pair in plan.pairs if pair.partnership and pair.pk not in stale}
    bulk_create_with_history(
        [Pair(session=session, number=number, player1_id=first, player2_id=second,
              partnership=True)
         for number, (first, second) in sorted(wanted.items()) if number not in kept],
        Pair, batch_size=500)
    sync_boards(session, plan)  # an individual's boards do not depend on its pairs
