"""The JSON archive of a session: everything needed to rebuild it elsewhere.

`export_session(session)` gives the document as a dict (`session_document` from rows in
memory), `dumps` its text; `read_archive` checks a text without saving anything, and
`import_archive` creates a new session from it. Importing an archive into an empty
database and exporting the new session gives the identical text. The limits of a
session's pair and board numbers come from the functions that made its pairs and boards
(club.services.pairs, club.plan.SessionPlan.board_total), so every session's archive imports.
The format is described in docs/export-format.md; bump FORMAT_VERSION when it changes.
club.io.archive_schema reads the text and checks the structure of each part; the rules
across parts are checked here.
"""

import json
import re

from django.utils.translation import gettext as _

from club.io import archive_schema as schema
from club.io.archive_schema import FORMAT_VERSION, Problems, check, load
from club.io.files import ImportFailed, check_pair_players, decode_text
from club.models import Board, Result, Session
from club.models.choices import INDIVIDUAL, SWISS, TEAMS
from club.models.sessions import partnership_numbers
from club.notation import bridge_message
from club.plan import SessionPlan, session_pairs, swiss_rows
from club.queries import pair_entries, ranked_lines
from club.schedule import MAX_PAIRS, movement_option_problems, swiss_round_problems
from club.services.analysis import analyse_boards
from club.services.errors import Refused
from club.services.imports import import_session
from scoring.engine import (
    BridgeError,
    MovementError,
    compute_standings,
    parse_contract,
    parse_deal,
)
from scoring.engine import CompensationTable as EngineTable
from scoring.engine.analysis import SEATS as DD_SEATS
from scoring.engine.analysis import STRAINS as DD_STRAINS
from scoring.engine.analysis import DoubleDummy
from scoring.models import CompensationTable

# An imported session waits for the director's check before it is public again.
IMPORTED_STATUS = {
    Session.Status.SETUP.value: Session.Status.SETUP.value,
    Session.Status.RUNNING.value: Session.Status.FINISHED.value,
    Session.Status.FINISHED.value: Session.Status.FINISHED.value,
    Session.Status.PUBLISHED.value: Session.Status.FINISHED.value,
}

# --- export ---------------------------------------------------------------------------------

def contract_record(contract, declarer, tricks):
    """(contract, declarer, tricks) as stored in the archive; all None when passed out."""
    if contract is None:
        return None, None, None
    return contract.ascii, declarer, tricks


def result_record(result, board_number, ns, ew):
    """One result as the archive (and the results exports) write it."""
    contract, declarer, tricks = contract_record(result.contract, result.declarer,
                                                 result.tricks)
    assigned = None
    if result.assigned:
        a_contract, a_declarer, a_tricks = contract_record(
            result.assigned_contract, result.assigned_declarer, result.assigned_tricks)
        assigned = {"contract": a_contract, "declarer": a_declarer, "tricks": a_tricks}
    return {
        "board": board_number,
        "round": result.round,
        "table": result.table,
        "ns": ns,
        "ew": ew,
        "contract": contract,
        "declarer": declarer,
        "tricks": tricks,
        "not_played": result.not_played,
        "lead": result.lead,
        "ns_hcp": result.effective_ns_hcp,
        "ns_adjustment": result.ns_adjustment,
        "ew_adjustment": result.ew_adjustment,
        "assigned": assigned,
        "ns_score": result.ns_score,
        "ew_score": -result.ns_score,
        "ns_compensation": result.ns_compensation,
        "ns_net": result.ns_net,
        "ns_imps": result.ns_imps,
        "ew_imps": result.ew_imps,
    }


def board_analysis(board):
    """(double_dummy, par) of a board as the archive writes them: the tricks of each strain
    for N, E, S and W, and {"score": NS par score, "contracts": [...]}; both None without an
    analysed deal. An import computes them again from the deal; a restore keeps them
    (stored_analysis reverses this)."""
    if not board.double_dummy:
        return None, None
    table = DoubleDummy.from_text(board.double_dummy)
    double_dummy = {strain.value: [table.tricks_for(strain, seat) for seat in DD_SEATS]
                    for strain in DD_STRAINS}
    contracts = [text for text in board.par_contracts.split(", ") if text and text != "PASS"]
    return double_dummy, {"score": board.par_score, "contracts": contracts}


