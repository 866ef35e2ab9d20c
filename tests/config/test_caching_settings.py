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
