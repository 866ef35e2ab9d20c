"""The JSON archive of a session: everything needed to rebuild it elsewhere.

`export_session(session)` gives the document as a dict, `dumps` its text; `import_archive`
creates a new session from that text. Importing an archive into an empty database and
exporting the new session gives the identical text. The format is described in
docs/export-format.md; bump FORMAT_VERSION when it changes.
"""

import json
import re
from datetime import date as date_type

from django.utils.translation import gettext as _

from club.io.files import ImportFailed, check_pair_players, decode_text
from club.models import (
    ADJUSTMENTS,
    MOVEMENTS,
    POLICIES,
    SEATS,
    VULNERABILITIES,
    Board,
    Result,
    Session,
)
from club.models.choices import values
from club.queries import pair_entries, session_pairs
from club.services.errors import Refused
from club.services.imports import import_session
from scoring.engine import BridgeError, compute_standings, parse_contract, parse_deal
from scoring.engine import CompensationTable as EngineTable
from scoring.models import CompensationTable

FORMAT_VERSION = 1
SEAT_VALUES = tuple(values(SEATS))
VULNERABILITY_VALUES = tuple(values(VULNERABILITIES))


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


def session_results(session, boards, pairs):
    """The session's results as records, by board, table (none last) and NS pair."""
    board_by_id = {b.id: b for b in boards}
    number_of = {p.id: p.number for p in pairs}
    records = []
    for result in Result.objects.filter(board__session=session).order_by():
        result.board = board_by_id[result.board_id]  # no query per result
        records.append(result_record(result, result.board.number, number_of[result.ns_pair_id],
                                     number_of[result.ew_pair_id]))
    records.sort(key=lambda r: (r["board"], r["table"] is None, r["table"] or 0, r["ns"]))
    return records


