"""USEBIO 1.2 results files (the XML that club scoring programs and national bodies
exchange): a session written as one, and a session read from one that another scorer wrote.

Writing. USEBIO has no event type for compensation scoring; the nearest is a Butler pairs
event, where each result is compared with a datum and the difference turned into IMPs:
here the datum is the compensation the HCP expect. So the file says
EVENT_TYPE="BUTLER_PAIRS" with BUTLER_IMPS scoring, each traveller line carries the
compensation IMPs as NS_BUTLER_POINTS / EW_BUTLER_POINTS, and a board whose results all owe
the same compensation carries it as BOARD_AVERAGE (the NS datum). A board not played has no
CONTRACT and the artificial score as USEBIO writes one, "A60A40" (Average plus 60%,
Average 50%, Average minus 40%, Law 12C2). The hands are in HANDSET.

Reading. A file written by another scorer (EBUScore, Compscore, ScoreBridge and the like,
or this site) gives its pairs and players, the travellers and the hands, scored again by
our rules with the HCP taken from the hands.

Real files differ, and every variant below is read: USEBIO 1.0 to 1.3; the boards directly
in EVENT or in SESSION/SECTION; pair numbers as numbers or as Mitchell labels ("3NS",
"3EW"); DATE as dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy or yyyy-mm-dd; CONTRACT as "4S", "4Sx",
"3NT*", "4S**", "4SXX", "3 NT" or PASS; PLAYED_BY as a letter or a word; TRICKS as a
number, as "=", "+1", "-2", or left out (then found from the score); the score as SCORE (NS's,
with its sign) or NS_SCORE / EW_SCORE; an artificial adjusted score as NS's percentage then
EW's, two digits each, "A6040" or "A60A40", or as "60%" (without a CONTRACT: the board was
not played there; 60 is Average plus, 50 Average, 40 Average minus, and any other percentage
is read as the nearest of them, a tie as Average, with a note in the import's report);
voids as empty or missing suit elements. A file's own scores are checked against our
scoring of the same result, so a misread line is refused rather than scored wrongly.

The XML is parsed by defusedxml (no entity expansion, no external references). Every
problem is named by where it is ("BOARD 3, TRAVELLER_LINE 2: ..."); then nothing is saved.
"""

import datetime
import re
import xml.etree.ElementTree as ET
from collections import Counter

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.io.files import ImportFailed, check_pair_players
from club.io.results_csv import (
    MAX_BOARD,
    SESSION_NAME_MAX_LENGTH,
    check_session_fields,
    derive_rounds,
    free_seating_tables,
)
from club.models import Board, Result, Session
from club.models.players import NAME_MAX_LENGTH, Player
from club.notation import bridge_message
from club.plan import session_pairs
from club.queries import pair_entries, ranked_lines
from club.schedule import MAX_PAIRS, MAX_TABLES, listing
from club.services.boards import analyse_boards
from club.services.errors import Refused
from club.services.imports import import_session
from club.services.scoring import table_score
from scoring.engine import (
    BridgeError,
    board_vulnerability,
    compute_standings,
    deal_ns_hcp,
    parse_contract,
    parse_deal,
)

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
EVENT_TYPE = "BUTLER_PAIRS"
SCORING_METHOD = "BUTLER_IMPS"
PROGRAM_NAME = "moscow-bridge-club"
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_ELEMENTS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")  # a PBN hand's order
# The percentage of an artificial adjusted score in a pairs event (Law 12C2).
ADJUSTED_PERCENT = {"ave+": 60, "ave": 50, "ave-": 40}
SCORE_ELEMENTS = ("SCORE", "NS_SCORE", "EW_SCORE")

# What the reader accepts besides what the writer writes.
NOT_PAIRS = {"INDIVIDUAL", "TEAMS", "TEAMS_OF_FOUR", "SWISS_TEAMS", "KO", "HEAD_TO_HEAD"}
DATE_FORMATS = ("%d/%m/%Y", "%d-%m-%Y", "%d.%m.%Y", "%Y-%m-%d", "%d/%m/%y")
SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E",
              "SOUTH": "S", "WEST": "W"}
