"""Importing a session from CSV files (a boards file and a names file).

The boards file has one result a line, in the column order of the salliere duplicate
scorer's boards file, with an NS HCP column:

    board, NS pair, EW pair, contract, declarer, tricks, NS HCP

The result may be written into the contract ("4S=", "4S-1", "3NT+2"), the tricks column
then empty or left out (six columns); a passed-out board is PASS with declarer and tricks
empty; a board not played is its adjusted scores in the director's shorthand ("A+",
"A+/A-") or NOT PLAYED with the two adjustment columns, and needs no HCP. Further columns
are ignored, except the rulings of this site's own results export (ns_adjustment,
ew_adjustment, assigned), read when the header line names them, so that the export imports
again with the same standings. The names file is: pair number, player 1,
player 2. A header line is optional in both files.

Everything is checked before anything is saved; every problem is reported with its file
and line, and the session is created in one transaction (all or nothing).
"""

import math
from collections import Counter, defaultdict
from datetime import date as date_type

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.io.exports import NOT_PLAYED
from club.io.files import (
    ImportFailed,
    check_pair_players,
    csv_rows,
    decode_text,
    drop_header,
    is_int,
)
from club.models import Board, Result, Session
from club.models.choices import ONE_WINNER
from club.models.players import NAME_MAX_LENGTH
from club.notation import bridge_message
from club.schedule import (
    MAX_BOARDS_PER_ROUND,
    MAX_PAIRS,
    MAX_ROUNDS,
    MAX_TABLES,
    format_sections,
)
from club.services.analysis import analyse_boards
from club.services.errors import Refused
from club.services.imports import import_session
from scoring.engine import (
    AdjustedScores,
    Adjustment,
    BridgeError,
    board_dealer,
    board_vulnerability,
    deal_ns_hcp,
    looks_adjusted,
    parse_adjusted,
    parse_result,
)
from scoring.models import CompensationTable, moscow_table

# A results file makes free seating with as few as one board a round: its boards stay
# within the rounds a session may have.
MAX_BOARD = MAX_ROUNDS
# A session of the largest movement (50 tables) playing 200 boards. Saving costs about a
# millisecond a result (history included), so a file this long imports in about ten
# seconds; a longer one is refused before anything is saved (its lines are still checked,
# which is fast, so that a bad file lists its problems).
MAX_LINES = MAX_TABLES * MAX_BOARD
SESSION_NAME_MAX_LENGTH = Session._meta.get_field("name").max_length
RULING_COLUMNS = ("ns_adjustment", "ew_adjustment", "assigned")
ADJUSTMENT_VALUES = [a.value for a in Adjustment]


# --- the CSV import -------------------------------------------------------------------------

def check_session_fields(name, date, policy, table_name):
    """(errors, cleaned values) for the typed session fields."""
    errors = []
    name = (name or "").strip()
    if not name:
        errors.append(_("Give the session a name."))
    elif len(name) > SESSION_NAME_MAX_LENGTH:
        errors.append(_("The session name is too long (%(length)s characters; at most "
                        "%(max)s).") % {"length": len(name), "max": SESSION_NAME_MAX_LENGTH})
    if isinstance(date, date_type):
        day = date
    elif not (date or "").strip():
        day = None
        errors.append(_("Give the session's date (YYYY-MM-DD)."))
    else:
        try:
            day = date_type.fromisoformat((date or "").strip())
        except ValueError:
            day = None
            errors.append(_("“%(date)s” is not a date; write it as YYYY-MM-DD, e.g. 2026-11-27.")
                          % {"date": date or ""})
    policy = (policy or Session.Policy.LINE).strip().lower()
    if policy not in {p.value for p in Session.Policy}:
        errors.append(_("Unknown policy “%(policy)s”; use line or declarer.") % {"policy": policy})
    table = None
    if table_name:
        table = CompensationTable.objects.filter(name=table_name).first()
        if table is None:
            known = ", ".join(CompensationTable.objects.values_list("name", flat=True))
            errors.append(_("There is no compensation table “%(name)s”; the tables are: "
                            "%(known)s.") % {"name": table_name, "known": known})
    else:
        table = moscow_table()
    return errors, (name, day, policy, table)


