"""An individual evening in the browser (issue 20): 12 players on 3 tables, 3 rounds of one
board. The director enters the players on the players page and starts play; each table's
phone shows who sits North, South, East and West, and enters and accepts its result; the
final standings by player are checked against totals computed here: each result scored
with scoring.engine.score_board, its NS IMPs added to the two players the phone showed
North and South, its EW IMPs to East and West."""

from django.urls import reverse

from club.services.sessions import create_session
from scoring.engine import parse_result, score_board
from scoring.models import moscow_table
from tests.e2e.phone_steps import enter_on_phone
from tests.factories import make_player

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Igor", "Kira", "Lev",
         "Mila", "Oleg"]
HCP = {1: 22, 2: 18, 3: 25}  # NS HCP of boards 1-3
# What each table makes on its round's board.
PLAYED = {1: ("4S= N", "3NT-1 E", "2H+1 S"), 2: ("1NT= S", "4H-2 W", "3C= N"),
          3: ("5D-1 N", "2S= E", "4S+1 N")}


def seats_shown(phone):
    """{seat: player name} from the table page's header."""
    return {seat: phone.inner_text(f".individual-seats div:has(dt:text-is('{seat}')) dd")
            for seat in ("North", "South", "East", "West")}


def test_an_individual_evening_from_players_to_standings(phones, logged_in_page, live_server,
                                                         artifacts):
    director, base = logged_in_page, live_server.url
    session = create_session({
        "name": "Individual Thursday", "date": "2026-12-03", "movement": "individual",
        "tables": 3, "rounds": 3, "boards_per_round": 1,
        "compensation_table": moscow_table()})
    for name in NAMES:
        make_player(name)
    director.goto(base + reverse("individual-players", args=[session.pk]))
    for number, name in enumerate(NAMES, start=1):
        director.fill("input[name=number]", str(number))
        director.fill("input[name=player]", name)
        with director.expect_navigation():
            director.get_by_role("button", name="Enter player").click()
        assert f"Player {number} entered: {name}." in director.inner_text(".messages")
    assert "12 players entered." in director.inner_text("main")
    director.goto(base + reverse("director-session", args=[session.pk]))
    with director.expect_navigation():
        director.get_by_role("button", name="Start play").click()
    codes = dict(session.table_codes.values_list("table", "code"))

    expected = dict.fromkeys(NAMES, 0)
    for round in (1, 2, 3):
        seated = []
        for table, phone in enumerate(phones, start=1):
            phone.goto(f"{base}/t/{codes[table]}/")
            assert f"Table {table} · round {round} of 3" in phone.inner_text("h1")
            seats = seats_shown(phone)
            seated.extend(seats.values())
            text = PLAYED[table][round - 1]
            enter_on_phone(phone, base, codes[table], round, text, hcp=HCP[round])
            outcome = score_board(round, *parse_result(text), HCP[round])
            for seat in ("North", "South"):
                expected[seats[seat]] += outcome.ns_imps
            for seat in ("East", "West"):
                expected[seats[seat]] += outcome.ew_imps
        assert sorted(seated) == sorted(NAMES)  # every player at one seat each round
    phones[0].goto(f"{base}/t/{codes[1]}/?round=1")
    assert "Round 2: where to go" in phones[0].inner_text("main")
    phones[0].screenshot(path=str(artifacts / "individual-phone.png"), full_page=True)

    # Every board is complete: the public standings count all three.
    public = phones[1]
    public.goto(base + reverse("standings", args=[session.pk]))
    assert public.url.endswith(reverse("individual-standings", args=[session.pk]))
    shown, boards = {}, set()
    for row in public.locator("table.individual-standings tbody tr").all():
        cells = [cell.inner_text().strip() for cell in row.locator("td").all()]
        shown[cells[2]] = int(cells[4].replace("−", "-"))
        boards.add(cells[3])
    public.screenshot(path=str(artifacts / "individual-standings.png"), full_page=True)
    assert shown == expected
    totals = list(shown.values())
    assert totals == sorted(totals, reverse=True)
    assert boards == {"3"}  # 12 players: nobody sits out
