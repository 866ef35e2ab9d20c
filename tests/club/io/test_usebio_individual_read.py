"""Reading a USEBIO individual event (issue 20): a played 12-player individual written by
this site and read back gives the same players, standings and IMPs per player and board;
a file whose players or seats do not fit this site's movement, or whose score disagrees
with ours, is refused with a message naming where, and nothing is saved."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.io.files import ImportFailed
from club.io.usebio import export_usebio, import_usebio
from club.models import Player, Result, Session
from club.models.choices import INDIVIDUAL
from club.plan import SessionPlan
from club.stats.individual import player_standings
from scoring.engine import deal_ns_hcp
from tests.club.individual.test_standings import play
from tests.deals import whole_suit_deals
from tests.factories import make_individual, make_not_played

pytestmark = pytest.mark.django_db


def with_hands(session):
    """Deals the solver takes no time over (the import solves them again)."""
    boards = list(session.boards.order_by("number"))
    for board, (deal, _dealer, _vulnerability) in zip(
            boards, whole_suit_deals(len(boards)), strict=True):
        board.deal = deal
        board.ns_hcp = deal_ns_hcp(board.deal)
        board.save()


def played_individual():
    """A finished 12-player individual of 3 rounds of 2 boards with hands, every table
    played but table 3 of round 2, whose board 3 was not played (Average plus to NS,
    Average minus to EW) and board 4 has no result."""
    session = make_individual(12, rounds=3, boards_per_round=2, status="running",
                              name="Christmas individual")
    with_hands(session)
    play(session, {1, 2}, skip={(2, 3)})
    play(session, {3})
    seating = SessionPlan.load(session).seating_for(3, 2)
    make_not_played(session, 3, seating.ns, seating.ew, "ave+", "ave-", round=2, table=3)
    Session.objects.filter(pk=session.pk).update(status="finished")
    session.refresh_from_db()
    return session


def by_player(session):
    """{player id: (IMPs, boards, rank)} of the standings by player."""
    plan = SessionPlan.load(session)
    player = {entry.number: entry.player_id for entry in plan.entries}
    return {player[row.number]: (row.imps, row.boards, row.rank_label)
            for row in player_standings(plan)}


def imps_per_player_and_board(session):
    """{(board, player id): IMPs} summed here from the stored results and partnerships."""
    found = {}
    for result in Result.objects.filter(board__session=session).select_related(
            "board", "ns_pair", "ew_pair"):
        for pair, imps in ((result.ns_pair, result.ns_imps), (result.ew_pair, result.ew_imps)):
            for player in (pair.player1_id, pair.player2_id):
                key = (result.board.number, player)
                assert key not in found  # a player plays a board once
                found[key] = imps
    return found


def table_results(session):
    """{(board, round, table, NS and EW partnership numbers): the table result}."""
    return {(r.board.number, r.round, r.table, r.ns_pair.number, r.ew_pair.number):
            (r.level, r.strain, r.doubling, r.declarer, r.tricks, r.not_played,
             r.ns_adjustment, r.ew_adjustment, r.ns_score)
            for r in Result.objects.filter(board__session=session).select_related(
                "board", "ns_pair", "ew_pair")}


def test_a_written_individual_reads_back_the_same():
    original = played_individual()
    players = Player.objects.count()
    imported = import_usebio(export_usebio(original), "christmas.xml")
    assert imported.pk != original.pk
    assert (imported.movement, imported.status, imported.name) == (
        INDIVIDUAL, "finished", "Christmas individual")
    assert (imported.tables, imported.rounds, imported.boards_per_round) == (3, 3, 2)
    assert Player.objects.count() == players  # the players matched by name
    assert by_player(imported) == by_player(original)
    assert imps_per_player_and_board(imported) == imps_per_player_and_board(original)
    # Every player on every board but the four at table 3 of round 2 on board 4.
    assert len(imps_per_player_and_board(imported)) == 12 * 6 - 4
    assert table_results(imported) == table_results(original)
    hands = dict(original.boards.values_list("number", "deal"))
    assert dict(imported.boards.values_list("number", "deal")) == hands


def first_line(data):
    """The text of the file's first TRAVELLER_LINE."""
    return re.search(r"<TRAVELLER_LINE>.*?</TRAVELLER_LINE>", data, re.S).group(0)


