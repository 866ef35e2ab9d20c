"""Importing a session from CSV files (a boards file and a names file), and the pieces the
JSON archive import shares: decoding uploads, finding players, saving a whole session.

The boards file has one result a line, in the column order of the salliere duplicate
scorer's boards file, with an NS HCP column:

    board, NS pair, EW pair, contract, declarer, tricks, NS HCP

The result may be written into the contract ("4S=", "4S-1", "3NT+2"), the tricks column
then empty or left out (six columns); a passed-out board is PASS with declarer and tricks
empty. Further columns are ignored (this site's results CSV export has more). The names file
is: pair number, player 1, player 2. A header line is optional in both files.

Everything is checked before anything is saved; every problem is reported with its file
and line, and the session is created in one transaction (all or nothing).
"""

import codecs
import csv
import io
import math
from collections import Counter, defaultdict
from datetime import date as date_type

from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from club.models import Board, Pair, Player, Result, Session, sync_board_plays
from scoring.engine import ContractError, parse_result
from scoring.models import CompensationTable, moscow_table
from scoring.services import score_result

MAX_BOARD = 200
NAME_MAX_LENGTH = 120


class ImportFailed(Exception):
    """The files cannot be imported; `errors` lists every problem found (translated text)."""

    def __init__(self, errors):
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))


# --- reading files ------------------------------------------------------------------------

def decode_text(data, filename):
    """The text of an uploaded file: UTF-8, with or without a byte order mark."""
    if isinstance(data, str):
        text = data.removeprefix("\ufeff")
    else:
        if data.startswith(codecs.BOM_UTF8):
            data = data[len(codecs.BOM_UTF8):]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ImportFailed([
                _("%(file)s is not UTF-8 text (byte %(byte)s at position %(position)s cannot "
                  "be read). Save it as UTF-8 (in a spreadsheet: “CSV UTF-8”) and try again.")
                % {"file": filename, "byte": f"0x{data[err.start]:02X}",
                   "position": err.start + 1}
            ]) from None
    if not text.strip():
        raise ImportFailed([_("%(file)s is empty.") % {"file": filename}])
    if "\x00" in text:
        raise ImportFailed([_("%(file)s is not a text file; give a CSV file saved as UTF-8.")
                            % {"file": filename}])
    return text


def csv_rows(text, filename):
    """(line number, cells) for each non-blank line; cells are stripped.

    The delimiter is whichever of comma, semicolon or tab the first line uses most
    (spreadsheets in many locales save CSV with semicolons).
    """
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max([",", ";", "\t"], key=first.count)  # a tie keeps the comma
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows = []
    try:
        for cells in reader:
            cells = [cell.strip() for cell in cells]
            if any(cells):
                rows.append((reader.line_num, cells))
    except csv.Error as err:
        raise ImportFailed([_("%(file)s line %(line)s cannot be read as CSV (%(problem)s).")
                            % {"file": filename, "line": reader.line_num, "problem": err}]
                           ) from None
    return rows


def is_int(text):
    return text.isdigit() and text.isascii()


def drop_header(rows):
    """Drop a header line, recognised by a first cell without any digit ("board", "pair");
    a first cell such as "1a" is a bad data line, reported as such."""
    if rows and not any(char.isdigit() for char in rows[0][1][0]):
        return rows[1:]
    return rows


# --- players and saving ---------------------------------------------------------------------

def player_key(spec):
    """Who a (name, membership number) is: the number when there is one, else the name."""
    name, number = spec
    return ("number", number) if number else ("name", name)


def find_players(specs):
    """{player_key: Player} for each (name, membership number), creating the new ones.

    A membership number identifies a player; without one, an existing player with exactly
    that name is reused when there is only one of them.
    """
    numbers = {m for _n, m in specs if m}
    names = {n for n, m in specs if not m}
    found = {("number", p.membership_number): p
             for p in Player.objects.filter(membership_number__in=numbers)}
    by_name = defaultdict(list)
    for player in Player.objects.filter(name__in=names):
        by_name[player.name].append(player)
    new = []
    for spec in specs:
        key = player_key(spec)
        if key in found:
            continue
        name, number = spec
        if not number and len(by_name[name]) == 1:
            found[key] = by_name[name][0]
        else:
            found[key] = Player(name=name, membership_number=number)
            new.append(found[key])
    Player.objects.bulk_create(new)
    return found


def check_pair_players(pairs, where):
    """Errors for a player named twice in a pair or in two pairs of the session.

    `pairs`: (number, [(name, membership), (name, membership)], line); `where(line)` gives
    the place to name in a message.
    """
    errors, seen = [], {}
    for number, players, line in pairs:
        if player_key(players[0]) == player_key(players[1]):
            errors.append(_("%(where)s: both players of pair %(pair)s are %(name)s; a pair is "
                            "two different players.")
                          % {"where": where(line), "pair": number, "name": players[0][0]})
            continue
        for spec in players:
            key = player_key(spec)
            if key in seen:
                errors.append(_("%(where)s: %(name)s already plays in pair %(other)s; a "
                                "player can be in only one pair of a session.")
                              % {"where": where(line), "name": spec[0], "other": seen[key]})
            else:
                seen[key] = number
    return errors