MITCHELL_LABEL = re.compile(r"(\d+)\s*(NS|N-S|N|EW|E-W|E)", re.IGNORECASE)
# NS's percentage then EW's, two digits each: "A6040" (EBUScore and most scorers) or
# "A60A40" (an A before each side, as this site writes it).
ADJUSTED_SCORE = re.compile(r"A(\d\d)A?(\d\d)", re.IGNORECASE)
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
MEMBERSHIP_MAX_LENGTH = Player._meta.get_field("membership_number").max_length


# --- writing --------------------------------------------------------------------------------

def element(parent, name, text=None, **attributes):
    child = ET.SubElement(parent, name, attributes)
    if text is not None:
        child.text = str(text)
    return child


def export_usebio(session, membership=False, only_boards=None):
    """The USEBIO 1.2 document of a session as UTF-8 bytes; three queries. `membership`
    adds the players' membership numbers (NATIONAL_ID_NUMBER): only for directors.
    `only_boards` keeps only those board numbers (the public boards of a session in play;
    the totals are then those of the boards in the file)."""
    pairs = session_pairs(session)
    boards = [board for board in session.boards.order_by("number")
              if only_boards is None or board.number in only_boards]
    kept = {board.id for board in boards}
    results = [result for result in Result.objects.filter(board__session=session).order_by()
               if result.board_id in kept]
    number_of = {pair.id: pair.number for pair in pairs}
    lines = ranked_lines(session, compute_standings(
        pair_entries(session, pairs),
        [(r.ns_pair_id, r.ew_pair_id, r.ns_imps, r.ew_imps) for r in results]))
    standings = [row for _line, rows in lines for row in rows]
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = element(root, "CLUB")
    element(club, "CLUB_NAME", getattr(settings, "CLUB_NAME", ""))
    event = element(root, "EVENT", EVENT_TYPE=EVENT_TYPE)
    element(event, "EVENT_DESCRIPTION", session.name)
    element(event, "PROGRAM_NAME", PROGRAM_NAME)
    element(event, "DATE", session.date.strftime("%d/%m/%Y"))
    element(event, "BOARD_SCORING_METHOD", SCORING_METHOD)
    # One winner: NS and EW ranked together; two: each line ranked apart (its PLACE).
    element(event, "WINNER_TYPE", len(lines))
    participants(event, session, pairs, standings, membership)
    by_board = {}
    for result in results:
        by_board.setdefault(result.board_id, []).append(result)
    for board in boards:
        if by_board.get(board.id):
            traveller(event, board, by_board[board.id], number_of)
    handset(root, boards)
    ET.indent(root, space="  ")
    text = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + "\n" + text
            + "\n").encode("utf-8")


def participants(event, session, pairs, standings, membership):
    row_of = {row.number: row for row in standings}
    section = element(event, "PARTICIPANTS")
    for pair in pairs:
        row = row_of[pair.number]
        node = element(section, "PAIR")
        element(node, "PAIR_NUMBER", pair.number)
        if session.movement == session.Movement.MITCHELL:
            element(node, "DIRECTION", "NS" if pair.number <= session.tables else "EW")
        element(node, "TOTAL_SCORE", row.imps)
        element(node, "PLACE", row.rank_label)
        for player in (pair.player1, pair.player2):
            person = element(node, "PLAYER")
            element(person, "PLAYER_NAME", player.name)
            if membership and player.membership_number:
                element(person, "NATIONAL_ID_NUMBER", player.membership_number)