def seat(line, name):
    return re.search(rf"<{name}_PLAYER_NUMBER>(\d+)<", line).group(1)


def with_seats(line, **seats):
    for name, number in seats.items():
        line = re.sub(rf"<{name}_PLAYER_NUMBER>\d+<", f"<{name}_PLAYER_NUMBER>{number}<", line)
    return line


def refused(data):
    sessions = Session.objects.count()
    with pytest.raises(ImportFailed) as err:
        import_usebio(data.encode(), "christmas.xml")
    assert Session.objects.count() == sessions  # nothing saved
    return err.value.errors


def test_an_unknown_player_number_is_refused():
    data = export_usebio(played_individual()).decode()
    line = first_line(data)
    assert refused(data.replace(line, with_seats(line, NORTH=99))) == [
        "BOARD 1, TRAVELLER_LINE 1: NORTH_PLAYER_NUMBER “99” is not a player of PARTICIPANTS."]


def test_a_player_twice_at_a_table_is_refused():
    data = export_usebio(played_individual()).decode()
    line = first_line(data)
    north = seat(line, "NORTH")
    assert refused(data.replace(line, with_seats(line, WEST=north))) == [
        f"BOARD 1, TRAVELLER_LINE 1: player {north} sits at two seats of this table; a table "
        "has four different players."]


def test_seats_not_in_the_movement_are_refused():
    data = export_usebio(played_individual()).decode()
    line = first_line(data)
    north, east = seat(line, "NORTH"), seat(line, "EAST")
    # North and East change places: the same four players, other partnerships.
    assert refused(data.replace(line, with_seats(line, NORTH=east, EAST=north))) == [
        f"BOARD 1, TRAVELLER_LINE 1: North {east}, South {seat(line, 'SOUTH')}, East {north} "
        f"and West {seat(line, 'WEST')} do not sit together at these seats in this site's "
        "individual movement for 12 players. This site reads individual events played on its "
        "own movements; round 1 of it seats table 1: 1 2 v 3 6; table 2: 4 8 v 9 11; "
        "table 3: 5 10 v 7 12."]


def players_of(line):
    """The player numbers of a traveller line."""
    return {seat(line, name) for name in ("NORTH", "SOUTH", "EAST", "WEST")}


def test_a_table_of_another_round_is_refused():
    # With 16 players a table of round 2 may have none of the players of a table of round
    # 1 (with 12, any two tables of different rounds share a player, who would then play
    # the board twice: refused as such).
    session = make_individual(16, rounds=2, boards_per_round=1, status="finished")
    with_hands(session)
    play(session, {1, 2})
    data = export_usebio(session).decode()
    boards = {int(number): board for board, number in re.findall(
        r"(<BOARD>\s*<BOARD_NUMBER>(\d+)<.*?</BOARD>)", data[:data.index("<HANDSET>")],
        re.S)}
    lines = {number: re.findall(r"<TRAVELLER_LINE>.*?</TRAVELLER_LINE>", board, re.S)
             for number, board in boards.items()}
    # Board 1 keeps one round 1 table, and another of its lines gets the players of a
    # round 2 table none of whom sat at the first.
    kept, round_2 = next((first, line) for first in lines[1] for line in lines[2]
                         if not players_of(first) & players_of(line))
    other = next(line for line in lines[1] if line != kept)
    moved = with_seats(other, **{name: seat(round_2, name)
                                 for name in ("NORTH", "SOUTH", "EAST", "WEST")})
    edited = boards[1]
    for line in lines[1]:
        edited = edited.replace(line, "")
    edited = edited.replace("</BOARD>", kept + moved + "</BOARD>")
    assert refused(data.replace(boards[1], edited)) == [
        "BOARD 1, TRAVELLER_LINE 2: these players sit together in round 2 of this site's "
        "individual movement for 16 players, but BOARD 1, TRAVELLER_LINE 1 was played in "
        "round 1; every table plays the same boards in a round."]


