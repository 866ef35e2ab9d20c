"""`manage.py backup FILE` and `manage.py restore FILE`: the whole club into one JSON file and
back into an empty database, every stored row as it was (ids, timestamps, history, users);
a backup that would not restore is not written; a backup of format 1 (written before)
still restores; a non-empty database and a malformed file are refused with a message,
never a traceback."""

import copy
import io
import json
import uuid
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, Permission, User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import timezone
from django_otp.plugins.otp_totp.models import TOTPDevice
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.io.archive import dumps, export_session
from club.models import (
    AnalysisJob,
    Board,
    CarryOver,
    DirectorCall,
    Pair,
    Player,
    Result,
    Season,
    Session,
    TableCode,
    TableEntry,
    TeamMatch,
)
from club.permissions import DIRECTORS_GROUP
from club.services.boards import sync_boards, update_board
from club.services.compensation_tables import copy_table
from club.services.individual import enter_player
from club.services.locks import lock_session
from club.services.masterpoints import award_session, save_award_scheme
from club.services.players import PLAYER_FIELDS
from club.services.results import contract_values, correct_result
from club.services.seasons import save_event, save_season, set_carry_over
from club.services.sessions import change_status
from club.services.swiss import start_swiss_round
from club.services.table_phones import accept_entry, call_director, issue_codes, submit_entry
from club.services.teams import make_knockout, make_round_robin, save_team, set_line_up
from scoring.engine import parse_result
from scoring.models import CompensationTable, moscow_table
from tests.club.backups import empty_site, stored_rows
from tests.club.io.test_export_archive import DEAL, chicago_table, play_results
from tests.club.io.test_import_archive import replace_somewhere
from tests.factories import make_not_played, make_pair, make_player, make_result, make_session

pytestmark = pytest.mark.django_db

FORMAT_1 = Path(__file__).parent / "fixtures" / "backup-format-1.json"


def build_club():
    """Several sessions in every status, rulings, a club table (one no session uses, too),
    an inactive player, a player who never played, players sharing a name."""
    chicago = chicago_table()
    spare = copy_table(moscow_table().pk, "Spare")  # used by no session
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