def pair_number_problem(where, value):
    return _("%(where)s: the pair number “%(value)s” is not a whole number from 1 to %(max)s "
             "(a session has at most %(tables)s tables of two pairs).") % {
                 "where": where, "value": value, "max": MAX_PAIRS, "tables": MAX_TABLES}


def read_names(text, filename):
    """(errors, pairs, numbers) from a names file: pairs are [(number, [(name, ""),
    (name, "")], line)] for the good lines; numbers holds every pair number read, so that
    results are checked against them and a bad names line is not reported again on each of
    its results."""
    errors, pairs, numbers = [], [], {}
    for line, cells in drop_header(csv_rows(text, filename)):
        where = _("%(file)s line %(line)s") % {"file": filename, "line": line}
        if len(cells) < 3:
            errors.append(_("%(where)s: expected 3 columns (pair number, player 1, player 2), "
                            "found %(count)s.") % {"where": where, "count": len(cells)})
            continue
        number, first, second = cells[:3]
        if not is_int(number) or not 1 <= int(number) <= MAX_PAIRS:
            errors.append(pair_number_problem(where, number))
            continue
        number = int(number)
        if number in numbers:
            errors.append(_("%(where)s: pair %(pair)s is listed twice (also on line %(other)s).")
                          % {"where": where, "pair": number, "other": numbers[number]})
            continue
        numbers[number] = line
        bad_name = next((n for n in (first, second) if not n or len(n) > NAME_MAX_LENGTH), None)
        if bad_name is not None:
            errors.append(_("%(where)s: each pair needs two player names of 1 to %(max)s "
                            "characters.") % {"where": where, "max": NAME_MAX_LENGTH})
            continue
        pairs.append((number, [(first, ""), (second, "")], line))
    if not pairs and not errors:
        errors.append(_("%(file)s lists no pairs.") % {"file": filename})
    errors += check_pair_players(
        pairs, lambda line: _("%(file)s line %(line)s") % {"file": filename, "line": line})
    return errors, pairs, set(numbers)


def ruling_columns(rows):
    """{ruling column: index} named by the header line (this site's results export), {}
    without a header."""
    if not rows or drop_header(rows[:1]):
        return {}
    names = [cell.strip().lower() for cell in rows[0][1]]
    return {name: names.index(name) for name in RULING_COLUMNS if name in names}


def read_rulings(cells, columns, problems):
    """(ns adjustment, ew adjustment, assigned (contract, declarer, tricks) or None) of a
    line of the results export; problems added for bad values."""
    value = {name: cells[index].strip() if index < len(cells) else ""
             for name, index in columns.items()}
    adjustments = []
    for side, name in (("NS", "ns_adjustment"), ("EW", "ew_adjustment")):
        adjustment = value.get(name, "").lower()
        if adjustment and adjustment not in ADJUSTMENT_VALUES:
            problems.append(_("the %(side)s adjusted score “%(value)s” is not one of "
                              "%(choices)s") % {"side": side, "value": value[name],
                                                "choices": ", ".join(ADJUSTMENT_VALUES)})
            adjustment = ""
        adjustments.append(adjustment)
    assigned = None
    if value.get("assigned"):
        try:
            assigned = parse_result(value["assigned"])
        except BridgeError as err:
            problems.append(_("assigned result: %(problem)s") % {
                "problem": bridge_message(err)})
    return (*adjustments, assigned)


