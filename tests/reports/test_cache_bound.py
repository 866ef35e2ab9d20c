"""A long-running worker does not grow without bound (issue 24): every version of a
session makes new cache entries (what the standings and each table's page show, the
rendered blocks), and the local-memory cache the site uses by default culls the oldest
once it holds MAX_ENTRIES, so a whole evening of versions stays under the bound, and the
pages stay right."""

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse

from club.services.players import save_player
from club.services.table_phones import issue_codes
from config.settings import cache_settings
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

BOUND = 12


def test_the_sites_page_cache_is_bounded():
    assert cache_settings("")["OPTIONS"]["MAX_ENTRIES"] == 1000
    assert cache_settings("locmem://")["OPTIONS"]["MAX_ENTRIES"] == 1000


def test_many_versions_of_the_live_pages_stay_under_the_bound(client):
    pages = cache_settings("locmem://bound")
    pages["OPTIONS"] = {"MAX_ENTRIES": BOUND}
    session = make_session(tables=3, boards_per_round=2)
    make_result(session, 1, 1, 4, "4S= N", round=1, table=1)
    issue_codes(session.pk)
    standings = reverse("standings", args=[session.pk]) + "?part=table"
    table = reverse("table", args=[session.table_codes.get(table=1).code])
    player = session.pairs.get(number=1).player1
    with override_settings(CACHES={"default": pages,
                                   "counts": cache_settings("locmem://bound", counts=True),
                                   "recent": settings.CACHES["recent"]}):
        cache = caches["default"]
        most = 0
        # Each rename is a new version of the session and a new page: new entries for
        # what the standings show, their block and what the table's page shows.
        for number in range(3 * BOUND):
            save_player({"name": f"Renamed {number}"}, player.pk)
            for url in (standings, table):
                response = client.get(url)
                assert f"Renamed {number}" in response.content.decode()
            most = max(most, len(cache._cache))
        assert BOUND // 2 < most <= BOUND