def traveller(event, board, results, number_of):
    node = element(event, "BOARD")
    element(node, "BOARD_NUMBER", board.number)
    datums = {result.ns_compensation for result in results if not result.not_played}
    if len(datums) == 1:
        element(node, "BOARD_AVERAGE", datums.pop())
    results.sort(key=lambda r: (r.table is None, r.table or 0, number_of[r.ns_pair_id]))
    for result in results:
        line = element(node, "TRAVELLER_LINE")
        element(line, "NS_PAIR_NUMBER", number_of[result.ns_pair_id])
        element(line, "EW_PAIR_NUMBER", number_of[result.ew_pair_id])
        contract, declarer, tricks = result.scored_result
        if result.not_played:
            ns, ew = (ADJUSTED_PERCENT[result.ns_adjustment],
                      ADJUSTED_PERCENT[result.ew_adjustment])
            element(line, "SCORE", f"A{ns}A{ew}")
        else:
            if contract is None:
                element(line, "CONTRACT", "PASS")
            else:
                element(line, "CONTRACT", contract.ascii)
                element(line, "PLAYED_BY", declarer)
                element(line, "TRICKS", tricks)
            element(line, "SCORE", result.ns_score)
        element(line, "NS_BUTLER_POINTS", result.ns_imps)
        element(line, "EW_BUTLER_POINTS", result.ew_imps)


def handset(root, boards):
    with_deal = [board for board in boards if board.deal]
    if not with_deal:
        return
    node = element(root, "HANDSET")
    for board in with_deal:
        hands = parse_deal(board.deal)
        item = element(node, "BOARD")
        element(item, "BOARD_NUMBER", board.number)
        for seat in "NESW":
            hand = element(item, "HAND")
            element(hand, "DIRECTION", SEAT_NAMES[seat])
            for name, cards in zip(SUIT_ELEMENTS, hands[seat], strict=True):
                element(hand, name, cards)


# --- reading --------------------------------------------------------------------------------

def text(node, name):
    """The stripped text of a child element ("" when missing or empty: a void)."""
    child = node.find(name)
    return (child.text or "").strip() if child is not None else ""


def parse_xml(data, filename):
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        root = SafeET.fromstring(data)
    except DefusedXmlException:
        raise ImportFailed([_("%(file)s declares XML entities or external references, which "
                              "a results file never needs; it was not read.")
                            % {"file": filename}]) from None
    except (ET.ParseError, ValueError) as err:
        raise ImportFailed([_("%(file)s is not valid XML (%(problem)s).")
                            % {"file": filename, "problem": str(err)[:120]}]) from None
    if root.tag != "USEBIO":
        raise ImportFailed([_("%(file)s is not a USEBIO file (its root element is "
                              "%(tag)s).") % {"file": filename, "tag": root.tag[:40]}])
    return root


def read_date(value):
    for fmt in DATE_FORMATS:
        try:
            return datetime.datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    return None


def pair_numbers(ids):
    """{pair id in the file: pair number}: numbers kept, Mitchell labels "3NS" -> 3 and
    "3EW" -> tables + 3, anything else numbered in the file's order."""
    if all(i.isdigit() and i.isascii() for i in ids):
        return {i: int(i) for i in ids}
    labels = [MITCHELL_LABEL.fullmatch(i) for i in ids]
    if all(labels):
        ns = [int(m.group(1)) for m in labels if m.group(2).upper().startswith("N")]
        offset = max(ns, default=0)
        return {i: int(m.group(1)) + (0 if m.group(2).upper().startswith("N") else offset)
                for i, m in zip(ids, labels, strict=True)}
    return {i: n for n, i in enumerate(dict.fromkeys(ids), start=1)}