def read_not_played(contract, declarer, tricks, rulings, problems):
    """(whether the line is a board not played, its AdjustedScores or None when they are
    bad): its contract is NOT PLAYED (the adjusted scores in their columns) or the
    director's shorthand "A+/A-"."""
    word = " ".join(contract.upper().replace("_", " ").replace("-", " ").split())
    if word != NOT_PLAYED and not looks_adjusted(contract):
        return False, None
    ns, ew, assigned = rulings
    before = len(problems)
    if declarer or tricks:
        problems.append(_("a board not played has no declarer and no tricks"))
    if assigned is not None:
        problems.append(_("a board not played has no assigned result"))
    if word == NOT_PLAYED:
        if not (ns and ew):
            problems.append(_("a board not played needs its adjusted scores: write them as "
                              "the contract (A+, A+/A-) or in the ns_adjustment and "
                              "ew_adjustment columns"))
            return True, None
        scores = AdjustedScores(Adjustment(ns), Adjustment(ew))
    else:
        try:
            scores = parse_adjusted(contract)
        except BridgeError as err:
            problems.append(bridge_message(err))
            return True, None
        if (ns or ew) and (ns, ew) != (scores.ns.value, scores.ew.value):
            problems.append(_("the adjusted score columns disagree with “%(text)s”")
                            % {"text": contract})
    return True, scores if len(problems) == before else None


def size_problem(count, filename):
    return ngettext(
        "%(file)s has %(count)s result; a session has at most %(max)s (%(tables)s tables "
        "playing %(boards)s boards), so nothing was imported.",
        "%(file)s has %(count)s results; a session has at most %(max)s (%(tables)s tables "
        "playing %(boards)s boards), so nothing was imported.", count) % {
                 "file": filename, "count": count, "max": MAX_LINES, "tables": MAX_TABLES,
                 "boards": MAX_BOARD}


def read_boards(text, filename, pair_numbers):
    """(errors, lines) from a boards file: lines are (line, board, ns, ew, parsed, hcp,
    rulings)."""
    errors, lines, played = [], [], {}
    known = ", ".join(str(n) for n in sorted(pair_numbers))
    rows = csv_rows(text, filename)
    columns = ruling_columns(rows)
    rows = drop_header(rows)
    if len(rows) > MAX_LINES:
        errors.append(size_problem(len(rows), filename))
    for line, cells in rows:
        where = _("%(file)s line %(line)s") % {"file": filename, "line": line}
        if len(cells) < 6:
            errors.append(_("%(where)s: expected 7 columns (board, NS pair, EW pair, contract, "
                            "declarer, tricks, NS HCP), found %(count)s.")
                          % {"where": where, "count": len(cells)})
            continue
        if len(cells) == 6:  # tricks left out: the result is written into the contract
            cells = cells[:5] + [""] + cells[5:]
        board, ns, ew, contract, declarer, tricks, hcp = cells[:7]
        problems = []
        if not is_int(board) or not 1 <= int(board) <= MAX_BOARD:
            problems.append(_("the board number “%(value)s” is not a whole number from 1 to "
                              "%(max)s") % {"value": board, "max": MAX_BOARD})
        for side, value in (("NS", ns), ("EW", ew)):
            if not is_int(value):
                problems.append(_("the %(side)s pair “%(value)s” is not a pair number")
                                % {"side": side, "value": value})
            elif int(value) not in pair_numbers:
                problems.append(_("there is no pair %(pair)s in the names file (it lists "
                                  "%(known)s)") % {"pair": value, "known": known})
        if is_int(ns) and ns == ew:
            problems.append(_("pair %(pair)s cannot play against itself") % {"pair": ns})
        rulings = read_rulings(cells, columns, problems) if columns else ("", "", None)
        not_played, parsed = read_not_played(contract, declarer, tricks, rulings, problems)
        if not_played:
            rulings = ("", "", None)  # they are the board's adjusted scores
        else:
            text = " ".join(part for part in (contract, declarer, tricks) if part)
            try:
                parsed = parse_result(text)
            except BridgeError as err:
                problems.append(bridge_message(err))
        if hcp and (not is_int(hcp) or int(hcp) > 40):
            problems.append(_("the NS HCP “%(value)s” is not a whole number from 0 to 40")
                            % {"value": hcp})
        if not problems and is_int(board):
            for pair in (int(ns), int(ew)):
                other = played.get((int(board), pair))
                if other is not None:
                    problems.append(_("pair %(pair)s already has a result on board %(board)s "
                                      "(line %(other)s)")
                                    % {"pair": pair, "board": board, "other": other})
        if problems:
            # Engine messages are sentences with their own full stop; ours are fragments.
            text = "; ".join(problem.rstrip(".") for problem in problems)
            errors.append(_("%(where)s: %(problems)s.") % {"where": where, "problems": text})
            continue
        played[(int(board), int(ns))] = played[(int(board), int(ew))] = line
        lines.append((line, int(board), int(ns), int(ew), parsed, int(hcp) if hcp else None,
                      rulings))
    if not lines and not errors:
        errors.append(_("%(file)s holds no results.") % {"file": filename})
    return errors, lines


