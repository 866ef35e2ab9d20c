"""The teams and individual evenings that bench_pages times and the query-budget tests
count (issue 20), built through the services as a director builds them: the session
created, its players entered or its teams registered with their line-ups, play started
and every result entered at the director's desk."""

from datetime import date

from club.models import TeamMatch
from club.plan import SessionPlan
from club.services.individual import enter_player
from club.services.players import save_player
from club.services.results import contract_values, enter_result
from club.services.sessions import change_status, create_session
from club.services.table_phones import issue_codes
from club.services.teams import save_team, set_line_up, start_swiss_teams_round
from scoring.engine import parse_result
from scoring.engine.individual import full_individual_rounds
from scoring.models import moscow_table

# The results entered in turn, so that the standings do not tie.
CONTRACTS = ["4S= N", "3NT-1 N", "2H+1 E", "1NT= S", "4H-2 W", "3C= N", "2S-1 S"]
EVENING = date(2026, 12, 3)


def enter(session, board_number, ns_pair_id, ew_pair_id, text, **values):
    """One result, entered as the director enters it (the board's HCP 20 if it has none)."""
    return enter_result(session.boards.get(number=board_number).pk, ns_pair_id=ns_pair_id,
                        ew_pair_id=ew_pair_id, board_hcp=20,
                        values={**contract_values(parse_result(text)), **values})


def build_individual(players, rounds=None, *, name="Individual evening", publish=True):
    """An individual of `players` players (`rounds` rounds, one board a round; None: the
    longest its movement has), its table codes issued, every table of every round played,
    then finished and published (`publish`; else still running)."""
    tables = players // 4
    session = create_session({
        "name": name, "date": EVENING, "movement": "individual", "tables": tables,
        "rounds": rounds or full_individual_rounds(players), "boards_per_round": 1,
        "compensation_table": moscow_table()})
    for number in range(1, players + 1):
        enter_player(session.pk, number, save_player({"name": f"{name} player {number}"}))
    change_status(session.pk, "start")
    session.refresh_from_db()
    issue_codes(session.pk)
    plan = SessionPlan.load(session)
    contracts = iter(CONTRACTS * len(plan.playing_seatings))
    for seating in plan.playing_seatings:
        for board in plan.boards_of(seating):
            enter(session, board, plan.by_number[seating.ns].pk,
                  plan.by_number[seating.ew].pk, next(contracts),
                  round=seating.round, table=seating.table)
    if publish:
        change_status(session.pk, "finish")
        change_status(session.pk, "publish")
        session.refresh_from_db()
    return session


def build_swiss_teams(teams, rounds, *, name="Teams evening"):
    """A running Swiss teams of `teams` teams of four (one board a round), every round
    played in both rooms but the last, played in the open rooms only (its board still
    hidden); each team sits its first two players in the open room, the others in the
    closed room."""
    session = create_session({
        "name": name, "date": EVENING, "movement": "teams", "tables": 2 * (teams // 2),
        "rounds": rounds, "boards_per_round": 1, "compensation_table": moscow_table()})
    for number in range(1, teams + 1):
        players = [save_player({"name": f"{name} team {number} player {seat}"})
                   for seat in range(1, 5)]
        save_team(session.pk, number=number, name=f"Team {number}", captain=players[0],
                  players=players)
    start_swiss_teams_round(session.pk)
    line_up(session, 1)
    change_status(session.pk, "start")
    session.refresh_from_db()
    issue_codes(session.pk)
    for round in range(1, rounds):
        play_round(session, round, "3NT= N" if round % 2 else "4S= N", "1NT= N")
        start_swiss_teams_round(session.pk)
    play_round(session, rounds, "2S= N", None)
    return session


def line_up(session, round):
    for match in round_matches(session, round):
        for side, team in (("home", match.home), ("away", match.away)):
            players = [m.player for m in team.members.order_by("player__name")]
            set_line_up(match.pk, side, players[:2], players[2:4])


def round_matches(session, round):
    return (TeamMatch.objects.filter(session=session, round=round, away__isnull=False)
            .select_related("home", "away"))


def play_round(session, round, open_text, closed_text):
    """The round's board in the open room of every match, and in the closed room unless
    `closed_text` is None."""
    for match in round_matches(session, round):
        enter(session, round, match.open_ns_id, match.open_ew_id, open_text)
        if closed_text is not None:
            enter(session, round, match.closed_ns_id, match.closed_ew_id, closed_text)
