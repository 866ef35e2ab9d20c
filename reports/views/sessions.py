"""The list of sessions and a session's standings (page, live fragment and downloads)."""

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.conditional import (
    cached_html,
    cached_shown,
    shown_digest,
)
from club.io.exports import EXPORT_FORMATS
from club.models.choices import INDIVIDUAL
from club.plan import SessionPlan
from club.queries import EW_LINE, NS_LINE, public_standings
from club.stats.masterpoints import session_masterpoints
from club.stats.methods import COMPENSATION, RANK_BY, MethodRanking
from club.stats.seasons import season_groups
from club.visibility import is_partial, is_provisional
from reports.grids import StandingsTable
from reports.views.common import (
    LIVE_PART,
    export_format,
    export_response,
    get_session,
    live_response,
    recent_live_block,
    url_prefix,
    visible_sessions,
)

SESSIONS_PER_PAGE = 30


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


def rank_by(request):
    """The ranking ?method= asks for (club.stats.methods.RANK_BY); compensation, the
    session's official method, for anything else."""
    method = request.GET.get("method", "")
    return method if method in RANK_BY else COMPENSATION


def method_standings(session, method):
    """The public standings ranked by `method` (one plan, one query for the results)."""
    ranking = None if method == COMPENSATION else MethodRanking(method)
    return public_standings(SessionPlan.load(session), ranking)


def standings_masterpoints(session, method):
    """{pair number: masterpoints} shown beside the official standings of a published,
    awarded session (docs/masterpoints.md); {} for another ranking, whose places are not
    the ones awarded."""
    return session_masterpoints(session) if method == COMPENSATION else {}


def standings_table(session, sort, standings=None, rows=None, method=COMPENSATION):
    """The public standings (club.queries.public_standings) ranked by `method`, as a table
    sorted by `sort`: every pair, with each pair's line when the session has two winners,
    and its masterpoints once awarded; or only `rows` (one line's)."""
    if standings is None:
        standings = method_standings(session, method)
    line_of = ({row.number: line for line, rows in standings.lines for row in rows}
               if session.two_winners or session.sections else None)
    field_rank_of = ({row.number: row.rank_label for row in standings.field}
                     if standings.field is not None else None)
    table = StandingsTable(standings.rows if rows is None else rows, line_of=line_of,
                           field_rank_of=field_rank_of,
                           scorecard_prefix=url_prefix("pair-scorecard", session.id),
                           method=method,
                           masterpoints_of=standings_masterpoints(session, method))
    if sort:
        table.order_by = sort
    return table


def method_query(method):
    """What the page's links add to keep the ranking shown ("" for compensation)."""
    return "" if method == COMPENSATION else f"&method={method}"


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


def render_live_standings(session, sort, method=COMPENSATION, standings=None,
                          masterpoints=None):
    """The standings block (reports/grid.html) ranked by `method`, rendered once for each
    state of what it shows (club.conditional.cached_html); one table, or one for each line
    with two winners or section, and the whole field. While play is on it says how many
    of the session's boards the totals count."""
    if standings is None:
        standings = method_standings(session, method)
    if masterpoints is None:
        masterpoints = standings_masterpoints(session, method)
    lists = []
    lines = list(standings.lines)
    if standings.field is not None:
        lines.append((FIELD, standings.field))
    for line, rows in lines:
        table = StandingsTable(rows, scorecard_prefix=url_prefix("pair-scorecard", session.id),
                               method=method, masterpoints_of=masterpoints)
        if sort:
            table.order_by = sort
        head, body = table.html_parts(method_query(method))
        lists.append({"title": line_title(line), "head": head, "body": body,
                      "attrs": table.attrs.as_html()})
    query = (f"?sort={sort}&part={LIVE_PART}" if sort else f"?part={LIVE_PART}") + (
        method_query(method))
    provisional = is_provisional(session)
    return render_to_string("reports/grid.html", {
        "lists": lists,
        "live": {"provisional": provisional, "updated": timezone.now(),
                 "poll_url": reverse("standings", args=[session.id]) + query
                 if provisional else ""},
        "counted": standings.counted if is_partial(session) else None,
        "boards": standings.boards,
    })


def shown_by_standings(session, standings, masterpoints=None):
    """A digest of everything the standings page shows of the session's data: the
    session's own fields (its header, rules and status), each line's rows (rank, pair,
    names, boards, IMPs) over the boards that count, with how many count, and the
    masterpoints awarded. Entries on boards that are not released yet change none of it."""
    lines = [(line, [repr(row) for row in rows]) for line, rows in standings.lines]
    field = [repr(row) for row in standings.field or ()]
    return shown_digest(session, session.compensation_table.name, lines, field,
                        standings.counted, standings.boards,
                        sorted((masterpoints or {}).items()))


def live_standings(session, sort, method=COMPENSATION):
    """(what the standings ranked by `method` show, their block's HTML as a function): the
    digest is worked out once per version of the session, language and method (cached),
    and the block rendered once per digest, so the many writes of an evening that touch no
    released board change neither the ETag nor the HTML."""
    loaded = {}

    def digest():
        loaded["standings"] = method_standings(session, method)
        loaded["masterpoints"] = standings_masterpoints(session, method)
        return shown_by_standings(session, loaded["standings"], loaded["masterpoints"])

    shown = cached_shown(session, ("standings", get_language(), method), digest)
    return shown, lambda: cached_html(
        f"standings-block|{shown}|{get_language()}|{sort}|{method}",
        lambda: render_live_standings(session, sort, method, loaded.get("standings"),
                                      loaded.get("masterpoints")))


@require_safe
def standings(request, session_id):
    """The standings. A poll that finds unchanged what the standings show is answered 304
    after one query (what they show is worked out once per version of the session); the
    block comes from the cache, so a busy evening renders it once per change of the
    standings, not once per visitor or per write."""
    if answer := recent_live_block(request):
        return answer
    session = get_session(request, session_id)
    if session.movement == INDIVIDUAL:  # ranked by player (reports.views.individual)
        return redirect("individual-standings", session.pk)
    # django-tables2's ?sort=, limited to the table's columns (anything else is ignored).
    sort = request.GET.get("sort", "")
    if sort.removeprefix("-") not in StandingsTable.sort_keys():
        sort = ""
    method = rank_by(request)
    fmt = export_format(request)
    if fmt:
        suffix = "" if method == COMPENSATION else f"-{method}"
        return export_response(standings_table(session, sort, method=method), fmt,
                               _("Standings"),
                               f"standings-{session.date}-{session.id}{suffix}")
    part = request.GET.get("part") == LIVE_PART
    shown, block = live_standings(session, sort, method)
    state = ("standings", shown, get_language(), sort, method, part)

    def respond():
        if part:
            return HttpResponse(block())
        return render(request, "reports/standings.html", {
            "session": session, "standings": block(), "export_formats": EXPORT_FORMATS,
            "provisional": is_provisional(session), "partial": is_partial(session),
            "method": method, "method_label": RANK_BY[method],
            "rank_by": [(key, label, reverse("standings", args=[session.id])
                         + ("" if key == COMPENSATION else f"?method={key}"))
                        for key, label in RANK_BY.items()],
            "export_query": method_query(method),
        })

    return live_response(request, session, state, part, respond)
