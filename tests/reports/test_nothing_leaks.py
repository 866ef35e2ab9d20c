"""Nothing about a board still in play can be read, or computed, by anyone who has not
played it: not from the public pages and downloads, nor from a table's phone.

A differential walk. A small Mitchell and a small Howell are played round by round through
the tables' own pages (entered by North-South, accepted by East-West). After each entry,
each acceptance and each round, the pages a viewer can open (an anonymous visitor: every
public page, fragment and download; a table's code: its round and board pages) are
requested twice: as the session stands, and with every board still hidden from that viewer
changed (another board HCP, every result on it another contract and so other IMPs), then
rolled back. The responses must be identical once the volatile bits (CSRF tokens, form
keys, the time of the live block) are normalised: a page that showed, or added up,
anything of a hidden board would differ. Which boards are hidden is worked out here from
the movement and the results entered, independently of club.visibility. Direct checks come
with it: a hidden board's report and downloads say nothing, each pair's public total is
the sum of its rows shown and of its results on released boards, and a table sees the
traveller of exactly the boards its pairs may see.
"""

import json
import re
import uuid
from io import BytesIO

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from club.models import CONTRACT_FIELDS, OUTCOME_FIELDS, Event, Result, Season, TableEntry
from club.services.locks import lock_session
from club.services.scoring import score_result
from club.services.table_phones import issue_codes
from club.urls import table_urlpatterns
from reports.urls import urlpatterns as report_urlpatterns
from scoring.engine import boards_of_set, movements, parse_result
from tests.factories import make_session

# A minute of work or more: left out of the fast part (README, Running the tests).
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Every URL name of the public pages and of the tables' pages, by how the walk uses it.
PUBLIC_PAGES = {"session-list", "standings", "board-list", "board-report", "pair-scorecard",
                "pair-guide",
                "pair-players", "players", "player", "partnership", "seasons", "season",
                "event", "ratings"}
DIRECTORS_ONLY = {"session-archive"}
# The code form and the service worker's script show nothing of any session.
TABLE_PAGES = {"table-code-entry", "table-service-worker", "table", "table-board"}
TABLE_POSTS = {"table-accept", "table-withdraw", "table-call"}  # and table-board's form

# What the tables play, in turn: varied contracts, both sides declaring, a pass-out.
PLAN = ["4S= N", "3NT+1 S", "2H-1 E", "PASS", "1NT= W", "5DX-2 N", "3C+2 E", "4H-1 S"]
# Another result for a hidden board: far from every result of the plan, so its IMPs differ.
OTHER = parse_result("7NTXX-13 N")
VOLATILE = [(re.compile(r'(name="(?:csrfmiddlewaretoken|key)" value=)"[^"]*"'), r'\1""'),
            (re.compile(r"updated \d\d:\d\d"), "updated --:--")]


# Pages this Mitchell walk cannot open, with the test that checks what they hide.
WALKED_ELSEWHERE = {
    # Swiss pairs only: a round in play shows no IMPs or VPs until its boards are public.
    "swiss": "tests/club/views/test_swiss_pages.py",
    # Teams only: a board's results in any room leave the teams standings, their downloads
    # and the match reports unchanged until every room playing it has a result.
    "teams-standings": "tests/club/views/test_teams_pages.py",
    "team-match": "tests/club/views/test_teams_pages.py",
    # Individuals only: the standings by player count only the boards every table played.
    "individual-standings": "tests/club/individual/test_standings.py",
}


def test_every_url_name_is_walked():
    """A page added to reports.urls or to the table pages must be added to the walk (or,
    when the walk's session cannot show it, to WALKED_ELSEWHERE with its own test)."""
    names = {p.name for p in report_urlpatterns} | {p.name for p in table_urlpatterns}
    assert names == (PUBLIC_PAGES | DIRECTORS_ONLY | TABLE_PAGES | TABLE_POSTS
                     | set(WALKED_ELSEWHERE))


