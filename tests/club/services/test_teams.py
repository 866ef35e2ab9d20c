"""Teams events (issue 20): teams and members registered through club.services.teams, the
round robin stored as matches, line-ups as ordinary pairs whose rooms become the session's
seatings, the hidden-board rule over both rooms of every match, and the match scores and
standings of club.stats.teams checked against IMPs and VPs worked out here."""

import random
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from club.models import Pair, Result, Team, TeamMatch, TeamMember
from club.plan import SessionPlan
from club.services.errors import Refused
from club.services.results import contract_values, enter_result
from club.services.sessions import change_status, create_session
from club.services.teams import (
    delete_team,
    make_round_robin,
    save_team,
    set_line_up,
    start_swiss_teams_round,
)
from club.stats.teams import teams_standings
from club.visibility import public_boards
from scoring.engine import parse_result
from scoring.engine.adjustments import parse_adjusted
from tests.factories import make_player, moscow_table
from tests.wbf import imps, wbf_vps

pytestmark = pytest.mark.django_db


def teams_session(teams=4, rounds=3, boards=2, tables=4):
    return create_session({
        "name": "Teams night", "date": "2026-12-03", "movement": "teams", "tables": tables,
        "rounds": rounds, "boards_per_round": boards, "compensation_table": moscow_table()})


def register(session, count=4, size=4):
    """`count` teams of `size` new players, team n called "Team n", captain its first."""
    teams = []
    for number in range(1, count + 1):
        players = [make_player(f"T{number} player {i}") for i in range(1, size + 1)]
        teams.append(save_team(session.pk, number=number, name=f"Team {number}",
                               captain=players[0], players=players))
    return teams


def members(team):
    return [m.player for m in team.members.order_by("player__name")]


def line_up_all(session):
    """Every team sits players 1-2 in its open-room seat and 3-4 in its closed-room one."""
    for match in TeamMatch.objects.filter(session=session, away__isnull=False):
        for side, team in (("home", match.home), ("away", match.away)):
            p = members(team)
            set_line_up(match.pk, side, (p[0], p[1]), (p[2], p[3]))