def build_whole_club():
    """build_club, a board not played, and everything else a club stores: a correction
    (history), seasons, an event with carry-overs, table codes, a table's entry accepted
    and one awaiting the opponents, a call for the director, an analysis job, directors and
    their groups."""
    build_club()
    thursday = Session.objects.get(name="Thursday")
    make_not_played(thursday, 2, 2, 5, "ave+", "ave-", round=1, table=2)
    first = Result.objects.get(board__session=thursday, board__number=1)
    Session.objects.filter(pk=thursday.pk).update(status="running")
    correct_result(first.pk, first.version, {**contract_values(parse_result("3NT+1 N")),
                                             "ns_hcp": 24})
    Session.objects.filter(pk=thursday.pk).update(status="finished")

    howell = Session.objects.get(name="Howell night")
    issue_codes(howell.pk)
    howell.boards.filter(ns_hcp__isnull=True).update(ns_hcp=20)
    entry = submit_entry(howell.pk, table=1, round=1, board_number=1, key=uuid.uuid4(),
                         values={**contract_values(parse_result("4H= S")), "lead": "DA"})
    accept_entry(howell.pk, entry.key)
    submit_entry(howell.pk, table=2, round=1, board_number=4, key=uuid.uuid4(),
                 values=contract_values(parse_result("1NT-1 N")), ns_hcp=19)
    call_director(howell.pk, 3, round=1)
    # The analysis of its deals failed (club.services.analysis): the page says so.
    AnalysisJob.objects.update_or_create(session=howell, defaults={
        "state": "failed", "total": 2, "done": 1, "error": "The solver failed.",
        "started_at": timezone.now(), "finished_at": timezone.now()})

    autumn = Session.objects.get(name="Autumn cup")
    save_season({"name": "Autumn", "start": date(2026, 9, 1), "end": date(2026, 11, 30),
                  "min_sessions": 2, "best_of": 5})
    chosen = save_season({"name": "Cups", "min_sessions": 1, "best_of": None},
                         [autumn.pk, thursday.pk])
    by_pair = save_event({"name": "Autumn pairs", "scoring": "pair", "season": chosen},
                         [autumn.pk, thursday.pk])
    by_player = save_event({"name": "Autumn players", "scoring": "player", "season": None},
                           [autumn.pk])
    anna, boris = autumn.pairs.get(number=1).player1, autumn.pairs.get(number=1).player2
    set_carry_over(by_pair.pk, min(anna.pk, boris.pk), max(anna.pk, boris.pk), "2.5")
    set_carry_over(by_player.pk, anna.pk, None, "-1")
    # Masterpoints: a scheme the published cup uses, and its awards (with their history).
    scheme = save_award_scheme({"name": "Club pairs", "top_fixed": Decimal(10)})
    Session.objects.filter(pk=autumn.pk).update(award_scheme=scheme)
    with transaction.atomic():
        assert award_session(lock_session(autumn.pk), "published")

    scorers = Group.objects.create(name="Scorers")
    scorers.permissions.add(Permission.objects.get(codename="view_session",
                                                   content_type__app_label="club"))
    director = User.objects.create_user("td", "td@club.example", "td-password",
                                        is_staff=True)
    director.groups.add(Group.objects.get(name=DIRECTORS_GROUP), scorers)
    director.user_permissions.add(Permission.objects.get(codename="change_player"))
    # The director's second factor: without it, a restored site would let the password
    # alone in.
    TOTPDevice.objects.create(user=director, name="phone", confirmed=True)
    User.objects.create_superuser("admin", "", "admin-password")


def test_backup_then_restore_gives_back_every_stored_row(tmp_path, capsys):
    build_whole_club()
    build_individual()
    before = stored_rows()
    path = tmp_path / "club.json"
    call_command("backup", str(path))
    out = capsys.readouterr().out
    assert "sessions: 5" in out and "users: 2" in out
    assert path.stat().st_mode & 0o077 == 0  # membership numbers, password hashes
    empty_site()
    assert not Session.objects.exists() and not User.objects.exists()

    call_command("restore", str(path))
    out, err = capsys.readouterr()
    assert "Restored" in out and "sessions: 5" in out
    assert err == ""  # every result scores as stored
    assert stored_rows() == before
    # The ids go on from the restored ones (PostgreSQL's sequences were moved on).
    assert make_player().pk > max(row["pk"] for row in before if row["model"] == "club.player")
    assert Result.objects.filter(table_entry__isnull=False).count() == 1
    assert User.objects.get(username="td").check_password("td-password")


def test_every_model_of_the_club_is_in_the_backup():
    """A row of every model of the club and scoring apps, and the users, groups and their
    second-factor devices: each is in the file (a model added later fails here until the
    club above stores one, and the backup writes it)."""
    build_whole_club()
    build_swiss_round()
    build_teams_schedule()
    build_individual()
    document = json.loads(call_backup())
    written = {row["model"] for row in document["objects"]}
    models = [*apps.get_app_config("club").get_models(),
              *apps.get_app_config("scoring").get_models(),
              *apps.get_app_config("otp_totp").get_models(), User, Group]
    assert {m._meta.label_lower for m in models} <= written
    for model in models:
        assert sum(row["model"] == model._meta.label_lower for row in document["objects"]) \
            == model._base_manager.count(), model


def build_swiss_round():
    """A Swiss pairs session in its first round (club.models.SwissSeat)."""
    howell = Session.objects.get(name="Howell night")
    swiss = Session.objects.create(
        name="Swiss night", date=date(2026, 11, 25), movement="swiss", tables=2, rounds=3,
        boards_per_round=2, compensation_table=howell.compensation_table)
    for number, pair in enumerate(howell.pairs.order_by("number")[:4], start=1):
        Pair.objects.create(session=swiss, number=number, player1=pair.player1,
                            player2=pair.player2)
    change_status(swiss.pk, "start")
    start_swiss_round(swiss.pk)