def board_hcps(lines, duplicated, filename):
    """(errors, {board: hcp or None}, {line: hcp for its Result or None}).

    Duplicated boards keep one HCP on the Board when all their lines agree (lines may leave
    it empty); when the lines disagree each line keeps its own value. Otherwise every line
    carries its own HCP. A board not played needs none.
    """
    errors, board_hcp, line_hcp = [], {}, {}
    by_board = defaultdict(list)
    for line, board, _ns, _ew, parsed, hcp, _rulings in lines:
        by_board[board].append((line, hcp, not isinstance(parsed, AdjustedScores)))
    for board, entries in sorted(by_board.items()):
        values = sorted({hcp for _line, hcp, _played in entries if hcp is not None})
        if duplicated and len(values) == 1:
            board_hcp[board] = values[0]
            continue
        board_hcp[board] = None
        for line, hcp, played in entries:
            if hcp is not None:
                line_hcp[line] = hcp
                continue
            if not played:
                continue
            where = _("%(file)s line %(line)s") % {"file": filename, "line": line}
            if not duplicated:
                errors.append(_("%(where)s: missing NS HCP (0-40); without duplicated boards "
                                "every line needs its own.") % {"where": where})
            elif values:
                errors.append(_("%(where)s: missing NS HCP, and the lines of board %(board)s "
                                "disagree (%(values)s), so it cannot be taken from them.")
                              % {"where": where, "board": board,
                                 "values": ", ".join(map(str, values))})
            else:
                errors.append(_("%(where)s: board %(board)s has no NS HCP; give it (0-40) "
                                "on at least one of its lines.")
                              % {"where": where, "board": board})
                break
    return errors, board_hcp, line_hcp


def derive_rounds(lines, last_board):
    """(rounds, boards per round) for free seating: a round is the boards two pairs play
    against each other (the most common count, at most MAX_BOARDS_PER_ROUND), made a
    divisor of the board count so that rounds x boards per round = the boards of the
    session."""
    meetings = Counter(frozenset((ns, ew)) for _l, _b, ns, ew, *_rest in lines)
    per_meeting = Counter(meetings.values()).most_common()
    typical = max(count for count, times in per_meeting if times == per_meeting[0][1])
    largest = min(typical, last_board, MAX_BOARDS_PER_ROUND)
    per_round = max(d for d in range(1, largest + 1) if last_board % d == 0)
    return last_board // per_round, per_round


def free_seating_tables(numbers):
    """The tables of a free-seating session read from a file: two pairs a table, enough
    for its highest pair number (as the pair forms and the archive require)."""
    return math.ceil(max(numbers) / 2)


def deal_board(record):
    """The unsaved Board of a DealRecord read from a results file: its deal and HCP, and the
    file's dealer and vulnerability kept as overrides where they differ from the board
    number's."""
    board = Board(number=record.board, deal=record.deal, ns_hcp=deal_ns_hcp(record.deal))
    if record.dealer and record.dealer != board_dealer(record.board).value:
        board.dealer_override = record.dealer
    if record.vulnerability and record.vulnerability != board_vulnerability(record.board).value:
        board.vulnerability_override = record.vulnerability
    return board


