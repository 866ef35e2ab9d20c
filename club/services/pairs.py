"""Registering, changing and withdrawing a session's pairs (with their history)."""

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from club.models import Pair, TeamMatch
from club.models.choices import INDIVIDUAL, TEAMS
from club.queries import boards_with_results
from club.schedule import listing
from club.services.boards import sync_boards
from club.services.errors import Refused
from club.services.locks import lock_session
from club.services.players import hold_players


def pair_problems(session, others, number, first, second, pair=None):
    """{field or None: [messages]} against registering (or, with `pair`, changing) a pair
    with this number and these players. `others`: the session's other pairs, loaded with
    their players; `first`/`second`: Players, saved or new (unsaved)."""
    problems = {}

    def add(field, message):
        problems.setdefault(field, []).append(message)

    if session.is_locked:
        add(None, gettext("This session is %(status)s: reopen it before changing its "
                          "pairs.") % {"status": session.get_status_display()})
        return problems
    if session.movement == INDIVIDUAL:
        add(None, gettext("In an individual players enter, not pairs: enter them on the "
                          "session's players page."))
        return problems
    if session.movement == TEAMS and pair is None:
        add(None, gettext("In a teams event the teams register on the session's Teams page; "
                          "each line-up makes its pairs."))
        return problems
    if number is not None:
        for message in _number_problems(session, others, number, pair):
            add("number", message)
        if pair is None or number != pair.number:
            played = boards_with_results(session)
            if played:
                add(None, gettext("Results exist on boards %(boards)s, so pairs can no "
                                  "longer be added or renumbered (players can still be "
                                  "changed).") % {"boards": listing(played)})
    if first is None or second is None:
        return problems
    if first.pk or second.pk:
        same = first.pk == second.pk
    else:  # two new players: the same name typed twice
        same = first.name.casefold() == second.name.casefold()
    if same:
        add("player2", gettext("A pair needs two different players; “%(name)s” is entered "
                               "twice.") % {"name": first.name})
        return problems
    for field, player in (("player1", first), ("player2", second)):
        other = next((p for p in others
                      if player.pk and player.pk in (p.player1_id, p.player2_id)), None)
        if other:
            add(field, gettext("%(name)s already plays in pair %(label)s.")
                % {"name": player.name, "label": other.label})
    return problems


def _number_problems(session, others, number, pair):
    seats = 2 * session.tables
    if pair is None and len(others) >= seats:
        return [ngettext("All %(seats)d seats are taken (%(tables)d table): add a table in "
                         "the session setup before registering another pair.",
                         "All %(seats)d seats are taken (%(tables)d tables): add a table in "
                         "the session setup before registering another pair.", session.tables)
                % {"seats": seats, "tables": session.tables}]
    if number > seats:
        if session.movement == session.Movement.MITCHELL:
            return [gettext("A Mitchell on %(tables)d tables has seats %(first)s to %(last)s; "
                            "got number %(number)d.") % {
                                "tables": session.tables, "number": number,
                                "first": session.pair_label(1),
                                "last": session.pair_label(seats)}]
        return [ngettext("Pair numbers run from 1 to %(max)d (%(tables)d table seats "
                         "%(max)d pairs); got %(number)d.",
                         "Pair numbers run from 1 to %(max)d (%(tables)d tables seat "
                         "%(max)d pairs); got %(number)d.", session.tables)
                % {"max": seats, "tables": session.tables, "number": number}]
    holder = next((p for p in others if p.number == number), None)
    if holder:
        taken = {p.number for p in others}
        free = [session.pair_label(n) for n in range(1, seats + 1) if n not in taken]
        return [gettext("Pair %(label)s is already registered (%(players)s); free numbers: "
                        "%(free)s.") % {"label": holder.label, "players": holder.players,
                                        "free": listing(free) or "—"}]
    return []


def _others(session, pair):
    return [p for p in session.pairs.select_related("player1", "player2")
            if pair is None or p.pk != pair.pk]


def save_pair(session_id, number, first, second, pair_id=None):
    """Register a pair (or change pair `pair_id`): its number and two players, new players
    (unsaved Player objects) created on the way. Raises Refused naming the fields at
    fault; the pairs are checked again under the session's lock, so two directors
    registering at once never take the same number or player."""
    with transaction.atomic():
        hold_players([first.pk, second.pk])  # not merged away before this pair commits
        session = lock_session(session_id)
        pair = None
        if pair_id is not None:
            pair = Pair.objects.filter(pk=pair_id, session=session).first()
            if pair is None:
                raise Refused(gettext("This pair is no longer registered."))
        problems = pair_problems(session, _others(session, pair), number, first, second,
                                 pair)
        if problems:
            raise Refused(problems)
        for player in (first, second):
            if player.pk is None:
                player.full_clean()
                player.save()
        pair = pair or Pair(session=session)
        pair.number, pair.player1, pair.player2 = number, first, second
        pair.session = session
        try:
            with transaction.atomic():
                pair.save()
        except IntegrityError:
            raise Refused(gettext("Another change to this session's pairs was saved "
                                  "meanwhile; check the pairs and try again.")) from None
        sync_boards(session)
    return pair


def withdrawal_refusal(session, pair):
    """Why this pair cannot be withdrawn, or "" when it can."""
    if session.is_locked:
        return gettext("This session is %(status)s: reopen it before changing its pairs.") % {
            "status": session.get_status_display()}
    if pair.partnership:
        return gettext("Pair %(label)s is a partnership the individual movement forms: "
                       "withdraw one of its players instead.") % {"label": pair.label}
    paired = pair.swiss_seats.order_by("round").values_list("round", flat=True).first()
    if paired:
        # The stored pairings never change (club.services.swiss).
        return gettext("Pair %(label)s is in the pairings of Swiss round %(round)d and "
                       "cannot be withdrawn.") % {"label": pair.label, "round": paired}
    seated = (TeamMatch.objects.filter(Q(open_ns=pair) | Q(open_ew=pair) | Q(closed_ns=pair)
                                       | Q(closed_ew=pair)).order_by("round")
              .values_list("round", flat=True).first())
    if seated:
        # A line-up's pair leaves it through club.services.teams.set_line_up.
        return gettext("Pair %(label)s is in a teams line-up of round %(round)d: change the "
                       "line-up on the Teams page instead.") % {"label": pair.label,
                                                                "round": seated}
    own = sorted({n for n in pair.ns_results.values_list("board__number", flat=True)}
                 | {n for n in pair.ew_results.values_list("board__number", flat=True)})
    if own:
        return gettext("Pair %(label)s has results on boards %(boards)s and cannot be "
                       "withdrawn.") % {"label": pair.label, "boards": listing(own)}
    played = boards_with_results(session)
    if played:
        return gettext("Results exist on boards %(boards)s, so the number of pairs can no "
                       "longer change.") % {"boards": listing(played)}
    return ""


def withdraw_pair(pair_id):
    """Withdraw a pair before play (its history stays); Refused when it has played or
    results exist. Returns the deleted pair."""
    with transaction.atomic():
        session_id = Pair.objects.filter(pk=pair_id).values_list("session_id",
                                                                 flat=True).first()
        if session_id is None:
            raise Refused(gettext("This pair is no longer registered."))
        session = lock_session(session_id)
        pair = Pair.objects.select_related("player1", "player2").get(pk=pair_id)
        pair.session = session
        refusal = withdrawal_refusal(session, pair)
        if refusal:
            raise Refused(refusal)
        pair.delete()
        sync_boards(session)
    return pair
