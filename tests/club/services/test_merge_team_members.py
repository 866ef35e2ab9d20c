"""Merging two records of one person when one is a team member or captain (issue 20): the
membership, the captaincy and the line-ups' pairs move to the kept record, the standings
and masterpoints stay the team's; two members of one session are two people."""

from decimal import Decimal

import pytest

from club.models import MasterpointAward, Player, Team, TeamMatch, TeamMember
from club.plan import SessionPlan
from club.services.errors import Refused
from club.services.masterpoints import save_award_scheme
from club.services.players import merge_players, merge_preview, merge_problem
from club.services.sessions import change_status
from club.stats.teams import teams_standings
from tests.club.services.test_teams import enter, register, started, teams_session
from tests.factories import make_player

pytestmark = pytest.mark.django_db


def standings(session):
    return [(line.team.number, line.row.vps, line.row.imps)
            for line in teams_standings(SessionPlan.load(session)).rows]


def played(session):
    for match in TeamMatch.objects.filter(session=session, round=1):
        enter(session, 1, match.open_ns, match.open_ew, "3NT= N")
        enter(session, 1, match.closed_ns, match.closed_ew, "1NT= N")


def test_a_captain_merged_into_another_record_stays_the_teams_captain_and_member():
    session = started(boards=1)
    played(session)
    type(session).objects.filter(pk=session.pk).update(award_scheme=save_award_scheme(
        {"name": "Places", "top_fixed": Decimal(10), "place_table": "10 8 6 4"}))
    change_status(session.pk, "finish")
    change_status(session.pk, "publish")
    team = Team.objects.get(session=session, number=1)
    captain = team.captain
    award = MasterpointAward.objects.get(session=session, player=captain).points
    before = standings(session)
    kept = make_player("T1 player 1 (typed)")

    assert merge_problem(kept, captain) == ""
    merge_players(kept.pk, captain.pk)

    assert not Player.objects.filter(pk=captain.pk).exists()
    team.refresh_from_db()
    assert team.captain == kept
    assert TeamMember.objects.filter(team=team, player=kept).exists()
    assert TeamMember.objects.filter(team=team).count() == 4
    assert standings(session) == before
    match = TeamMatch.objects.get(session=session, round=1, home=team) \
        if TeamMatch.objects.filter(session=session, round=1, home=team).exists() \
        else TeamMatch.objects.get(session=session, round=1, away=team)
    seated = {p for pair in (match.open_ns, match.open_ew, match.closed_ns, match.closed_ew)
              for p in (pair.player1_id, pair.player2_id)}
    assert kept.pk in seated and captain.pk not in seated
    assert MasterpointAward.objects.get(session=session, player=kept).points == award


@pytest.mark.parametrize("same_team", [True, False])
def test_two_members_of_one_teams_session_are_two_people(same_team):
    """Two reserves who never sat (no pair of theirs in the session) still are two
    people: their memberships say so."""
    session = teams_session()
    register(session, 4, size=5)
    a = Player.objects.get(name="T1 player 5")
    b = Player.objects.get(name="T1 player 4" if same_team else "T2 player 5")
    assert "both played in Teams night" in merge_problem(a, b)
    with pytest.raises(Refused, match="both played in Teams night"):
        merge_players(a.pk, b.pk)
    assert Player.objects.filter(pk__in=[a.pk, b.pk]).count() == 2


def test_the_merge_preview_counts_each_records_pairs_and_says_why_it_is_refused():
    session = teams_session()
    register(session, 4, size=5)
    a = Player.objects.get(name="T1 player 5")
    b = Player.objects.get(name="T2 player 5")
    refusal, counts = merge_preview(a, b)
    assert "both played in Teams night" in refusal and counts == {a.pk: 0, b.pk: 0}
    other = make_player("T1 player 5 (typed)")
    refusal, counts = merge_preview(other, a)
    assert refusal == "" and counts == {other.pk: 0, a.pk: 0}
    assert merge_preview(a, a)[0] == "Choose two different records to merge."