def read_pairs(event, problems):
    """({pair id: number}, [(number, [(name, membership), ...], index)])."""
    found = []
    for index, node in enumerate(event.iter("PAIR"), start=1):
        pair_id = text(node, "PAIR_NUMBER")
        where = _("PAIR %(pair)s") % {"pair": pair_id or index}
        if not pair_id:
            problems.append(_("%(where)s: PAIR_NUMBER is missing.") % {"where": where})
            continue
        players = []
        for person in node.findall("PLAYER"):
            name = " ".join(text(person, "PLAYER_NAME").split())
            membership = (text(person, "NATIONAL_ID_NUMBER")
                          or text(person, "CLUB_ID_NUMBER"))[:MEMBERSHIP_MAX_LENGTH]
            if not name or len(name) > NAME_MAX_LENGTH:
                problems.append(_("%(where)s: PLAYER_NAME must have 1 to %(max)s characters.")
                                % {"where": where, "max": NAME_MAX_LENGTH})
            players.append((name, membership))
        if len(players) != 2:
            problems.append(_("%(where)s: a pair has two PLAYER elements; found %(count)s.")
                            % {"where": where, "count": len(players)})
            continue
        found.append((pair_id, players, where))
    ids = [pair_id for pair_id, _players, _where in found]
    for pair_id, count in Counter(ids).items():
        if count > 1:
            problems.append(_("PAIR %(pair)s is listed twice.") % {"pair": pair_id})
    numbers = pair_numbers(ids)
    if len(numbers) > MAX_PAIRS:
        problems.append(ngettext("The file lists %(count)s pair; a session has at most "
                                 "%(max)s (%(tables)s tables of two pairs).",
                                 "The file lists %(count)s pairs; a session has at most "
                                 "%(max)s (%(tables)s tables of two pairs).", len(numbers))
                        % {"count": len(numbers), "max": MAX_PAIRS, "tables": MAX_TABLES})
        return numbers, []
    beyond = [pair_id for pair_id, number in numbers.items() if number > MAX_PAIRS]
    if beyond:
        problems.append(_("PAIR %(pairs)s: pair numbers go from 1 to %(max)s (a session has "
                          "at most %(tables)s tables of two pairs).")
                        % {"pairs": listing(beyond), "max": MAX_PAIRS, "tables": MAX_TABLES})
    pairs = [(numbers[pair_id], players, where) for pair_id, players, where in found
             if all(name for name, _m in players)]
    problems += check_pair_players(pairs, lambda where: where)
    return numbers, pairs


def read_hands(root, problems):
    """({board: PBN deal}) of the HANDSET boards."""
    deals = {}
    for handset in root.iter("HANDSET"):
        for node in handset.findall("BOARD"):
            number = text(node, "BOARD_NUMBER")
            where = _("HANDSET, BOARD %(board)s") % {"board": number or "?"}
            hands = {}
            for hand in node.findall("HAND"):
                seat = SEAT_WORDS.get(text(hand, "DIRECTION").upper())
                if seat is None or seat in hands:
                    problems.append(_("%(where)s: DIRECTION “%(value)s” is not a seat, or is "
                                      "given twice.") % {"where": where,
                                                         "value": text(hand, "DIRECTION")})
                    continue
                hands[seat] = ".".join(text(hand, suit) for suit in SUIT_ELEMENTS)
            if not (number.isdigit() and number.isascii()):
                problems.append(_("%(where)s: BOARD_NUMBER is not a number.") % {"where": where})
            elif len(hands) != 4:
                problems.append(_("%(where)s: four HAND elements are needed; found %(count)s.")
                                % {"where": where, "count": len(hands)})
            else:
                deal = "N:" + " ".join(hands[seat] for seat in "NESW")
                try:
                    parse_deal(deal)
                except BridgeError as err:
                    problems.append(f"{where}: {bridge_message(err)}")
                    continue
                deals[int(number)] = deal
    return deals


def read_contract(value):
    """An engine contract (None: passed out) from a USEBIO CONTRACT; ValueError if bad."""
    cleaned = "".join(value.split()).upper().replace("**", "XX").replace("*", "X")
    try:
        return parse_contract(cleaned)
    except BridgeError:
        raise ValueError(value) from None


class BadAdjustedScore(ValueError):
    """A score element written as an artificial adjusted score in no form we read; `args`
    are the element's name and its value."""


