"""A teams session's public pages: the standings by VPs with every round's matches, and a
match's report board by board, the captains' running score (club.stats.teams). Both count
only the boards the public may see (club.visibility: a board once both rooms of every match
playing it have a result)."""

import django_tables2 as tables
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_safe

from club.io.exports import EXPORT_FORMATS
from club.io.usebio_teams import export_usebio_teams
from club.models.choices import TEAMS
from club.plan import SessionPlan
from club.stats.masterpoints import session_masterpoints
from club.stats.teams import team_results, teams_standings
from club.visibility import played_from, public_boards
from reports.views.common import (
    download,
    export_format,
    export_response,
    get_session,
    shown_response,
)


class TeamStandingsTable(tables.Table):
    """The teams standings as the downloads give them (CSV, XLSX, JSON)."""

    rank = tables.Column(verbose_name=gettext_lazy("Rank"))
    number = tables.Column(verbose_name=gettext_lazy("No."))
    team = tables.Column(verbose_name=gettext_lazy("Team"))
    captain = tables.Column(verbose_name=gettext_lazy("Captain"))
    players = tables.Column(verbose_name=gettext_lazy("Players"))
    matches = tables.Column(verbose_name=gettext_lazy("Matches"))
    byes = tables.Column(verbose_name=gettext_lazy("Byes"))
    vps = tables.Column(verbose_name=gettext_lazy("VPs"))
    imps = tables.Column(verbose_name=gettext_lazy("IMPs"))
    # Each of the team's players who played got this many (a published, awarded session).
    masterpoints = tables.Column(verbose_name=gettext_lazy("Masterpoints"))


def standings_table(standings):
    points = standings.masterpoints
    return TeamStandingsTable([{
        "rank": line.row.rank_label, "number": line.team.number, "team": line.team.name,
        "captain": line.team.captain.name,
        "players": ", ".join(m.player.name for m in line.team.members.all()),
        "matches": line.row.matches, "byes": line.byes, "vps": float(line.row.vps),
        "imps": line.row.imps,
        "masterpoints": line.masterpoints and float(line.masterpoints)}
        for line in standings.rows], exclude=() if points else ("masterpoints",))


def public_teams_standings(plan):
    """The teams standings over the boards the public may see, with the masterpoints of a
    published session (a fixed number of queries: the teams, the matches, the results,
    the awards once published)."""
    results = team_results(plan.session)
    played = played_from([(r.board_number, r.ns_pair_id, r.ew_pair_id) for r in results],
                         {pair.pk: pair.number for pair in plan.pairs})
    return teams_standings(plan, results, public_boards(plan, played)).award(
        session_masterpoints(plan.session))


def _teams_session(request, session_id):
    session = get_session(request, session_id)
    if session.movement != TEAMS:
        raise Http404
    return session


def _conditional(request, session, page, respond):
    """`respond(standings)` answered conditionally, like the Swiss page: a weak ETag of
    what the teams pages show (TeamsStandings.shown; one cache entry for both pages), so a
    reload finding it unchanged (a result on a board still hidden changes nothing) is a 304
    after one query. `page`: the page's name and arguments."""
    return shown_response(request, session, ("teams",), page,
                          lambda: public_teams_standings(SessionPlan.load(session)),
                          lambda standings: standings.shown(), respond)


@require_safe
def teams_page(request, session_id):
    """The standings and every round's matches; ?_export=csv (xlsx, json) downloads the
    standings, ?_export=usebio the event as USEBIO (public: no membership numbers). The
    page answers conditional requests (_conditional)."""
    session = _teams_session(request, session_id)
    if request.GET.get("_export") == "usebio":
        standings = public_teams_standings(SessionPlan.load(session))
        return download(export_usebio_teams(session, standings),
                        "application/xml; charset=utf-8",
                        f"teams-{session.date}-{session.pk}.xml")
    fmt = export_format(request)
    if fmt:
        standings = public_teams_standings(SessionPlan.load(session))
        return export_response(standings_table(standings), fmt, gettext("Teams standings"),
                               f"teams-{session.pk}")
    return _conditional(request, session, ("teams",), lambda standings: render(
        request, "reports/teams.html", {"session": session, **standings.context(),
                                        "export_formats": EXPORT_FORMATS}))


@require_safe
def match_report(request, session_id, match_id):
    """One match board by board: both rooms' results, the swing in IMPs to the home team,
    each table's compensation IMPs beside, the match's IMPs and VPs so far. It fits a
    phone: the captains follow their match here (answered conditionally: _conditional)."""
    session = _teams_session(request, session_id)

    def respond(standings):
        line = standings.match(match_id)
        if line is None or line.match.is_bye:
            raise Http404
        return render(request, "reports/team_match.html", {
            "session": session, "line": line, "match": line.match,
            "scheduled": session.boards_per_round, "knockout": standings.knockout})

    return _conditional(request, session, ("team-match", match_id), respond)
