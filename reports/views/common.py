"""What every public page shares: who may see a session, links built from one reverse(),
the table downloads (CSV, XLSX, JSON through django-tables2 and tablib), and what the live
pages' ETags are made of (club.conditional answers the conditional requests)."""

import hashlib

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import get_language

from club.conditional import (
    cached_shown,
    not_modified,
    recently_not_modified,
    revalidated,
    shown_digest,
    weak_etag,
)
from club.io.exports import CONTENT_TYPES, EXPORT_FORMATS, export_table
from club.models import Session
from club.permissions import is_director
from club.stats.kept import remember_etag

# ?part=table: a live page's block alone, which the page fetches again while play is on.
LIVE_PART = "table"


def visible_sessions(user):
    """Directors see every session; everyone else those that are public (Session.is_public:
    play has started)."""
    sessions = Session.objects.all()
    if not is_director(user):
        sessions = sessions.exclude(status=Session.Status.SETUP)
    return sessions


def get_session(request, session_id):
    """The session if this visitor may see it; 404 otherwise (not even its existence). One
    query; the live pages' ETags start from its `version`, which every write to the session
    and every rename of one of its players bumps (club.services.locks)."""
    session = get_object_or_404(Session.objects.select_related("compensation_table"),
                                pk=session_id)
    if not session.is_public and not is_director(request.user):
        raise Http404
    return session


def url_prefix(name, *args):
    """"/sessions/5/boards/" for "board-report" and session 5: reverse once, append
    "<number>/" per row."""
    return reverse(name, args=[*args, 0])[:-2]


def export_format(request):
    fmt = request.GET.get("_export")
    return fmt if fmt in EXPORT_FORMATS else None


def export_response(table, fmt, title, filename):
    """A table download: CSV in UTF-8 with a byte order mark and the page language's
    separator (";" in Russian, so that Excel splits the columns), XLSX or JSON; text that a
    spreadsheet would run as a formula is defused (club.io.exports.export_table)."""
    return download(export_table(table, fmt, title), CONTENT_TYPES[fmt], f"{filename}.{fmt}")


def table_download_or_page(request, table, title, filename):
    """A season or event table (reports.season_grids) sorted by ?sort=: its download when
    ?_export= asks for one, else None with the table cut to its ?page=."""
    table.sort_by(request.GET.get("sort", ""))
    fmt = export_format(request)
    if fmt:
        return export_response(table, fmt, title, filename)
    table.page_of(request.GET.get("page"))
    return None


def download(content, content_type, filename):
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- live pages: conditional requests and cached HTML ----------------------------------------

def viewer_state(request):
    """What about the visitor changes a whole page besides the data: the language, who is
    logged in (the navigation, the logout button) and the CSRF cookie that the page's forms
    carry a token of (after rendering, the cookie the response sets)."""
    user = request.user
    return (get_language(), user.pk if user.is_authenticated else 0,
            hashlib.sha256(request.META.get("CSRF_COOKIE", "").encode()).hexdigest()[:12])


def live_key(request):
    """What a live block's ETag holds besides the session's data: the block asked for (its
    path and query) and the language."""
    parts = (request.path, request.GET.urlencode(), get_language())
    return "live:" + hashlib.sha256(repr(parts).encode()).hexdigest()


def recent_live_block(request):
    """A poll of a live block (?part=table) answered 304 without a query when this process
    confirmed the visitor's copy a moment ago (club.conditional.recently_not_modified);
    None otherwise, and for the pages themselves."""
    if request.GET.get("part") != LIVE_PART:
        return None
    return recently_not_modified(request, live_key(request))


def live_response(request, session, state, part, respond):
    """A live page, or its block alone (`part`), answered conditionally: a 304 when the
    visitor's copy shows the same `state`, else `respond()` with its ETag. The block shows
    nothing of the visitor, so a shared cache may keep a public session's, and this
    process remembers its ETag for the next polls (recent_live_block); the page shows the
    visitor (viewer_state: its forms carry their CSRF token, set while rendering)."""

    def etag():
        return weak_etag(*state) if part else weak_etag(*state, *viewer_state(request))

    public = part and session.is_public
    if public:
        remember_etag(live_key(request), etag())
    unchanged = not_modified(request, etag())
    if unchanged is not None:
        return revalidated(unchanged, etag(), public=public)
    return revalidated(respond(), etag(), public=public)


def shown_response(request, session, key, page, load, describe, respond):
    """A public page answered conditionally from a digest of what it shows: `load()` works
    it out, `describe(loaded)` gives it as plain values (shown_digest), worked out once per
    version of the session under the cache `key`, so a reload finding it unchanged is a 304
    after one query; else `respond(loaded)`, with the ETag of what is rendered. `page`: the
    page's name and arguments, in its ETag."""
    loaded = {}

    def shown():
        loaded["data"] = load()
        return shown_digest(session, describe(loaded["data"]))

    def etag(digest):
        return weak_etag(*page, digest, *viewer_state(request))

    kept = cached_shown(session, key, shown)
    unchanged = not_modified(request, etag(kept))
    if unchanged is not None:
        return revalidated(unchanged, etag(kept), public=False)
    digest = kept if "data" in loaded else shown()  # the ETag of what is rendered
    return revalidated(respond(loaded["data"]), etag(digest), public=False)