def read_score(line):
    """(NS score or None, (NS percent, EW percent) or None) of a traveller line. Raises
    BadAdjustedScore for a score that starts with "A" but is in no form we read, or is a
    percentage above 100 (either would otherwise be taken for no score at all)."""
    for name in SCORE_ELEMENTS:
        value = text(line, name)
        found = ADJUSTED_SCORE.fullmatch(value)
        if found:
            return None, tuple(int(percent) for percent in found.groups())
        if value[:1] in ("A", "a"):
            raise BadAdjustedScore(name, value)
    ns, ew = text(line, "NS_SCORE"), text(line, "EW_SCORE")
    percents = [PERCENT.fullmatch(value) for value in (ns, ew)]
    if any(percents):
        ns_pc, ew_pc = (float(found.group(1)) if found else None for found in percents)
        for name, percent in (("NS_SCORE", ns_pc), ("EW_SCORE", ew_pc)):
            if percent is not None and percent > 100:
                raise BadAdjustedScore(name, text(line, name))
        ns_pc = 100 - ew_pc if ns_pc is None else ns_pc
        ew_pc = 100 - ns_pc if ew_pc is None else ew_pc
        return None, (ns_pc, ew_pc)
    score = text(line, "SCORE")
    if re.fullmatch(r"[+-]?\d+", score):
        return int(score), None
    if re.fullmatch(r"\d+", ns) and int(ns):
        return int(ns), None
    if re.fullmatch(r"\d+", ew):
        return -int(ew), None
    if re.fullmatch(r"\d+", ns):
        return 0, None
    return None, None


def adjustment(percent):
    """The adjusted score nearest a percentage: Average plus 60%, Average 50%, Average minus
    40% (Law 12C2). Halfway (45%, 55%) is Average: a side gets the 3 IMPs of Average plus or
    minus only when the file's percentage is nearer to them."""
    return min(ADJUSTED_PERCENT,
               key=lambda name: (abs(ADJUSTED_PERCENT[name] - percent), name != "ave"))


def percent_text(percent):
    return f"{percent:g}%"


def read_tricks(value, contract):
    """Tricks from TRICKS: a number, or "=", "+1", "-2" against the contract; None if none."""
    if value.isdigit() and value.isascii() and int(value) <= 13:
        return int(value)
    found = re.fullmatch(r"=|([+-])(\d+)", value)
    if found and contract is not None:
        change = 0 if value == "=" else int(found.group(2)) * (1 if found.group(1) == "+" else -1)
        tricks = contract.level + 6 + change
        return tricks if 0 <= tricks <= 13 else -1
    return None if not value else -1


