"""Figures kept in Django's cache (the one named by CACHE_URL) under a key naming the data
they were made from, so a kept value is never stale: a change to the data is a new key.
settings.PAGE_CACHE_SECONDS bounds how long a value is kept; 0 keeps nothing."""

import hashlib
from collections import Counter

from django.conf import settings
from django.core.cache import cache

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
