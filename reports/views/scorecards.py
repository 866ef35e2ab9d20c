"""A pair's scorecard: every board it played from its own side, with the running total."""

from django.db.models import Q
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from club.models import Result
from club.notation import signed
from club.plan import SessionPlan
from club.queries import public_standings
from reports.charts import running_total_svg
from reports.presenters import imps_cell, pair_names, scorecard_rows
from reports.views.common import get_session, url_prefix


@require_safe
def pair_scorecard(request, session_id, number):
    session = get_session(request, session_id)
    plan = SessionPlan.load(session)
    pairs = plan.pairs
    pair = next((p for p in pairs if p.number == number), None)
    if pair is None:
        raise Http404
    names = pair_names(pairs)
    results = list(Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair))
                   .select_related("board").order_by())
    for result in results:
        result.board.session = session
    # The pair's total, like its rows, counts only the boards the public may see.
    standings = public_standings(plan)
    in_play = {r.board.number for r in results if r.board.number not in standings.visible}
    rows, totals = scorecard_rows(
        session, pair, results, names, url_prefix("board-report", session.id),
        url_prefix("pair-scorecard", session.id),
        # Sit-outs from the movement: none for free seating, or for a setup the movement
        # cannot seat (the boards played only).
        plan.sit_out_rounds(number), in_play=in_play)
    standing = next(r for r in standings.rows if r.number == number)
    return render(request, "reports/pair_scorecard.html", {
        "session": session, "pair": pair, "label": session.pair_label(number),
        "players": names[pair.id][1], "rows": rows, "standing": standing,
        "total": imps_cell(standing.imps), "per_board": signed(standing.imps_per_board),
        "chart": running_total_svg(totals), "in_play": len(in_play),
    })
