"""The query budget of an individual evening (issue 20): a 20-player individual of 19
rounds, every table of every round played through the services, runs exactly as many
queries on every page it has (public, the director's, the table phones', the players' and
the seasons' pages that include it) as an 8-player one of 7 rounds, each page within the
budget of the pairs pages (tests/reports/test_query_counts.py: 10). Every address of the
site is listed here, measured or set aside with the reason, so that a page added later
must be added."""

from dataclasses import dataclass

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import URLResolver, get_resolver, reverse

from club.management.bench_events import build_individual
from club.models import Result, Session
from club.plan import SessionPlan
from club.services.seasons import save_event, save_season
from club.services.sessions import change_status
from club.urls import table_urlpatterns, urlpatterns
from reports.urls import urlpatterns as report_patterns
from scoring.engine.individual import full_individual_rounds

pytestmark = pytest.mark.django_db

BUDGET = 10  # the public pages' budget (tests/reports/test_query_counts.py)


@dataclass
class Evening:
    """A played individual and what its pages are addressed by."""

    session: Session
    board: int  # a board in the middle
    ns: int  # a partnership of the last round (its NS line) and the EW line it met
    ew: int
    round: int
    table: int
    player: int  # the partnership's North and South
    partner: int
    result: int
    code: str  # table 1's phone
    season: int
    event: int


def evening(players):
    session = build_individual(players, publish=False)
    plan = SessionPlan.load(session)
    seating = plan.seating_for(1, session.rounds)
    ns = plan.by_number[seating.ns]
    board = plan.boards_of(seating)[0]
    season = save_season({"name": f"Winter {players}", "min_sessions": 1}, [session.pk])
    event = save_event({"name": f"Individual cup {players}", "scoring": "player"},
                       [session.pk])
    return Evening(
        session=session, board=(session.boards.count() + 1) // 2, ns=seating.ns,
        ew=seating.ew, round=seating.round, table=seating.table, player=ns.player1_id,
        partner=ns.player2_id,
        result=Result.objects.get(board__session=session, board__number=board,
                                  ns_pair=ns).pk,
        code=session.table_codes.get(table=seating.table).code, season=season.pk,
        event=event.pk)


def session_url(name, suffix=""):
    return lambda e: reverse(name, args=[e.session.pk]) + suffix


STANDINGS = "individual-standings"
BOARDS = "board-list"

# label: (URL name, its address from the Evening)
PUBLIC = {
    "session list": ("session-list", lambda e: reverse("session-list")),
    "standings by player": (STANDINGS, session_url(STANDINGS)),
    "standings CSV": (STANDINGS, session_url(STANDINGS, "?_export=csv")),
    "standings XLSX": (STANDINGS, session_url(STANDINGS, "?_export=xlsx")),
    "standings JSON": (STANDINGS, session_url(STANDINGS, "?_export=json")),
    "standings live block": (STANDINGS, session_url(STANDINGS, "?part=table")),
    "board list": (BOARDS, session_url(BOARDS)),
    "results XLSX": (BOARDS, session_url(BOARDS, "?_export=xlsx")),
    "results JSON": (BOARDS, session_url(BOARDS, "?_export=json")),
    "results USEBIO": (BOARDS, session_url(BOARDS, "?_export=usebio")),
    "board report": ("board-report",
                     lambda e: reverse("board-report", args=[e.session.pk, e.board])),
    "NS partnership scorecard": ("pair-scorecard", lambda e: reverse(
        "pair-scorecard", args=[e.session.pk, e.ns])),
    "EW partnership scorecard": ("pair-scorecard", lambda e: reverse(
        "pair-scorecard", args=[e.session.pk, e.ew])),
    "partnership's guide": ("pair-guide", lambda e: reverse(
        "pair-guide", args=[e.session.pk, e.ns])),
    "players": ("players", lambda e: reverse("players")),
    "player page": ("player", lambda e: reverse("player", args=[e.player])),
    "partnership page": ("partnership", lambda e: reverse(
        "partnership", args=[e.player, e.partner])),
    "ratings": ("ratings", lambda e: reverse("ratings")),
    "seasons": ("seasons", lambda e: reverse("seasons")),
    "season page": ("season", lambda e: reverse("season", args=[e.season])),
    "event page": ("event", lambda e: reverse("event", args=[e.event])),
    "table phone: round": ("table", lambda e: reverse("table", args=[e.code])),
    "table phone: round 1": ("table", lambda e: reverse("table", args=[e.code]) + "?round=1"),
    "table phone: board": ("table-board", lambda e: reverse(
        "table-board", args=[e.code, e.board])),
}

