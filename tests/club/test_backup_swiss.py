"""A Swiss pairs session through the club's backup (issue 19): its stored rounds
(club.models.SwissSeat) are restored exactly, and a backup whose rounds are inconsistent is
refused with a message naming the session, round and pair, never a database error."""

import json

import pytest
from django.core.management import call_command

from club.models import SwissSeat
from tests.club.backups import empty_site, stored_rows
from tests.club.io.test_swiss_archive import standings_of, two_rounds_played
from tests.club.test_backup import call_backup, restore_refusal, rows_of
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def test_a_swiss_session_is_restored_with_its_rounds_and_standings(tmp_path, capsys):
    session = two_rounds_played()
    before, standings = stored_rows(), standings_of(session)
    path = tmp_path / "club.json"
    path.write_text(call_backup())
    empty_site()
    call_command("restore", str(path))
    assert capsys.readouterr().err == ""
    assert stored_rows() == before
    assert SwissSeat.objects.count() == 10
    assert standings_of(session) == standings


def seat_rows(document, round, pair):
    """The backup's SwissSeat row of `pair` in `round` (the pair's number is its id's order
    here: the pairs were made 1 to 5)."""
    pair_ids = sorted(row["pk"] for row in rows_of(document, "club.pair"))
    return next(row for row in rows_of(document, "club.swissseat")
                if row["fields"]["round"] == round
                and row["fields"]["pair"] == pair_ids[pair - 1])


def test_a_seat_whose_opponents_sit_elsewhere_is_refused(tmp_path):
    """The database's constraints would let this through: the check names it."""
    document = backup_of_two_rounds()
    pair_ids = sorted(row["pk"] for row in rows_of(document, "club.pair"))
    seat_rows(document, 1, 1)["fields"]["opponents"] = pair_ids[4]  # pair 5, with the bye
    message = restore_refusal(tmp_path, document)
    assert ("(“Swiss evening”): Swiss round 1: pair 1 plays pair 5 at table 1, but pair 5 is "
            "not seated there against pair 1.") in message


def test_a_rematch_in_a_backup_is_refused_with_a_message(tmp_path):
    """The database would refuse it too, but as an error of its own: the check names the
    round and the pairs first."""
    document = backup_of_two_rounds()
    for row in rows_of(document, "club.swissseat"):
        if row["fields"]["round"] == 2:
            row["fields"]["round"] = 3
        if row["fields"]["round"] == 1:
            copy = json.loads(json.dumps(row))
            copy["pk"] += 100
            copy["fields"]["round"] = 2
            document["objects"].append(copy)
    message = restore_refusal(tmp_path, document)
    assert "Swiss round 2: pairs 1 and 3 already met in round 1; no two pairs meet twice." \
        in message
    assert "the database refused" not in message


def backup_of_two_rounds():
    two_rounds_played()
    return json.loads(call_backup())


def test_a_seat_naming_another_sessions_pair_is_refused(tmp_path):
    two_rounds_played()
    other = make_session(tables=2, name="Other evening")
    document = json.loads(call_backup())
    stranger = other.pairs.get(number=1).pk
    seat_rows(document, 1, 1)["fields"]["opponents"] = stranger
    message = restore_refusal(tmp_path, document)
    assert "(“Swiss evening”): Swiss seat" in message
    assert f"names pair {stranger} of another session." in message