def stored_analysis(board, analysis):
    """Set a board's analysis fields from a checked schema.AnalysisIn: what board_analysis
    wrote, back as stored (a par with no contract is stored as "PASS", as the engine's
    Par.text gives it)."""
    table = DoubleDummy(tuple(tuple(getattr(analysis.double_dummy, strain.value))
                              for strain in DD_STRAINS))
    board.double_dummy = table.text
    board.par_score = analysis.par.score
    board.par_contracts = ", ".join(analysis.par.contracts) or "PASS"


def board_record(board):
    double_dummy, par = board_analysis(board)
    return {
        "number": board.number,
        "dealer": board.dealer.value,
        "vulnerability": board.vulnerability.value,
        "dealer_override": board.dealer_override,
        "vulnerability_override": board.vulnerability_override,
        "deal": board.deal,
        "ns_hcp": board.ns_hcp,
        "double_dummy": double_dummy,
        "par": par,
    }


def export_session(session):
    """The archive document of a session (a dict ready for JSON); five queries (six for
    Swiss pairs: its rounds)."""
    table = session.compensation_table
    pairs = session_pairs(session)
    boards = list(session.boards.order_by("number"))
    for board in boards:
        board.session = session
    board_by_id = {b.id: b for b in boards}
    results = list(Result.objects.filter(board__session=session).order_by())
    for result in results:
        result.board = board_by_id[result.board_id]  # no query per result
    swiss = swiss_rows(session) if session.movement == SWISS else ()
    document = session_document(session, table.row_tuples(), pairs, boards, results, swiss)
    if session.movement == TEAMS:
        document.update(teams_part(session, {p.id: p.number for p in pairs}))
    return document


def player_record(player):
    return {"name": player.name, "membership_number": player.membership_number}


def teams_part(session, number_of):
    """A teams session's teams (with their players and captain), matches (teams and
    line-ups by number) and knockout, as the archive keeps them (three queries, four with
    a knockout's)."""
    teams = list(session.teams.select_related("captain").prefetch_related("members__player")
                 .order_by("number"))
    team_number = {team.pk: team.number for team in teams}
    knockout = getattr(session, "knockout", None)
    return {
        "teams": [{"number": team.number, "name": team.name,
                   "captain": player_record(team.captain),
                   "players": [player_record(m.player) for m in team.members.all()]}
                  for team in teams],
        "team_matches": [
            {"round": m.round, "number": m.number, "home": team_number[m.home_id],
             "away": team_number.get(m.away_id),
             **{seat: number_of.get(getattr(m, f"{seat}_id")) for seat in TEAM_SEATS}}
            for m in session.team_matches.order_by("round", "number")],
        "knockout": knockout and {"carry_over": str(knockout.carry_over),
                                  "tie_break": knockout.tie_break},
    }


TEAM_SEATS = ("open_ns", "open_ew", "closed_ns", "closed_ew")


def swiss_record(row):
    round, table, pair, opponents, north_south = row
    return {"round": round, "table": table, "pair": pair, "opponents": opponents,
            "north_south": north_south}


