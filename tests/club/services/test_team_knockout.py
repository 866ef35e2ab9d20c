"""Knockout matches (issue 20): a teams session of two teams made a knockout match by
club.services.teams.make_knockout, its result from the carry-over and the match's IMPs,
and a level match decided by the extra boards (a second round, made only when level) or
by the last boards' IMPs, each checked against IMPs worked out here."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from club.models import TeamKnockout, TeamMatch
from club.plan import SessionPlan
from club.services.errors import Refused
from club.services.sessions import change_status
from club.services.teams import make_knockout, play_extra_boards, start_swiss_teams_round
from club.stats.teams import teams_standings
from scoring.engine.teams import Decision, Side
from tests.club.services.test_teams import enter, line_up_all, register, teams_session
from tests.wbf import imps

pytestmark = pytest.mark.django_db

# Board 1 (none vulnerable) and board 2 (NS vulnerable): the home team's pair makes 3NT
# North-South in the open room, the away team's pair 1NT in the closed room.
HOME_IMPS = imps(400 - 90) + imps(600 - 90)  # 7 + 11


def knockout(carry_over=0, tie_break="extra boards"):
    session = teams_session(teams=2, rounds=2 if tie_break == "extra boards" else 1,
                            boards=2, tables=2)
    register(session, 2)
    make_knockout(session.pk, carry_over=carry_over, tie_break=tie_break)
    line_up_all(session)
    change_status(session.pk, "start")
    session.refresh_from_db()
    return session


def play(session, round=1, boards=(1, 2), open_text="3NT= N", closed_text="1NT= N"):
    match = TeamMatch.objects.get(session=session, round=round)
    for board in boards:
        enter(session, board, match.open_ns, match.open_ew, open_text)
        enter(session, board, match.closed_ns, match.closed_ew, closed_text)


def result(session):
    return teams_standings(SessionPlan.load(session)).knockout


def test_the_knockout_is_one_match_of_team_1_at_home_against_team_2():
    session = knockout(carry_over="-12.5")
    match = TeamMatch.objects.get(session=session)
    assert (match.round, match.number, match.home.number, match.away.number) == (1, 1, 1, 2)
    assert TeamKnockout.objects.get(session=session).carry_over == Decimal("-12.5")
    assert result(session).result is None  # in play


def test_the_carry_over_counts_with_half_the_net_imps():
    assert HOME_IMPS == 18
    session = knockout(carry_over=-20)
    play(session)
    line = result(session)
    # Home: 18 IMPs won, away -18: the lead is -20 + 36 / 2 = -2, the away team wins by 2.
    assert line.result.home_lead == -20 + HOME_IMPS == -2
    assert (line.result.winner, line.result.decided_by) == (Side.AWAY, Decision.IMPS)
    assert line.winner.number == 2 and line.margin == 2
    with pytest.raises(Refused, match="complete and level"):
        play_extra_boards(session.pk)


def test_a_level_match_plays_extra_boards_made_only_then():
    session = knockout(carry_over=-HOME_IMPS)
    with pytest.raises(Refused, match="complete and level"):
        play_extra_boards(session.pk)  # nothing played yet
    play(session)
    line = result(session)
    assert line.result.home_lead == 0 and line.undecided and line.winner is None
    play_extra_boards(session.pk)
    extra = TeamMatch.objects.get(session=session, round=2)
    match = TeamMatch.objects.get(session=session, round=1)
    assert (extra.home, extra.away, extra.open_ns, extra.closed_ns) == (
        match.home, match.away, match.open_ns, match.closed_ns)
    with pytest.raises(Refused, match="already made"):
        play_extra_boards(session.pk)
    # Board 3 flat: still level. Board 4: the away team's 3NT (NS vulnerable: 600) in the
    # closed room against 1NT in the open one: the away team wins on the extra boards.
    play(session, 2, boards=(3,), open_text="3NT= N", closed_text="3NT= N")
    assert result(session).undecided
    play(session, 2, boards=(4,), open_text="1NT= N", closed_text="3NT= N")
    line = result(session)
    assert (line.result.winner, line.result.decided_by) == (Side.AWAY, Decision.EXTRA_BOARDS)
    assert line.result.home_lead == 0


def test_a_level_match_goes_to_the_last_boards_imps():
    session = knockout(carry_over=-HOME_IMPS, tie_break="last boards")
    play(session)
    line = result(session)
    # Level overall; the last board (2) gave the home team imps(510) = 11.
    assert (line.result.winner, line.result.decided_by) == (Side.HOME, Decision.LAST_BOARDS)
    with pytest.raises(Refused, match="Only a knockout match decided by extra boards"):
        play_extra_boards(session.pk)


@pytest.mark.parametrize("carry_over", ["abc", "1.3", "1000", "-999.5", "nan"])
def test_a_carry_over_is_a_whole_number_or_a_half_within_range(carry_over):
    session = teams_session(teams=2, rounds=2, boards=2, tables=2)
    register(session, 2)
    with pytest.raises(Refused) as err:
        make_knockout(session.pk, carry_over=carry_over)
    assert "carry_over" in err.value.message_dict
    assert "whole number or a half" in err.value.message_dict["carry_over"][0]
    assert not TeamMatch.objects.filter(session=session).exists()


def test_a_knockout_needs_two_teams_and_its_rounds():
    session = teams_session(teams=3, rounds=2, boards=2, tables=2)
    register(session, 3)
    with pytest.raises(Refused, match="between 2 teams; 3 teams"):
        make_knockout(session.pk)
    one_round = teams_session(teams=2, rounds=1, boards=2, tables=2)
    register(one_round, 2)
    with pytest.raises(Refused, match="has 2 rounds"):
        make_knockout(one_round.pk, tie_break="extra boards")
    with pytest.raises(Refused, match="tie-break"):
        make_knockout(one_round.pk, tie_break="coin")
    make_knockout(one_round.pk, carry_over="3,5", tie_break="last boards")
    with pytest.raises(Refused, match="schedule of matches is made"):
        make_knockout(one_round.pk, tie_break="last boards")


def test_a_knockout_plays_no_swiss_round_and_the_database_checks_its_rules():
    session = knockout()
    with pytest.raises(Refused):
        start_swiss_teams_round(session.pk)
    row = TeamKnockout.objects.get(session=session)
    for field, value in (("tie_break", "coin"), ("carry_over", Decimal("-999.5"))):
        setattr(row, field, value)
        with pytest.raises(IntegrityError), transaction.atomic():
            row.save()
        row.refresh_from_db()