def build_teams_schedule():
    """A teams session with its teams, their members and a line-up (club.models.teams)."""
    howell = Session.objects.get(name="Howell night")
    teams = Session.objects.create(
        name="Teams night", date=date(2026, 11, 26), movement="teams", tables=2, rounds=3,
        boards_per_round=2, compensation_table=howell.compensation_table)
    players = [make_player() for _ in range(12)]
    for number in (1, 2, 3):
        four = players[4 * number - 4:4 * number]
        save_team(teams.pk, number=number, name=f"Team {number}", captain=four[0],
                  players=four)
    make_round_robin(teams.pk)
    match = TeamMatch.objects.filter(session=teams, away__isnull=False).first()
    home = [member.player for member in match.home.members.all()]
    set_line_up(match.pk, "home", home[:2], home[2:])
    knockout = Session.objects.create(
        name="Knockout night", date=date(2026, 11, 27), movement="teams", tables=2, rounds=1,
        boards_per_round=2, compensation_table=howell.compensation_table)
    for number in (1, 2):
        four = [make_player() for _ in range(4)]
        save_team(knockout.pk, number=number, name=f"Team {number}", captain=four[0],
                  players=four)
    make_knockout(knockout.pk, carry_over="2.5", tie_break="last boards")


def build_individual():
    """An individual with its 8 players entered (club.models.IndividualEntry) and the
    partnerships its movement forms."""
    howell = Session.objects.get(name="Howell night")
    individual = Session.objects.create(
        name="Individual night", date=date(2026, 11, 26), movement="individual", tables=2,
        rounds=2, boards_per_round=2, compensation_table=howell.compensation_table)
    players = Player.objects.order_by("pk")[:8]
    for number, player in enumerate(players, start=1):
        enter_player(individual.pk, number, player)
    assert individual.pairs.filter(partnership=True).count() == 8


def call_backup():
    out = io.StringIO()
    call_command("backup", "-", stdout=out)
    return out.getvalue()


def test_times_keep_their_microseconds(tmp_path):
    make_session(tables=2, name="Solo")
    Session.objects.update(created_at="2026-11-27T19:00:00.123456+00:00")
    path = tmp_path / "club.json"
    call_command("backup", str(path))
    assert '"created_at": "2026-11-27T19:00:00.123456+00:00"' in path.read_text()


def test_backup_to_stdout():
    make_session(tables=2, name="Solo")
    document = json.loads(call_backup())
    assert document["backup_format"] == 2
    assert [row["fields"]["name"] for row in document["objects"]
            if row["model"] == "club.session"] == ["Solo"]


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
    assert "sessions: 1" in str(refusal.value)
    assert Session.objects.count() == 1


def test_restore_refuses_a_database_with_users(tmp_path):
    """The backup brings its users back with their ids: a user made before the restore
    (say with createsuperuser) would take one of them."""
    path = tmp_path / "club.json"
    call_command("backup", str(path))
    User.objects.create_user("early")
    with pytest.raises(CommandError, match="users: 1"):
        call_command("restore", str(path))


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("restore", str(tmp_path / "nowhere.json"))


# --- a backup that would not restore is not written -----------------------------------------

