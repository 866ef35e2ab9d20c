"""What one table's phone may read of a running session (the players' pages, club.phones):
its pairs, its rounds and their boards from the movement, the results and open entries of
those boards, and what club.visibility lets the table see. Loaded once per request in a
fixed number of queries; nothing here writes."""

from dataclasses import dataclass
from functools import cached_property

from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext

from club.models import CONTRACT_FIELDS, Board, DirectorCall, Result, TableCode, TableEntry
from club.models.choices import SEAT_NAMES, SWISS
from club.notation import result_display, signed
from club.plan import SessionPlan, session_pairs
from club.stats.swiss import swiss_standings
from club.visibility import (
    current_seating,
    played_pairs,
    public_boards,
    seated_now,
    table_visibility,
)
from scoring.engine import Seating
from scoring.engine.swiss import MAX_VP, vp_scale

# What a table's phone never shows of a board: its deal and the deal's analysis.
UNSHOWN_BOARD_FIELDS = ("deal", "double_dummy", "par_score", "par_contracts")
UNSHOWN_RESULT_BOARD = [f"board__{name}" for name in UNSHOWN_BOARD_FIELDS]


def table_code(code, call=False):
    """The table code `code` with its session, or None: the first query of every phone
    request. A poll of the round page is most often answered 304 after it, so it is kept
    plain (no ordering, no subquery); with `call`, it also says whether the table's call
    for the director is still open (`call_open`), for the pages that always show it (so
    that no page of an individual, whose plan reads its entrants too, goes over a phone's
    query budget)."""
    found = (TableCode.objects.select_related("session__compensation_table")
             .filter(code=code).order_by())
    if call:
        found = found.annotate(call_open=Exists(DirectorCall.objects.filter(
            session=OuterRef("session"), table=OuterRef("table"), answered_at__isnull=True)))
    found = found[:1]
    return found[0] if found else None


def light_pairs(session):
    """The session's pairs as the movement needs them (one query): numbers, without
    their players."""
    return list(session.pairs.only("id", "session_id", "number", "player1_id", "player2_id")
                .order_by("number"))


def named_pairs(session, numbers):
    """{number: pair with its players} of the pairs `numbers` (one query)."""
    return {pair.number: pair for pair in session.pairs.filter(number__in=numbers)
            .select_related("player1", "player2")
            .only("id", "session_id", "number", "player1__name", "player2__name")}


@dataclass
class Round:
    seating: Seating
    boards: list


def corrected(entry, result):
    """Whether the director changed the result East-West accepted from this entry: its
    contract, declarer, tricks or lead differ, or it is now adjusted or not played."""
    return (result.is_adjusted or result.not_played
            or any(getattr(entry, name) != getattr(result, name)
                   for name in (*CONTRACT_FIELDS, "lead")))


