"""The migration that adds the size limits of a session (club 0009) on a database that
already holds a session beyond them: it names the session and changes nothing."""

import pytest

from tests.config.production import environment, manage

# Child processes: left out of the fast part (README, Running the tests).
pytestmark = [pytest.mark.slow, pytest.mark.database_independent]

# Created with the models as they were at club 0008 (later migrations add columns).
AT_0008 = (
    "from django.db import connection; "
    "from django.db.migrations.loader import MigrationLoader; "
    "apps = MigrationLoader(connection).project_state(('club', '0008_table_entry_and_rulings'))"
    ".apps; "
    "Session = apps.get_model('club', 'Session'); ")
OVERSIZED = (
    AT_0008
    + "table = apps.get_model('scoring', 'CompensationTable').objects.get(builtin=True); "
    "Session.objects.create(name='Marathon', date='2026-11-20', tables=51, rounds=1, "
    "boards_per_round=1, compensation_table=table)")


def test_a_session_beyond_the_limits_is_named_and_kept(tmp_path):
    env = environment(DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert manage("migrate", "club", "0008", env=env).returncode == 0
    assert manage("shell", "-c", OVERSIZED, env=env).returncode == 0
    result = manage("migrate", env=env)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "Sessions beyond the size limits of a session (50 tables, pairs 1 to 100" in (
        result.stderr)
    assert "“Marathon” (2026-11-20)" in result.stderr
    count = "from club.models import Session; print(Session.objects.filter(tables=51).count())"
    assert manage("shell", "-c", count, env=env).stdout.splitlines()[-1] == "1"
    # In SQL: the models of today would also delete rows of tables that migration 0009
    # does not have yet (a session's analysis job).
    delete = ("from django.db import connection; "
              "connection.cursor().execute('DELETE FROM club_session')")
    assert manage("shell", "-c", delete, env=env).returncode == 0
    assert manage("migrate", env=env).returncode == 0