def export_session(session):
    """The archive document of a session (a dict ready for JSON); five queries."""
    table = session.compensation_table
    pairs = session_pairs(session)
    boards = list(session.boards.order_by("number"))
    for board in boards:
        board.session = session
    results = session_results(session, boards, pairs)
    # Standings come from the records, so the archive is consistent in itself.
    pair_id = {p.number: p.id for p in pairs}
    standings = compute_standings(
        pair_entries(session, pairs),
        [(pair_id[r["ns"]], pair_id[r["ew"]], r["ns_imps"], r["ew_imps"]) for r in results])
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
            "compensation_table": {
                "name": table.name,
                "rows": [list(row) for row in table.row_tuples()],
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
        "boards": [
            {
                "number": b.number,
                "dealer": b.dealer.value,
                "vulnerability": b.vulnerability.value,
                "dealer_override": b.dealer_override,
                "vulnerability_override": b.vulnerability_override,
                "deal": b.deal,
                "ns_hcp": b.ns_hcp,
            }
            for b in boards
        ],
        "results": results,
        "standings": [
            {
                "rank": row.rank,
                "tied": row.tied,
                "pair": row.number,
                "label": row.label,
                "players": row.players,
                "boards": row.boards,
                "imps": row.imps,
                "imps_per_board": row.imps_per_board,
            }
            for row in standings
        ],
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

class Checker:
    """Collects every problem of a document, each named by where it is."""

    def __init__(self):
        self.errors = []

    def error(self, where, message):
        self.errors.append(_("%(where)s: %(problem)s") % {"where": where, "problem": message})

    def field(self, obj, key, where, kind, *, null=False, choices=None, low=None, high=None,
              max_length=None):
        """obj[key] checked as int/str/bool (None allowed with null); None when bad."""
        if not isinstance(obj, dict) or key not in obj:
            self.error(where, _("“%(key)s” is missing.") % {"key": key})
            return None
        value = obj[key]
        if value is None and null:
            return None
        ok = {"int": lambda v: type(v) is int, "str": lambda v: isinstance(v, str),
              "bool": lambda v: isinstance(v, bool)}[kind](value)
        if ok and choices is not None and value not in choices:
            ok = False
        if ok and kind == "int" and ((low is not None and value < low)
                                     or (high is not None and value > high)):
            ok = False
        if ok and max_length is not None and len(value) > max_length:
            ok = False
        if not ok:
            self.error(where, _("“%(key)s” is %(value)s; expected %(expected)s.") % {
                "key": key, "value": json.dumps(value, ensure_ascii=False)[:60],
                "expected": describe_expected(kind, null, choices, low, high, max_length)})
            return None
        return value


def describe_expected(kind, null, choices, low, high, max_length):
    if choices is not None:
        text = _("one of %(choices)s") % {
            "choices": ", ".join(json.dumps(c, ensure_ascii=False) for c in choices)}
    elif kind == "int":
        text = _("a whole number from %(low)s to %(high)s") % {"low": low, "high": high}
    elif kind == "bool":
        text = _("true or false")
    else:
        text = _("text of at most %(max)s characters") % {"max": max_length or "…"}
    return _("%(text)s or null") % {"text": text} if null else text


def items(checker, document, key):
    value = document.get(key) if isinstance(document, dict) else None
    if not isinstance(value, list):
        checker.error(_("the archive"), _("“%(key)s” must be a list.") % {"key": key})
        return []
    return value


def check_contract(checker, obj, where):
    """(contract, declarer, tricks) of a result or an assigned result; None when bad."""
    if not isinstance(obj, dict) or "contract" not in obj:
        checker.error(where, _("expected “contract”, “declarer” and “tricks”."))
        return None
    text = obj["contract"]
    if text is None:
        if obj.get("declarer") is not None or obj.get("tricks") is not None:
            checker.error(where, _("a passed-out board (contract null) has no declarer and "
                                   "no tricks."))
            return None
        return (None, None, None)
    if not isinstance(text, str):
        checker.error(where, _("“contract” must be text such as \"4SX\", or null for a "
                               "passed-out board."))
        return None
    try:
        contract = parse_contract(text)
    except BridgeError as err:
        checker.error(where, _(err.template) % err.params)
        return None
    if contract is None:
        checker.error(where, _("write a passed-out board as contract null."))
        return None
    declarer = checker.field(obj, "declarer", where, "str", choices=SEAT_VALUES)
    tricks = checker.field(obj, "tricks", where, "int", low=0, high=13)
    if declarer is None or tricks is None:
        return None
    return (contract, declarer, tricks)


def read_session(checker, document):
    """An unsaved Session from the archive's session part (None when bad)."""
    where = _("session")
    data = document.get("session") if isinstance(document, dict) else None
    if not isinstance(data, dict):
        checker.error(_("the archive"), _("“session” must be an object."))
        return None
    errors_before = len(checker.errors)
    fields = {
        "name": checker.field(data, "name", where, "str", max_length=120),
        "status": checker.field(data, "status", where, "str", choices=Session.Status.values),
        "movement": checker.field(data, "movement", where, "str",
                                  choices=values(MOVEMENTS)),
        "tables": checker.field(data, "tables", where, "int", low=1, high=32767),
        "rounds": checker.field(data, "rounds", where, "int", low=1, high=32767),
        "boards_per_round": checker.field(data, "boards_per_round", where, "int", low=1,
                                          high=32767),
        "duplicated": checker.field(data, "duplicated", where, "bool"),
        "policy": checker.field(data, "policy", where, "str", choices=values(POLICIES)),
    }
    if fields["name"] is not None and not fields["name"].strip():
        checker.error(where, _("the session needs a name."))
    day = checker.field(data, "date", where, "str", max_length=10)
    if day is not None:
        try:
            fields["date"] = date_type.fromisoformat(day)
        except ValueError:
            checker.error(where, _("“%(date)s” is not a date written as YYYY-MM-DD.")
                          % {"date": day})
    fields["compensation_table"] = read_table(checker, data.get("compensation_table"))
    if len(checker.errors) > errors_before:
        return None
    return Session(**fields)


def read_table(checker, data):
    """The compensation table named in the archive: the existing one with that name when its
    rows agree, a new club table otherwise (None when bad)."""
    where = _("compensation table")
    name = checker.field(data, "name", where, "str", max_length=100)
    rows = data.get("rows") if isinstance(data, dict) else None
    if name is None:
        return None
    if not isinstance(rows, list) or not all(
            isinstance(r, list) and len(r) == 3 and all(type(v) is int for v in r)
            for r in rows):
        checker.error(where, _("“rows” must be a list of [HCP, not vulnerable, vulnerable]."))
        return None
    rows = [tuple(r) for r in rows]
    try:
        EngineTable.from_rows(rows)
    except BridgeError as err:
        checker.error(where, _(err.template) % err.params)
        return None
    existing = CompensationTable.objects.filter(name=name).prefetch_related("rows").first()
    if existing is not None:
        if existing.row_tuples() != sorted(rows):
            checker.error(where, _("this site already has a table named “%(name)s” with other "
                                   "values; rename one of them and import again.")
                          % {"name": name})
            return None
        return existing
    table = CompensationTable(name=name)
    table.archive_rows = rows  # created with the session
    return table


def read_pairs(checker, document):
    """([(number, [(name, membership), (name, membership)])] for the good pairs, every pair
    number read) -- results are checked against all numbers, so that a pair with a bad
    player is reported once, not again on each of its results."""
    pairs, seen = [], set()
    for index, data in enumerate(items(checker, document, "pairs"), start=1):
        where = _("pair %(index)s") % {"index": index}
        number = checker.field(data, "number", where, "int", low=1, high=32767)
        if number is not None:
            seen.add(number)
        players = data.get("players") if isinstance(data, dict) else None
        if not isinstance(players, list) or len(players) != 2:
            checker.error(where, _("“players” must list the two players."))
            continue
        specs = []
        for player in players:
            name = checker.field(player, "name", where, "str", max_length=120)
            membership = checker.field(player, "membership_number", where, "str",
                                       max_length=30)
            if name is not None and not name.strip():
                checker.error(where, _("a player needs a name."))
                name = None
            specs.append((name, membership))
        if number is None or any(n is None or m is None for n, m in specs):
            continue
        if any(number == other for other, _specs, _index in pairs):
            checker.error(where, _("pair %(pair)s is listed twice.") % {"pair": number})
            continue
        pairs.append((number, specs, index))
    for message in check_pair_players(pairs, lambda index: _("pair %(index)s")
                                      % {"index": index}):
        checker.errors.append(message)
    numbers = {}
    for number, specs, _index in pairs:
        for name, membership in specs:
            if membership and numbers.setdefault(membership, name) != name:
                checker.error(_("pair %(pair)s") % {"pair": number},
                              _("membership number %(number)s belongs to both %(first)s and "
                                "%(second)s.") % {"number": membership,
                                                 "first": numbers[membership], "second": name})
    return [(number, specs) for number, specs, _index in pairs], seen


def read_boards(checker, document):
    boards = {}
    for index, data in enumerate(items(checker, document, "boards"), start=1):
        where = _("board %(index)s") % {"index": index}
        number = checker.field(data, "number", where, "int", low=1, high=32767)
        dealer = checker.field(data, "dealer_override", where, "str", choices=("",) + SEAT_VALUES)
        vulnerability = checker.field(data, "vulnerability_override", where, "str",
                                      choices=("",) + VULNERABILITY_VALUES)
        deal = checker.field(data, "deal", where, "str", max_length=80)
        ns_hcp = checker.field(data, "ns_hcp", where, "int", null=True, low=0, high=40)
        if deal:
            try:
                parse_deal(deal)
            except BridgeError as err:
                checker.error(where, _(err.template) % err.params)
                deal = None
        if None in (number, dealer, vulnerability, deal):
            continue
        if number in boards:
            checker.error(where, _("board %(board)s is listed twice.") % {"board": number})
            continue
        boards[number] = Board(number=number, dealer_override=dealer,
                               vulnerability_override=vulnerability, deal=deal, ns_hcp=ns_hcp)
    return boards


def read_results(checker, document, pair_numbers, boards):
    results, played = [], {}
    adjustments = ["", *values(ADJUSTMENTS)]
    for index, data in enumerate(items(checker, document, "results"), start=1):
        where = _("result %(index)s") % {"index": index}
        errors_before = len(checker.errors)
        board = checker.field(data, "board", where, "int", low=1, high=32767)
        ns = checker.field(data, "ns", where, "int", low=1, high=32767)
        ew = checker.field(data, "ew", where, "int", low=1, high=32767)
        round_ = checker.field(data, "round", where, "int", null=True, low=1, high=32767)
        table = checker.field(data, "table", where, "int", null=True, low=1, high=32767)
        ns_hcp = checker.field(data, "ns_hcp", where, "int", null=True, low=0, high=40)
        ns_adj = checker.field(data, "ns_adjustment", where, "str", choices=adjustments)
        ew_adj = checker.field(data, "ew_adjustment", where, "str", choices=adjustments)
        played_contract = check_contract(checker, data, where)
        assigned = None
        if isinstance(data, dict) and data.get("assigned") is not None:
            assigned = check_contract(checker, data["assigned"],
                                      _("%(where)s, assigned result") % {"where": where})
        if board is not None and board not in boards:
            checker.error(where, _("there is no board %(board)s in “boards”.") % {"board": board})
        for pair in (ns, ew):
            if pair is not None and pair not in pair_numbers:
                checker.error(where, _("there is no pair %(pair)s in “pairs”.") % {"pair": pair})
        if ns is not None and ns == ew:
            checker.error(where, _("pair %(pair)s cannot play against itself.") % {"pair": ns})
        if len(checker.errors) > errors_before:
            continue
        for pair in (ns, ew):
            if (board, pair) in played:
                checker.error(where, _("pair %(pair)s already has a result on board %(board)s "
                                       "(result %(other)s).")
                              % {"pair": pair, "board": board, "other": played[(board, pair)]})
        if ns_hcp is None and boards[board].ns_hcp is None:
            checker.error(where, _("no NS HCP: give it on the result or on board %(board)s.")
                          % {"board": board})
        if len(checker.errors) > errors_before:
            continue
        played[(board, ns)] = played[(board, ew)] = index
        result = Result(round=round_, table=table, ns_adjustment=ns_adj, ew_adjustment=ew_adj,
                        ns_hcp=None if ns_hcp == boards[board].ns_hcp else ns_hcp)
        result.set_contract(*played_contract)
        if data.get("assigned") is not None:
            result.assigned = True
            result.set_assigned(*assigned)
        results.append((board, ns, ew, result))
    return results


def import_archive(data, filename="archive.json", user=None):
    """Create a new session from an archive (bytes or text); ImportFailed lists every
    problem, and then nothing is saved."""
    text = decode_text(data, filename)
    try:
        document = json.loads(text)
    except json.JSONDecodeError as err:
        message = _("%(file)s is not valid JSON: %(problem)s (line %(line)s, column "
                    "%(column)s).") % {"file": filename, "problem": err.msg,
                                       "line": err.lineno, "column": err.colno}
        raise ImportFailed([message]) from None
    if not isinstance(document, dict) or "format_version" not in document:
        raise ImportFailed([_("%(file)s is not a session archive (no “format_version”).")
                            % {"file": filename}])
    if document["format_version"] != FORMAT_VERSION:
        raise ImportFailed([_("%(file)s has format version %(version)s; this site reads "
                              "version %(supported)s.")
                            % {"file": filename, "version": document["format_version"],
                               "supported": FORMAT_VERSION}])
    checker = Checker()
    session = read_session(checker, document)
    pairs, pair_numbers = read_pairs(checker, document)
    boards = read_boards(checker, document)
    results = read_results(checker, document, pair_numbers, boards)
    if checker.errors:
        raise ImportFailed(checker.errors)
    table = session.compensation_table
    try:
        return import_session(session, pairs, sorted(boards.values(), key=lambda b: b.number),
                              results, table_rows=getattr(table, "archive_rows", None),
                              user=user)
    except Refused as err:
        raise ImportFailed(err.messages) from None
