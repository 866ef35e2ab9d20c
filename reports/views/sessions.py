"""The list of sessions and a session's standings (page, live fragment and downloads)."""

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.conditional import cached_html, not_modified, revalidated, weak_etag
from club.io.exports import EXPORT_FORMATS
from club.plan import SessionPlan
from club.queries import EW_LINE, NS_LINE, public_standings
from club.stats.seasons import season_groups
from club.visibility import is_partial, is_provisional
from reports.grids import StandingsTable
from reports.views.common import (
    export_format,
    export_response,
    live_session,
    session_state,
    url_prefix,
    viewer_state,
    visible_sessions,
)

SESSIONS_PER_PAGE = 30
# ?part=table: the standings block alone, which the page fetches again while play is on.
LIVE_PART = "table"


@require_safe
def session_list(request):
    """The sessions, newest first, a page at a time and grouped under their seasons: the
    same few queries whatever the number of sessions."""
    sessions = visible_sessions(request.user).order_by("-date", "-id")
    page = Paginator(sessions, SESSIONS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "reports/session_list.html", {
        "page": page, "groups": season_groups(list(page)),
        "standings_prefix": url_prefix("standings"), "season_prefix": url_prefix("season"),
    })


def standings_table(session, sort, standings=None, rows=None):
    """The public standings (club.queries.public_standings) as a table sorted by `sort`:
    every pair, with each pair's line when the session has two winners; or only `rows`
    (one line's)."""
    if standings is None:
        standings = public_standings(SessionPlan.load(session))
    line_of = ({row.number: line for line, rows in standings.lines for row in rows}
               if session.two_winners or session.sections else None)
    field_rank_of = ({row.number: row.rank_label for row in standings.field}
                     if standings.field is not None else None)
    table = StandingsTable(standings.rows if rows is None else rows, line_of=line_of,
                           field_rank_of=field_rank_of,
                           scorecard_prefix=url_prefix("pair-scorecard", session.id))
    if sort:
        table.order_by = sort
    return table


FIELD = "field"  # the list of every pair across the sections


def line_title(line):
    """The heading of one list of the standings ("" for the one list of a session)."""
    titles = {NS_LINE: _("North-South pairs"), EW_LINE: _("East-West pairs"),
              FIELD: _("The whole field: every section's pairs ranked together")}
    if line in titles or not line:
        return titles.get(line, "")
    letter, _space, direction = line.partition(" ")  # a section's: "A", "A NS"
    if direction:
        return _("Section %(letter)s: %(line)s") % {"letter": letter,
                                                     "line": titles[direction]}
    return _("Section %(letter)s") % {"letter": letter}


def render_live_standings(session, sort):
    """The standings block (reports/grid.html): computed and rendered once per version
    of the session, language and sort (club.conditional.cached_html); one table, or one
    for each line with two winners. While play is on it says how many of the session's
    boards the totals count."""
    standings = public_standings(SessionPlan.load(session))
    lists = []
    lines = list(standings.lines)
    if standings.field is not None:
        lines.append((FIELD, standings.field))
    for line, rows in lines:
        table = StandingsTable(rows, scorecard_prefix=url_prefix("pair-scorecard", session.id))
        if sort:
            table.order_by = sort
        head, body = table.html_parts()
        lists.append({"title": line_title(line), "head": head, "body": body,
                      "attrs": table.attrs.as_html()})
    query = f"?sort={sort}&part={LIVE_PART}" if sort else f"?part={LIVE_PART}"
    provisional = is_provisional(session)
    return render_to_string("reports/grid.html", {
        "lists": lists,
        "live": {"provisional": provisional, "updated": timezone.now(),
                 "poll_url": reverse("standings", args=[session.id]) + query
                 if provisional else ""},
        "counted": standings.counted if is_partial(session) else None,
        "boards": standings.boards,
    })


@require_safe
def standings(request, session_id):
    """The standings. A poll that finds the session unchanged is answered 304 after one
    query; otherwise the standings block comes from the cache while the session's version
    stays the same, so a busy evening renders it once per change, not once per visitor."""
    session = live_session(request, session_id)
    # django-tables2's ?sort=, limited to the table's columns (anything else is ignored).
    sort = request.GET.get("sort", "")
    if sort.removeprefix("-") not in StandingsTable.sort_keys():
        sort = ""
    fmt = export_format(request)
    if fmt:
        return export_response(standings_table(session, sort), fmt, _("Standings"),
                               f"standings-{session.date}-{session.id}")
    part = request.GET.get("part") == LIVE_PART
    state = ("standings", *session_state(session), get_language(), sort, part)

    def etag():
        # The block alone shows nothing of the visitor; the page does (viewer_state).
        return weak_etag(*state) if part else weak_etag(*state, *viewer_state(request))

    # A shared cache may keep the block (the same for everyone) of a public session, not the
    # page: its forms (the language switcher's) carry the visitor's CSRF token.
    public = part and session.is_public
    unchanged = not_modified(request, etag())
    if unchanged is not None:
        return revalidated(unchanged, etag(), public=public)
    html = cached_html("|".join(map(str, state[:-1])),
                       lambda: render_live_standings(session, sort))
    if part:
        response = HttpResponse(html)
    else:
        response = render(request, "reports/standings.html", {
            "session": session, "standings": html, "export_formats": EXPORT_FORMATS,
            "provisional": is_provisional(session), "partial": is_partial(session),
        })
    return revalidated(response, etag(), public=public)
