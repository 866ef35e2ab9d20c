"""What every public page shares: who may see a session, links built from one reverse(),
the table downloads (CSV, XLSX, JSON through django-tables2 and tablib), and the live pages'
conditional requests and cache (ETags and cached HTML keyed by the session's version)."""

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.db.models import Subquery
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from club.io.exports import CONTENT_TYPES, export_table
from club.models import Player, Session
from club.permissions import is_director
from reports.tables import EXPORT_FORMATS


def visible_sessions(user):
    """Directors see every session; everyone else those that are public (Session.is_public:
    play has started)."""
    sessions = Session.objects.all()
    if not is_director(user):
        sessions = sessions.exclude(status=Session.Status.SETUP)
    return sessions


def get_session(request, session_id):
    """The session if this visitor may see it; 404 otherwise (not even its existence)."""
    session = get_object_or_404(Session.objects.select_related("compensation_table"),
                                pk=session_id)
    if not session.is_public and not is_director(request.user):
        raise Http404
    return session


def url_prefix(name, session_id):
    """"/sessions/5/boards/" for "board-report": reverse once, append "<number>/" per row."""
    return reverse(name, args=[session_id, 0])[:-2]


def export_format(request):
    fmt = request.GET.get("_export")
    return fmt if fmt in EXPORT_FORMATS else None


def export_response(table, fmt, title, filename):
    """A table download: CSV in UTF-8 with a byte order mark and the page language's
    separator (";" in Russian, so that Excel splits the columns), XLSX or JSON; text that a
    spreadsheet would run as a formula is defused (club.io.exports.export_table)."""
    return download(export_table(table, fmt, title), CONTENT_TYPES[fmt], f"{filename}.{fmt}")


def download(content, content_type, filename):
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- live pages: conditional requests and cached HTML ----------------------------------------

def live_session(request, session_id):
    """get_session in one query, with what the session's pages change with: `version`
    (bumped by every write to the session, club.services.locks) and `players_marker`, the
    last change to any player (a renamed player changes the names without touching the
    session). An unchanged poll costs this query only."""
    marker = Player.history.order_by("-history_id").values("history_id")[:1]
    session = get_object_or_404(Session.objects.select_related("compensation_table")
                                .annotate(players_marker=Subquery(marker)), pk=session_id)
    if not session.is_public and not is_director(request.user):
        raise Http404
    return session


def session_state(session):
    """The session's data as the pages show it: its id and creation time (so that a
    restored or recreated session never matches an old key), version and player marker."""
    return (session.pk, session.created_at.timestamp(), session.version,
            session.players_marker or 0)


def viewer_state(request):
    """What about the visitor changes a whole page besides the data: the language, who is
    logged in (the navigation, the logout button) and the CSRF cookie that the page's forms
    carry a token of (after rendering, the cookie the response sets)."""
    user = request.user
    return (get_language(), user.pk if user.is_authenticated else 0,
            hashlib.sha256(request.META.get("CSRF_COOKIE", "").encode()).hexdigest()[:12])


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


def cached_html(key, render):
    """HTML from the cache under `key` (which names the data it was made from, so it never
    goes stale), rendered and stored when missing; settings.PAGE_CACHE_SECONDS = 0 turns
    the cache off."""
    seconds = settings.PAGE_CACHE_SECONDS
    if seconds <= 0:
        return mark_safe(render())
    key = "page:" + hashlib.sha256(key.encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        html = str(render())
        cache.set(key, html, seconds)
    return mark_safe(html)  # made by our own templates, escaped there
