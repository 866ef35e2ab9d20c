"""The cache and the database connections from the environment: local memory unless
CACHE_URL names a shared cache (redis, memcached, the database), connections kept for a
minute and checked before reuse unless told otherwise."""

import json

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import cache_settings
from tests.config.production import SECRET, environment
from tests.config.production import python as run_python


@pytest.mark.parametrize("url, backend, location", [
    ("", "locmem.LocMemCache", "club"),
    ("locmem://", "locmem.LocMemCache", "club"),
    ("redis://127.0.0.1:6379/1", "redis.RedisCache", "redis://127.0.0.1:6379/1"),
    ("memcached://10.0.0.5:11211,10.0.0.6:11211", "memcached.PyMemcacheCache",
     ["10.0.0.5:11211", "10.0.0.6:11211"]),
    ("db://club_cache", "db.DatabaseCache", "club_cache"),
    ("dummy://", "dummy.DummyCache", None),
])
def test_cache_url(url, backend, location):
    cache = cache_settings(url)
    assert cache["BACKEND"] == f"django.core.cache.backends.{backend}"
    assert cache.get("LOCATION") == location


@pytest.mark.parametrize("url", ["memcache://x", "db://", "http://cache"])
def test_a_cache_url_that_names_nothing_known_is_refused(url):
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL"):
        cache_settings(url)


def settings_of(**env):
    code = ("import json, django; django.setup(); from django.conf import settings as s; "
            "db = s.DATABASES['default']; print(json.dumps([db['CONN_MAX_AGE'], "
            "db['CONN_HEALTH_CHECKS'], s.CACHES['default']['BACKEND'], s.PAGE_CACHE_SECONDS]))")
    result = run_python(code, environment(DEBUG="0", SECRET_KEY=SECRET,
                                          ALLOWED_HOSTS="club.example.org", **env))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_production_defaults_keep_connections_and_cache_in_memory():
    assert settings_of() == [60, True, "django.core.cache.backends.locmem.LocMemCache", 600]


def test_the_environment_changes_them():
    assert settings_of(CONN_MAX_AGE="0", CONN_HEALTH_CHECKS="0", CACHE_URL="dummy://",
                       PAGE_CACHE_SECONDS="0") == [
        0, False, "django.core.cache.backends.dummy.DummyCache", 0]


@pytest.mark.parametrize("url", ["", "locmem://", "db://club_cache"])
def test_try_counts_have_a_store_no_flood_of_pages_or_guesses_empties(url):
    """The table codes' and password resets' try counts are kept apart from the pages'
    cache, with room for a guesser's many addresses: a cache that culls at 300 or 1,000
    entries would forget counts (and let guessing go on) once that many were written."""
    pages, counts = cache_settings(url), cache_settings(url, counts=True)
    if "LocMem" in counts["BACKEND"]:
        assert counts["LOCATION"] != pages["LOCATION"]
    assert counts["OPTIONS"]["MAX_ENTRIES"] >= 100_000
    if "DatabaseCache" in pages["BACKEND"]:  # one table: the pages' culling empties it too
        assert pages["OPTIONS"]["MAX_ENTRIES"] >= 100_000


def test_the_counts_survive_a_flood_of_other_entries():
    from django.core.cache import caches
    from django.test import override_settings

    from config import settings as site

    aliases = {"default": cache_settings("locmem://flood"),
               "counts": cache_settings("locmem://flood", counts=True)}
    with override_settings(CACHES=aliases):
        caches["counts"].set("table-code-misses-site", 5)
        for number in range(2000):  # pages, or one count per guessing address
            caches["default"].set(f"page-{number}", "x")
            caches["counts"].set(f"address-{number}", 1)
        assert caches["counts"].get("table-code-misses-site") == 5
    assert site.RATELIMIT_USE_CACHE == "counts"
