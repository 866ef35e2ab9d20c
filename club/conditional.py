"""Conditional requests and cached HTML for pages that change with a session's data: a
weak ETag made from what the page shows (the session's version, the visitor), the 304 when
the visitor's copy is current, and rendered fragments cached under a key that names their
data, so they never go stale. The live standings (reports) and the table pages use them."""

import hashlib

from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe

from club.stats.kept import kept, recent_etag


def weak_etag(*parts):
    """A weak ETag of `parts`: equal pages, not equal bytes (a form's CSRF token is masked
    anew on every rendering)."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:32]
    return f'W/"{digest}"'


def has_pending_messages(request):
    """A message waiting in its cookie must be shown (and so cleared): no 304 then."""
    return "messages" in request.COOKIES


def not_modified(request, etag):
    """The 304 answer when the visitor's copy (If-None-Match) is current, else None."""
    if has_pending_messages(request):
        return None
    return get_conditional_response(request, etag=etag)


def recently_not_modified(request, key):
    """The 304 for a poll of a public block whose ETag, under `key`, this process confirmed
    within the last MICRO_CACHE_SECONDS with no write here since (club.stats.kept), without
    a query; None otherwise."""
    etag = recent_etag(key)
    unchanged = etag and not_modified(request, etag)
    return unchanged and revalidated(unchanged, etag, public=True)


def revalidated(response, etag, *, public):
    """The response with its ETag, to be revalidated on every use (max-age=0): `public`
    lets a shared cache keep it (only for a page that sets no cookie and shows nothing of
    the visitor), else private. Varies with the language and the cookies."""
    response["ETag"] = etag
    if public:
        patch_cache_control(response, public=True, max_age=0, must_revalidate=True)
    else:
        patch_cache_control(response, private=True, max_age=0, must_revalidate=True)
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def session_state(session):
    """The session's data as the pages show it: its id and creation time (so that a
    restored or recreated session never matches an old key) and version."""
    return (session.pk, session.created_at.timestamp(), session.version)


def table_page_state(table_code):
    """session_state for one table's phone pages: what changes when a write can change
    them (club.services.locks), not every write to the session."""
    session = table_code.session
    return (session.pk, session.created_at.timestamp(), session.tables_version,
            table_code.pk, table_code.version)


def shown_digest(session, *shown):
    """A digest of what a page shows: the session's own fields (name, date, rules,
    status...: everything but the version, which every write bumps) and `shown` (anything
    with a stable repr: no model instances)."""
    fields = [getattr(session, field.attname) for field in session._meta.concrete_fields
              if field.name not in ("version", "tables_version")]
    return hashlib.sha256(repr((fields, shown)).encode()).hexdigest()


def cached_shown(session, key, compute, state=None):
    """What a page of `session` shows (`compute`: its shown_digest), worked out once per
    version of the session (or `state`, a narrower one) and `key` (the page first, then
    the language...) and kept in the cache."""
    return kept(f"shown-{key[0]}", (state or session_state(session), key), compute)


def cached_html(key, render):
    """HTML rendered once for `key`, which names the data it was made from, so it never
    goes stale (club.stats.kept)."""
    return mark_safe(kept("html", key, lambda: str(render())))  # our own templates, escaped
