"""A teams session through the JSON archive (issue 20): its teams, players, captains,
matches, line-ups and knockout go out and come back exactly, so the imported session has
the same standings and knockout result; a damaged file is refused with messages naming
the team or match at fault, and nothing is saved."""

import pytest

from club.io.archive import dumps, export_session, import_archive
from club.io.files import ImportFailed
from club.models import Session, Team
from club.plan import SessionPlan
from club.stats.teams import teams_standings
from tests.club.services.test_team_knockout import HOME_IMPS, knockout, play
from tests.club.services.test_teams import started
from tests.club.views.test_teams_pages import play_round

pytestmark = pytest.mark.django_db


def shown(session):
    """What the teams pages show but the rows' ids: the standings, each match's teams and
    score, the knockout, the masterpoints."""
    standings = teams_standings(SessionPlan.load(session))
    rows, matches, knockout, masterpoints = standings.shown()
    return rows, [match[:5] for match in matches], knockout, masterpoints


def round_trip(session):
    document = export_session(session)
    copy = import_archive(dumps(document))
    assert copy.pk != session.pk
    assert shown(copy) == shown(session)
    again = export_session(copy)
    for part in (again, document):
        part["session"].pop("status")
    assert again == document
    return document, copy


def test_a_round_robin_comes_back_with_its_teams_matches_and_standings():
    session = started(teams=5, rounds=3, boards=1)
    play_round(session, 1)
    play_round(session, 2, "4S= N", "4S-1 N")
    document, copy = round_trip(session)
    assert [team["number"] for team in document["teams"]] == [1, 2, 3, 4, 5]
    assert document["teams"][0]["captain"] == {"name": "T1 player 1", "membership_number": ""}
    assert len(document["teams"][0]["players"]) == 4
    assert {m["away"] for m in document["team_matches"] if m["number"] == 0} == {None}
    assert document["knockout"] is None
    assert shown(copy)[0][0][1].vps > 0  # the rows count played matches
    assert Team.objects.get(session=copy, number=1).captain == Team.objects.get(
        session=session, number=1).captain  # the same player, found again


def test_a_knockout_comes_back_with_its_carry_over_and_extra_boards():
    session = knockout(carry_over=-HOME_IMPS + 0.5)
    play(session)
    document, copy = round_trip(session)
    assert document["knockout"] == {"carry_over": "-17.5", "tie_break": "extra boards"}
    assert teams_standings(SessionPlan.load(copy)).knockout.winner.number == 1


def damaged(document, change):
    change(document)
    with pytest.raises(ImportFailed) as err:
        import_archive(dumps(document))
    return str(err.value)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["teams"][1].update(number=1),
     "team 2: another team already has the number 1 or the name “Team 2”"),
    (lambda d: d["teams"][0].update(captain={"name": "Nobody", "membership_number": ""}),
     "team 1: the captain, Nobody, is not one of the team's players."),
    (lambda d: d["teams"][0].update(players=d["teams"][0]["players"][:3]), "team 1"),
    (lambda d: d["team_matches"][0].update(away=9), "there is no team 9 in “teams”."),
    (lambda d: d["team_matches"][0].update(open_ns=77), "there is no pair 77 in “pairs”."),
    (lambda d: d.update(knockout={"carry_over": "1.3", "tie_break": "extra boards"}),
     "a whole number or a half"),
    (lambda d: d["team_matches"][1].update(home=d["team_matches"][0]["home"]),
     "break a rule of teams events"),
])
def test_a_damaged_teams_archive_is_refused_with_a_clear_message(change, message):
    session = started(teams=4, rounds=3, boards=1)
    count = Session.objects.count()
    text = damaged(export_session(session), change)
    assert message in text
    assert Session.objects.count() == count