def test_a_backup_that_would_not_restore_fails_and_keeps_the_old_file(tmp_path):
    """A board written past the services beyond the movement's boards (a 3-table Mitchell of
    two boards a round plays boards 1 to 6), with a result: restore's checks refuse it, so
    the backup is refused before the file is touched."""
    session = make_session(tables=3, name="Solo")
    Board.objects.create(session=session, number=99, ns_hcp=20)
    make_result(session, 99, 1, 4, "3NT= N")
    path = tmp_path / "club.json"
    path.write_text("yesterday's backup\n")
    with pytest.raises(CommandError) as refusal:
        call_command("backup", str(path))
    message = str(refusal.value)
    assert "was not written: the backup would not restore" in message
    assert "session 1 (“Solo”): board 7: “number” is 99; expected a whole number from 1 to 6." \
        in message.replace(f"session {session.pk} ", "session 1 ")
    assert path.read_text() == "yesterday's backup\n"
    assert [p.name for p in tmp_path.iterdir()] == ["club.json"]  # no temporary file left


def test_a_backup_checks_what_it_writes(tmp_path, monkeypatch):
    """The check reads the text the backup writes, not the rows in memory: a writer that
    loses the NS HCP of the boards makes the backup fail."""
    session = make_session(tables=3, name="Solo")
    make_result(session, 1, 1, 4, "3NT= N")
    import club.management.commands.backup as command
    text = command.backup_text
    monkeypatch.setattr(command, "backup_text",
                        lambda document: text(document).replace('"ns_hcp": 20', '"ns_hcp": null'))
    path = tmp_path / "club.json"
    with pytest.raises(CommandError, match="no NS HCP"):
        call_command("backup", str(path))
    assert not path.exists()


# --- refusals -------------------------------------------------------------------------------

def backup_of_a_session():
    session = make_session(tables=3, name="Solo")
    make_result(session, 1, 1, 4, "3NT= N")
    make_result(session, 2, 2, 5, "4S-1 N", board_hcp=22)
    return json.loads(call_backup())


def rows_of(document, model):
    return [row for row in document["objects"] if row["model"] == model]


def restore_refusal(tmp_path, document):
    """The restore's refusal of `document` (text or JSON), into an emptied site."""
    empty_site()
    path = tmp_path / "bad.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    with pytest.raises(CommandError) as refusal:
        call_command("restore", str(path))
    assert not Session.objects.exists() and not Player.objects.exists()
    assert not CompensationTable.objects.filter(builtin=False).exists()
    return str(refusal.value)