@transaction.atomic
def save_session(session, pairs, boards, results, user=None):
    """Save a session checked in memory, with its pairs, boards and scored results.

    `session`: an unsaved Session; `pairs`: [(number, [(name, membership), ...])];
    `boards`: unsaved Boards; `results`: [(board number, ns number, ew number, Result)].
    Outcomes are computed by the scoring service, as when a director enters a result.
    """
    session.save()
    players = find_players([spec for _number, specs in pairs for spec in specs])
    pair_objects = Pair.objects.bulk_create(
        Pair(session=session, number=number, player1=players[player_key(specs[0])],
             player2=players[player_key(specs[1])])
        for number, specs in pairs
    )
    pair_by_number = {p.number: p for p in pair_objects}
    for board in boards:
        board.session = session
    board_by_number = {b.number: b for b in Board.objects.bulk_create(boards)}
    cache = {}
    objects = []
    for board_number, ns, ew, result in results:
        result.board = board_by_number[board_number]
        result.ns_pair = pair_by_number[ns]
        result.ew_pair = pair_by_number[ew]
        score_result(result, table_cache=cache)
        objects.append(result)
    objects = bulk_create_with_history(objects, Result, batch_size=500, default_user=user)
    sync_board_plays(objects)
    return session


# --- the CSV import -------------------------------------------------------------------------

def check_session_fields(name, date, policy, table_name):
    """(errors, cleaned values) for the typed session fields."""
    errors = []
    name = (name or "").strip()
    if not name:
        errors.append(_("Give the session a name."))
    elif len(name) > NAME_MAX_LENGTH:
        errors.append(_("The session name is too long (%(length)s characters; at most "
                        "%(max)s).") % {"length": len(name), "max": NAME_MAX_LENGTH})
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
    if policy not in Session.Policy.values:
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
        if not is_int(number) or not 1 <= int(number) <= 999:
            errors.append(_("%(where)s: the pair number “%(value)s” is not a whole number from "
                            "1 to 999.") % {"where": where, "value": number})
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


def read_boards(text, filename, pair_numbers):
    """(errors, lines) from a boards file: lines are (line, board, ns, ew, parsed, hcp)."""
    errors, lines, played = [], [], {}
    known = ", ".join(str(n) for n in sorted(pair_numbers))
    for line, cells in drop_header(csv_rows(text, filename)):
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
        text = " ".join(part for part in (contract, declarer, tricks) if part)
        parsed = None
        try:
            parsed = parse_result(text)
        except ContractError as err:
            problems.append(_(err.template) % err.params)
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
        lines.append((line, int(board), int(ns), int(ew), parsed, int(hcp) if hcp else None))
    if not lines and not errors:
        errors.append(_("%(file)s holds no results.") % {"file": filename})
    return errors, lines


def board_hcps(lines, duplicated, filename):
    """(errors, {board: hcp or None}, {line: hcp for its Result or None}).

    Duplicated boards keep one HCP on the Board when all their lines agree (lines may leave
    it empty); when the lines disagree each line keeps its own value. Otherwise every line
    carries its own HCP.
    """
    errors, board_hcp, line_hcp = [], {}, {}
    by_board = defaultdict(list)
    for line, board, _ns, _ew, _parsed, hcp in lines:
        by_board[board].append((line, hcp))
    for board, entries in sorted(by_board.items()):
        values = sorted({hcp for _line, hcp in entries if hcp is not None})
        if duplicated and len(values) == 1:
            board_hcp[board] = values[0]
            continue
        board_hcp[board] = None
        for line, hcp in entries:
            if hcp is not None:
                line_hcp[line] = hcp
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
    against each other (the most common count), made a divisor of the board count so that
    rounds x boards per round = the boards of the session."""
    meetings = Counter(frozenset((ns, ew)) for _l, _b, ns, ew, _p, _h in lines)
    per_meeting = Counter(meetings.values()).most_common()
    typical = max(count for count, times in per_meeting if times == per_meeting[0][1])
    per_round = max(d for d in range(1, min(typical, last_board) + 1) if last_board % d == 0)
    return last_board // per_round, per_round


def import_csv(*, name, date, boards_data, names_data, policy="line", duplicated=True,
               table_name="", boards_filename="BOARDS.csv", names_filename="NAMES.csv",
               user=None):
    """Create a session from a boards file and a names file (bytes or text).

    The session is free seating (no schedule), tables = ceil(pairs / 2), status finished
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

    last_board = max(board for _l, board, _ns, _ew, _p, _h in lines)
    rounds, per_round = derive_rounds(lines, last_board)
    session = Session(
        name=name, date=day, status=Session.Status.FINISHED, movement=Session.Movement.FREE,
        tables=math.ceil(len(pairs) / 2), rounds=rounds, boards_per_round=per_round,
        duplicated=duplicated, compensation_table=table, policy=policy,
    )
    boards = [Board(number=n, ns_hcp=board_hcp.get(n)) for n in range(1, last_board + 1)]
    results = []
    for line, board, ns, ew, (contract, declarer, tricks), _hcp in lines:
        result = Result(ns_hcp=line_hcp.get(line))
        result.set_contract(contract, declarer, tricks)
        results.append((board, ns, ew, result))
    return save_session(session, [(number, specs) for number, specs, _line in pairs],
                        boards, results, user=user)
