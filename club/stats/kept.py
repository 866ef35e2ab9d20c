"""Figures kept in Django's cache (the one named by CACHE_URL) under a key naming the data
they were made from, so a kept value is never stale: a change to the data is a new key.
settings.PAGE_CACHE_SECONDS bounds how long a value is kept; 0 keeps nothing."""

import hashlib

from django.conf import settings
from django.core.cache import cache


def kept(kind, state, compute):
    """The value of `kind` for `state` (anything with a stable repr that names the data),
    computed and kept when missing."""
    seconds = settings.PAGE_CACHE_SECONDS
    if seconds <= 0:
        return compute()
    key = f"{kind}:" + hashlib.sha256(repr(state).encode()).hexdigest()
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, seconds)
    return value
