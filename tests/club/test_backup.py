"""`manage.py backup FILE` and `manage.py restore FILE`: the whole club into one JSON file and
back into an empty database, after which every session exports exactly as before; a
non-empty database and a malformed file are refused with a message, never a traceback."""

import json
from datetime import date

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from club.io.archive import dumps, export_session
from club.models import Pair, Player, Session
from club.services.boards import sync_boards, update_board
from club.services.players import PLAYER_FIELDS
from scoring.models import CompensationTable, moscow_table
from tests.club.io.test_export_archive import DEAL, chicago_table, play_results
from tests.factories import make_pair, make_player, make_result, make_session, wipe

pytestmark = pytest.mark.django_db


def build_club():
    """Several sessions in every status, rulings, a club table (one no session uses, too),
    an inactive player, a player who never played, players sharing a name."""
    chicago = chicago_table()
    spare = moscow_table().copy("Spare")  # used by no session
    row = spare.rows.get(hcp=40)
    row.not_vul, row.vul = row.not_vul + 10, row.vul + 10
    row.save()

    published = make_session(tables=3, pairs=0, boards=False, table=chicago, policy="declarer",
                             status="running", name="Autumn cup", date=date(2026, 10, 1))
    make_pair(published, 1, ("Anna Petrova", "Boris Ivanov"))
    make_pair(published, 2, ("Olga Smirnova", "Pavel Egorov"))
    for number in range(3, 7):
        make_pair(published, number)
    sync_boards(published)
    anna = Player.objects.get(name="Anna Petrova")
    anna.membership_number = "M-17"
    anna.save()
    # Through the service, as a director gives a deal (it analyses it too).
    update_board(published.boards.get(number=1).pk, {"deal": DEAL, "ns_hcp": 20})
    update_board(published.boards.get(number=2).pk,
                 {"dealer_override": "S", "vulnerability_override": "All"})
    play_results(published)
    Session.objects.filter(pk=published.pk).update(status="published")

    finished = make_session(tables=3, status="finished", name="Thursday",
                            date=date(2026, 10, 8))
    make_result(finished, 1, 1, 4, "3NT= N", board_hcp=25, round=1, table=1,
                ns_hcp=24, ew_adjustment="ave")
    running = make_session(tables=4, rounds=7, movement="howell", status="running",
                           name="Howell night",
                           date=date(2026, 10, 15))
    make_result(running, 1, 1, 8, "2S+1 S", board_hcp=21)
    make_session(tables=2, status="setup", name="Next week", date=date(2026, 10, 22),
                 boards=False)

    # The same names elsewhere: a second Olga Smirnova without a membership number plays in
    # another session; an Anna Petrova without one never played.
    second_olga = finished.pairs.get(number=3).player1
    second_olga.name = "Olga Smirnova"
    second_olga.save()
    make_player("Anna Petrova")
    make_player("Retired Member", membership_number="M-3", active=False)
    make_player("Never Played")
    retired = finished.pairs.get(number=2).player2
    retired.active = False
    retired.save()
    # Any other field a player has comes back too (a federation number, say).
    for field in set(PLAYER_FIELDS) - {"name", "membership_number", "active"}:
        Player.objects.filter(pk=retired.pk).update(**{field: "F-1"})
        Player.objects.filter(name="Never Played").update(**{field: "F-2"})


def exports():
    return [dumps(export_session(s)) for s in Session.objects.order_by("id")]


def players():
    return sorted(tuple(getattr(p, f) for f in PLAYER_FIELDS) for p in Player.objects.all())


def tables():
    return sorted((t.name, t.builtin, tuple(t.row_tuples()))
                  for t in CompensationTable.objects.prefetch_related("rows"))