def save_read_session(*, name, day, policy, table, pairs, boards, results, user=None,
                      ranking=ONE_WINNER, tables=None, section_tables=()):
    """Save the finished, free-seating session a results file (USEBIO, PBN) describes:
    its tables and rounds found as for a CSV import, boards 1 to the last with a result
    (`boards`: {number: unsaved Board with its deal and HCP}; the others are made empty),
    each deal analysed. `pairs`: [(number, players, where)]; `results`: [(board, ns, ew,
    Result)]. With two winners (`ranking`), `tables` is the number of the last NS pair,
    the EW pairs being numbered after it; `section_tables`: the tables of each section of
    a file of several (its pairs numbered across them, club.models.sessions), each playing
    every round. ImportFailed when the service refuses (nothing saved)."""
    last_board = max(board for board, *_rest in results)
    rounds, per_round = derive_rounds(
        [(None, board, ns, ew) for board, ns, ew, _result in results], last_board)
    tables = (sum(section_tables) if section_tables
              else tables or free_seating_tables(number for number, _p, _w in pairs))
    session = Session(name=name, date=day, status=Session.Status.FINISHED,
                      movement=Session.Movement.FREE, tables=tables,
                      sections=format_sections((t, rounds) for t in section_tables),
                      rounds=rounds, boards_per_round=per_round, duplicated=True,
                      compensation_table=table, policy=policy, ranking=ranking)
    made = [boards.get(number) or Board(number=number) for number in range(1, last_board + 1)]
    try:
        analyse_boards(made)
        return import_session(session, [(number, players) for number, players, _w in pairs],
                              made, results, user=user)
    except Refused as err:
        raise ImportFailed(err.messages) from None


def import_csv(*, name, date, boards_data, names_data, policy="line", duplicated=True,
               table_name="", boards_filename="BOARDS.csv", names_filename="NAMES.csv",
               user=None):
    """Create a session from a boards file and a names file (bytes or text).

    The session is free seating (no schedule), tables = free_seating_tables, status finished
    (the director checks it, then publishes). Raises ImportFailed listing every problem.
    """
    errors, (name, day, policy, table) = check_session_fields(name, date, policy, table_name)
    pairs, numbers, lines = [], set(), []
    try:
        name_errors, pairs, numbers = read_names(decode_text(names_data, names_filename),
                                                 names_filename)
        errors += name_errors
    except ImportFailed as err:
        errors += err.errors
    try:
        board_text = decode_text(boards_data, boards_filename)
        if numbers:
            board_errors, lines = read_boards(board_text, boards_filename, numbers)
            errors += board_errors
    except ImportFailed as err:
        errors += err.errors
    hcp_errors, board_hcp, line_hcp = board_hcps(lines, duplicated, boards_filename)
    errors += hcp_errors
    if errors:
        raise ImportFailed(errors)

    last_board = max(board for _l, board, *_rest in lines)
    rounds, per_round = derive_rounds(lines, last_board)
    session = Session(
        name=name, date=day, status=Session.Status.FINISHED, movement=Session.Movement.FREE,
        tables=free_seating_tables(numbers), rounds=rounds, boards_per_round=per_round,
        duplicated=duplicated, compensation_table=table, policy=policy,
    )
    boards = [Board(number=n, ns_hcp=board_hcp.get(n)) for n in range(1, last_board + 1)]
    results = []
    for line, board, ns, ew, parsed, _hcp, rulings in lines:
        ns_adjustment, ew_adjustment, assigned = rulings
        result = Result(ns_hcp=line_hcp.get(line), ns_adjustment=ns_adjustment,
                        ew_adjustment=ew_adjustment)
        if isinstance(parsed, AdjustedScores):
            result.set_not_played(*parsed)
        else:
            result.set_contract(*parsed)
        if assigned is not None:
            result.assigned = True
            result.set_assigned(*assigned)
        results.append((board, ns, ew, result))
    try:
        return import_session(session, [(number, specs) for number, specs, _line in pairs],
                              boards, results, user=user)
    except Refused as err:
        raise ImportFailed(err.messages) from None