def started(teams=4, rounds=3, boards=2):
    session = teams_session(teams, rounds, boards, tables=2 * (teams // 2))
    register(session, teams)
    make_round_robin(session.pk)
    line_up_all(session)
    change_status(session.pk, "start")
    session.refresh_from_db()
    return session


def enter(session, board, ns, ew, text, hcp=20):
    return enter_result(session.boards.get(number=board).pk, ns_pair_id=ns.pk,
                        ew_pair_id=ew.pk, values=contract_values(parse_result(text)),
                        board_hcp=hcp)


# --- teams and members ------------------------------------------------------------------------

def test_a_team_is_registered_with_its_members_and_captain():
    session = teams_session()
    [team] = register(session, 1, size=5)
    assert team.captain.name == "T1 player 1"
    assert [p.name for p in members(team)] == [f"T1 player {i}" for i in range(1, 6)]


@pytest.mark.parametrize("size", [3, 7])
def test_a_team_has_four_to_six_players(size):
    session = teams_session()
    players = [make_player() for _ in range(size)]
    with pytest.raises(Refused, match="4 to 6 players"):
        save_team(session.pk, number=1, name="A", captain=players[0], players=players)
    assert not Team.objects.exists()


def test_a_player_plays_in_one_team_of_a_session():
    session = teams_session()
    [first] = register(session, 1)
    players = [members(first)[0]] + [make_player() for _ in range(3)]
    with pytest.raises(Refused, match="already plays in team Team 1"):
        save_team(session.pk, number=2, name="B", captain=players[1], players=players)
    # The database refuses it too.
    second = Team.objects.create(session=session, number=2, name="B", captain=players[1])
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMember.objects.create(session=session, team=second, player=players[0])


def test_the_captain_is_one_of_the_players_and_names_and_numbers_are_unique():
    session = teams_session()
    register(session, 1)
    players = [make_player() for _ in range(4)]
    with pytest.raises(Refused, match="is not one of the team's players"):
        save_team(session.pk, number=2, name="B", captain=make_player(), players=players)
    with pytest.raises(Refused, match="already called “Team 1”"):
        save_team(session.pk, number=1, name="B", captain=players[0], players=players)
    with pytest.raises(Refused, match="already called “Team 1”"):
        save_team(session.pk, number=2, name="Team 1", captain=players[0], players=players)


def test_a_team_changes_and_goes_only_before_the_schedule():
    session = teams_session()
    teams = register(session, 4)
    extra = make_player("Fifth")
    save_team(session.pk, number=1, name="Renamed", captain=extra,
              players=[*members(teams[0]), extra], team_id=teams[0].pk)
    assert Team.objects.get(pk=teams[0].pk).name == "Renamed"
    assert teams[0].members.count() == 5
    delete_team(teams[3].pk)
    save_team(session.pk, number=4, name="Team 4", captain=extra.__class__.objects.create(
        name="New"), players=[make_player() for _ in range(3)] + [
        extra.__class__.objects.get(name="New")])
    make_round_robin(session.pk)
    with pytest.raises(Refused, match="schedule of matches is made"):
        delete_team(teams[0].pk)
    with pytest.raises(Refused, match="schedule of matches is made"):
        save_team(session.pk, number=9, name="Late", captain=extra, players=[extra])


def test_only_a_teams_session_has_teams():
    session = create_session({
        "name": "Pairs", "date": "2026-12-03", "movement": "howell", "tables": 2,
        "rounds": 3, "boards_per_round": 2, "compensation_table": moscow_table()})
    players = [make_player() for _ in range(4)]
    with pytest.raises(Refused, match="Only a teams session"):
        save_team(session.pk, number=1, name="A", captain=players[0], players=players)


# --- the round robin --------------------------------------------------------------------------

def test_the_round_robin_is_stored_and_play_waits_for_it():
    session = teams_session()
    register(session, 4)
    with pytest.raises(Refused, match="schedule is made"):
        change_status(session.pk, "start")
    assert make_round_robin(session.pk) == 6
    stored = [(m.round, m.number, m.home.number, m.away.number)
              for m in TeamMatch.objects.filter(session=session)]
    # The engine's circle method: 1 v 4, 2 v 3; 4 v 2, 3 v 1; 3 v 4, 1 v 2.
    assert stored == [(1, 1, 1, 4), (1, 2, 2, 3), (2, 1, 4, 2), (2, 2, 3, 1),
                      (3, 1, 3, 4), (3, 2, 1, 2)]
    with pytest.raises(Refused, match="schedule of matches is made"):
        make_round_robin(session.pk)


def test_an_odd_number_of_teams_has_a_bye_each_round():
    session = teams_session(rounds=5, tables=4)
    register(session, 5)
    make_round_robin(session.pk)
    byes = list(TeamMatch.objects.filter(session=session, away__isnull=True)
                .values_list("round", "home__number"))
    assert len(byes) == 5 and {team for _round, team in byes} == {1, 2, 3, 4, 5}
    # Seating every team in round 1 carries to its later matches, never to its bye.
    line_up_all(session)
    assert not TeamMatch.objects.filter(session=session, away__isnull=True,
                                        open_ns__isnull=False).exists()
    assert not TeamMatch.objects.filter(session=session, away__isnull=False,
                                        open_ns__isnull=True).exists()


def test_the_round_robin_refuses_too_many_rounds_too_few_tables_or_teams():
    session = teams_session(rounds=4)
    register(session, 4)
    with pytest.raises(Refused, match="has 3 rounds; the session has 4"):
        make_round_robin(session.pk)
    session = teams_session(rounds=3, tables=2)
    register(session, 4)
    with pytest.raises(Refused, match="4 teams play on 4 tables"):
        make_round_robin(session.pk)
    session = teams_session()
    register(session, 2)
    with pytest.raises(Refused, match="needs 3 to 40 teams; 2 teams"):
        make_round_robin(session.pk)
    assert not TeamMatch.objects.exists()


def test_the_database_refuses_a_team_twice_in_a_round():
    session = teams_session()
    teams = register(session, 4)
    TeamMatch.objects.create(session=session, round=1, number=1, home=teams[0], away=teams[1])
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMatch.objects.create(session=session, round=1, number=2, home=teams[0],
                                 away=teams[2])
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMatch.objects.create(session=session, round=1, number=3, home=teams[2],
                                 away=teams[2])


# --- line-ups ---------------------------------------------------------------------------------

def test_line_ups_make_pairs_and_the_rooms_are_the_seatings():
    session = started()
    plan = SessionPlan.load(session)
    # Four teams of two fixed partnerships: eight pairs, made once and kept.
    assert Pair.objects.filter(session=session).count() == 8
    match = TeamMatch.objects.get(session=session, round=1, number=2)  # 2 v 3 at tables 3, 4
    seat = {s.table: (s.ns, s.ew) for s in plan.seatings if s.round == 1}
    assert seat[3] == (match.open_ns.number, match.open_ew.number)
    assert seat[4] == (match.closed_ns.number, match.closed_ew.number)
    home, away = members(match.home), members(match.away)
    assert {match.open_ns.player1, match.open_ns.player2} == set(home[:2])
    assert {match.closed_ew.player1, match.closed_ew.player2} == set(home[2:])
    assert {match.open_ew.player1, match.open_ew.player2} == set(away[:2])
    # Every table of a round plays its board set.
    assert all(plan.table_plays(table, 2, board) for table in (1, 2, 3, 4) for board in (3, 4))
    assert session.boards.count() == 6 and session.table_codes.count() == 4


def test_a_line_up_takes_only_the_teams_players_each_once():
    session = started()
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    home, away = members(match.home), members(match.away)
    with pytest.raises(Refused, match="not in team Team 1"):
        set_line_up(match.pk, "home", (home[0], away[0]), (home[2], home[3]))
    with pytest.raises(Refused, match="four different players"):
        set_line_up(match.pk, "home", (home[0], home[1]), (home[1], home[3]))


def test_a_room_with_results_keeps_its_line_up():
    session = started()
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    enter(session, 1, match.open_ns, match.open_ew, "4S= N")
    home = members(match.home)
    with pytest.raises(Refused, match="open room of this match has results"):
        set_line_up(match.pk, "home", (home[0], home[2]), (home[1], home[3]))
    # The closed room has none yet: the away team may still swap its two pairs there...
    away = members(match.away)
    with pytest.raises(Refused, match="open room"):
        set_line_up(match.pk, "away", (away[2], away[3]), (away[0], away[1]))
    # ... but only if its open-room pair stays: the same line-up is accepted again.
    set_line_up(match.pk, "away", (away[0], away[1]), (away[2], away[3]))


def test_a_board_is_public_once_both_rooms_of_every_match_have_played_it():
    session = started()
    m1, m2 = TeamMatch.objects.filter(session=session, round=1).order_by("number")
    rooms = [(m.open_ns, m.open_ew) for m in (m1, m2)] + [
        (m.closed_ns, m.closed_ew) for m in (m1, m2)]
    for index, (ns, ew) in enumerate(rooms):
        assert 1 not in public_boards(SessionPlan.load(session))
        enter(session, 1, ns, ew, "3NT= N")
        assert index < 3 or 1 in public_boards(SessionPlan.load(session))


def test_a_room_without_line_up_keeps_its_boards_hidden():
    session = teams_session()
    register(session, 4)
    make_round_robin(session.pk)
    line_up_all(session)
    match = TeamMatch.objects.get(session=session, round=1, number=2)
    # The closed room of match 2 loses its line-up (no results yet).
    TeamMatch.objects.filter(pk=match.pk).update(closed_ns=None)
    change_status(session.pk, "start")
    session.refresh_from_db()
    for m in TeamMatch.objects.filter(session=session, round=1):
        enter(session, 1, m.open_ns, m.open_ew, "3NT= N")
        if m.closed_ns:
            enter(session, 1, m.closed_ns, m.closed_ew, "3NT= N")
    assert 1 not in public_boards(SessionPlan.load(session))


# --- match scores and standings ---------------------------------------------------------------

def test_a_match_scores_imps_from_both_rooms_and_vps_for_its_length():
    session = started(boards=2)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    # Board 1 (none vulnerable): open 4S= N +420, closed 3S+1 N +170: 250 to home, 6 IMPs.
    # Board 2 (NS vulnerable): open 3NT-1 N -100, closed 3NT= N +600: 700 to away, 12 IMPs.
    enter(session, 1, match.open_ns, match.open_ew, "4S= N", hcp=25)
    enter(session, 1, match.closed_ns, match.closed_ew, "3S+1 N", hcp=25)
    enter(session, 2, match.open_ns, match.open_ew, "3NT-1 N", hcp=25)
    plan = SessionPlan.load(session)
    line = teams_standings(plan).match(match.pk)
    assert not line.complete and line.boards_scored == 1
    assert (line.score.home_imps, line.score.away_imps) == (imps(420 - 170), -6) == (6, -6)
    enter(session, 2, match.closed_ns, match.closed_ew, "3NT= N", hcp=25)
    line = teams_standings(SessionPlan.load(session)).match(match.pk)
    assert line.complete
    assert line.score.home_imps == imps(420 - 170) + imps(-100 - 600) == 6 - 12
    assert (line.score.home_vps, line.score.away_vps) == (wbf_vps(-6, 2), wbf_vps(6, 2))
    assert wbf_vps(6, 2) == Decimal("14.39")
    # Each table's compensation IMPs beside: the open room's home pair NS with 25 HCP
    # (owes 300 not vulnerable: +420 nets +120 = 3 IMPs).
    assert line.boards[0].open_comp == 3
    assert line.boards[0].open.ns_imps == Result.objects.get(
        board__session=session, board__number=1, ns_pair=match.open_ns).ns_imps


def test_the_standings_rank_by_vps_counting_complete_matches():
    session = started(boards=1)
    # Round 1: at every table NS make 3NT= or 1NT=; the home team of match 1 wins 7 IMPs
    # (open +400, closed +90: 310), match 2 is a flat board.
    m1, m2 = TeamMatch.objects.filter(session=session, round=1).order_by("number")
    enter(session, 1, m1.open_ns, m1.open_ew, "3NT= N")
    enter(session, 1, m1.closed_ns, m1.closed_ew, "1NT= N")
    enter(session, 1, m2.open_ns, m2.open_ew, "3NT= N")
    standings = teams_standings(SessionPlan.load(session))
    # Match 2 is not complete: only match 1 counts.
    rows = {row.team.number: row.row for row in standings.rows}
    assert rows[1].vps + rows[4].vps == Decimal(20) and rows[1].vps > rows[4].vps
    assert rows[2].matches == rows[3].matches == 0
    assert imps(400 - 90) == rows[1].imps == 7
    enter(session, 1, m2.closed_ns, m2.closed_ew, "3NT= N")
    standings = teams_standings(SessionPlan.load(session))
    assert [row.team.number for row in standings.rows] == [1, 2, 3, 4]
    assert [row.row.rank_label for row in standings.rows] == ["1", "2=", "2=", "4"]
    assert standings.rows[1].row.vps == Decimal("10.00")


def test_a_room_not_played_adjusts_the_board_for_the_match():
    session = started(boards=1)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    enter(session, 1, match.open_ns, match.open_ew, "3NT= N")
    enter_result(session.boards.get(number=1).pk, ns_pair_id=match.closed_ns.pk,
                 ew_pair_id=match.closed_ew.pk, values=contract_values(parse_adjusted("A-/A+")))
    line = teams_standings(SessionPlan.load(session)).match(match.pk)
    # The closed room's NS pair is the away team's: away Ave- (-3), home Ave+ (+3).
    assert (line.score.home_imps, line.score.away_imps) == (3, -3)
    assert line.boards[0].open_comp is not None and line.boards[0].closed_comp is None


def test_hidden_boards_count_for_nobody():
    session = started(boards=1)
    match = TeamMatch.objects.get(session=session, round=1, number=1)
    enter(session, 1, match.open_ns, match.open_ew, "3NT= N")
    enter(session, 1, match.closed_ns, match.closed_ew, "1NT= N")
    plan = SessionPlan.load(session)
    public = teams_standings(plan, visible=public_boards(plan))
    line = public.match(match.pk)
    assert line.score is None and line.boards[0].open is None
    assert all(row.row.vps == 0 for row in public.rows)


def test_a_pair_in_a_line_up_is_not_withdrawn():
    from club.services.pairs import withdraw_pair

    session = teams_session()
    register(session, 4)
    make_round_robin(session.pk)
    line_up_all(session)
    match = TeamMatch.objects.get(session=session, round=2, number=1)
    with pytest.raises(Refused, match="is in a teams line-up of round 1"):
        withdraw_pair(match.closed_ew_id)
    assert Pair.objects.filter(pk=match.closed_ew_id).exists()


# --- Swiss teams ------------------------------------------------------------------------------

def swiss_teams(teams=6, rounds=3, boards=1):
    session = teams_session(teams, rounds, boards, tables=2 * (teams // 2))
    register(session, teams)
    return session


def pairings(session, round):
    return [(m.home.number, m.away.number if m.away else None)
            for m in TeamMatch.objects.filter(session=session, round=round)
            .select_related("home", "away").order_by("number")]


def play_all(session, round, open_text="3NT= N", closed_text="1NT= N"):
    """Both rooms of every match of `round` (one board a round)."""
    for m in TeamMatch.objects.filter(session=session, round=round, away__isnull=False):
        enter(session, round, m.open_ns, m.open_ew, open_text)
        enter(session, round, m.closed_ns, m.closed_ew, closed_text)


def test_swiss_teams_round_one_is_seeded_and_play_can_start():
    session = swiss_teams()
    assert start_swiss_teams_round(session.pk) == 1
    assert pairings(session, 1) == [(1, 4), (2, 5), (3, 6)]
    line_up_all(session)
    change_status(session.pk, "start")
    # Round robin is no longer possible, nor a second round 1.
    with pytest.raises(Refused, match="schedule of matches is made"):
        make_round_robin(session.pk)


def test_a_random_first_round_draws_with_the_given_generator():
    session = swiss_teams()
    start_swiss_teams_round(session.pk, seeded=False, rng=random.Random(7))
    teams = [team for match in pairings(session, 1) for team in match]
    assert sorted(teams) == [1, 2, 3, 4, 5, 6]
    assert pairings(session, 1) != [(1, 4), (2, 5), (3, 6)]


def test_the_next_swiss_round_waits_for_every_match_then_pairs_by_vps_without_rematch():
    session = swiss_teams()
    start_swiss_teams_round(session.pk)
    line_up_all(session)
    change_status(session.pk, "start")
    session.refresh_from_db()
    first = TeamMatch.objects.get(session=session, round=1, number=1)
    enter(session, 1, first.open_ns, first.open_ew, "3NT= N")
    with pytest.raises(Refused, match="Round 1 is not complete: matches 1, 2, 3 still"):
        start_swiss_teams_round(session.pk)
    enter(session, 1, first.closed_ns, first.closed_ew, "1NT= N")
    for m in TeamMatch.objects.filter(session=session, round=1).exclude(pk=first.pk):
        enter(session, 1, m.open_ns, m.open_ew, "2S= N")
        enter(session, 1, m.closed_ns, m.closed_ew, "2S= N")
    assert start_swiss_teams_round(session.pk) == 2
    # Team 1 won (7 IMPs), team 4 lost; 2, 3, 5, 6 drew (by number). 1 meets the next best
    # it has not met: 2; then 3 v 5, and 6 v 4.
    round_2 = pairings(session, 2)
    met = {frozenset(p) for p in pairings(session, 1)}
    assert not met & {frozenset(p) for p in round_2}
    assert round_2[0] in ((1, 2), (2, 1))
    # Each team keeps its pairs in their rooms, so the phones work at once.
    top = TeamMatch.objects.get(session=session, round=2, number=1)
    assert top.open_ns is not None and top.closed_ns is not None
    team_1_open = first.open_ns_id
    assert team_1_open in (top.open_ns_id, top.open_ew_id)


def test_swiss_teams_refuses_a_round_beyond_the_sessions_rounds():
    session = swiss_teams(teams=4, rounds=1)
    start_swiss_teams_round(session.pk)
    with pytest.raises(Refused, match="The session's 1 round has been started"):
        start_swiss_teams_round(session.pk)


def test_an_odd_swiss_field_gives_the_bye_and_it_scores_once_the_round_is_complete():
    session = swiss_teams(teams=5, rounds=2)
    start_swiss_teams_round(session.pk)
    assert pairings(session, 1)[0] == (5, None)  # the last seed has the bye (match 0)
    line_up_all(session)
    change_status(session.pk, "start")
    session.refresh_from_db()
    play_all(session, 1, "2S= N", "2S= N")
    standings = teams_standings(SessionPlan.load(session))
    row = next(line for line in standings.rows if line.team.number == 5)
    assert (row.row.vps, row.byes, row.row.matches) == (Decimal("12.00"), 1, 0)
    start_swiss_teams_round(session.pk)
    assert 5 in {team for pair in pairings(session, 2) for team in pair}
    bye = pairings(session, 2)[0]
    assert bye[1] is None and bye[0] != 5


def test_no_round_is_started_past_the_sessions_last():
    from club.services.swiss import check_rounds_left

    session = swiss_teams(teams=4, rounds=2)
    check_rounds_left(session, 1)  # one more round to go
    with pytest.raises(Refused, match="All 2 rounds have been started"):
        check_rounds_left(session, 2)


def test_the_setup_keeps_what_the_made_matches_need():
    from club.models import Session
    from club.services.sessions import update_session
    from club.services.teams import schedule_change_problems

    session = started()
    with pytest.raises(Refused, match="Matches are made for 3 rounds"):
        update_session(session.pk, {"rounds": 2})
    with pytest.raises(Refused, match="tables 1 to 4: the session keeps 4 tables"):
        update_session(session.pk, {"tables": 3})
    assert schedule_change_problems(session, Session(movement="howell", tables=4,
                                                     rounds=3))["movement"]
    # More partnerships than two a table are no reason to refuse a change.
    match = TeamMatch.objects.get(session=session, round=3, number=1)
    p = members(match.home)
    set_line_up(match.pk, "home", (p[0], p[2]), (p[1], p[3]))
    assert Pair.objects.filter(session=session).count() == 10  # 8 seats on 4 tables
    update_session(session.pk, {"name": "Renamed teams night"})
    session.refresh_from_db()
    assert session.name == "Renamed teams night"


def test_a_line_up_carries_to_the_teams_later_matches_without_one():
    session = teams_session()
    register(session, 4)
    make_round_robin(session.pk)
    first = TeamMatch.objects.get(session=session, round=1, number=1)  # 1 v 4
    p = members(first.home)
    first = set_line_up(first.pk, "home", (p[0], p[1]), (p[2], p[3]))
    # Team 1 is away in round 2 (3 v 1) and home in round 3 (1 v 2): seated in both.
    later = {m.round: m for m in TeamMatch.objects.filter(session=session, round__gt=1)
             if first.home_id in (m.home_id, m.away_id)}
    assert (later[2].open_ew_id, later[2].closed_ns_id) == (first.open_ns_id,
                                                            first.closed_ew_id)
    assert (later[3].open_ns_id, later[3].closed_ew_id) == (first.open_ns_id,
                                                            first.closed_ew_id)
    # A later line-up of its own stays: round 3 swaps, round 2 keeps what it had.
    set_line_up(later[3].pk, "home", (p[0], p[2]), (p[1], p[3]))
    set_line_up(first.pk, "home", (p[0], p[1]), (p[2], p[3]))
    later[3].refresh_from_db()
    assert later[3].open_ns_id != first.open_ns_id
    # The other teams' seats stay empty.
    others = TeamMatch.objects.filter(session=session).exclude(home=first.home).exclude(
        away=first.home)
    assert others.count() == 3
    assert not others.filter(open_ns__isnull=False).exists()


def test_a_teams_session_made_by_mistake_is_deleted_whole():
    from club.models import Session
    from club.services.sessions import delete_session

    session = teams_session()
    register(session, 4)
    make_round_robin(session.pk)
    line_up_all(session)
    delete_session(session.pk)
    assert not Session.objects.filter(pk=session.pk).exists()
    assert not Team.objects.exists() and not TeamMatch.objects.exists()
    assert not Pair.objects.exists()