def read_line(line, where, numbers, vulnerability, problems, notes):
    """(ns, ew, Result) of a traveller line, or None after naming its problems; an adjusted
    score read as a different percentage than written is added to `notes`."""
    before = len(problems)
    sides = []
    for name in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
        value = text(line, name)
        if value not in numbers:
            problems.append(_("%(where)s: %(element)s “%(value)s” is not a pair of "
                              "PARTICIPANTS.") % {"where": where, "element": name,
                                                  "value": value[:20]})
        sides.append(numbers.get(value))
    try:
        score, percents = read_score(line)
    except BadAdjustedScore as err:
        name, value = err.args
        problems.append(_("%(where)s: %(element)s “%(value)s” is not an adjusted score. "
                          "Write NS's percentage then EW's, two digits each, as A6040 or "
                          "A60A40, or a percentage up to 100 as 60%%: 60 is Average plus, "
                          "50 Average, 40 Average minus.")
                        % {"where": where, "element": name, "value": value[:20]})
        return None
    adjusted = percents and tuple(adjustment(percent) for percent in percents)
    if adjusted and tuple(ADJUSTED_PERCENT[a] for a in adjusted) != percents:
        notes.append(_("%(where)s: the adjusted score %(ns)s for NS and %(ew)s for EW is read "
                       "as %(ns_read)s and %(ew_read)s, the nearest of Average plus (60%%), "
                       "Average (50%%) and Average minus (40%%).")
                     % {"where": where, "ns": percent_text(percents[0]),
                        "ew": percent_text(percents[1]),
                        "ns_read": percent_text(ADJUSTED_PERCENT[adjusted[0]]),
                        "ew_read": percent_text(ADJUSTED_PERCENT[adjusted[1]])})
    contract_text = text(line, "CONTRACT")
    contract = declarer = tricks = None
    if contract_text or not adjusted:
        try:
            contract = read_contract(contract_text)
        except ValueError:
            problems.append(_("%(where)s: CONTRACT “%(value)s” is not a contract.")
                            % {"where": where, "value": contract_text[:20]})
            return None
    if contract is not None:
        played_by = text(line, "PLAYED_BY").upper()
        declarer = SEAT_WORDS.get(played_by)
        if declarer is None:
            problems.append(_("%(where)s: PLAYED_BY “%(value)s” is not a seat (N, E, S or W).")
                            % {"where": where, "value": played_by[:20]})
            return None
        tricks = read_tricks(text(line, "TRICKS"), contract)
        if tricks == -1:
            problems.append(_("%(where)s: TRICKS “%(value)s” is not a number of tricks.")
                            % {"where": where, "value": text(line, "TRICKS")[:20]})
            return None
        if tricks is None and score is not None:
            found = [t for t in range(14)
                     if table_score(contract, declarer, t, vulnerability) == score]
            tricks = found[0] if found else None
        if tricks is None:
            problems.append(_("%(where)s: no TRICKS, and the score does not tell them.")
                            % {"where": where})
            return None
        ours = table_score(contract, declarer, tricks, vulnerability)
        if score is not None and adjusted is None and score != ours:
            problems.append(_("%(where)s: the score %(score)s does not agree with %(contract)s "
                              "by %(declarer)s taking %(tricks)s tricks (%(ours)s for NS).")
                            % {"where": where, "score": score, "contract": contract.ascii,
                               "declarer": declarer, "tricks": tricks, "ours": ours})
    elif score not in (None, 0) and adjusted is None:
        problems.append(_("%(where)s: a passed-out board scores 0, not %(score)s.")
                        % {"where": where, "score": score})
    if len(problems) > before or None in sides:
        return None
    if sides[0] == sides[1]:
        problems.append(_("%(where)s: pair %(pair)s cannot play against itself.")
                        % {"where": where, "pair": sides[0]})
        return None
    result = Result()
    if adjusted and not contract_text:
        result.set_not_played(*adjusted)
        return sides[0], sides[1], result
    result.set_contract(contract, declarer, tricks)
    if adjusted:
        result.ns_adjustment, result.ew_adjustment = adjusted
    return sides[0], sides[1], result


def not_played(line):
    """A traveller line without a contract and with an artificial score: the board was not
    played there (it needs no HCP). A malformed adjusted score counts too: it is refused
    on its own, without also asking for the board's hands."""
    if text(line, "CONTRACT"):
        return False
    try:
        return read_score(line)[1] is not None
    except BadAdjustedScore:
        return True


