"""The JSON archive: its content, and export -> empty database -> import -> export gives the
identical document."""

import io
import json

import pytest
from django.core.management import call_command

from club.io.archive import FORMAT_VERSION, dumps, export_session, import_archive
from club.io.files import ImportFailed
from club.io.results_csv import import_csv
from club.models import Player, Result, Session
from club.services.boards import analyse_boards, sync_boards
from club.services.compensation_tables import copy_table
from scoring.engine import parse_result
from scoring.engine.analysis import analyse
from scoring.models import moscow_table
from tests.factories import make_pair, make_result, make_session, save_scored, wipe

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987"


def chicago_table():
    """A club table: Moscow's copy with one value changed."""
    club_table = copy_table(moscow_table().pk, "Chicago")
    row = club_table.rows.get(hcp=24)
    row.vul = 290
    row.save()
    return club_table


def play_results(session):
    """Results on boards 1-3 using everything the archive must carry: a doubled contract
    with its opening lead, a pass-out, rulings, an assigned result and a free entry."""
    make_result(session, 1, 1, 4, "4SX-2 E", round=1, table=1, lead="SK")
    make_result(session, 1, 2, 5, "pass", round=1, table=2)
    make_result(session, 2, 3, 6, "3NT+1 S", board_hcp=24, round=1, table=3,
                ns_adjustment="ave+", ew_adjustment="ave-")
    assigned = make_result(session, 2, 1, 5, "1C= N", round=2, table=1)
    assigned.assigned = True
    assigned.set_assigned(*parse_result("2H-1 W"))
    save_scored(assigned)
    make_result(session, 3, 2, 6, "2D= E", board_hcp=18)  # free entry: no round or table


def build_evening():
    """A session using everything the archive must carry."""
    club_table = chicago_table()
    session = make_session(tables=3, pairs=0, boards=False, boards_per_round=2,
                           policy="declarer", table=club_table, status="published",
                           name="Archive evening")
    make_pair(session, 1, ("Anna Petrova", "Boris Ivanov"))
    for number in range(2, 7):
        make_pair(session, number)
    sync_boards(session)
    first = Player.objects.get(name="Anna Petrova")
    first.membership_number = "M-17"
    first.save()
    board = session.boards.get(number=1)
    board.deal, board.ns_hcp = DEAL, 20
    analyse_boards([board])
    board.save()
    board = session.boards.get(number=2)
    board.dealer_override, board.vulnerability_override = "S", "All"
    board.save()
    play_results(session)
    return session


def test_archive_content():
    session = build_evening()
    document = export_session(session)
    assert document["format_version"] == FORMAT_VERSION == 1
    assert document["session"] == {
        "name": "Archive evening", "date": "2026-11-27", "status": "published",
        "movement": "mitchell", "tables": 3, "rounds": 3, "boards_per_round": 2,
        "duplicated": True, "policy": "declarer", "arrangement": "plain",
        "arrow_switch": "none", "ranking": "one",
        "compensation_table": {"name": "Chicago",
                               "rows": document["session"]["compensation_table"]["rows"]},
    }
    assert [21, 50, 50] in document["session"]["compensation_table"]["rows"]
    assert [24, 200, 290] in document["session"]["compensation_table"]["rows"]
    assert document["pairs"][0] == {
        "number": 1, "label": "1NS",
        "players": [{"name": "Anna Petrova", "membership_number": "M-17"},
                    {"name": "Boris Ivanov", "membership_number": ""}],
    }
    (analysis,) = analyse([(DEAL, "N", "None")])
    assert document["boards"][0] == {
        "number": 1, "dealer": "N", "vulnerability": "None", "dealer_override": "",
        "vulnerability_override": "", "deal": DEAL, "ns_hcp": 20,
        "double_dummy": {strain: [analysis.double_dummy.tricks_for(strain, seat)
                                  for seat in "NESW"] for strain in ("C", "D", "H", "S", "NT")},
        "par": {"score": analysis.par.score,
                "contracts": [c.text for c in analysis.par.contracts]},
    }
    assert list(document["boards"][0]["double_dummy"]) == ["C", "D", "H", "S", "NT"]
    assert (document["boards"][1]["double_dummy"], document["boards"][1]["par"]) == (None, None)
    assert document["boards"][1]["dealer"] == "S"
    assert document["boards"][1]["vulnerability"] == "All"
    results = document["results"]
    assert len(results) == 5
    # Board 1, none vulnerable, 20-20: 4SX-2 by E, doubled not vulnerable: NS +300.
    assert results[0] == {
        "board": 1, "round": 1, "table": 1, "ns": 1, "ew": 4, "contract": "4SX",
        "declarer": "E", "tricks": 8, "not_played": False, "lead": "SK", "ns_hcp": 20,
        "ns_adjustment": "",
        "ew_adjustment": "", "assigned": None, "ns_score": 300, "ew_score": -300,
        "ns_compensation": 0, "ns_net": 300, "ns_imps": 7, "ew_imps": -7,
    }
    passed = results[1]
    assert (passed["contract"], passed["declarer"], passed["tricks"]) == (None, None, None)
    assert results[2]["assigned"] == {"contract": "2H", "declarer": "W", "tricks": 7}
    assert (results[3]["ns_adjustment"], results[3]["ns_imps"]) == ("ave+", 3)
    assert results[4]["table"] is None and results[4]["board"] == 3  # no table sorts last
    first = document["standings"][0]
    assert set(first) >= {"rank", "pair", "players", "boards", "imps"}
    assert sum(row["imps"] for row in document["standings"]) == 0