class Walk:
    """One session played through its tables' phones, with what the test knows of it."""

    def __init__(self, session):
        self.session = session
        self.codes = {c.table: c.code for c in issue_codes(session.pk)}
        self.schedule = movements.schedule(session.movement, tables=session.tables,
                                           pairs=session.pairs.count(), rounds=session.rounds)
        self.per_round = session.boards_per_round
        self.boards = sorted({n for s in self.seatings() for n in self.boards_of(s)})
        self.pairs = list(session.pairs.order_by("number"))
        self.played = set()  # (board, ns, ew) accepted so far
        self.checked = {}  # table: how many boards were accepted at its last whole check
        self.phones = {t: Client() for t in self.codes}  # enter and accept
        self.viewers = {t: Client() for t in self.codes}  # read the table's pages
        self.public = Client()
        season = Season.objects.create(name="Autumn", start=session.date, end=session.date)
        self.event = Event.objects.create(name="Cup", season=season)
        self.event.sessions.add(session)
        self.season = season

    # --- what is hidden from whom, worked out from the movement and the walk's results ---

    def boards_of(self, seating):
        return boards_of_set(seating.board_set, self.per_round) if seating.board_set else []

    def seatings(self, table=None):
        return [s for s in self.schedule if not s.is_sit_out
                and (table is None or s.table == table)]

    def released(self):
        return {n for n in self.boards
                if all((n, s.ns, s.ew) in self.played
                       for s in self.seatings() if n in self.boards_of(s))}

    def seated(self, table):
        """The pairs at the table now: those of its first round with a board not entered,
        or of its last round."""
        own = [s for s in self.schedule if s.table == table]
        return next((s for s in own if any((n, s.ns, s.ew) not in self.played
                                           for n in self.boards_of(s))), own[-1])

    def table_visible(self, table):
        """The released boards and those every pair seated at the table has played."""
        pairs = self.seated(table).pairs
        return self.released() | {n for n in self.boards if all(
            any(b == n and pair in (ns, ew) for b, ns, ew in self.played) for pair in pairs)}

    # --- the pages ---

    def public_urls(self):
        sid = self.session.pk
        standings, boards = reverse("standings", args=[sid]), reverse("board-list", args=[sid])
        pair = self.pairs[0]
        return [reverse("session-list"), standings, standings + "?part=table",
                *(f"{standings}?_export={fmt}" for fmt in ("csv", "json", "xlsx")),
                boards, *(f"{boards}?_export={fmt}"
                          for fmt in ("csv", "json", "xlsx", "pbn", "usebio")),
                *(reverse("board-report", args=[sid, n]) for n in self.boards),
                *(reverse("pair-scorecard", args=[sid, p.number]) for p in self.pairs),
                *(reverse("pair-guide", args=[sid, p.number]) for p in self.pairs),
                reverse("pair-players", args=[sid, pair.number]), reverse("players"),
                reverse("player", args=[pair.player1_id]),
                reverse("partnership", args=[pair.player1_id, pair.player2_id]),
                reverse("seasons"), reverse("season", args=[self.season.pk]),
                reverse("event", args=[self.event.pk]), reverse("ratings"),
                *(f"{reverse('ratings')}?_export={fmt}" for fmt in ("csv", "json", "xlsx"))]

    def table_urls(self, table, rounds=None):
        """The table's round pages and its boards' pages (of `rounds` only when given)."""
        code = self.codes[table]
        own = [s for s in self.schedule if s.table == table
               and (rounds is None or s.round in rounds)]
        return ([reverse("table", args=[code]) + f"?round={s.round}" for s in own]
                + [reverse("table-board", args=[code, n])
                   for n in sorted({n for s in own for n in self.boards_of(s)})])

    # --- the differential check ---

    def change_hidden(self, hidden):
        """Every board in `hidden` given another HCP and every result on it another
        contract, rescored by the scoring service, under a new version of the session (the
        caller rolls it all back). Returns how many results changed their IMPs."""
        changed = 0
        with transaction.atomic():
            session = lock_session(self.session.pk)
            for board in session.boards.filter(number__in=hidden, ns_hcp__isnull=False):
                board.ns_hcp = 40 - board.ns_hcp if board.ns_hcp != 20 else 31
                board.save(update_fields=["ns_hcp"])
            results = list(Result.objects.filter(board__session=session,
                                                 board__number__in=hidden)
                           .select_related("board"))
            for result in results:
                before = result.ns_imps
                result.board.session = session
                result.set_contract(*OTHER)
                score_result(result)
                changed += result.ns_imps != before
            Result.objects.bulk_update(results, [*CONTRACT_FIELDS, *OUTCOME_FIELDS])
        return changed, len(results)

    def same_with_hidden_changed(self, client, urls, hidden):
        """The viewer's pages are the same when what it may not see is changed; returns
        the responses as they stand."""
        before = {url: client.get(url) for url in urls}
        point = transaction.savepoint()
        try:
            changed, results = self.change_hidden(hidden)
            assert changed == results  # the check has teeth
            after = {url: snapshot(client.get(url)) for url in urls}
        finally:
            transaction.savepoint_rollback(point)
            cache.clear()  # the standings cached for the changed versions
        for url in urls:
            assert snapshot(before[url]) == after[url], (
                f"{url} tells something about boards {sorted(hidden)} "
                f"(played so far: {sorted(self.played)})")
        return before

    def check_public(self):
        released = self.released()
        pages = self.same_with_hidden_changed(self.public, self.public_urls(),
                                              set(self.boards) - released)
        sid = self.session.pk
        results = list(Result.objects.filter(board__session=self.session)
                       .select_related("board", "ns_pair", "ew_pair"))
        rows = json.loads(pages[reverse("board-list", args=[sid]) + "?_export=json"].content)
        assert {row["board"] for row in rows} == released & {r.board.number for r in results}
        for number in set(self.boards) - released:
            html = pages[reverse("board-report", args=[sid, number])].content.decode()
            assert "This board is still being played" in html
            assert 'class="traveller"' not in html
        # Each pair's public total: the IMPs of its results on released boards, and the sum
        # of the rows its scorecard shows.
        totals = {p.number: 0 for p in self.pairs}
        for result in results:
            if result.board.number in released:
                totals[result.ns_pair.number] += result.ns_imps
                totals[result.ew_pair.number] += result.ew_imps
        standings = reverse("standings", args=[sid])
        rows = json.loads(pages[standings + "?_export=json"].content)
        assert {row["Pair"]: row["IMPs"] for row in rows} == {
            self.session.pair_label(n): imps for n, imps in totals.items()}
        for pair in self.pairs:
            context = pages[reverse("pair-scorecard", args=[sid, pair.number])].context
            shown = [row["imps_value"] for row in context["rows"] if "imps_value" in row]
            assert context["standing"].imps == sum(shown) == totals[pair.number]
        assert (f"The totals count {len(released)} of {len(self.boards)} boards"
                in pages[standings].content.decode())

    def check_table(self, table, rounds=None):
        if rounds is None:
            self.checked[table] = len(self.played)
        visible = self.table_visible(table)
        pages = self.same_with_hidden_changed(self.viewers[table],
                                              self.table_urls(table, rounds),
                                              set(self.boards) - visible)
        # The traveller of a board this table has played shows exactly when its pairs now
        # may see the board.
        for seating in self.seatings(table):
            for number in self.boards_of(seating):
                url = reverse("table-board", args=[self.codes[table], number])
                if url in pages and (number, seating.ns, seating.ew) in self.played:
                    html = pages[url].content.decode()
                    assert ('class="traveller"' in html) is (number in visible), (table,
                                                                                   number)

    # --- playing ---

    def play(self):
        """Every round, table by table and board by board, as the phones do it."""
        turn = 0
        for round_ in sorted({s.round for s in self.schedule}):
            for seating in sorted(self.seatings(), key=lambda s: s.table):
                if seating.round != round_:
                    continue
                table, phone, code = seating.table, self.phones[seating.table], \
                    self.codes[seating.table]
                for number in self.boards_of(seating):
                    if turn == 0:  # once: a wrong entry taken back, and a call
                        self.enter(phone, code, number, "7C= N")
                        self.answer(phone, table, number, "table-withdraw")
                        assert phone.post(reverse("table-call", args=[code])).status_code \
                            == 302
                    self.enter(phone, code, number, PLAN[turn % len(PLAN)])
                    self.check_table(table, rounds={round_})  # awaiting East-West
                    self.answer(phone, table, number, "table-accept")
                    self.played.add((number, seating.ns, seating.ew))
                    self.check_public()
                    self.check_table(table)
                    turn += 1
            for table in self.codes:  # the round is over everywhere
                if self.checked.get(table) != len(self.played):  # else checked as it is
                    self.check_table(table)
        assert self.released() == set(self.boards)

    def enter(self, phone, code, number, text):
        response = phone.post(reverse("table-board", args=[code, number]),
                              {"key": str(uuid.uuid4()), "shorthand": text})
        assert response.status_code == 302, response.content.decode()

    def answer(self, phone, table, number, name):
        entry = TableEntry.objects.get(session=self.session, table=table,
                                       board__number=number, status__in=TableEntry.OPEN)
        response = phone.post(reverse(name, args=[self.codes[table], number]),
                              {"key": str(entry.key)})
        assert response.status_code == 302


def snapshot(response):
    """What a response shows, without what changes from one rendering to the next."""
    content_type = response.get("Content-Type", "")
    if response.status_code in (301, 302):
        body = response["Location"]
    elif "spreadsheetml" in content_type:
        body = [list(row) for row in load_workbook(BytesIO(response.content)).active.values]
    else:
        body = response.content.decode("utf-8")
        for pattern, replacement in VOLATILE:
            body = pattern.sub(replacement, body)
    return (response.status_code, content_type, response.get("Content-Disposition"), body)


def with_hcp(session):
    """Every board's HCP known from the start, as from hand records (18 to 26)."""
    for board in session.boards.all():
        board.ns_hcp = 18 + board.number * 3 % 9
        board.save(update_fields=["ns_hcp"])
    return session


def test_a_mitchell_leaks_nothing_round_by_round():
    """3 tables, 2 boards a round, 2 rounds: each board is played at two tables, in
    different rounds, and the EW pairs move on to boards the NS pairs have played."""
    Walk(with_hcp(make_session(tables=3, rounds=2, boards_per_round=2,
                               name="Mitchell"))).play()

