"""The restore service called directly (the reader in club.io.backup checks a file first):
rows written back with their ids into an empty database, all or nothing."""

import pytest
from django.contrib.auth.models import Group, Permission

from club.models import Pair, Player, Session
from club.services.backups import (
    club_rows,
    database_contents,
    insert_as_stored,
    natural_id,
    refuse_if_not_empty,
    restore_rows,
)
from club.services.errors import Refused
from scoring.models import CompensationTable
from tests.factories import make_player

pytestmark = pytest.mark.django_db


def test_club_rows_leave_out_the_built_in_tables():
    assert not club_rows(CompensationTable).exists()  # only Moscow, built in
    ours = CompensationTable.objects.create(name="Ours")
    assert list(club_rows(CompensationTable)) == [ours]
    assert club_rows(Player).count() == 0


def test_database_contents_and_refuse_if_not_empty():
    models = [Group, CompensationTable, Player, Session]
    assert database_contents(models) == ""  # groups and built-in tables do not count
    refuse_if_not_empty(models)  # no refusal
    make_player()
    assert database_contents(models) == "players: 1"
    with pytest.raises(Refused, match=r"The database is not empty \(it has players: 1\)"):
        refuse_if_not_empty(models)


def test_insert_as_stored_keeps_ids():
    insert_as_stored(Player, [Player(id=41, name="Olga"), Player(id=7, name="Pavel")])
    assert dict(Player.objects.values_list("id", "name")) == {41: "Olga", 7: "Pavel"}


def test_natural_id_by_id_or_by_name():
    group = Group.objects.create(name="Scorers")
    assert natural_id(Group, ["Scorers"]) == group.pk
    assert natural_id(Group, 12) == 12


def test_restore_rows_writes_rows_groups_and_links():
    permission = Permission.objects.get(codename="view_player")
    rows = [(Player, [Player(id=41, name="Olga"), Player(id=42, name="Pavel")])]
    restore_rows(rows, [("Scorers", [permission.pk])], [])
    assert sorted(Player.objects.values_list("id", flat=True)) == [41, 42]
    assert list(Group.objects.get(name="Scorers").permissions.all()) == [permission]
    assert make_player().pk > 42  # the id sequence follows the restored rows


def test_restore_rows_refuses_a_database_that_is_not_empty():
    make_player("Already here")
    with pytest.raises(Refused, match="not empty"):
        restore_rows([(Player, [Player(id=41, name="Olga")])], [], [])
    assert list(Player.objects.values_list("name", flat=True)) == ["Already here"]


def test_restore_rows_refuses_a_row_the_database_refuses():
    orphan = Pair(id=3, session_id=999, number=1, player1_id=41, player2_id=42)
    rows = [(Player, [Player(id=41, name="Olga"), Player(id=42, name="Pavel")]),
            (Pair, [orphan])]
    with pytest.raises(Refused, match="Nothing was restored: the database refused a row"):
        restore_rows(rows, [], [])
    assert not Player.objects.exists() and not Pair.objects.exists()
