"""Compensation tables in the database: the built-in Moscow table and club copies."""

import pytest
from django.core.exceptions import ValidationError

from club.services.compensation_tables import (
    change_refusal,
    check_rows,
    copy_table,
    replace_rows,
    scored_sessions,
    table_for_import,
    unique_copy_name,
)
from club.services.errors import Refused
from scoring.engine import MOSCOW
from scoring.models import CompensationRow, CompensationTable, moscow_table
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

# The table of docs/scoring.md, typed from the documentation (not from the code under test).
DOCUMENTED = {
    21: (50, 50), 22: (70, 70), 23: (110, 110), 24: (200, 200), 25: (300, 440),
    26: (350, 520), 27: (400, 600), 28: (430, 630), 29: (460, 660), 30: (490, 690),
    31: (600, 900), 32: (750, 1050), 33: (900, 1350), 34: (1000, 1500), 35: (1100, 1650),
    **{hcp: (1200, 1800) for hcp in range(36, 41)},
}


def test_migration_creates_exact_moscow_table():
    table = moscow_table()
    assert table.builtin
    assert {h: (n, v) for h, n, v in table.row_tuples()} == DOCUMENTED


def test_database_table_agrees_with_engine_table():
    engine_table = moscow_table().to_engine()
    for hcp in range(0, 41):
        for vulnerable in (False, True):
            assert engine_table.compensation(hcp, vulnerable) == MOSCOW.compensation(
                hcp, vulnerable)


def test_moscow_cannot_be_edited_or_deleted():
    table = moscow_table()
    row = table.rows.get(hcp=30)
    row.not_vul = 500
    with pytest.raises(ValidationError):
        row.save()
    with pytest.raises(ValidationError):
        row.delete()
    table.name = "Mine"
    with pytest.raises(ValidationError):
        table.save()
    with pytest.raises(ValidationError):
        moscow_table().delete()
    assert moscow_table().rows.get(hcp=30).not_vul == 490


def test_copy_makes_an_editable_club_table():
    copy = copy_table(moscow_table().pk, "Our club")
    assert not copy.builtin
    assert copy.row_tuples() == moscow_table().row_tuples()
    row = copy.rows.get(hcp=24)
    row.vul = 290
    row.save()
    assert copy.to_engine().compensation(24, True) == 290
    assert moscow_table().to_engine().compensation(24, True) == 200


def test_invalid_club_table_reports_the_engine_message():
    table = CompensationTable.objects.create(name="Broken")
    CompensationRow.objects.create(table=table, hcp=21, not_vul=50, vul=50)
    with pytest.raises(ValidationError) as excinfo:
        table.to_engine()
    assert "21" in str(excinfo.value) or "40" in str(excinfo.value)


# --- the tables service -----------------------------------------------------------------------

def moscow_rows(**changes):
    """Moscow's rows with some changed: {hcp: (not vulnerable, vulnerable)}."""
    return [(h, *changes.get(f"hcp{h}", (n, v))) for h, n, v in moscow_table().row_tuples()]


def test_a_table_without_scored_results_takes_new_values():
    club = copy_table(moscow_table().pk, "Club")
    session = make_session(tables=3, table=club)  # chosen, but nothing scored yet
    replace_rows(club.pk, moscow_rows(hcp26=(390, 520)))
    assert club.to_engine().compensation(26, False) == 390
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=26)
    assert result.ns_compensation == 390


def test_a_table_that_scored_results_refuses_new_values_naming_the_sessions():
    club = copy_table(moscow_table().pk, "Club")
    session = make_session(tables=3, table=club, name="Tuesday pairs")
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=26)
    with pytest.raises(Refused, match="Tuesday pairs") as caught:
        replace_rows(club.pk, moscow_rows(hcp26=(390, 520)))
    assert "Copy the table" in caught.value.messages[0]
    assert club.rows.get(hcp=26).not_vul == 350
    result.refresh_from_db()
    assert result.ns_compensation == 350


def test_moscow_refuses_new_values_through_the_service_too():
    with pytest.raises(Refused, match="built-in"):
        replace_rows(moscow_table().pk, moscow_rows(hcp26=(390, 520)))


def test_new_values_must_make_a_valid_table():
    club = copy_table(moscow_table().pk, "Club")
    with pytest.raises(Refused, match="never decrease"):
        replace_rows(club.pk, moscow_rows(hcp26=(290, 520)))
    assert club.rows.get(hcp=26).not_vul == 350


def test_copies_get_names_of_their_own():
    first, second = copy_table(moscow_table().pk), copy_table(moscow_table().pk)
    assert (first.name, second.name) == ("Moscow (copy)", "Moscow (copy 2)")


def test_scored_sessions_and_change_refusal_name_what_a_table_scored():
    club = copy_table(moscow_table().pk, "Club")
    session = make_session(tables=3, table=club, name="Tuesday pairs")
    assert list(scored_sessions(club)) == [] and change_refusal(club) == ""
    make_result(session, 1, 1, 4, "4S= N", board_hcp=26)
    assert list(scored_sessions(club)) == [session]
    assert "scored the results of Tuesday pairs" in change_refusal(club)
    assert "built-in table “Moscow” cannot be changed" in change_refusal(moscow_table())


def test_unique_copy_name_skips_names_taken():
    assert unique_copy_name("Club") == "Club (copy)"
    CompensationTable.objects.create(name="Club (copy)")
    CompensationTable.objects.create(name="Club (copy 2)")
    assert unique_copy_name("Club") == "Club (copy 3)"


def test_check_rows_returns_the_engine_table_or_refuses():
    assert check_rows(moscow_rows()).compensation(26, False) == 350
    with pytest.raises(Refused, match="never decrease"):
        check_rows(moscow_rows(hcp26=(290, 520)))


def test_table_for_import_reuses_an_equal_table_and_refuses_other_values():
    club = copy_table(moscow_table().pk, "Club")
    assert table_for_import("Club", moscow_rows()) == club
    with pytest.raises(Refused, match="already has a table named “Club” with other values"):
        table_for_import("Club", moscow_rows(hcp26=(390, 520)))
    new = table_for_import("Imported", moscow_rows(hcp26=(390, 520)))
    assert new.to_engine().compensation(26, False) == 390 and not new.builtin
    with pytest.raises(Refused, match="never decrease"):
        table_for_import("Broken", moscow_rows(hcp26=(290, 520)))
    assert not CompensationTable.objects.filter(name="Broken").exists()
