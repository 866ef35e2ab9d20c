"""Figures kept in Django's cache (the one named by CACHE_URL) under a key naming the data
they were made from, so a kept value is never stale: a change to the data is a new key.
settings.PAGE_CACHE_SECONDS bounds how long a value is kept; 0 keeps nothing."""

import hashlib
from collections import Counter

from django.conf import settings
from django.core.cache import cache, caches

# How often this process found each kind kept ((kind, True)) or computed it ((kind,
# False)): the bench commands print the share of hits. Plain counts, never reset.
COUNTS = Counter()


def kept(kind, state, compute):
    """The value of `kind` for `state` (anything with a stable repr that names the data),
    computed and kept when missing."""
    seconds = settings.PAGE_CACHE_SECONDS
    if seconds <= 0:
        return compute()
    key = f"{kind}:" + hashlib.sha256(repr(state).encode()).hexdigest()
    value = cache.get(key)
    COUNTS[kind, value is not None] += 1
    if value is None:
        value = compute()
        cache.set(key, value, seconds)
    return value


# The micro-cache: a public live block's ETag, as this process last confirmed it, for
# settings.MICRO_CACHE_SECONDS. A poll presenting it within that time is answered 304 with
# no query at all. It lives in this process's memory only (the "recent" cache, whatever
# CACHE_URL names), and every write to a session in this process forgets it all
# (club.services.locks): a page here is never stale after a write here, and at most
# MICRO_CACHE_SECONDS behind a write in another process.


def recent_etag(key):
    """The ETag confirmed for `key` within the last MICRO_CACHE_SECONDS, or None."""
    return caches["recent"].get(key)


def remember_etag(key, etag):
    if settings.MICRO_CACHE_SECONDS > 0:
        caches["recent"].set(key, etag, settings.MICRO_CACHE_SECONDS)


def forget_recent():
    """A session's data changes: no ETag confirmed before it is trusted any longer."""
    caches["recent"].clear()