def test_round_trip_gives_the_identical_document():
    session = build_evening()
    before = dumps(export_session(session))
    wipe()
    assert not Session.objects.exists()
    imported = import_archive(before.encode(), keep_status=True)
    after = dumps(export_session(imported))
    assert after == before


def test_the_analysis_in_the_file_is_ignored_and_computed_again():
    session = build_evening()
    document = export_session(session)
    before = dumps(document)
    document["boards"][0]["double_dummy"] = {"C": [0, 0, 0, 0]}
    document["boards"][0]["par"] = {"score": 7600, "contracts": ["7NTXX= N"]}
    wipe()
    imported = import_archive(dumps(document), keep_status=True)
    assert dumps(export_session(imported)) == before


@pytest.mark.parametrize("status,imported", [("setup", "setup"), ("running", "finished"),
                                             ("finished", "finished"),
                                             ("published", "finished")])
def test_an_imported_session_waits_for_the_directors_check(status, imported):
    session = make_session(tables=3, status=status)
    text = dumps(export_session(session))
    assert import_archive(text).status == imported
    assert import_archive(text, keep_status=True).status == status


def test_round_trip_through_the_commands(tmp_path):
    session = build_evening()
    out = io.StringIO()
    call_command("export_session", str(session.id), stdout=out)
    before = out.getvalue()
    assert json.loads(before)["session"]["name"] == "Archive evening"
    path = tmp_path / "evening.json"
    path.write_text(before, encoding="utf-8")
    wipe()
    out = io.StringIO()
    call_command("import_session", "--json", str(path), stdout=out)
    new_id = int(out.getvalue())
    out = io.StringIO()
    call_command("export_session", str(new_id), "--format", "json", stdout=out)
    # Published in the file, finished here until a director publishes it.
    assert out.getvalue() == before.replace('"status": "published"', '"status": "finished"', 1)


def test_round_trip_of_a_session_without_duplicated_boards():
    session = make_session(tables=3, rounds=5, duplicated=False, movement="howell", pairs=6)
    make_result(session, 1, 1, 2, "3NT= N", ns_hcp=26)
    make_result(session, 1, 3, 4, "3NT-1 N", ns_hcp=24)
    before = dumps(export_session(session))
    wipe()
    after = dumps(export_session(import_archive(before, keep_status=True)))
    assert after == before


def test_round_trip_of_a_csv_import_with_a_round_a_board():
    """A CSV import makes a round of each board when no count divides the boards (53 here),
    and the result page lets a free-seating result name any table and round: such a
    session's archive imports too."""
    lines = "".join(f"{board},{ns},{ew},3NT=,N,,24\n"
                    for board in range(1, 54) for ns, ew in [(1, 2 + board % 3)])
    session = import_csv(name="Long evening", date="2026-11-20", boards_data=lines.encode(),
                         names_data=b"1,Anna,Boris\n2,Elena,Dmitry\n3,Olga,Sergei\n"
                                    b"4,Tatiana,Mikhail\n")
    assert (session.rounds, session.boards_per_round, session.tables) == (53, 1, 2)
    Result.objects.filter(board__session=session, board__number=1).update(table=12, round=99)
    before = dumps(export_session(session))
    wipe()
    assert dumps(export_session(import_archive(before, keep_status=True))) == before


