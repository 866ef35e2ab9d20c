"""A pair's guide card: its whole evening from the movement (club.plan.SessionPlan),
round by round: the table, the direction it sits, its opponents and the boards, with the
round it is in now ("you are here") while play is on. Board numbers are no secret: the
card shows no result, so the hidden-board rule has nothing to hide here."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from club.plan import SessionPlan
from club.schedule import board_range
from club.visibility import is_partial, pair_round, played_pairs
from reports.views.common import get_session


def guide_rows(plan, number, current):
    """One row a round for pair `number` (its seatings), `current` the round it is in."""
    session, by_number = plan.session, plan.by_number
    rows = []
    for seating in plan.seatings_of_pair(number):
        row = {"round": seating.round, "table": seating.table,
               "sit_out": seating.is_sit_out, "here": seating.round == current,
               "done": current is not None and seating.round < current}
        if not seating.is_sit_out:
            opponent = seating.ew if seating.ns == number else seating.ns
            pair = by_number.get(opponent)
            row.update(
                ns=seating.ns == number, switched=seating.switched,
                relay=seating.table in plan.relay_tables,
                opponent=opponent, opponent_label=session.pair_label(opponent),
                opponent_players=pair.players if pair else "",
                boards=board_range(seating.board_set, session.boards_per_round))
        rows.append(row)
    return rows


@require_safe
def pair_guide(request, session_id, number):
    session = get_session(request, session_id)
    plan = SessionPlan.load(session)
    pair = plan.by_number.get(number)
    if pair is None:
        raise Http404
    current = pair_round(plan, number, played_pairs(session)) if is_partial(session) else None
    return render(request, "reports/pair_guide.html", {
        "session": session, "pair": pair, "label": session.pair_label(number),
        "rows": guide_rows(plan, number, current), "current": current,
        "schedule_error": plan.schedule_error, "free": plan.free,
    })
