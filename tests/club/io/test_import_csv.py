"""Importing a session from a boards CSV (salliere's column order plus NS HCP) and a names
CSV: what gets created."""

import io
from datetime import date

import pytest
from django.core.management import call_command

from club.io.results_csv import import_csv
from club.models import Player, Result, Session
from club.queries import session_standings
from club.services.compensation_tables import copy_table
from scoring.models import moscow_table
from tests.factories import make_player

pytestmark = pytest.mark.django_db

NAMES = """pair,player 1,player 2
1,Anna Petrova,Boris Ivanov
2,Elena Smirnova,Dmitry Volkov
3,Olga Kuznetsova,Sergei Popov
4,Tatiana Sokolova,Mikhail Lebedev
"""

# Board 1: nobody vulnerable, NS 22 HCP: 4S= N is 420 - 70 = +350 -> NS +8.
# Board 2: NS vulnerable, NS 15 HCP (EW 25, not vulnerable, owe 300):
#   3NT-1 by E: +50 + 300 = +350 -> NS +8;  passed out: 0 + 300 = +300 -> NS +7.
BOARDS = """1,1,2,4S,N,10,22
1,3,4,4S=,N,22
2,1,3,3NT-1,E,,15
2,2,4,PASS,,,15
"""


def run(boards=BOARDS, names=NAMES, **options):
    fields = {"name": "Imported evening", "date": "2026-11-20"} | options
    return import_csv(boards_data=boards.encode(), names_data=names.encode(), **fields)


def test_creates_session_pairs_boards_and_scored_results():
    session = run()
    assert (session.name, session.date) == ("Imported evening", date(2026, 11, 20))
    assert session.status == "finished" and session.movement == "free"
    assert session.tables == 2  # ceil(4 pairs / 2)
    assert (session.rounds, session.boards_per_round) == (2, 1)
    assert session.policy == "line" and session.compensation_table == moscow_table()
    assert [p.players for p in session.pairs.order_by("number")][0] == "Anna Petrova – Boris Ivanov"
    assert {b.number: b.ns_hcp for b in session.boards.all()} == {1: 22, 2: 15}
    results = {(r.board.number, r.ns_pair.number): r
               for r in Result.objects.filter(board__session=session)}
    assert len(results) == 4
    assert all(r.ns_hcp is None for r in results.values())  # on the board instead
    assert (results[(1, 1)].ns_score, results[(1, 1)].ns_imps) == (420, 8)
    assert (results[(1, 3)].text, results[(1, 3)].ns_imps) == ("4S= N", 8)
    assert (results[(2, 1)].text, results[(2, 1)].ns_net, results[(2, 1)].ns_imps) == (
        "3NT-1 E", 350, 8)
    assert (results[(2, 2)].passed_out, results[(2, 2)].ns_imps) == (True, 7)
    standings = {r.number: r.imps for r in session_standings(session)}
    assert standings == {1: 16, 2: -1, 3: 0, 4: -15}
    assert results[(1, 1)].plays.count() == 2  # BoardPlay rows kept


def test_without_a_header_and_with_semicolons_and_a_bom():
    names = "\ufeff" + NAMES.split("\n", 1)[1].replace(",", ";")
    session = run(boards=BOARDS.replace(",", ";"), names=names)
    assert session.pairs.count() == 4
    assert Result.objects.filter(board__session=session).count() == 4


def test_header_in_the_boards_file_and_extra_columns_are_ignored():
    boards = ("board,ns,ew,contract,declarer,tricks,ns_hcp,ns_score\n"
              "1,1,2,3NT,S,9,25,whatever\n")
    session = run(boards=boards)
    result = Result.objects.get(board__session=session)
    assert result.text == "3NT= S" and result.board.ns_hcp == 25


def test_not_duplicated_keeps_hcp_on_each_result():
    session = run(boards="1,1,2,1NT=,N,,23\n1,3,4,1NT=,N,,17\n", duplicated=False)
    assert not session.duplicated
    assert session.boards.get(number=1).ns_hcp is None
    hcps = dict(Result.objects.filter(board__session=session)
                .values_list("ns_pair__number", "ns_hcp"))
    assert hcps == {1: 23, 3: 17}


def test_duplicated_board_whose_lines_disagree_keeps_each_lines_hcp():
    session = run(boards="1,1,2,1NT=,N,,23\n1,3,4,1NT=,N,,22\n2,1,3,PASS,,,20\n2,2,4,PASS,,,\n")
    assert session.boards.get(number=1).ns_hcp is None
    hcps = dict(Result.objects.filter(board__session=session, board__number=1)
                .values_list("ns_pair__number", "ns_hcp"))
    assert hcps == {1: 23, 3: 22}
    # Board 2: one line gives 20, the other leaves it empty: stored once on the board.
    assert session.boards.get(number=2).ns_hcp == 20


def test_rounds_follow_how_many_boards_pairs_play_together():
    # Pairs meet for three boards each: 6 boards = 2 rounds of 3.
    lines = [f"{b},1,2,PASS,,,20" for b in (1, 2, 3)] + [f"{b},3,4,PASS,,,20" for b in (1, 2, 3)]
    lines += [f"{b},1,3,PASS,,,20" for b in (4, 5, 6)] + [f"{b},2,4,PASS,,,20" for b in (4, 5, 6)]
    session = run(boards="\n".join(lines))
    assert (session.rounds, session.boards_per_round) == (2, 3)
    assert session.boards.count() == 6


def test_rounds_times_boards_per_round_is_the_board_count():
    # Three boards per meeting but 8 boards: 4 rounds of 2 keeps rounds x per round = 8.
    lines = [f"{b},1,2,PASS,,,20" for b in (1, 2, 3)] + [f"{b},3,4,PASS,,,20" for b in (6, 7, 8)]
    session = run(boards="\n".join(lines))
    assert (session.rounds, session.boards_per_round) == (4, 2)
    assert sorted(session.boards.values_list("number", flat=True)) == list(range(1, 9))


def test_policy_and_club_table():
    club = copy_table(moscow_table().pk, "Club table")
    session = run(policy="declarer", table_name="Club table")
    assert session.policy == "declarer" and session.compensation_table == club
    # Declarer policy: EW's compensation does not apply when NS declare or nobody does.
    passed = Result.objects.get(board__session=session, board__number=2, ns_pair__number=2)
    assert (passed.ns_compensation, passed.ns_imps) == (0, 0)


def test_existing_players_are_reused_by_name():
    anna = make_player("Anna Petrova")
    before = Player.objects.count()
    session = run()
    assert session.pairs.get(number=1).player1 == anna
    assert Player.objects.count() == before + 7


def test_command_prints_the_new_session_id(tmp_path):
    boards, names = tmp_path / "boards.csv", tmp_path / "names.csv"
    boards.write_text(BOARDS, encoding="utf-8")
    names.write_text(NAMES, encoding="utf-8")
    out = io.StringIO()
    call_command("import_session", "--name", "From files", "--date", "2026-11-20",
                 "--policy", "line", "--not-duplicated", str(boards), str(names), stdout=out)
    session = Session.objects.get(pk=int(out.getvalue()))
    assert session.name == "From files" and not session.duplicated
    assert Result.objects.filter(board__session=session).count() == 4
