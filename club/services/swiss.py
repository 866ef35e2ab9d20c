"""Swiss pairs: the director starts each round, and its pairings, tables and directions
are stored at once (club.models.SwissSeat), so they never change afterwards; the table
codes were issued when play started (club.services.sessions.change_status)."""

from django.db import transaction
from django.utils.translation import gettext, ngettext

from club.models import Session, SwissSeat
from club.models.choices import SWISS
from club.plan import SessionPlan
from club.schedule import listing
from club.services.errors import Refused
from club.services.locks import lock_session
from club.stats.swiss import swiss_standings
from scoring.engine.swiss import first_round, next_round


def start_swiss_round(session_id, *, seeded=True, rng=None):
    """Pair the next round of a running Swiss pairs session and store it; returns its
    number. Round 1: seeded by pair number (pair 1 the strongest: 1 v n/2+1, 2 v n/2+2
    ...) or, with `seeded` False, drawn at random (`rng`). Later rounds: only once every
    table of the last round has a result on each of its boards, by the standings (VPs, then
    IMPs), never against a pair met before. The best-placed pair of each match sits NS;
    the top match plays at table 1. Raises Refused when the round cannot start now."""
    with transaction.atomic():
        session = lock_session(session_id)
        if session.movement != SWISS:
            raise Refused(gettext("Only a Swiss pairs session has rounds to start."))
        if session.status != Session.Status.RUNNING:
            raise Refused(gettext("Start play first: rounds are started while the session "
                                  "is running; it is %(status)s.")
                          % {"status": session.get_status_display()})
        plan = SessionPlan.load(session)
        problems = plan.setup_problems
        if problems:
            raise Refused(problems)
        started = plan.swiss_rounds_started
        check_rounds_left(session, started)
        if started == 0:
            pairings, bye = first_round(plan.numbers, seeded=seeded, rng=rng)
        else:
            standings = swiss_standings(plan)
            waiting = [match.table for match in standings.rounds[started]
                       if not match.complete]
            if waiting:
                raise Refused(gettext(
                    "Round %(round)d is not complete: tables %(tables)s still have boards "
                    "without a result. Start the next round when every table has "
                    "finished.") % {"round": started, "tables": listing(waiting)})
            met = {frozenset((s.ns, s.ew)) for s in plan.swiss_seatings}
            order = [row.number for row in standings.rows]
            # The standings' order, ties already broken, is the order pairs are paired in.
            scores = {number: len(order) - index for index, number in enumerate(order)}
            pairings, bye = next_round(scores, met, set(plan.swiss_byes.values()))
            if any(frozenset(pairing) in met for pairing in pairings):
                raise Refused(gettext(
                    "The pairs cannot all meet new opponents in round %(round)d: the "
                    "session has more rounds than this field can play without a rematch. "
                    "Finish the session here, or reduce its rounds.")
                    % {"round": started + 1})
        _store_round(session, plan, started + 1, pairings, bye)
    return started + 1


def check_rounds_left(session, started):
    """Refused when the `started` rounds are all the session has (Swiss pairs and teams)."""
    if started >= session.rounds:
        raise Refused(ngettext("The session's %(rounds)d round has been started.",
                               "All %(rounds)d rounds have been started.",
                               session.rounds) % {"rounds": session.rounds})


def _store_round(session, plan, round, pairings, bye):
    """One SwissSeat for each pair of the round: the database refuses a pair twice in a
    round and two pairs meeting again."""
    pair_of = plan.by_number
    seats = []
    for table, (ns, ew) in enumerate(pairings, start=1):
        for pair, opponents, north_south in ((ns, ew, True), (ew, ns, False)):
            seats.append(SwissSeat(session=session, round=round, pair=pair_of[pair],
                                   opponents=pair_of[opponents], table=table,
                                   north_south=north_south))
    if bye is not None:
        seats.append(SwissSeat(session=session, round=round, pair=pair_of[bye]))
    SwissSeat.objects.bulk_create(seats)