@pytest.mark.parametrize("content, message", [
    ("", "is empty"),
    ("{not json", "not valid JSON"),
    ("[]", "no “backup_format”"),
    ('{"format_version": 1}', "not a backup written by"),
    ('{"backup_format": 7}', "backup format 7; this site reads formats 1, 2"),
    ('{"backup_format": true}', "backup format true"),
    ('{"backup_format": 2}', "“objects” must be a list"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply to be read"),
    ('{"backup_format": 2, "objects": [' + "7" * 5000 + "]}",
     "holds a number of more than 4300 digits"),
    ('{"backup_format": "\\ud800"}', 'backup format "\\ud800"'),
    ('{"backup_format": 2, "objects": [3]}', "object 1: expected an object"),
    ('{"backup_format": 2, "objects": [{"model": "club.shoe", "pk": 1, "fields": {}}]}',
     "object 1: “model” is \"club.shoe\", which is not something"),
    ('{"backup_format": 2, "objects": [{"model": "club.player", "pk": "1", "fields": {}}]}',
     "object 1: “pk” is \"1\"; expected the row's id"),
    ('{"backup_format": 2, "objects": [{"model": "club.player", "pk": 1, "fields": []}]}',
     "object 1: “fields” must be an object"),
    ('{"backup_format": 2, "objects": [{"model": "auth.group", "pk": 1, '
     '"fields": {"name": "X", "permissions": []}}]}', "without “pk”"),
])
def test_a_malformed_file_is_refused_with_a_message(tmp_path, content, message):
    assert message in restore_refusal(tmp_path, content)


@pytest.mark.parametrize("model, change, message", [
    ("club.player", {"name": "Anna\x00"}, "“name” contains the character U+0000"),
    ("club.player", {"name": "\ud800"}, "“name” contains the character U+D800"),
    ("club.player", {"name": 7}, "“name” is 7; expected text."),
    ("club.player", {"name": "x" * 200}, "“name”: Ensure this value has at most"),
    ("club.player", {"active": 1}, "“active” is 1; expected true or false."),
    ("club.player", {"shoe_size": "9"}, "“shoe_size” is not a field of a player"),
    ("club.player", {"name": None}, "“name” cannot be null."),
    ("club.session", {"tables": 10**400}, "“tables”: Ensure this value is less than or equal"),
    ("club.session", {"tables": True}, "“tables” is true; expected a whole number."),
    ("club.session", {"status": "archived"}, "“status”: Value 'archived' is not a valid choice."),
    ("club.session", {"date": "27.11.2026"}, "“date”:"),
    ("club.session", {"created_at": "2026-11-27T19:00:00"},
     "“created_at”: a time needs its time zone"),
    ("club.session", {"compensation_table": 999}, "“compensation_table” is 999, but the backup "
                                                  "has no compensation table 999."),
    ("club.result", {"ns_pair": 999}, "“ns_pair” is 999, but the backup has no pair 999."),
    ("club.result", {"ns_imps": 12}, None),  # scored otherwise: restored, with a warning
])
def test_a_bad_row_is_refused_naming_the_row_and_field(tmp_path, model, change, message):
    document = backup_of_a_session()
    row = rows_of(document, model)[0]
    row["fields"].update(change)
    if message is None:
        empty_site()
        path = tmp_path / "warned.json"
        path.write_text(json.dumps(document))
        call_command("restore", str(path))
        assert Result.objects.get(pk=row["pk"]).ns_imps == 12  # as stored
        return
    refusal = restore_refusal(tmp_path, document)
    name = model.split(".")[1]
    assert f"{name} {row['pk']}: {message}" in refusal.replace("“", "“"), refusal
    assert "nothing was changed" in refusal


def test_a_row_scored_otherwise_is_restored_with_a_warning(tmp_path, capsys):
    document = backup_of_a_session()
    row = rows_of(document, "club.result")[0]
    row["fields"]["ns_imps"] += 1
    empty_site()
    path = tmp_path / "club.json"
    path.write_text(json.dumps(document))
    call_command("restore", str(path))
    err = capsys.readouterr().err
    assert "(“Solo”): 1 result scores otherwise on this version of the site; it is " \
           "restored as stored." in err
    assert Result.objects.get(pk=row["pk"]).ns_imps == row["fields"]["ns_imps"]


def test_a_missing_field_a_duplicate_and_unknown_links(tmp_path):
    document = backup_of_a_session()
    player = rows_of(document, "club.player")[0]
    del player["fields"]["name"]
    document["objects"].append(rows_of(document, "club.board")[0])
    season = {"model": "club.season", "pk": 1, "fields": {
        "name": "S", "start": None, "end": None, "sessions": [999], "min_sessions": 1,
        "best_of": None, "created_at": "2026-11-27T19:00:00+00:00"}}
    group = {"model": "auth.group", "fields": {"name": "G", "permissions": [
        ["fly", "club", "session"]]}}
    document["objects"] += [season, group]
    refusal = restore_refusal(tmp_path, document)
    assert f"player {player['pk']}: “name” is missing." in refusal
    assert "board " in refusal and ": listed twice." in refusal
    assert "season 1: “sessions” names 999, which is neither in the backup nor on this site." \
        in refusal
    assert 'group “G”: “permissions” names ["fly", "club", "session"]' in refusal


def test_a_session_the_archive_import_refuses_is_refused(tmp_path):
    """Each session is checked as the archive import checks it: a board beyond the
    movement's boards is named with the valid range."""
    document = backup_of_a_session()
    board = next(row for row in rows_of(document, "club.board") if row["fields"]["number"] == 6)
    board["fields"]["number"] = 60
    refusal = restore_refusal(tmp_path, document)
    assert "(“Solo”): board 6: “number” is 60; expected a whole number from 1 to 6." in refusal


def test_what_the_database_refuses_is_a_message(tmp_path):
    """Two players with one federation number pass every row's own checks (and the
    sessions', which know no federation numbers); the database's unique constraint refuses
    them, and nothing is restored."""
    document = backup_of_a_session()
    first, second = rows_of(document, "club.player")[:2]
    first["fields"]["federation_number"] = second["fields"]["federation_number"] = "F-1"
    refusal = restore_refusal(tmp_path, document)
    assert refusal.startswith("Nothing was restored: the database refused a row (")
    assert "federation_number" in refusal


def test_a_changed_builtin_table_is_refused(tmp_path):
    document = backup_of_a_session()
    moscow = next(row for row in rows_of(document, "scoring.compensationtable")
                  if row["fields"]["builtin"])
    row = next(row for row in rows_of(document, "scoring.compensationrow")
               if row["fields"]["table"] == moscow["pk"])
    row["fields"]["vul"] += 10
    assert ("compensation table “Moscow”: this site's built-in table of that name is missing "
            "or has other values") in restore_refusal(tmp_path, document)


# --- backups of format 1 ----------------------------------------------------------------------

def test_a_backup_of_format_1_restores(capsys, monkeypatch):
    """A backup written by the backup command before format 2: its sessions, players and
    tables come back, each session exporting as in the file, and the boards' double-dummy
    analysis as written (never solved again)."""
    import club.services.analysis
    solve = club.services.analysis.analyse

    def no_solving(deals):
        deals = list(deals)
        assert not deals, "the analysis was computed again"
        return solve(deals)

    monkeypatch.setattr(club.services.analysis, "analyse", no_solving)
    empty_site()
    call_command("restore", str(FORMAT_1))
    out, err = capsys.readouterr()
    assert "Restored 4 sessions, 51 players and 3 compensation tables" in out
    assert err == ""  # every session exports as written (the lead aside, new since)
    document = json.loads(FORMAT_1.read_text(encoding="utf-8"))
    for archive, session in zip(document["sessions"], Session.objects.order_by("id"),
                                strict=True):
        exported = export_session(session)
        for record in exported["results"]:
            assert record.pop("lead") == ""
        # New since too: the movement's options, as the sessions were played then.
        assert [exported["session"].pop(key) for key in (
            "arrangement", "arrow_switch", "ranking")] == ["plain", "none", "one"]
        assert dumps(exported) == dumps(archive)
    board = Board.objects.get(session__name="Autumn cup", number=1)
    assert (board.deal, board.double_dummy != "", board.par_score is not None) == (
        DEAL, True, True)
    assert Player.objects.filter(name="Olga Smirnova").count() == 2
    assert Result.objects.filter(not_played=True).count() == 1


def test_a_format_1_backup_with_a_bad_session_rolls_back_the_whole_restore(tmp_path):
    document = json.loads(FORMAT_1.read_text(encoding="utf-8"))
    document["sessions"][2]["results"][0]["board"] = 99  # no such board
    refusal = restore_refusal(tmp_path, document)
    assert "session 3 (“Howell night”)" in refusal
    assert "nothing was changed" in refusal


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(compensation_tables=3), "“compensation_tables” must be a list"),
    (lambda d: d["players"].append({"name": ""}), "player 52"),
    (lambda d: d["compensation_tables"].append({"name": "X", "builtin": False,
                                                "rows": [[1, 2]]}), "compensation table 4"),
    (lambda d: d["players"][0].update(shoe_size="9"), "“shoe_size” is not something"),
    (lambda d: d["sessions"].append(3), "session 5"),
    (lambda d: d["sessions"][0]["boards"][0].update(
        double_dummy={"C": [1, 2, 3]}), "session 1 (“Autumn cup”): board 1: “NT” is missing "
                                        "from “double_dummy”."),
])
def test_a_malformed_format_1_backup_is_refused(tmp_path, change, message):
    document = json.loads(FORMAT_1.read_text(encoding="utf-8"))
    change(document)
    assert message in restore_refusal(tmp_path, document)