def session_document(session, table_rows, pairs, boards, results, swiss=()):
    """The archive document of a session from its rows in memory: its compensation table's
    (hcp, not_vul, vul) rows, its pairs (with player1 and player2), its boards, its
    results (each with its board) and a Swiss session's rounds (club.plan.swiss_rows). No
    query: a backup checks its rows with it before anything is written."""
    pairs = sorted(pairs, key=lambda p: p.number)
    number_of = {p.id: p.number for p in pairs}
    records = [result_record(r, r.board.number, number_of[r.ns_pair_id],
                             number_of[r.ew_pair_id]) for r in results]
    records.sort(key=lambda r: (r["board"], r["table"] is None, r["table"] or 0, r["ns"]))
    # Standings come from the records, so the archive is consistent in itself.
    pair_id = {p.number: p.id for p in pairs}
    standings = ranked_lines(session, compute_standings(
        pair_entries(session, pairs),
        [(pair_id[r["ns"]], pair_id[r["ew"]], r["ns_imps"], r["ew_imps"]) for r in records]))
    return {
        "format_version": FORMAT_VERSION,
        "session": {
            "name": session.name,
            "date": session.date.isoformat(),
            "status": session.status,
            "movement": session.movement,
            "tables": session.tables,
            "rounds": session.rounds,
            "boards_per_round": session.boards_per_round,
            "duplicated": session.duplicated,
            "policy": session.policy,
            "arrangement": session.arrangement,
            "arrow_switch": session.arrow_switch,
            "ranking": session.ranking,
            **({"sections": session.sections} if session.sections else {}),
            "compensation_table": {
                "name": session.compensation_table.name,
                "rows": [list(row) for row in sorted(table_rows)],
            },
        },
        "pairs": [
            {
                "number": p.number,
                "label": session.pair_label(p.number),
                "players": [
                    {"name": player.name, "membership_number": player.membership_number}
                    for player in (p.player1, p.player2)
                ],
            }
            for p in pairs
        ],
        "boards": [board_record(b) for b in sorted(boards, key=lambda b: b.number)],
        "results": records,
        "standings": [
            {
                **({"line": line} if line else {}),
                "rank": row.rank,
                "tied": row.tied,
                "pair": row.number,
                "label": row.label,
                "players": row.players,
                "boards": row.boards,
                "imps": row.imps,
                "imps_per_board": row.imps_per_board,
            }
            for line, rows in standings for row in rows
        ],
        # Only a Swiss pairs session has rounds to keep: other archives stay as they were.
        **({"swiss_seats": [swiss_record(row) for row in sorted(
            swiss, key=lambda r: (r[0], r[1] is None, r[1] or 0, not r[4], r[2]))]}
           if session.movement == SWISS else {}),
    }


# A list of numbers spread over lines by indent=2; a newline cannot occur inside a JSON
# string, so this never touches text.
_NUMBER_LIST = re.compile(r"\[\n\s+(-?\d+(?:,\n\s+-?\d+)*)\n\s*\]")


def dumps(document):
    """The archive text: UTF-8 JSON, two-space indents, keys in the documented order, and
    lists of numbers (compensation rows) kept on one line."""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    text = _NUMBER_LIST.sub(lambda m: "[" + ", ".join(m.group(1).replace(",", " ").split())
                            + "]", text)
    return text + "\n"


# --- import ---------------------------------------------------------------------------------

def read_session(data, problems):
    """An unsaved Session, or None when the part is bad."""
    if data is None:
        return None
    checked, good = check(schema.SessionIn, data, _("session"), problems)
    table = None
    if "compensation_table" in good:
        table = read_table(good["compensation_table"], problems)
    if checked is None or table is None:
        return None
    session = Session(**dict(checked) | {"compensation_table": table})
    for messages in movement_option_problems(session).values():
        for message in messages:
            problems.add(_("session"), message)
    return session


def pair_limit(session):
    """The highest pair number the session can have: the seats of its tables (as
    club.services.pairs registers pairs, and the file readers size an imported session's
    tables); the largest any session has when the session is unknown."""
    if session is None:
        return schema.MAX_PAIR_NUMBER
    if session.movement == INDIVIDUAL:  # its partnerships, two a table each round
        return partnership_numbers(session.tables, session.rounds, session.tables)[1]
    if session.movement == TEAMS:  # its line-ups' partnerships (club.services.teams)
        return MAX_PAIRS
    return 2 * session.tables


def board_limit(session, pair_numbers, problems):
    """The highest board number the session can have: its board total for these pairs,
    from the same functions that made its boards (club.services.boards.sync_boards); the
    largest any session has when the session is unknown or its movement cannot be played
    (a problem then)."""
    fallback = schema.MAX_BOARD_NUMBER
    if session is None:
        return fallback
    try:
        return SessionPlan.of_numbers(session, pair_numbers).board_total
    except MovementError as err:
        problems.add(_("session"), bridge_message(err))
        return fallback


def read_table(data, problems):
    """The compensation table named in the archive: the existing one with that name when its
    rows agree, a new club table otherwise (None when bad)."""
    where = _("compensation table")
    checked, _good = check(schema.TableIn, data, where, problems)
    if checked is None:
        return None
    rows = [tuple(row) for row in checked.rows]
    try:
        EngineTable.from_rows(rows)
    except BridgeError as err:
        problems.add(where, bridge_message(err))
        return None
    name = checked.name
    existing = CompensationTable.objects.filter(name=name).prefetch_related("rows").first()
    if existing is not None:
        if existing.row_tuples() != sorted(rows):
            problems.add(where, _("this site already has a table named “%(name)s” with other "
                                  "values; rename one of them and import again.")
                         % {"name": name})
            return None
        return existing
    table = CompensationTable(name=name)
    table.archive_rows = rows  # created with the session
    return table