def test_import_reuses_players_and_the_table_it_knows():
    session = build_evening()
    text = dumps(export_session(session))
    players_before = Player.objects.count()
    imported = import_archive(text, keep_status=True)
    assert imported.id != session.id
    # Anna is known by her membership number; the others have unique names here.
    assert Player.objects.count() == players_before
    assert imported.compensation_table_id == session.compensation_table_id
    assert dumps(export_session(imported)) == text


def test_archive_download_is_for_directors(client, director, django_user_model):
    session = build_evening()
    url = f"/director/sessions/{session.id}/archive/"
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(django_user_model.objects.create_user("player", password="pw-12345"))
    assert client.get(url).status_code == 403
    client.force_login(director)
    response = client.get(f"/director/sessions/{session.id}/archive/")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert response.content.decode() == dumps(export_session(session))


def test_round_trip_of_an_even_table_mitchell():
    """Four tables, three rounds of three boards: four board sets make twelve boards, more
    than rounds x boards per round (nine)."""
    session = make_session(tables=4, boards_per_round=3, status="finished")
    assert (session.rounds, session.boards.count()) == (3, 12)
    make_result(session, 10, 1, 5, "4S= N", board_hcp=24)
    make_result(session, 12, 2, 8, "3NT-1 S", board_hcp=20)
    before = dumps(export_session(session))
    wipe()
    assert dumps(export_session(import_archive(before, keep_status=True))) == before


def test_round_trip_of_a_csv_import_with_its_own_pair_and_board_numbers():
    """A results CSV keeps the file's pair numbers (1 to 100; the session gets the tables
    its highest number needs) and its boards (results on boards 5 to 28 make boards 1 to
    28): its archive imports too."""
    lines = "".join(f"{board},{ns},{ew},3NT=,N,,24\n"
                    for board in range(5, 29) for ns, ew in [(11, 12), (13, 14)])
    session = import_csv(name="Visitors", date="2026-11-20", boards_data=lines.encode(),
                         names_data=b"11,Anna,Boris\n12,Elena,Dmitry\n13,Olga,Sergei\n"
                                    b"14,Tatiana,Mikhail\n")
    assert session.tables == 7
    assert sorted(session.boards.values_list("number", flat=True)) == list(range(1, 29))
    before = dumps(export_session(session))
    wipe()
    assert dumps(export_session(import_archive(before, keep_status=True))) == before


@pytest.mark.parametrize("options", [
    {"arrangement": "relay", "rounds": 4},
    {"arrangement": "skip", "ranking": "two"},
    {"arrangement": "relay", "rounds": 4, "arrow_switch": "last"},
])
def test_round_trip_of_the_movement_options(options):
    session = make_session(tables=4, boards_per_round=1, status="finished", **options)
    make_result(session, 1, 1, 5, "4S= N", board_hcp=24, round=1, table=1)
    make_result(session, 1, 4, 8, "3NT-1 S", board_hcp=24, round=1, table=4)
    before = dumps(export_session(session))
    wipe()
    imported = import_archive(before, keep_status=True)
    assert {key: getattr(imported, key) for key in options} == options
    assert dumps(export_session(imported)) == before


def test_two_winners_in_the_archive_rank_each_line():
    session = make_session(tables=4, boards_per_round=1, status="finished", ranking="two")
    make_result(session, 1, 1, 5, "4S= N", board_hcp=20)  # NS +: 1NS first of its line
    standings = export_session(session)["standings"]
    assert [(row["line"], row["rank"]) for row in standings][:2] == [("NS", 1), ("NS", 2)]
    ew = [row for row in standings if row["line"] == "EW"]
    assert [row["pair"] for row in ew][-1] == 5 and ew[0]["rank"] == 1
    assert len(standings) == 8


def test_an_archive_without_the_movement_options_reads_as_before():
    session = make_session(tables=4, boards_per_round=1, status="finished")
    document = export_session(session)
    for key in ("arrangement", "arrow_switch", "ranking"):
        del document["session"][key]
    wipe()
    imported = import_archive(dumps(document), keep_status=True)
    assert (imported.arrangement, imported.arrow_switch, imported.ranking) == (
        "plain", "none", "one")


def test_an_archive_with_a_relay_on_odd_tables_is_refused_by_name():
    session = make_session(tables=3, boards_per_round=1, status="finished")
    document = export_session(session)
    document["session"]["arrangement"] = "relay"
    wipe()
    with pytest.raises(ImportFailed) as failed:
        import_archive(dumps(document), keep_status=True)
    assert "relay and bye stand are for a Mitchell on an even number of tables" in str(
        failed.value)
    assert not Session.objects.exists()