DIRECTOR = {
    "director's home": ("director-home", lambda e: reverse("director-home")),
    "session page": ("director-session", session_url("director-session")),
    "session settings": ("setup-session-edit", session_url("setup-session-edit")),
    "deleting the session": ("setup-session-delete", session_url("setup-session-delete")),
    "schedule": ("setup-schedule", session_url("setup-schedule")),
    "pairs' table cards": ("setup-table-cards", session_url("setup-table-cards")),
    "players": ("individual-players", session_url("individual-players")),
    "standings by player": ("individual-director-standings",
                            session_url("individual-director-standings")),
    "players' table cards": ("individual-cards", session_url("individual-cards")),
    "hand records": ("hand-records", session_url("hand-records")),
    "hand records boards": ("hand-records-boards", session_url("hand-records-boards")),
    "hand records PBN": ("hand-records-pbn", session_url("hand-records-pbn")),
    "entry page": ("entry-session", session_url("entry-session")),
    "table scorecard": ("entry-scorecard", lambda e: reverse(
        "entry-scorecard", args=[e.session.pk, e.round, e.table])),
    "checks": ("entry-checks", session_url("entry-checks")),
    "dashboard": ("entry-dashboard", session_url("entry-dashboard")),
    "dashboard grid": ("entry-dashboard-grid", session_url("entry-dashboard-grid")),
    "table codes": ("table-codes", session_url("table-codes")),
    "traveller": ("entry-traveller", lambda e: reverse(
        "entry-traveller", args=[e.session.pk, e.board])),
    "result": ("result-detail", lambda e: reverse("result-detail", args=[e.result])),
    "archive": ("session-archive", session_url("session-archive")),
    "player registry": ("director-players", lambda e: reverse("director-players")),
    "a player": ("director-player", lambda e: reverse("director-player", args=[e.player])),
    "seasons": ("director-seasons", lambda e: reverse("director-seasons")),
    "a season": ("director-season", lambda e: reverse("director-season", args=[e.season])),
    "an event": ("director-event", lambda e: reverse("director-event", args=[e.event])),
    "masterpoints of the season": ("director-masterpoints-export", lambda e: reverse(
        "director-masterpoints-export", args=[e.season])),
    "calibration": ("calibration", lambda e: reverse("calibration")),
}

