"""Every page that reads across sessions runs a fixed number of queries, at most 10,
whatever the number of sessions: each is counted with one session in the database, then
again with twelve (players coming back week after week), and the counts must agree."""

import random
from datetime import date, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from club.management.commands.bench_season import build_evening, evening_pairs
from club.models import Event, Pair, Season
from club.permissions import DIRECTORS_GROUP
from club.services.seasons import save_event, save_season, set_carry_over
from tests.factories import ensure_moscow_table, history_marks, remove_sessions

pytestmark = pytest.mark.django_db

PUBLIC = {
    "session list": lambda c: "/",
    "session list, page 2": lambda c: "/?page=2",
    "seasons": lambda c: "/seasons/",
    "season ladder": lambda c: f"/seasons/{c['season']}/",
    "season ladder sorted": lambda c: f"/seasons/{c['season']}/?sort=-imps_per_board",
    "season ladder CSV": lambda c: f"/seasons/{c['season']}/?_export=csv",
    "season ladder XLSX": lambda c: f"/seasons/{c['season']}/?_export=xlsx",
    "season ladder JSON": lambda c: f"/seasons/{c['season']}/?_export=json",
    "event standings": lambda c: f"/events/{c['event']}/",
    "event standings CSV": lambda c: f"/events/{c['event']}/?_export=csv",
    "event standings JSON": lambda c: f"/events/{c['event']}/?_export=json",
    "players": lambda c: "/players/",
    "players search": lambda c: "/players/?q=player",
    "player page": lambda c: f"/players/{c['player']}/",
    "ratings": lambda c: "/ratings/",
    "ratings sorted": lambda c: "/ratings/?sort=-boards",
    "ratings CSV": lambda c: "/ratings/?_export=csv",
    "ratings XLSX": lambda c: "/ratings/?_export=xlsx",
    "ratings JSON": lambda c: "/ratings/?_export=json",
    "partnership page": lambda c: f"/players/{c['player']}/with/{c['partner']}/",
    "standings (players linked)": lambda c: f"/sessions/{c['session']}/",
}
DIRECTOR = {
    "director's home": lambda c: "/director/",
    "director's players": lambda c: "/director/players/",
    "director's player": lambda c: f"/director/players/{c['player']}/",
    "merge preview": lambda c: (f"/director/players/{c['player']}/merge/"
                                f"?other={c['partner']}&keep=this"),
    "director's seasons": lambda c: "/director/seasons/",
    "season form": lambda c: f"/director/seasons/{c['season']}/",
    "event form": lambda c: f"/director/events/{c['event']}/",
    "calibration": lambda c: "/director/calibration/",
    "calibration JSON": lambda c: "/director/calibration/?_export=json",
}
PAGES = {**PUBLIC, **DIRECTOR}
VISITS = [(page, "anonymous") for page in PUBLIC] + [(page, "director") for page in PAGES]


@override_settings(RATINGS_MIN_BOARDS=1)  # everyone who played is in the ratings list
def measure(clients, context):
    """{(page, visitor): queries} for every page."""
    counts = {}
    for name, visitor in VISITS:
        client = clients[visitor]
        address = PAGES[name](context)
        client.get(address)  # warm-up: caches filled once per process
        with CaptureQueriesContext(connection) as captured:
            response = client.get(address)
        assert response.status_code == 200, (address, response.status_code)
        counts[(name, visitor)] = len(captured.captured_queries)
    return counts


@pytest.fixture(scope="module")
def counts(django_db_setup, django_db_blocker):
    """Counts with 1 session, then with 12; built once, committed, removed afterwards."""
    with django_db_blocker.unblock():
        marks = history_marks()
        # A director as the club has them (staff in the Directors group, not a superuser):
        # the group is checked once a request.
        director = get_user_model().objects.create_user("counter", password="x-count-9",
                                                        is_staff=True)
        # get_or_create: a transactional test before this module flushed the group.
        director.groups.add(Group.objects.get_or_create(name=DIRECTORS_GROUP)[0])
        clients = {"anonymous": Client(), "director": Client()}
        clients["director"].force_login(director)
        rng = random.Random(13)
        names = [f"Player {n:02d}" for n in range(1, 21)]
        partnerships = [(names[i], names[i + 1]) for i in range(0, 20, 2)]
        table = ensure_moscow_table()
        first_day = date(2026, 1, 5)

        def evening(k):
            return build_evening(rng, first_day + timedelta(weeks=k),
                                 evening_pairs(rng, partnerships, 6, names), 3, 2, table)

        sessions = [evening(0)]
        season = save_season({"name": "Counted season", "start": first_day,
                              "end": first_day + timedelta(weeks=52), "min_sessions": 1,
                              "best_of": 5})
        event = save_event({"name": "Counted event", "scoring": "pair", "season": season},
                           [sessions[0].pk])
        pair = Pair.objects.get(session=sessions[0], number=1)
        set_carry_over(event.pk, pair.player1_id, pair.player2_id, 3)
        context = {"season": season.pk, "event": event.pk, "player": pair.player1_id,
                   "partner": pair.player2_id, "session": sessions[0].pk}
        small = measure(clients, context)
        sessions += [evening(k) for k in range(1, 12)]
        save_event({"name": "Counted event", "scoring": "pair", "season": season},
                   [s.pk for s in sessions[-4:]], event_id=event.pk)
        big = measure(clients, context)
    yield small, big
    with django_db_blocker.unblock():
        Event.objects.filter(pk=event.pk).delete()
        Season.objects.filter(pk=season.pk).delete()
        director.delete()
        remove_sessions([s.pk for s in sessions], marks)


def test_twelve_sessions_were_built(counts):
    small, big = counts
    assert small and set(small) == set(big)


@pytest.mark.parametrize(("page", "visitor"), VISITS)
def test_fixed_number_of_queries(counts, page, visitor):
    small, big = counts
    assert small[(page, visitor)] == big[(page, visitor)], (small[(page, visitor)],
                                                           big[(page, visitor)])
    assert big[(page, visitor)] <= 10
