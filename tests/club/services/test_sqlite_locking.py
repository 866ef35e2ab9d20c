"""SQLite (the README's default): directors saving at the same moment wait for each other
instead of failing with "database is locked" (write transactions begin IMMEDIATE, the
journal is WAL). Real concurrent connections need a database file, so this runs the entry
pages from several threads in a child process against a fresh file."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.config.production import copy_database

ROOT = Path(__file__).resolve().parents[3]

SCRIPT = r"""
import json
import django
django.setup()
from django.contrib.auth.models import Group, User
from django.test import Client
from club.permissions import DIRECTORS_GROUP
from club.models import Result
from tests.factories import make_session

director = User.objects.create_user("td", password="x", is_staff=True)
director.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
session = make_session(tables=8, boards_per_round=2, rounds=7)
for board in session.boards.all():
    board.ns_hcp = 20
    board.save()
from club.plan import SessionPlan
from club.schedule import seating_boards
from tests.concurrency import race
rows = [(s, b) for s in SessionPlan.load(session).seatings if s.round <= 3
        for b in seating_boards(s, session.boards_per_round)]
statuses = []

def enter(chunk):
    client = Client()
    client.force_login(director)
    for seating, board in chunk:
        url = (f"/director/sessions/{session.pk}/entry/boards/{board}/rounds/"
               f"{seating.round}/tables/{seating.table}/")
        response = client.post(url, {"result": "3NT= N"}, headers={"HX-Request": "true"})
        statuses.append(response.status_code)

for outcome in race(*[lambda i=i: enter(rows[i::8]) for i in range(8)]):
    if isinstance(outcome, Exception):
        raise outcome
print(json.dumps({"statuses": sorted(set(statuses)), "posted": len(statuses),
                  "stored": Result.objects.count(), "rows": len(rows)}))
"""


def environment(database):
    return {"DJANGO_SETTINGS_MODULE": "tests.settings", "DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{database}", "PATH": "/usr/bin:/bin"}


@pytest.mark.slow  # a child process: left out of the fast part
@pytest.mark.database_independent  # on a SQLite file of its own
@pytest.mark.parametrize("attempt", range(2))
def test_concurrent_saves_wait_instead_of_failing(tmp_path, attempt, migrated_sqlite):
    database = copy_database(migrated_sqlite, tmp_path / "club.sqlite3")
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=environment(database),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["statuses"] == [200], done.stderr[-3000:]
    assert report["posted"] == report["rows"] == report["stored"] == 48


@pytest.mark.django_db
def test_a_database_too_busy_to_wait_gets_a_message_not_an_error(director_client,
                                                                 monkeypatch):
    from django.db import OperationalError

    from tests.factories import make_session

    session = make_session(tables=3)

    def locked(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr("club.views.entry.enter_result", locked)
    response = director_client.post(
        f"/director/sessions/{session.pk}/entry/boards/1/rounds/1/tables/1/",
        {"result": "3NT= N"})
    assert response.status_code == 503
    assert "Nothing of yours was saved" in response.content.decode()