# The addresses an individual's visitors do not open, and why.
ASIDE = {
    "standings": "the pairs' standings address redirects to the standings by player",
    "pair-players": "redirects to the partnership page of its two players",
    "setup-pairs": "redirects to the players page of an individual",
    "swiss": "a Swiss pairs page (404 for an individual)",
    "swiss-rounds": "a Swiss pairs page (404 for an individual)",
    "swiss-start-round": "a Swiss pairs action (POST)",
    "teams-standings": "a teams page (404 for an individual)",
    "team-match": "a teams page (404 for an individual)",
    "teams": "a teams page (404 for an individual)",
    "setup-pair-edit": "an individual's partnerships are formed by the movement",
    "setup-pair-delete": "an individual's partnerships are formed by the movement",
    "setup-session-new": "no session yet",
    "setup-session-start": "an action (POST)",
    "setup-player-search": "a search box's answers, not a page",
    "hand-records-import": "an action (POST)",
    "hand-records-deal": "an action (POST)",
    "hand-records-analyse": "an action (POST)",
    "entry-session-status": "an action (POST)",
    "entry-call-answered": "an action (POST)",
    "entry-board-hcp": "redirects to the traveller once the board has its HCP",
    "entry-row": "an action (POST)",
    "entry-free-row": "an action (POST)",
    "table-codes-issue": "an action (POST)",
    "individual-withdraw": "an action (POST)",
    "result-delete": "an action (POST)",
    "import-session": "a file does not import an individual",
    "director-player-new": "a form not about any session",
    "director-player-merge": "an action on two players",
    "director-player-merge-confirm": "an action on two players",
    "director-season-new": "a form not about any session",
    "director-season-delete": "an action (POST)",
    "director-event-new": "a form not about any session",
    "director-event-delete": "an action (POST)",
    "director-carry-over-add": "an action (POST)",
    "director-carry-over-delete": "an action (POST)",
    "director-masterpoints": "award schemes, not about any session",
    "director-scheme-new": "award schemes, not about any session",
    "director-schemes-shipped": "award schemes, not about any session",
    "director-scheme": "award schemes, not about any session",
    "director-tables": "compensation tables, not about any session",
    "director-table": "compensation tables, not about any session",
    "director-table-copy": "compensation tables, not about any session",
    "table-code-entry": "the form a player types a table code into",
    "table-service-worker": "the phones' service worker script",
    "table-call": "an action (POST)",
    "table-accept": "an action (POST)",
    "table-withdraw": "an action (POST)",
}


def url_names(patterns):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from url_names(pattern.url_patterns)
        elif pattern.name:
            yield pattern.name


def queries(client, url):
    """The queries of GET url, the cache empty first (the pages that keep what they
    worked out, the ratings, the calibration, a phone's round, compute it again)."""
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(captured.captured_queries)


def all_queries(played, director):
    """{page: queries} of every page of PUBLIC and DIRECTOR."""
    director_client = Client()
    director_client.force_login(director)
    return {**{label: queries(Client(), address(played))
               for label, (_name, address) in PUBLIC.items()},
            **{f"director: {label}": queries(director_client, address(played))
               for label, (_name, address) in DIRECTOR.items()}}


def played(players):
    built = evening(players)
    assert Result.objects.filter(board__session=built.session).count() == (
        full_individual_rounds(players) * (players // 4))
    return built


def publish(built):
    change_status(built.session.pk, "finish")
    change_status(built.session.pk, "publish")


def test_every_address_of_the_site_is_measured_or_set_aside():
    names = set(url_names(urlpatterns)) | set(url_names(table_urlpatterns)) | set(
        url_names(report_patterns))
    measured = {name for name, _address in (*PUBLIC.values(), *DIRECTOR.values())}
    assert not measured & set(ASIDE)
    assert names == measured | set(ASIDE), (names - measured - set(ASIDE),
                                            measured | set(ASIDE) - names)
    # Those three maps are the site's (config.urls includes them under /, /director/, /t/).
    assert names <= {key for key in get_resolver().reverse_dict if isinstance(key, str)}


def test_the_20_player_individual_keeps_the_8_player_query_counts(director):
    """Every page while the played evenings are still running (the phones and the live
    standings at work), then once each is published (in the ratings and the calibration;
    the pages that read across sessions see both evenings then)."""
    small, big = {}, {}
    small_evening = played(8)
    small["in play"] = all_queries(small_evening, director)
    big_evening = played(20)
    big["in play"] = all_queries(big_evening, director)
    publish(small_evening)
    small["published"] = all_queries(small_evening, director)
    publish(big_evening)
    big["published"] = all_queries(big_evening, director)
    for state in small:
        assert big[state] == small[state], (state, {
            page: (count, big[state][page]) for page, count in small[state].items()
            if count != big[state][page]})
        over = {page: count for page, count in big[state].items() if count > BUDGET}
        assert not over, (state, over)