def test_backup_then_restore_into_an_empty_database_gives_every_session_back(tmp_path,
                                                                              capsys):
    build_club()
    before = (exports(), players(), tables())
    statuses = list(Session.objects.order_by("id").values_list("status", flat=True))
    assert statuses == ["published", "finished", "running", "setup"]
    path = tmp_path / "club.json"
    call_command("backup", str(path))
    assert "Backed up 4 sessions" in capsys.readouterr().out
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["backup_format"] == 1
    assert [s["session"]["name"] for s in document["sessions"]] == [
        "Autumn cup", "Thursday", "Howell night", "Next week"]
    assert {"name": "Retired Member", "membership_number": "M-3", "active": False}.items() <= (
        next(p for p in document["players"] if p["name"] == "Retired Member").items())
    assert path.stat().st_mode & 0o077 == 0  # membership numbers: the owner's eyes only

    wipe()
    assert not Player.objects.exists()
    call_command("restore", str(path))
    out, err = capsys.readouterr()
    assert "Restored 4 sessions" in out
    assert err == ""  # no session exported differently
    assert exports() == before[0]
    assert players() == before[1]
    assert tables() == before[2]
    # The players are the sessions' players (found again, not copied).
    assert Pair.objects.filter(player1__membership_number="M-17").count() == 1
    assert Player.objects.filter(name="Olga Smirnova").count() == 2


def test_backup_to_stdout(capsys):
    make_session(tables=2, name="Solo")
    call_command("backup", "-")
    document = json.loads(capsys.readouterr().out)
    assert [s["session"]["name"] for s in document["sessions"]] == ["Solo"]


def test_an_empty_club_backs_up_and_restores(tmp_path):
    path = tmp_path / "empty.json"
    call_command("backup", str(path))
    call_command("restore", str(path))
    assert not Session.objects.exists() and not Player.objects.exists()


def test_restore_refuses_a_database_that_is_not_empty(tmp_path):
    make_session(tables=2, name="Solo")
    path = tmp_path / "club.json"
    call_command("backup", str(path))
    with pytest.raises(CommandError, match="The database is not empty") as refusal:
        call_command("restore", str(path))
    assert "1 session" in str(refusal.value)
    assert Session.objects.count() == 1


@pytest.mark.parametrize("content, message", [
    (b"", "not valid JSON"),
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[]", "no “backup_format”"),
    (b'{"format_version": 1}', "not a backup written by"),
    (b'{"backup_format": 7}', "backup format 7"),
    (b'{"backup_format": 1}', "“compensation_tables” must be a list"),
    (b'{"backup_format": 1, "compensation_tables": [], "players": [{"name": ""}], '
     b'"sessions": []}', "player 1"),
    (b'{"backup_format": 1, "compensation_tables": [{"name": "X", "builtin": false, '
     b'"rows": [[1, 2]]}], "players": [], "sessions": []}', "compensation table 1"),
    (b'{"backup_format": 1, "compensation_tables": [], "players": [{"name": "A", '
     b'"membership_number": "", "active": true, "shoe_size": "9"}], "sessions": []}',
     "\u201cshoe_size\u201d is not something"),
    (b'{"backup_format": 1, "compensation_tables": [{"name": "X", "builtin": false, '
     b'"rows": [[21, 50, 50]]}], "players": [], "sessions": []}',
     "compensation table “X”"),
    (b'{"backup_format": 1, "compensation_tables": [], "players": [], '
     b'"sessions": [{"format_version": 1, "session": {}}]}', "session 1"),
    (b'{"backup_format": 1, "compensation_tables": [], "players": [], "sessions": [3]}',
     "session 1"),
])
def test_a_malformed_backup_is_refused_with_a_message(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(CommandError) as refusal:
        call_command("restore", str(path))
    assert message in str(refusal.value)
    assert not Session.objects.exists() and not Player.objects.exists()
    assert not CompensationTable.objects.filter(builtin=False).exists()


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("restore", str(tmp_path / "nowhere.json"))


def test_a_bad_session_rolls_back_the_whole_restore(tmp_path):
    build_club()
    path = tmp_path / "club.json"
    call_command("backup", str(path))
    document = json.loads(path.read_text(encoding="utf-8"))
    document["sessions"][2]["results"][0]["board"] = 99  # no such board
    path.write_text(json.dumps(document), encoding="utf-8")
    wipe()
    with pytest.raises(CommandError) as refusal:
        call_command("restore", str(path))
    assert "session 3 (“Howell night”)" in str(refusal.value)
    assert "nothing was changed" in str(refusal.value)
    assert not Session.objects.exists() and not Player.objects.exists()
    assert not CompensationTable.objects.filter(builtin=False).exists()