def test_a_score_that_disagrees_with_ours_is_refused():
    original = played_individual()
    data = export_usebio(original).decode()
    line = first_line(data)
    score = re.search(r"<SCORE>(-?\d+)</SCORE>", line).group(1)
    contract = re.search(r"<CONTRACT>(.*?)</CONTRACT>", line).group(1)
    declarer = re.search(r"<PLAYED_BY>(.*?)</PLAYED_BY>", line).group(1)
    tricks = re.search(r"<TRICKS>(.*?)</TRICKS>", line).group(1)
    wrong = line.replace(f"<SCORE>{score}</SCORE>", f"<SCORE>{int(score) + 10}</SCORE>")
    assert refused(data.replace(line, wrong)) == [
        f"BOARD 1, TRAVELLER_LINE 1: the score {int(score) + 10} does not agree with "
        f"{contract} by {declarer} taking {tricks} tricks ({score} for NS)."]


def test_a_field_this_site_has_no_movement_for_is_refused():
    data = export_usebio(played_individual()).decode()
    for number in (11, 12):
        entrant = re.search(rf"<PLAYER>\s*<PLAYER_NUMBER>{number}<.*?</PLAYER>", data, re.S)
        data = data.replace(entrant.group(0), "")
    assert ("The file lists 10 players; this site's individual movements are for 7, 8, 9, "
            "11, 12, 13, 15, 16, 17, 19, 20, 21 players.") in refused(data)


def test_the_import_page_reads_an_individual(director_client):
    data = export_usebio(played_individual())
    response = director_client.post(reverse("import-session"), {
        "which": "usebio", "usebio-policy": "line", "usebio-table": "Moscow",
        "usebio-usebio": SimpleUploadedFile("christmas.xml", data)}, follow=True)
    imported = Session.objects.order_by("-pk").first()
    assert imported.movement == INDIVIDUAL
    assert response.redirect_chain[-1][0] == reverse("individual-standings",
                                                     args=[imported.pk])
    text = " ".join(response.content.decode().split())
    assert "Imported “Christmas individual”: 12 players, 17 results." in text


def test_an_individual_in_several_sections_is_refused():
    data = ('<USEBIO Version="1.2"><EVENT EVENT_TYPE="INDIVIDUAL"><DATE>22/12/2026</DATE>'
            '<SESSION><SECTION SECTION_ID="A"/><SECTION SECTION_ID="B"/></SESSION>'
            '</EVENT></USEBIO>')
    assert refused(data) == [
        "EVENT: the individual is in several sections; an individual is read as a session of "
        "one section, so choose the one to import (the Section field, or --section)."]


def test_boards_that_do_not_fall_into_rounds_are_refused():
    data = export_usebio(played_individual()).decode()
    # Boards 2 (round 1) and 5 (round 3) change numbers, with their hands; both are NS
    # vulnerable, so every score still agrees.
    for old, new in (("2", "x"), ("5", "2"), ("x", "5")):
        data = data.replace(f"<BOARD_NUMBER>{old}<", f"<BOARD_NUMBER>{new}<")
    assert refused(data) == [
        "The boards do not fall into rounds of this site's individual movement for 12 "
        "players (its tables play boards 1 to k in round 1, the next k in round 2, and so on, "
        "for one k up to 36): board 1 in round 1, board 2 in round 3, board 3 in round 2, "
        "board 4 in round 2, board 5 in round 1, board 6 in round 3."]
