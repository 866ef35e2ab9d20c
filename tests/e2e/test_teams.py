"""A teams night in the browser (issue 20): 4 teams of 4, a round robin of 3 rounds of 1
board. The director registers the teams, makes the round robin and sets each team's
line-up in round 1 (carried to its later matches) on the Teams page, then starts play;
four table phones (two matches of two rooms) enter and accept every result. The public
standings and a match report are checked against IMPs and VPs computed here from the
stored table scores with the IMP scale and the WBF formula written out again."""

from decimal import Decimal

from django.db.models import Q
from django.urls import reverse

from club.models import Result, TeamMatch
from club.services.sessions import create_session
from scoring.models import moscow_table
from tests.e2e.phone_steps import enter_on_phone
from tests.factories import make_player
from tests.wbf import imps, wbf_vps

# What each table makes on each round's board (NS HCP 20 on every board): table 1 and 3
# are open rooms, 2 and 4 the closed rooms of the same matches. One board a round: matches
# of several boards are the teams services' and the VP scale's own tests'.
PLAYED = {
    1: ["4S= N", "2H= E", "3C-2 S"],
    2: ["2S+2 N", "4H-1 E", "3C= S"],
    3: ["1NT= N", "5DX-3 N", "2C= N"],
    4: ["1NT+1 N", "3NT= N", "2C= N"],
}
PHONES = 4  # two matches of two rooms


def test_a_teams_night_from_registration_to_standings(phones, logged_in_page, live_server,
                                                      artifacts):
    director, base = logged_in_page, live_server.url
    session = create_session({
        "name": "Teams Thursday", "date": "2026-12-03", "movement": "teams", "tables": 4,
        "rounds": 3, "boards_per_round": 1, "compensation_table": moscow_table()})
    squads = [[make_player(f"{name} {i}") for i in range(1, 5)]
              for name in ("Ant", "Bee", "Cat", "Dog")]

    page = base + reverse("teams", args=[session.pk])
    director.goto(page)
    for number, squad in enumerate(squads, start=1):
        assert director.input_value("#id_number") == str(number)  # the next free number
        director.fill("#id_name", f"{squad[0].name[:3]}s")
        director.select_option("#id_players", [str(p.pk) for p in squad])
        director.select_option("#id_captain", str(squad[0].pk))
        with director.expect_navigation():
            director.get_by_role("button", name="Register team").click()
        assert f"Team {squad[0].name[:3]}s registered." in director.inner_text(".messages")
    with director.expect_navigation():
        director.get_by_role("button", name="Make the round robin").click()
    assert "The round robin is made" in director.inner_text(".messages")
    # Every team sits its players 1-2 in its open-room seat and 3-4 in its closed one, set
    # in round 1: each line-up carries to the team's later matches.
    for match in TeamMatch.objects.filter(session=session, round=1).select_related(
            "home", "away"):
        for side, team in (("home", match.home), ("away", match.away)):
            squad = squads[team.number - 1]
            prefix = f"m{match.pk}-{side}-"
            form = director.locator(f"form.line-up[data-side={side}]"
                                    f":has(input[name=match][value='{match.pk}'])")
            for field, player in zip(("open_1", "open_2", "closed_1", "closed_2"), squad,
                                     strict=True):
                form.locator(f"select[name='{prefix}{field}']").select_option(str(player.pk))
            with director.expect_navigation():
                form.get_by_role("button", name="Set line-up").click()
            assert f"The line-up of {team.name} is set." in director.inner_text(".messages")
    director.screenshot(path=str(artifacts / "teams-director.png"), full_page=True)
    assert not TeamMatch.objects.filter(session=session).filter(
        Q(open_ns=None) | Q(open_ew=None) | Q(closed_ns=None) | Q(closed_ew=None)).exists()

    director.goto(base + reverse("director-session", args=[session.pk]))
    with director.expect_navigation():
        director.get_by_role("button", name="Start play").click()
    codes = dict(session.table_codes.values_list("table", "code"))
    assert sorted(codes) == [1, 2, 3, 4]

    for round in (1, 2, 3):
        for table, phone in enumerate(phones, start=1):
            phone.goto(f"{base}/t/{codes[table]}/")
            assert phone.get_by_text("Boards this round").is_visible()
            enter_on_phone(phone, base, codes[table], round, PLAYED[table][round - 1])
    phones[0].screenshot(path=str(artifacts / "teams-phone.png"), full_page=True)

    # IMPs and VPs computed here from the stored table scores of each room.
    scores = {(r.board.number, r.ns_pair_id): r.ns_score
              for r in Result.objects.filter(board__session=session).select_related("board")}
    assert len(scores) == 12
    expected_vps, swings = {}, {}
    for match in TeamMatch.objects.filter(session=session).select_related("home", "away"):
        margin = 0
        for board in (match.round,):
            swing = imps(scores[board, match.open_ns_id] - scores[board, match.closed_ns_id])
            swings[match.pk, board] = swing
            margin += swing
        for team, own in ((match.home, margin), (match.away, -margin)):
            expected_vps[team.number] = expected_vps.get(team.number, Decimal(0)) + \
                wbf_vps(own, 1)
    assert any(swings.values())

    phone = phones[1]
    phone.goto(base + reverse("teams-standings", args=[session.pk]))
    phone.screenshot(path=str(artifacts / "teams-standings.png"), full_page=True)
    shown = {int(row.get_attribute("data-team")): Decimal(row.get_attribute("data-vps"))
             for row in phone.locator("table.teams-standings tbody tr").all()}
    assert shown == expected_vps
    vps = [Decimal(row.get_attribute("data-vps"))
           for row in phone.locator("table.teams-standings tbody tr").all()]
    assert vps == sorted(vps, reverse=True)
    assert "in play" not in phone.inner_text("main")

    # The captains' page: one match board by board.
    match = TeamMatch.objects.get(session=session, round=2, number=1)
    phone.get_by_role("link", name="Match 1").nth(1).click()
    phone.wait_for_selector("table.team-match-boards")
    assert phone.url.endswith(reverse("team-match", args=[session.pk, match.pk]))
    phone.screenshot(path=str(artifacts / "teams-match.png"), full_page=True)
    row = phone.locator("tr[data-board='2']")
    assert int(row.get_attribute("data-swing")) == swings[match.pk, 2]
    margin = swings[match.pk, 2]
    vps = phone.locator(".match-vps")
    assert Decimal(vps.get_attribute("data-home-vps")) == wbf_vps(margin, 1)
    assert Decimal(vps.get_attribute("data-away-vps")) == wbf_vps(-margin, 1)
