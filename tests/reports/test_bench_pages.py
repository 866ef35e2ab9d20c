"""bench_pages measures each kind of session with its own pages (issue 20): a teams
session's standings, match reports and room phone, an individual's standings by player,
partnership scorecard and table phone, each answering 200 (the command stops at any other
answer); a size no individual movement has is refused before anything is built, and a
refusal of the services while building is the command's error."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from club.management.bench_events import build_individual, build_swiss_teams
from club.management.commands.bench_pages import Command

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def test_environment(monkeypatch):
    """The test run has set up Django's test environment the command sets up."""
    monkeypatch.setattr("club.management.commands.bench_pages.setup_test_environment",
                        lambda: None)


def bench(session, *options):
    out = io.StringIO()
    call_command("bench_pages", "--session", str(session.pk), "--runs", "1", *options,
                 stdout=out)
    return out.getvalue().splitlines()


def labels(lines):
    return [line.rsplit(maxsplit=3)[0] for line in lines[1:]]


def test_a_teams_session_is_measured_on_its_own_pages(director):
    lines = bench(build_swiss_teams(4, 3), "--director", director.username)
    assert labels(lines) == [
        "session list", "teams standings", "teams standings CSV", "match report (round 1)",
        "match report (last round)", "board report", "pair scorecard", "table phone: round",
        "table phone: board", "director: Teams page", "director: entry page",
        "director: traveller", "director: dashboard"]


def test_an_individual_is_measured_on_its_own_pages():
    assert labels(bench(build_individual(8, publish=False))) == [
        "session list", "standings by player", "standings live block", "board list",
        "board report", "partnership scorecard", "player page", "table phone: round",
        "table phone: board"]
    # Published, its tables' phones are closed: the pages it still has.
    assert labels(bench(build_individual(8, name="Published"))) == [
        "session list", "standings by player", "standings live block", "board list",
        "board report", "partnership scorecard", "player page"]


def test_a_size_no_individual_movement_has_is_refused():
    with pytest.raises(CommandError, match="An individual takes 7, 8, 9, .* players; got 10"):
        call_command("bench_pages", "--only", "individual", "--players", "10")


def test_a_refusal_of_the_services_is_the_commands_error():
    with pytest.raises(CommandError, match="cannot all meet new opponents in round 4"):
        Command().built(lambda: build_swiss_teams(4, 5))
