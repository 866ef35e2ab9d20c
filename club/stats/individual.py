"""An individual session's standings by player (scoring.engine.individual_standings): each
result's NS IMPs to the two players of its NS partnership, the EW IMPs to the EW players
(the partnerships are Pair rows: player1 North or East, player2 South or West, as the
movement seats them). Computed from the stored results when asked; nothing here writes."""

from club.stats.swiss import result_figures
from scoring.engine.individual import individual_standings


def player_standings(plan, results=None, visible=None):
    """The standings by player of the individual session of `plan` (club.plan.SessionPlan,
    with its entrants): engine StandingRows whose `number` is the player's number.
    `results`: result_figures rows (loaded when None: one query); `visible`: the board
    numbers the viewer may see (club.visibility), None for all."""
    if results is None:
        results = result_figures(plan.session)
    players = [(entry.player_id, entry.number, entry.player.name) for entry in plan.entries]
    lines = []
    for board, ns_id, ew_id, ns_imps, ew_imps in results:
        if visible is not None and board not in visible:
            continue
        ns, ew = plan.by_id[ns_id], plan.by_id[ew_id]
        lines.append((ns.player1_id, ns.player2_id, ew.player1_id, ew.player2_id, ns_imps,
                      ew_imps))
    return individual_standings(players, lines)