def test_a_format_1_backup_into_a_site_with_its_admin(capsys):
    """Format 1 brings no users back: the site's admin, made before the restore, stays."""
    empty_site()
    User.objects.create_superuser("admin", "", "admin-password")
    call_command("restore", str(FORMAT_1))
    assert "Restored 4 sessions" in capsys.readouterr().out
    assert User.objects.count() == 1


def test_the_carry_over_amount_and_a_table_entry_come_back_exactly(tmp_path):
    build_whole_club()
    path = tmp_path / "club.json"
    call_command("backup", str(path))
    empty_site()
    call_command("restore", str(path))
    assert sorted(CarryOver.objects.values_list("imps", flat=True)) == [Decimal("-1.00"),
                                                                        Decimal("2.50")]
    assert TableEntry.objects.get(status="accepted").lead == "DA"
    assert TableCode.objects.count() == 4 and DirectorCall.objects.count() == 1


def test_checking_a_backup_solves_no_deal(tmp_path, monkeypatch):
    """A board whose deal has no analysis stored (written before boards had one) is
    backed up and restored as it is: the checks never run the double-dummy solver."""
    import club.services.analysis
    session = make_session(tables=3, name="Solo")
    Board.objects.filter(session=session, number=1).update(deal=DEAL, ns_hcp=20)
    make_result(session, 1, 1, 4, "3NT= N")
    monkeypatch.setattr(club.services.analysis, "analyse", lambda deals: pytest.fail(
        "the solver ran"))
    before = stored_rows()
    path = tmp_path / "club.json"
    call_command("backup", str(path))
    empty_site()
    call_command("restore", str(path))
    assert stored_rows() == before