class TableState:
    """One table of a running session, loaded once per request in a fixed number of
    queries: its pairs, its seatings (from the movement), what it has entered, and what it
    may see (club.visibility)."""

    def __init__(self, session, code):
        self.session, self.code, self.table = session, code, code.table
        # The plan is handed to the services this page calls, so the movement is computed
        # once per request.
        # The movement needs every pair's number; the pages show the names of the pairs
        # this table seats alone, but a Swiss round's page shows every pair's match.
        swiss = session.movement == SWISS
        self.plan = SessionPlan.load(session, session_pairs(session) if swiss
                                     else light_pairs(session))
        self.pairs, self.pair_ids = self.plan.by_number, self.plan.by_id
        self.schedule = self.plan.seatings
        self.rounds = [Round(s, list(self.plan.boards_of(s)))
                       for s in self.plan.seatings_of_table(self.table)]
        played = played_pairs(session, self.plan.pairs)
        seatings = [r.seating for r in self.rounds]
        per_round = session.boards_per_round
        self.playing = current_seating(seatings, played, per_round)
        self.seated = seated_now(seatings, played, per_round)
        # Boards every table has played: their travellers are complete.
        self.public = public_boards(self.plan, played)
        self.visible = table_visibility(self.public, self.seated, played)

    # What a page shows, loaded when it is first read: a post that is stored and redirected
    # reads none of it (one query each).

    @cached_property
    def named(self):
        return named_pairs(self.session, {n for r in self.rounds for n in r.seating.pairs})

    @cached_property
    def results(self):
        """The table's results by (round, board): in a Howell a table may play the same
        boards in two rounds."""
        ids = [self.pairs[n].pk for r in self.rounds for n in r.seating.pairs
               if n in self.pairs]
        results = {}
        for result in (Result.objects.filter(board__session=self.session,
                                             board__number__in=self._boards)
                       .filter(Q(ns_pair__in=ids) | Q(ew_pair__in=ids))
                       .select_related("board").defer(*UNSHOWN_RESULT_BOARD)):
            number = result.board.number
            for round_ in self.rounds:
                if number in round_.boards and (
                        {result.ns_pair_id, result.ew_pair_id} & self._ids(round_.seating)):
                    result.board.session = self.session
                    results[round_.seating.round, number] = result
        return results

    @cached_property
    def _entries(self):
        """(open entries by (round, board), accepted ones by the result they made)."""
        entries, accepted = {}, {}
        for entry in (TableEntry.objects.filter(session=self.session, table=self.table,
                                                board__number__in=self._boards)
                      .exclude(status=TableEntry.Status.WITHDRAWN).select_related("board")
                      .defer(*UNSHOWN_RESULT_BOARD)):
            if entry.status == TableEntry.Status.ACCEPTED:
                accepted[entry.result_id] = entry
            else:
                entries[entry.round, entry.board.number] = entry
        return entries, accepted

    @property
    def entries(self):
        return self._entries[0]

    @property
    def accepted(self):
        return self._entries[1]

    @property
    def _boards(self):
        return {n for r in self.rounds for n in r.boards}

    def _ids(self, seating):
        return {self.pairs[n].pk for n in seating.pairs if n in self.pairs}

    def round(self, number=None):
        if number is None:
            return self.current_round()
        return next((r for r in self.rounds if r.seating.round == number), None)

    def done(self, round_):
        return all((round_.seating.round, n) in self.results for n in round_.boards)

    def current_round(self):
        """The round the table is playing (club.visibility.current_seating), else the
        last."""
        if self.seated is None:
            return None
        return self.round(self.seated.round)

    def is_playing(self, round_):
        """Whether the table enters this round's boards now."""
        return self.playing is not None and round_.seating.round == self.playing.round

    def round_of_board(self, number):
        """The round in which this table plays the board: the current round when it plays
        it then (a Howell table may play a board in two rounds), else the latest before
        it, else the first."""
        rounds = [r for r in self.rounds if number in r.boards]
        now = self.seated.round if self.seated else 0
        return (next((r for r in rounds if r.seating.round == now), None)
                or next((r for r in reversed(rounds) if r.seating.round < now), None)
                or next(iter(rounds), None))

    def board(self, number):
        board = (Board.objects.defer(*UNSHOWN_BOARD_FIELDS)
                 .get(session=self.session, number=number))
        board.session = self.session
        return board

    def side(self, number):
        pair = self.named.get(number)
        return {"label": self.session.pair_label(number) if number else "",
                "players": pair.players if pair else "",
                # An individual's partnership: North or East first (its seats).
                "first": pair.player1.name if pair else "",
                "second": pair.player2.name if pair else ""}

    def status(self, round_, number):
        """(key, text) of a board at this table in this round."""
        key = (round_.seating.round, number)
        result = self.results.get(key)
        if result is not None:
            accepted = self.accepted.get(result.pk)
            # Whether the director changed a board the pairs seated now may not see would
            # tell them about its result: it stays "accepted" until they may.
            if accepted is not None and (number not in self.visible
                                         or not corrected(accepted, result)):
                return "accepted", gettext("accepted")
            if accepted is not None:
                return "corrected", gettext("changed by the director")
            return "director", gettext("entered by the director")
        entry = self.entries.get(key)
        if entry is not None and entry.status == TableEntry.Status.HELD:
            return "held", gettext("held for the director")
        if entry is not None:
            return "entered", gettext("awaiting East-West")
        return "todo", gettext("to play")

    def moves(self, round_):
        """Where the table's pairs and boards go in the next round, from the movement;
        None after the last round."""
        places = self.plan.next_places(round_.seating)
        if places is None:
            return None
        seats, tables, resting = places
        if self.plan.individual:
            pairs = self.player_moves(round_.seating)
            seats = {}
        else:
            pairs = []
        for number, seat in seats.items():
            if seat is not None:
                pairs.append({**self.side(number), "table": seat.table,
                              "sit_out": seat.is_sit_out, "stays": seat.table == self.table,
                              "direction": gettext("North-South") if seat.ns == number
                              else gettext("East-West"),
                              "opponents": self.side(seat.ew if seat.ns == number
                                                     else seat.ns)["label"]})
            elif self.plan.swiss:  # the next Swiss round gives this pair the bye
                pairs.append({**self.side(number), "sit_out": True})
        return {"pairs": pairs, "tables": tables, "bye_stand": resting,
                "boards": round_.boards}

    def player_moves(self, seating):
        """Where each player of an individual's table goes in the next round: its table and
        seat, or a sit-out (the pairs' moves' shape, a player in place of a pair)."""
        tables = self.plan.individual_tables
        here = tables[seating.round, seating.table]
        later = [game for (round, _table), game in tables.items()
                 if round == seating.round + 1]
        names = {entry.number: entry.player.name for entry in self.plan.entries}
        moves = []
        for player in here.players:
            game = next((game for game in later if player in game.players), None)
            move = {"label": names[player], "sit_out": game is None}
            if game is not None:
                move.update(table=game.table, stays=game.table == self.table,
                            direction=SEAT_NAMES[game.seat_of(player)])
            moves.append(move)
        return moves

    def called(self):
        """Whether the table's call for the director is still open (as the code's query
        found it, table_code, else one query)."""
        if hasattr(self.code, "call_open"):
            return self.code.call_open
        return DirectorCall.objects.filter(session=self.session, table=self.table,
                                           answered_at__isnull=True).exists()

    def traveller(self, board, own):
        """The board's results at every table that has played it (a board this table may
        see); `own` is this table's."""
        rows = []
        for r in Result.objects.filter(board=board).order_by("table", "pk"):
            ns, ew = self.pair_ids.get(r.ns_pair_id), self.pair_ids.get(r.ew_pair_id)
            rows.append({"table": r.table, "ns": ns and self.session.pair_label(ns.number),
                         "ew": ew and self.session.pair_label(ew.number),
                         "text": result_display(r.contract, r.declarer, r.tricks),
                         "score": signed(r.ns_score), "ns_imps": signed(r.ns_imps),
                         "ew_imps": signed(r.ew_imps), "adjusted": r.is_adjusted,
                         "here": r.pk == own.pk})
        return rows

    def totals(self):
        """The IMPs so far of each pair seated here now (an individual: of each player,
        over every partnership the movement gave them), over the boards this table may
        see (club.visibility): no total tells anyone at the table about a board one of
        them has not played."""
        if self.plan.individual:
            return self._player_totals()
        imps = self._visible_imps(self._ids(self.seated))
        return [{**self.side(self.pair_ids[i].number), "imps": signed(v)}
                for i, v in imps.items()]

    def _player_totals(self):
        """An individual's totals: each player seated here now, North, South, East, West,
        with their IMPs on every result of a partnership of theirs (one query)."""
        players = [player for n in self.seated.pairs if n in self.named
                   for player in (self.named[n].player1, self.named[n].player2)]
        ids = {player.pk for player in players}
        imps = self._visible_imps({pair.pk for pair in self.plan.pairs
                                   if {pair.player1_id, pair.player2_id} & ids})
        totals = dict.fromkeys(ids, 0)
        for pair_id, pair_imps in imps.items():
            pair = self.pair_ids[pair_id]
            for player_id in {pair.player1_id, pair.player2_id} & ids:
                totals[player_id] += pair_imps
        return [{"label": player.name, "imps": signed(totals[player.pk])}
                for player in players]

    def _visible_imps(self, pair_ids):
        """{pair id: its IMPs} of `pair_ids` over the boards this table may see (one
        query)."""
        totals = dict.fromkeys(pair_ids, 0)
        for number, ns, ew, ns_imps, ew_imps in (Result.objects.filter(
                Q(ns_pair__in=totals) | Q(ew_pair__in=totals)).values_list(
                "board__number", "ns_pair_id", "ew_pair_id", "ns_imps", "ew_imps")):
            if number not in self.visible:
                continue
            for pair_id, imps in ((ns, ns_imps), (ew, ew_imps)):
                if pair_id in totals:
                    totals[pair_id] += imps
        return totals

    def swiss_round(self, round_):
        """What a Swiss round's page shows beside its boards (None for other movements):
        the match at this table as the public sees it (`match`: its IMPs and VPs once
        every board of the round is public, club.visibility), the total VPs and place of
        its two pairs (`ns_row`, `ew_row`), and the VP scale for the round's length
        (`scale`: margin, winner's VPs, loser's VPs). One query."""
        if not self.plan.swiss:
            return None
        standings = swiss_standings(self.plan, visible=self.public)
        seating = round_.seating
        match = next((m for m in standings.rounds.get(seating.round, [])
                      if m.table == seating.table), None)
        rows = {row.number: row for row in standings.rows}
        scale = vp_scale(self.session.boards_per_round)
        return {"match": match, "ns_row": rows.get(seating.ns), "ew_row": rows.get(seating.ew),
                "scale": [(margin, vps, MAX_VP - vps) for margin, vps in enumerate(scale)]}