def read_pairs(items, model, problems, partnerships=False):
    """([(number, [(name, membership), (name, membership)])] for the good pairs, every pair
    number read). `partnerships`: an individual's pairs, in which a player plays with a
    new partner each round (in several pairs)."""
    pairs, seen = [], set()
    for index, data in enumerate(items, start=1):
        where = _("pair %(index)s") % {"index": index}
        pair, good = check(model, data, where, problems)
        if "number" in good:
            seen.add(good["number"])
        if pair is None:
            continue
        if any(pair.number == other for other, _specs, _index in pairs):
            problems.add(where, _("pair %(pair)s is listed twice.") % {"pair": pair.number})
            continue
        pairs.append((pair.number, [(p.name, p.membership_number) for p in pair.players],
                      index))
    problems += check_pair_players(pairs, lambda index: _("pair %(index)s") % {"index": index},
                                   once=not partnerships)
    names = {}
    for number, specs, _index in pairs:
        for name, membership in specs:
            if membership and names.setdefault(membership, name) != name:
                problems.add(_("pair %(pair)s") % {"pair": number},
                             _("membership number %(number)s belongs to both %(first)s and "
                               "%(second)s.") % {"number": membership,
                                                "first": names[membership], "second": name})
    return [(number, specs) for number, specs, _index in pairs], seen


def read_boards(items, model, problems):
    """({number: unsaved Board} for the good boards, every board number read)."""
    boards, seen = {}, set()
    for index, data in enumerate(items, start=1):
        where = _("board %(index)s") % {"index": index}
        board, good = check(model, data, where, problems)
        if "number" in good:
            seen.add(good["number"])
        if board is None:
            continue
        if board.number in boards:
            problems.add(where, _("board %(board)s is listed twice.") % {"board": board.number})
            continue
        try:
            if board.deal:
                parse_deal(board.deal)
        except BridgeError as err:
            problems.add(where, bridge_message(err))
            continue
        boards[board.number] = Board(**dict(board))
    return boards, seen


def read_play(play, where, problems):
    """(contract, declarer, tricks) of a checked play, the contract text parsed; None
    when it is not a contract."""
    if play.contract is None:
        return (None, None, None)
    try:
        contract = parse_contract(play.contract)
    except BridgeError as err:
        problems.add(where, bridge_message(err))
        return None
    if contract is None:
        problems.add(where, _("write a passed-out board as contract null."))
        return None
    return (contract, play.declarer, play.tricks)


def read_results(items, pair_numbers, board_numbers, boards, problems):
    """[(board number, ns, ew, unsaved Result)] for the good results."""
    results, played = [], {}
    for index, data in enumerate(items, start=1):
        where = _("result %(index)s") % {"index": index}
        before = len(problems)
        entry, good = check(schema.ResultIn, data, where, problems)
        if entry is not None:
            play = read_play(entry, where, problems)
            assigned = entry.assigned and read_play(
                entry.assigned, _("%(where)s, assigned result") % {"where": where}, problems)
        board, ns, ew = good.get("board"), good.get("ns"), good.get("ew")
        if board is not None and board not in board_numbers:
            problems.add(where, _("there is no board %(board)s in “boards”.") % {"board": board})
        for pair in (ns, ew):
            if pair is not None and pair not in pair_numbers:
                problems.add(where, _("there is no pair %(pair)s in “pairs”.") % {"pair": pair})
        if ns is not None and ns == ew:
            problems.add(where, _("pair %(pair)s cannot play against itself.") % {"pair": ns})
        if len(problems) > before or board not in boards:
            continue  # a board with problems of its own has them reported
        for pair in (ns, ew):
            if (board, pair) in played:
                problems.add(where, _("pair %(pair)s already has a result on board %(board)s "
                                      "(result %(other)s).")
                             % {"pair": pair, "board": board, "other": played[(board, pair)]})
        ns_hcp = entry.ns_hcp
        if entry.not_played:
            check_not_played(entry, where, problems)
        elif ns_hcp is None and boards[board].ns_hcp is None:
            problems.add(where, _("no NS HCP: give it on the result or on board %(board)s.")
                         % {"board": board})
        if len(problems) > before:
            continue
        played[(board, ns)] = played[(board, ew)] = index
        result = Result(round=entry.round, table=entry.table, lead=entry.lead,
                        ns_adjustment=entry.ns_adjustment, ew_adjustment=entry.ew_adjustment,
                        ns_hcp=None if ns_hcp == boards[board].ns_hcp else ns_hcp)
        if entry.not_played:
            result.set_not_played(entry.ns_adjustment, entry.ew_adjustment)
        else:
            result.set_contract(*play)
        if assigned:
            result.assigned = True
            result.set_assigned(*assigned)
        results.append((board, ns, ew, result))
    return results