# --- any damage to a backup gives a message ---------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats()
    | st.text(st.characters(codec=None, exclude_categories=()), max_size=8)
    | st.sampled_from(["\x00", "\ud800", "x" * 200, 10**100, "2026-13-45", [["Directors"]]]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6)


@pytest.fixture
def good_backup(db):
    """A good backup of a small club (a session with a result, a season): made once, the
    damaged-backup property's examples each damage a copy of it."""
    empty_site()
    session = make_session(tables=3, name="Solo", boards_per_round=1)
    make_result(session, 1, 1, 4, "3NT= N", lead="SK")
    Season.objects.create(name="Autumn", start=date(2026, 1, 1), end=date(2026, 12, 31))
    return json.loads(call_backup())


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damaged_backup_is_refused_with_messages_or_restored(tmp_path, good_backup,
                                                                 data):
    """Replace any one or two parts of a good backup by any JSON value: the restore either
    works or refuses with a CommandError whose lines a terminal can print (never another
    exception), and a refusal leaves the database empty."""
    document = copy.deepcopy(good_backup)
    for _change in range(data.draw(st.integers(1, 2))):
        replace_somewhere(document, data, JSON_VALUES)
    empty_site()
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    try:
        call_command("restore", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    except CommandError as err:
        for line in str(err).splitlines():
            line.encode("utf-8")
            assert len(line) < 1000
        assert not Session.objects.exists() and not Player.objects.exists()


def test_a_group_name_that_cannot_be_printed_is_refused_with_a_printable_message(tmp_path):
    """A lone surrogate as the group's name (the damaged-backup property found it in CI):
    the refusal names the group with the surrogate escaped, so a terminal can print it."""
    empty_site()
    document = json.loads(call_backup())
    group = next(row for row in document["objects"] if row["model"] == "auth.group")
    group["fields"]["name"] = "\ud800"
    document["objects"].append(json.loads(json.dumps(group)))  # and listed twice
    empty_site()
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    message = str(refused.value)
    message.encode("utf-8")
    assert "the group “\\ud800” is listed twice." in message