def read_travellers(event, numbers, deals, problems, notes):
    """[(board, ns, ew, Result)] of every traveller line."""
    results, seen, played = [], set(), {}
    for node in event.iter("BOARD"):
        lines = node.findall("TRAVELLER_LINE")
        if not lines:
            continue
        number = text(node, "BOARD_NUMBER")
        where_board = _("BOARD %(board)s") % {"board": number[:20] or "?"}
        if not (number.isdigit() and number.isascii() and 1 <= int(number) <= MAX_BOARD):
            problems.append(_("%(where)s: BOARD_NUMBER is not a board number from 1 to "
                              "%(max)s.") % {"where": where_board, "max": MAX_BOARD})
            continue
        board = int(number)
        if board in seen:
            problems.append(_("%(where)s is listed twice.") % {"where": where_board})
            continue
        seen.add(board)
        if board not in deals and not all(map(not_played, lines)):
            problems.append(_("%(where)s: the file has no hands for this board, so its NS HCP "
                              "cannot be known.") % {"where": where_board})
        for index, line in enumerate(lines, start=1):
            where = _("%(board)s, TRAVELLER_LINE %(line)s") % {"board": where_board,
                                                               "line": index}
            read = read_line(line, where, numbers, board_vulnerability(board), problems,
                             notes)
            if read is None:
                continue
            ns, ew, result = read
            for pair in (ns, ew):
                if (board, pair) in played:
                    problems.append(_("%(where)s: pair %(pair)s already played this board "
                                      "(TRAVELLER_LINE %(other)s).")
                                    % {"where": where, "pair": pair,
                                       "other": played[(board, pair)]})
                played[(board, pair)] = index
            results.append((board, ns, ew, result))
    return results


def import_usebio(data, filename="results.xml", *, name=None, date=None, policy="line",
                  table_name="", user=None, notes=None):
    """Create a finished, free-seating session from a USEBIO file (bytes); `name` and `date`
    replace the file's. Raises ImportFailed listing every problem (nothing saved). What was
    read otherwise than written (an adjusted score mapped to the nearest we give) is
    appended to the list `notes` once the session is saved, for the import's report."""
    root = parse_xml(data, filename)
    event = root.find("EVENT")
    if event is None:
        raise ImportFailed([_("%(file)s has no EVENT.") % {"file": filename}])
    kind = event.get("EVENT_TYPE", "").strip().upper()
    if kind in NOT_PAIRS:
        raise ImportFailed([_("EVENT: the event type %(type)s is not a pairs event; only pairs "
                              "events can be imported.") % {"type": kind}])
    sections = len(event.findall(".//SECTION"))
    if sections > 1:
        raise ImportFailed([_("EVENT: the file has %(count)s sections; import each section as "
                              "a session of its own.") % {"count": sections}])
    problems = []
    name = name or text(event, "EVENT_DESCRIPTION") or text(event, "TITLE")
    if not date:
        day = text(event, "DATE")
        date = read_date(day)
        if date is None:
            problems.append(_("EVENT: DATE “%(value)s” is not a date (dd/mm/yyyy, dd-mm-yyyy "
                              "or yyyy-mm-dd).") % {"value": day[:20]})
    errors, (name, day, policy, table) = check_session_fields(
        (name or "")[:SESSION_NAME_MAX_LENGTH], date or datetime.date.today(), policy, table_name)
    problems = errors + problems
    numbers, pairs = read_pairs(event, problems)
    deals = read_hands(root, problems)
    read_notes = []
    results = read_travellers(event, numbers, deals, problems, read_notes)
    if not results and not problems:
        problems.append(_("%(file)s holds no results (no TRAVELLER_LINE).") % {"file": filename})
    if problems:
        raise ImportFailed(problems)
    last_board = max(board for board, *_rest in results)
    lines = [(None, board, ns, ew) for board, ns, ew, _result in results]
    rounds, per_round = derive_rounds(lines, last_board)
    session = Session(name=name, date=day, status=Session.Status.FINISHED,
                      movement=Session.Movement.FREE,
                      tables=free_seating_tables(number for number, _p, _w in pairs),
                      rounds=rounds, boards_per_round=per_round, duplicated=True,
                      compensation_table=table, policy=policy)
    boards = [Board(number=n, deal=deals.get(n, ""),
                    ns_hcp=deal_ns_hcp(deals[n]) if n in deals else None)
              for n in range(1, last_board + 1)]
    try:
        analyse_boards(boards)
        session = import_session(session, [(number, players) for number, players, _w in pairs],
                                 boards, results, user=user)
    except Refused as err:
        raise ImportFailed(err.messages) from None
    if notes is not None:
        notes.extend(read_notes)
    return session