def check_not_played(entry, where, problems):
    """A board not played has no contract and no assigned result, and an adjusted score for
    each side."""
    if entry.contract is not None:
        problems.add(where, _("a board not played (“not_played”: true) has no contract: "
                              "write contract, declarer and tricks as null."))
    if not (entry.ns_adjustment and entry.ew_adjustment):
        problems.add(where, _("a board not played (“not_played”: true) needs "
                              "“ns_adjustment” and “ew_adjustment”."))
    if entry.assigned is not None:
        problems.add(where, _("a board not played (“not_played”: true) has no “assigned” "
                              "result."))


def read_swiss(items, session, pair_numbers, problems):
    """[(round, table, pair, opponents, north_south)] of a Swiss session's rounds, as
    club.plan.swiss_rows gives them; every inconsistency (a pair twice in a round, a
    rematch, a table seating two North-South pairs, ...) is a problem naming the round."""
    rows, before = [], len(problems)
    for index, data in enumerate(items, start=1):
        where = _("Swiss seat %(index)s") % {"index": index}
        seat, _good = check(schema.SwissSeatIn, data, where, problems)
        if seat is None:
            continue
        unknown = [n for n in (seat.pair, seat.opponents)
                   if n is not None and n not in pair_numbers]
        for number in unknown:
            problems.add(where, _("there is no pair %(pair)s in “pairs”.") % {"pair": number})
        if not unknown:
            rows.append((seat.round, seat.table, seat.pair, seat.opponents, seat.north_south))
    if session is not None and len(problems) == before:
        problems += swiss_round_problems(session, rows)  # each names its round
    return rows


def read_teams(parts, pair_numbers, problems):
    """(teams, matches, knockout) of a teams session's archive: teams as (number, name,
    captain spec, [player specs]) (a spec: (name, membership number)), matches as
    TeamMatchIn, the knockout as KnockoutIn or None. Team numbers and names once, the
    captain among the players, the matches' teams and pairs known; the database checks
    the rest (a team twice in a round, a pair at two seats...)."""
    teams, numbers, names = [], set(), set()
    for index, data in enumerate(parts.get("teams", []), start=1):
        where = _("team %(index)s") % {"index": index}
        team, _good = check(schema.TeamIn, data, where, problems)
        if team is None:
            continue
        specs = [(p.name, p.membership_number) for p in team.players]
        captain = (team.captain.name, team.captain.membership_number)
        if team.number in numbers or team.name in names:
            problems.add(where, _("another team already has the number %(number)s or the "
                                  "name “%(name)s”; each team's are its own.")
                         % {"number": team.number, "name": team.name})
        if captain not in specs:
            problems.add(where, _("the captain, %(name)s, is not one of the team's "
                                  "players.") % {"name": team.captain.name})
        numbers.add(team.number)
        names.add(team.name)
        teams.append((team.number, team.name, captain, specs))
    matches = []
    for index, data in enumerate(parts.get("team_matches", []), start=1):
        where = _("team match %(index)s") % {"index": index}
        match, _good = check(schema.TeamMatchIn, data, where, problems)
        if match is None:
            continue
        for team in (match.home, match.away):
            if team is not None and team not in numbers:
                problems.add(where, _("there is no team %(team)s in “teams”.")
                             % {"team": team})
        for seat in TEAM_SEATS:
            pair = getattr(match, seat)
            if pair is not None and pair not in pair_numbers:
                problems.add(where, _("there is no pair %(pair)s in “pairs”.")
                             % {"pair": pair})
        matches.append(match)
    knockout = None
    if parts.get("knockout") is not None:
        knockout, _good = check(schema.KnockoutIn, parts["knockout"], _("knockout"), problems)
    return teams, matches, knockout


def read_boards_analysis(items, boards, problems):
    """Give each board its analysis as the archive stores it (a restore: never computed
    again); a board with a deal and no stored analysis is left for analyse_boards.
    Returns the boards still to analyse."""
    missing = []
    for index, data in enumerate(items, start=1):
        number = data.get("number") if isinstance(data, dict) else None
        board = boards.get(number) if type(number) is int else None
        if board is None:
            continue
        if not board.deal or data.get("double_dummy") is None:
            missing.append(board)
            continue
        where = _("board %(index)s") % {"index": index}
        analysis, _good = check(schema.AnalysisIn, {key: data.get(key) for key in (
            "double_dummy", "par")}, where, problems)
        if analysis is not None:
            stored_analysis(board, analysis)
    return missing


class ArchiveRead:
    """What an archive holds, checked and unsaved: the Session, its pairs as
    [(number, [(name, membership), ...])], its Boards, its results as
    [(board number, ns, ew, Result)], the rows of a compensation table new here, and the
    boards whose double-dummy analysis is still to compute."""

    def __init__(self, session, pairs, boards, results, unanalysed, swiss=(),
                 teams=((), (), None)):
        self.session, self.pairs, self.boards, self.results = session, pairs, boards, results
        self.unanalysed, self.swiss = unanalysed, swiss
        self.teams, self.team_matches, self.knockout = teams
        self.table_rows = getattr(session.compensation_table, "archive_rows", None)


def read_archive(data, filename="archive.json", *, keep_analysis=False):
    """Read and check an archive (bytes or text) without saving or computing anything: an
    ArchiveRead, or ImportFailed listing every problem. `keep_analysis`: boards take the
    double-dummy table and par the archive holds (a restore); otherwise every board is
    left to analyse."""
    document = load(decode_text(data, filename), filename)
    problems = Problems()
    _archive, parts = check(schema.Archive, document, _("the archive"), problems)
    session = read_session(parts.get("session"), problems)
    pairs, pair_numbers = read_pairs(parts.get("pairs", []),
                                     schema.pair_model(pair_limit(session)), problems,
                                     partnerships=session is not None
                                     and session.movement == INDIVIDUAL)
    board_model = schema.board_model(board_limit(session, pair_numbers, problems))
    boards, board_numbers = read_boards(parts.get("boards", []), board_model, problems)
    results = read_results(parts.get("results", []), pair_numbers, board_numbers, boards,
                           problems)
    swiss = read_swiss(parts.get("swiss_seats", []), session, pair_numbers, problems)
    teams = read_teams(parts, pair_numbers, problems)
    if keep_analysis:
        unanalysed = read_boards_analysis(parts.get("boards", []), boards, problems)
    else:
        unanalysed = list(boards.values())
    if problems:
        raise ImportFailed(problems)
    return ArchiveRead(session, pairs, sorted(boards.values(), key=lambda b: b.number),
                       results, unanalysed, swiss, teams)


def import_archive(data, filename="archive.json", user=None, keep_status=False,
                   keep_analysis=False):
    """Create a new session from an archive (bytes or text); ImportFailed lists every
    problem, and then nothing is saved.

    The new session is "finished" for the director to check and publish (a session in setup
    stays in setup); `keep_status=True` keeps the archive's status exactly (restoring a
    backup). Each board's double-dummy table and par are computed again from its deal,
    unless `keep_analysis` (restoring a backup) keeps those the archive holds."""
    read = read_archive(data, filename, keep_analysis=keep_analysis)
    session = read.session
    if not keep_status:
        session.status = IMPORTED_STATUS[session.status]
    try:
        analyse_boards(read.unanalysed)
        return import_session(session, read.pairs, read.boards, read.results,
                              table_rows=read.table_rows, swiss=read.swiss, user=user,
                              teams=read.teams, team_matches=read.team_matches,
                              knockout=read.knockout)
    except Refused as err:
        raise ImportFailed(err.messages) from None
