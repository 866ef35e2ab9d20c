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

Real files differ, and every variant below is read: USEBIO 1.0 to 1.3 (any 1.x; elements and
attributes this reader does not use are passed over wherever they are); the boards directly
in EVENT or in SESSION/SECTION; pair numbers as numbers, as Mitchell labels ("3NS", "3EW"),
or numbered 1.. in each line and told apart by DIRECTION; the hands in HANDSET or as HAND
elements in each traveller BOARD; DATE as dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy or yyyy-mm-dd;
CONTRACT as "4S", "4Sx", "3NT*", "4S**", "4SXX", "3 NT" or PASS; PLAYED_BY as a letter or a
word; TRICKS as a number, as "=", "+1", "-2", or left out (then found from the score); the
score as SCORE (NS's, with its sign) or NS_SCORE / EW_SCORE; an artificial adjusted score as
NS's percentage then EW's, two digits each, "A6040" or "A60A40", or as "60%" (without a
CONTRACT: the board was not played there; 60 is Average plus, 50 Average, 40 Average minus,
and any other percentage is read as the nearest of them, a tie as Average, with a note in
the import's report); voids as empty or missing suit elements, or "-". A file's own scores
are checked against our scoring of the same result, so a misread line is refused rather than
scored wrongly.

A teams event (EVENT_TYPE TEAMS, SWISS_TEAMS ..., or TEAM participants) is read by
club.io.usebio_teams into a teams session, and an individual event by
club.io.usebio_individual, both with this module's pieces. Refused: Swiss pairs events
(results grouped in MATCH elements).
A file of several sections (2 to 4) is read into one session in as many sections, each
section's pairs numbered after the last section's (the sections must play the same
boards); one section may be chosen instead, read as a session of its own, and must be for a
file of more than 4 sections. A session in sections is written with one SECTION (in a
SESSION) each, its pairs numbered within it.

The XML is parsed by defusedxml (no entity expansion, no external references). Every
problem is named by where it is ("BOARD 3, TRAVELLER_LINE 2: ..."); then nothing is saved.
"""

import datetime
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.io.files import ImportFailed, check_pair_players
from club.io.method_checks import FileMatchpoints, matchpoint_notes, not_played_entry
from club.io.results_csv import (
    MAX_BOARD,
    SESSION_NAME_MAX_LENGTH,
    check_session_fields,
    free_seating_tables,
    save_read_session,
)
from club.models import Board, Result
from club.models.choices import INDIVIDUAL, ONE_WINNER, TWO_WINNERS
from club.models.players import NAME_MAX_LENGTH, Player
from club.notation import bridge_message
from club.plan import SessionPlan, session_pairs
from club.queries import pair_entries, ranked_lines
from club.schedule import MAX_PAIRS, MAX_SECTIONS, MAX_TABLES, listing
from club.services.scoring import table_score
from club.stats.individual import player_standings
from scoring.engine import (
    BridgeError,
    board_vulnerability,
    compute_standings,
    deal_ns_hcp,
    format_deal,
    parse_contract,
    parse_deal,
)

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
EVENT_TYPE = "BUTLER_PAIRS"
INDIVIDUAL_EVENT_TYPE = "INDIVIDUAL"
SCORING_METHOD = "BUTLER_IMPS"
PROGRAM_NAME = "moscow-bridge-club"
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_ELEMENTS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")  # a PBN hand's order
# The percentage of an artificial adjusted score in a pairs event (Law 12C2).
ADJUSTED_PERCENT = {"ave+": 60, "ave": 50, "ave-": 40}
SCORE_ELEMENTS = ("SCORE", "NS_SCORE", "EW_SCORE")

# What the reader accepts besides what the writer writes.
# Event types of teams events besides those naming a TEAM (TEAMS, TEAMS_OF_FOUR, SWISS_TEAMS,
# MULTI_TEAMS ...): knock-out and head-to-head matches are played by teams.
TEAMS_EVENTS = {"KO", "KNOCKOUT", "HEAD_TO_HEAD"}
# Every USEBIO 1.x file is read (1.0 to 1.3 are known; a later 1.x only adds elements).
VERSION = re.compile(r"1(\.\d+)*")
DATE_FORMATS = ("%d/%m/%Y", "%d-%m-%Y", "%d.%m.%Y", "%Y-%m-%d", "%d/%m/%y")
SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E",
              "SOUTH": "S", "WEST": "W"}
MITCHELL_LABEL = re.compile(r"(\d+)\s*(NS|N-S|N|EW|E-W|E)", re.IGNORECASE)
# NS's percentage then EW's, two digits each: "A6040" (EBUScore and most scorers) or
# "A60A40" (an A before each side, as this site writes it).
ADJUSTED_SCORE = re.compile(r"A(\d\d)A?(\d\d)", re.IGNORECASE)
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
MEMBERSHIP_MAX_LENGTH = Player._meta.get_field("membership_number").max_length
# Spellings of an empty suit in a HAND besides an empty or missing element.
VOID_SUITS = {"-", "—", "VOID"}
LINES = ("NS", "EW")
# A PAIR's DIRECTION, its letters only (NS, N-S, North-South, N).
LINE_WORDS = {"NS": "NS", "N": "NS", "NORTHSOUTH": "NS", "EW": "EW", "E": "EW",
              "EASTWEST": "EW"}


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
    if session.movement == INDIVIDUAL:
        return export_individual(session, membership, only_boards)
    pairs = session_pairs(session)
    boards, results = boards_and_results(session, only_boards)
    number_of = {pair.id: pair.number for pair in pairs}
    lines = ranked_lines(session, compute_standings(
        pair_entries(session, pairs),
        [(r.ns_pair_id, r.ew_pair_id, r.ns_imps, r.ew_imps) for r in results]))
    standings = [row for _line, rows in lines for row in rows]
    root, event = event_root(session, EVENT_TYPE)
    # One winner: NS and EW ranked together; two: each line ranked apart (its PLACE).
    element(event, "WINNER_TYPE", 2 if session.two_winners else 1)
    sections = session.section_list
    if not sections:
        event_part(event, session, pairs, boards, results, standings, membership, number_of)
    else:
        # One SECTION each, its pairs numbered within it (1 to 2 x its tables), its PLACEs
        # its own ranks; the whole field's ranks are not written.
        inside = element(event, "SESSION", SESSION_ID="1")
        for section in sections:
            part = element(inside, "SECTION", SECTION_ID=section.letter)
            own = [pair for pair in pairs if pair.number in section.pair_numbers]
            ids = {pair.id for pair in own}
            local = {pair.id: section.local(pair.number) for pair in own}
            event_part(part, session, own, boards,
                       [r for r in results if r.ns_pair_id in ids], standings, membership,
                       local)
    return document_bytes(root, boards)


def boards_and_results(session, only_boards):
    """The session's boards (only those of `only_boards` when given) and their results."""
    boards = [board for board in session.boards.order_by("number")
              if only_boards is None or board.number in only_boards]
    kept = {board.id for board in boards}
    results = [result for result in Result.objects.filter(board__session=session).order_by()
               if result.board_id in kept]
    return boards, results


def event_root(session, event_type):
    """(the USEBIO element, its EVENT with the session's description, date and scoring)."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = element(root, "CLUB")
    element(club, "CLUB_NAME", getattr(settings, "CLUB_NAME", ""))
    event = element(root, "EVENT", EVENT_TYPE=event_type)
    element(event, "EVENT_DESCRIPTION", session.name)
    element(event, "PROGRAM_NAME", PROGRAM_NAME)
    element(event, "DATE", session.date.strftime("%d/%m/%Y"))
    element(event, "BOARD_SCORING_METHOD", SCORING_METHOD)
    return root, event


def document_bytes(root, boards):
    """The whole document, with the boards' HANDSET, as UTF-8 bytes."""
    handset(root, boards)
    ET.indent(root, space="  ")
    text = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + "\n" + text
            + "\n").encode("utf-8")


def export_individual(session, membership, only_boards):
    """An individual's USEBIO document (docs/teams-and-individuals.md, "Files"):
    EVENT_TYPE INDIVIDUAL, a PLAYER for each entrant in PARTICIPANTS with their number,
    total and place, and each traveller line naming its four players by number
    (NORTH_PLAYER_NUMBER ... WEST_PLAYER_NUMBER) in place of pair numbers. Four queries."""
    plan = SessionPlan.load(session)
    boards, results = boards_and_results(session, only_boards)
    board_number = {board.id: board.number for board in boards}
    standings = player_standings(plan, [(board_number[r.board_id], r.ns_pair_id,
                                         r.ew_pair_id, r.ns_imps, r.ew_imps)
                                        for r in results])
    root, event = event_root(session, INDIVIDUAL_EVENT_TYPE)
    element(event, "WINNER_TYPE", 1)
    row_of = {row.number: row for row in standings}
    section = element(event, "PARTICIPANTS")
    for entry in plan.entries:
        row = row_of[entry.number]
        node = element(section, "PLAYER")
        element(node, "PLAYER_NUMBER", entry.number)
        element(node, "PLAYER_NAME", entry.player.name)
        if membership and entry.player.membership_number:
            element(node, "NATIONAL_ID_NUMBER", entry.player.membership_number)
        element(node, "TOTAL_SCORE", row.imps)
        element(node, "PLACE", row.rank_label)
    number_of_player = {entry.player_id: entry.number for entry in plan.entries}

    def seats(line, result):
        for pair_id, first, second in ((result.ns_pair_id, "NORTH", "SOUTH"),
                                       (result.ew_pair_id, "EAST", "WEST")):
            pair = plan.by_id[pair_id]
            element(line, f"{first}_PLAYER_NUMBER", number_of_player[pair.player1_id])
            element(line, f"{second}_PLAYER_NUMBER", number_of_player[pair.player2_id])

    by_board = {}
    for result in results:
        by_board.setdefault(result.board_id, []).append(result)
    for board in boards:
        if by_board.get(board.id):
            traveller(event, board, by_board[board.id],
                      {pair.pk: pair.number for pair in plan.pairs}, seats)
    return document_bytes(root, boards)


def event_part(parent, session, pairs, boards, results, standings, membership, number_of):
    """The PARTICIPANTS and travellers of the event, or of one of its sections."""
    participants(parent, session, pairs, standings, membership, number_of)
    by_board = {}
    for result in results:
        by_board.setdefault(result.board_id, []).append(result)
    for board in boards:
        if by_board.get(board.id):
            traveller(parent, board, by_board[board.id], number_of, pair_numbers_of(number_of))


def participants(event, session, pairs, standings, membership, number_of):
    row_of = {row.number: row for row in standings}
    section = element(event, "PARTICIPANTS")
    for pair in pairs:
        row = row_of[pair.number]
        node = element(section, "PAIR")
        element(node, "PAIR_NUMBER", number_of[pair.id])
        if session.movement == session.Movement.MITCHELL or session.two_winners:
            element(node, "DIRECTION", "NS" if session.in_ns_line(pair.number) else "EW")
        element(node, "TOTAL_SCORE", row.imps)
        element(node, "PLACE", row.rank_label)
        for player in (pair.player1, pair.player2):
            person = element(node, "PLAYER")
            element(person, "PLAYER_NAME", player.name)
            if membership and player.membership_number:
                element(person, "NATIONAL_ID_NUMBER", player.membership_number)


def pair_numbers_of(number_of):
    """A traveller line's participants in a pairs event: its NS and EW pair numbers."""
    def write(line, result):
        element(line, "NS_PAIR_NUMBER", number_of[result.ns_pair_id])
        element(line, "EW_PAIR_NUMBER", number_of[result.ew_pair_id])
    return write


def traveller(event, board, results, number_of, participants_of):
    """A BOARD with a TRAVELLER_LINE per result, in table order; `participants_of(line,
    result)` writes who played it (pair numbers, or an individual's players)."""
    node = element(event, "BOARD")
    element(node, "BOARD_NUMBER", board.number)
    datums = {result.ns_compensation for result in results if not result.not_played}
    if len(datums) == 1:
        element(node, "BOARD_AVERAGE", datums.pop())
    results.sort(key=lambda r: (r.table is None, r.table or 0, number_of[r.ns_pair_id]))
    for result in results:
        line = element(node, "TRAVELLER_LINE")
        participants_of(line, result)
        table_result(line, result)
        element(line, "NS_BUTLER_POINTS", result.ns_imps)
        element(line, "EW_BUTLER_POINTS", result.ew_imps)


def table_result(line, result):
    """A TRAVELLER_LINE's table result: contract, declarer, tricks and NS score, or the
    artificial adjusted scores of a board not played (also the teams file's rooms)."""
    if result.not_played:
        ns, ew = (ADJUSTED_PERCENT[result.ns_adjustment],
                  ADJUSTED_PERCENT[result.ew_adjustment])
        element(line, "SCORE", f"A{ns}A{ew}")
        return
    contract, declarer, tricks = result.scored_result
    if contract is None:
        element(line, "CONTRACT", "PASS")
    else:
        element(line, "CONTRACT", contract.ascii)
        element(line, "PLAYED_BY", declarer)
        element(line, "TRICKS", tricks)
    element(line, "SCORE", result.ns_score)


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
    for node in root.iter():  # a scorer that declares a namespace still names its elements
        if isinstance(node.tag, str) and node.tag.startswith("{"):
            node.tag = node.tag.split("}", 1)[1]
    if root.tag != "USEBIO":
        raise ImportFailed([_("%(file)s is not a USEBIO file (its root element is "
                              "%(tag)s).") % {"file": filename, "tag": root.tag[:40]}])
    check_version(root)
    return root


def check_version(root):
    """Refuse a file of another USEBIO than 1.x, whose elements may mean other things. The
    version is the root's Version attribute (any case) or a USEBIO_VERSION; a file without
    one is read as 1.x."""
    attributes = {name.upper(): value for name, value in root.attrib.items()}
    version = (attributes.get("VERSION") or attributes.get("USEBIO_VERSION")
               or text(root, "USEBIO_VERSION")).strip()
    if version and not VERSION.fullmatch(version):
        raise ImportFailed([_("USEBIO: Version “%(version)s” is not read; this site reads "
                              "USEBIO 1.0 to 1.3 (and later 1.x versions).")
                            % {"version": version[:20]}])


def event_kind(event):
    return (event.get("EVENT_TYPE") or text(event, "EVENT_TYPE")).strip().upper()


def is_teams_event(event):
    """A teams event, as its EVENT_TYPE says or, without one we know, as its participants
    show (TEAM elements): read by club.io.usebio_teams."""
    kind = event_kind(event)
    if "TEAM" in kind or kind in TEAMS_EVENTS:
        return True
    return "INDIVIDUAL" not in kind and (event.find(".//PARTICIPANTS/TEAM") is not None
                                         or event.find(".//MATCH/TEAM") is not None)


def individual_event(event):
    """Whether the event is an individual (club.io.usebio_individual reads it), as its
    EVENT_TYPE says or, without one we know, as its participants show: PLAYER elements
    outside any PAIR or TEAM."""
    if is_teams_event(event):
        return False
    return "INDIVIDUAL" in event_kind(event) or (
        event.find(".//PARTICIPANTS/PLAYER") is not None
        and event.find(".//PARTICIPANTS/PAIR") is None)


def check_pairs_event(event):
    """Refuse a pairs event whose results are grouped in matches (a Swiss pairs event),
    which this reader does not take apart. (Teams and individual events are read by
    club.io.usebio_teams and club.io.usebio_individual.)"""
    if event.find(".//MATCH//TRAVELLER_LINE") is not None:
        raise ImportFailed([_("EVENT: its results are grouped in matches (MATCH elements), as "
                              "a Swiss event writes them; this version reads travellers "
                              "written board by board (BOARD elements) only.")])


def part_label(node, name, position):
    """A SESSION's or SECTION's name in messages and in the choice of a section: its
    SESSION_ID / SECTION_ID (attribute or element), else its position in the file."""
    key = f"{name}_ID"
    return " ".join((node.get(key) or text(node, key) or str(position)).split())[:20]


def event_sections(event):
    """[(label, element)] of the parts of an event that each hold a movement of their own:
    every SECTION (labelled "2/A" when the event has several SESSIONs: session 2, section
    A), and every SESSION without sections. An event without either has none."""
    sessions = event.findall(".//SESSION")
    parts = []
    for position, session in enumerate(sessions or [event], start=1):
        prefix = part_label(session, "SESSION", position) + "/" if len(sessions) > 1 else ""
        sections = session.findall(".//SECTION")
        parts += [(prefix + part_label(section, "SECTION", index), section)
                  for index, section in enumerate(sections, start=1)]
        if not sections and session is not event:
            parts.append((part_label(session, "SESSION", position), session))
    return parts


def chosen_part(event, section):
    """(element whose pairs and travellers are read, the label of the section chosen among
    several, else None); (None, None) for every section of a file of 2 to 4 (read_sections).
    A file of more is refused, naming them, unless one is chosen."""
    parts = event_sections(event)
    labels = listing([label for label, _node in parts], limit=30)
    if section:
        for label, node in parts:
            if label.casefold() == section.strip().casefold():
                return node, label if len(parts) > 1 else None
        if not parts:
            raise ImportFailed([_("Section “%(section)s”: the file has no sections; leave the "
                                  "section empty.") % {"section": section[:20]}])
        raise ImportFailed([_("Section “%(section)s”: the file has no such section; its "
                              "sections are %(sections)s.")
                            % {"section": section[:20], "sections": labels}])
    if len(parts) <= 1:
        return event, None
    if len(event.findall(".//SESSION")) > 1:
        # Sessions of an event play boards of their own: not sections of one session.
        raise ImportFailed([_(
            "EVENT: the file has %(count)s sections in several sessions (%(sections)s); "
            "only the sections of one session are read together, so choose the one to "
            "import as a session (the Section field, or --section).")
            % {"count": len(parts), "sections": labels}])
    if len(parts) > MAX_SECTIONS:
        raise ImportFailed([_(
            "EVENT: the file has %(count)s sections (%(sections)s); a session has at most "
            "%(max)s, so choose the one to import as a session (the Section field, or "
            "--section).") % {"count": len(parts), "sections": labels, "max": MAX_SECTIONS}])
    return None, None  # every section, each read into a section of the session


def read_sections(root, event, problems, notes):
    """(pairs, results, deals, tables of each section) of an event of several sections,
    each read as a file of one and numbered across the session (section A's pairs first,
    club.models.sessions): the same boards for all, so a board's hands must agree."""
    all_pairs, all_results, deals, tables = [], [], {}, []
    for label, part in event_sections(event):
        found = []
        numbers, pairs = read_pairs(pair_nodes(event, part), found)
        own_deals = read_hands(root, part, found)
        results = read_travellers(part, numbers, own_deals, found, notes)
        problems += [_("SECTION %(section)s: %(problem)s") % {"section": label,
                                                               "problem": problem}
                     for problem in found]
        if found or not pairs:
            continue
        shift = 2 * sum(tables)
        tables.append(free_seating_tables(
            [number for number, *_rest in pairs]
            + [pair for _b, ns, ew, _r in results for pair in (ns, ew)]))
        all_pairs += [(number + shift, players, where) for number, players, where in pairs]
        all_results += [(board, ns + shift, ew + shift, result)
                         for board, ns, ew, result in results]
        for board, deal in own_deals.items():
            if deals.setdefault(board, deal) != deal:
                problems.append(_("SECTION %(section)s, BOARD %(board)s: the hands differ "
                                  "from another section's; the sections of a session play "
                                  "the same boards.") % {"section": label, "board": board})
    return all_pairs, all_results, deals, tables


def read_date(value):
    if re.fullmatch(r"\d{4}-\d\d-\d\d[T ].*", value):  # an ISO date and time
        value = value[:10]
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


def pair_nodes(event, part):
    """The PAIR elements of the part read: its own PARTICIPANTS, or those the event lists
    outside its sessions and sections that play in the part's travellers (an event may list
    the pairs of all its sections at once)."""
    nodes = list(part.iter("PAIR"))
    if nodes or part is event:
        return nodes
    playing = {text(line, name) for line in part.iter("TRAVELLER_LINE")
               for name in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER")}
    in_parts = {node for kind in ("SESSION", "SECTION") for inner in event.iter(kind)
                for node in inner.iter("PAIR")}
    return [node for node in event.iter("PAIR")
            if node not in in_parts and text(node, "PAIR_NUMBER") in playing]


def pair_direction(node):
    """"NS" or "EW" as a PAIR's DIRECTION says (NS, N-S, North-South, N ...), else None."""
    letters = "".join(filter(str.isalpha, text(node, "DIRECTION").upper()))
    return LINE_WORDS.get(letters)


def read_player(person, where, problems):
    """(name, membership number) of a PLAYER element (of a pair, a team or an individual),
    after naming a name missing or too long."""
    name = " ".join(text(person, "PLAYER_NAME").split())
    membership = (text(person, "NATIONAL_ID_NUMBER")
                  or text(person, "CLUB_ID_NUMBER"))[:MEMBERSHIP_MAX_LENGTH]
    if not name or len(name) > NAME_MAX_LENGTH:
        problems.append(_("%(where)s: PLAYER_NAME must have 1 to %(max)s characters.")
                        % {"where": where, "max": NAME_MAX_LENGTH})
    return name, membership


def read_pairs(nodes, problems):
    """({(side, pair id): number}, [(number, [(name, membership), ...], index)]) of PAIR
    elements, `side` being "NS" or "EW" as a TRAVELLER_LINE names the pair. A Mitchell
    written with the same PAIR_NUMBERs in both lines, told apart by their DIRECTION, is read
    as labels "1NS", "1EW": NS pairs keep their number, EW pairs follow them."""
    found = []
    for index, node in enumerate(nodes, start=1):
        pair_id = text(node, "PAIR_NUMBER")
        where = _("PAIR %(pair)s") % {"pair": pair_id or index}
        if not pair_id:
            problems.append(_("%(where)s: PAIR_NUMBER is missing.") % {"where": where})
            continue
        players = [read_player(person, where, problems) for person in node.findall("PLAYER")]
        if len(players) != 2:
            problems.append(_("%(where)s: a pair has two PLAYER elements; found %(count)s.")
                            % {"where": where, "count": len(players)})
            continue
        found.append((pair_id, players, where, pair_direction(node)))
    ids = [pair_id for pair_id, *_rest in found]
    by_direction = (len(set(ids)) < len(ids) and all(line for *_rest, line in found)
                    and len({(i, line) for i, _p, _w, line in found}) == len(found))
    if by_direction:
        found = [(pair_id + line, players, where, line)
                 for pair_id, players, where, line in found]
        ids = [pair_id for pair_id, *_rest in found]
    for pair_id, count in Counter(ids).items():
        if count > 1:
            problems.append(_("PAIR %(pair)s is listed twice.") % {"pair": pair_id})
    numbers = pair_numbers(ids)
    if by_direction:
        lookup = {(line, pair_id[:-len(line)]): numbers[pair_id]
                  for pair_id, _p, _w, line in found}
    else:
        lookup = {(side, pair_id): number for pair_id, number in numbers.items()
                  for side in LINES}
    if len(numbers) > MAX_PAIRS:
        problems.append(ngettext("The file lists %(count)s pair; a session has at most "
                                 "%(max)s (%(tables)s tables of two pairs).",
                                 "The file lists %(count)s pairs; a session has at most "
                                 "%(max)s (%(tables)s tables of two pairs).", len(numbers))
                        % {"count": len(numbers), "max": MAX_PAIRS, "tables": MAX_TABLES})
        return lookup, []
    beyond = [pair_id for pair_id, number in numbers.items() if number > MAX_PAIRS]
    if beyond:
        problems.append(_("PAIR %(pairs)s: pair numbers go from 1 to %(max)s (a session has "
                          "at most %(tables)s tables of two pairs).")
                        % {"pairs": listing(beyond), "max": MAX_PAIRS, "tables": MAX_TABLES})
    pairs = [(numbers[pair_id], players, where) for pair_id, players, where, _line in found
             if all(name for name, _m in players)]
    problems += check_pair_players(pairs, lambda where: where)
    return lookup, pairs


def suit_cards(hand, name):
    cards = "".join(text(hand, name).split())
    return "" if cards.upper() in VOID_SUITS else cards


def read_deal(node, where, problems):
    """The PBN deal of the four HAND elements of a BOARD, or None after naming what is
    wrong. A HAND's seat is its DIRECTION (element or attribute), a word or a letter."""
    hands = {}
    for hand in node.findall("HAND"):
        direction = hand.get("DIRECTION") or text(hand, "DIRECTION")
        seat = SEAT_WORDS.get(direction.strip().upper())
        if seat is None or seat in hands:
            problems.append(_("%(where)s: DIRECTION “%(value)s” is not a seat, or is "
                              "given twice.") % {"where": where, "value": direction[:20]})
            return None
        hands[seat] = ".".join(suit_cards(hand, suit) for suit in SUIT_ELEMENTS)
    if len(hands) != 4:
        problems.append(_("%(where)s: four HAND elements are needed; found %(count)s.")
                        % {"where": where, "count": len(hands)})
        return None
    try:
        return format_deal(parse_deal("N:" + " ".join(hands[seat] for seat in "NESW")))
    except BridgeError as err:
        problems.append(f"{where}: {bridge_message(err)}")
        return None


def read_hands(root, part, problems):
    """{board: PBN deal}: the boards of every HANDSET and the HAND elements some scorers
    put in the part's traveller BOARDs (None for a board whose hands are named as wrong). A
    board whose hands are given twice must be given the same twice."""
    deals = {}
    with_hands = [(node, _("HANDSET, BOARD %(board)s"))
                  for handset in root.iter("HANDSET") for node in handset.findall("BOARD")]
    with_hands += [(node, _("BOARD %(board)s")) for node in part.iter("BOARD")
                   if node.find("HAND") is not None and node.find("TRAVELLER_LINE") is not None]
    for node, name in with_hands:
        number = text(node, "BOARD_NUMBER")
        where = name % {"board": number[:20] or "?"}
        if not (number.isdigit() and number.isascii()):
            problems.append(_("%(where)s: BOARD_NUMBER is not a number.") % {"where": where})
            continue
        deal, known = read_deal(node, where, problems), deals.get(int(number))
        if deal and known and deal != known:
            problems.append(_("%(where)s: the file gives this board's hands twice, and "
                              "differently.") % {"where": where})
        deals[int(number)] = known or deal
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


def pair_sides(numbers):
    """Who played a traveller line of a pairs event, for read_played_lines: its (NS, EW)
    pair numbers (`numbers`: read_pairs' lookup), or None after naming a pair that is not
    one of PARTICIPANTS or plays against itself."""
    def read(line, where, problems):
        sides = []
        for side in LINES:
            name = f"{side}_PAIR_NUMBER"
            value = text(line, name)
            if (side, value) not in numbers:
                problems.append(_("%(where)s: %(element)s “%(value)s” is not a pair of "
                                  "PARTICIPANTS.") % {"where": where, "element": name,
                                                      "value": value[:20]})
            sides.append(numbers.get((side, value)))
        if None in sides:
            return None
        if sides[0] == sides[1]:
            problems.append(_("%(where)s: pair %(pair)s cannot play against itself.")
                            % {"where": where, "pair": sides[0]})
            return None
        return tuple(sides)
    return read


def read_result(line, where, vulnerability, problems, notes):
    """The unsaved Result of a traveller line's table result (contract, declarer, tricks,
    or an adjusted score), its score checked against ours; or None after naming its
    problems. Who played it is the caller's (pairs, or an individual's players)."""
    before = len(problems)
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
    if not contract_text and not adjusted:
        problems.append(_("%(where)s: CONTRACT is missing. A result needs its contract (PASS "
                          "when the board was passed out), or an adjusted score such as "
                          "A6040 when the board was not played.") % {"where": where})
        return None
    if contract_text:
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
    if len(problems) > before:
        return None
    result = Result()
    if adjusted and not contract_text:
        result.set_not_played(*adjusted)
        return result
    result.set_contract(contract, declarer, tricks)
    if adjusted:
        result.ns_adjustment, result.ew_adjustment = adjusted
    return result


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


def traveller_lines(part, deals, problems, without_hands):
    """Yield (board number, index, where, TRAVELLER_LINE) of every traveller line of the
    part read, in its board's order, after naming a BOARD_NUMBER that is not one or a board
    listed twice (its lines are passed over). A board played but without hands in `deals`
    is added to `without_hands` (hand_problems names them)."""
    seen = set()
    for node in part.iter("BOARD"):
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
            without_hands.append(where_board)
        for index, line in enumerate(lines, start=1):
            yield board, index, _("%(board)s, TRAVELLER_LINE %(line)s") % {
                "board": where_board, "line": index}, line


def hand_problems(without_hands, deals):
    """The problems of the boards played without hands (traveller_lines)."""
    if without_hands and not deals:  # one message for a file without any hands
        return [_("The file has no hands (no HANDSET, no HAND in its boards), so the NS HCP "
                  "of its boards cannot be known; export it with the hand records.")]
    return [_("%(where)s: the file has no hands for this board, so its NS HCP cannot be "
              "known.") % {"where": where} for where in without_hands]


def read_played_lines(part, deals, problems, notes, who, already):
    """[(board, where, players, Result)] of every traveller line of the part read (its
    table result by read_result), after naming its problems: `who(line, where, problems)`
    reads who played the line (a tuple of pair or player numbers, or None after naming its
    problems), `already(where, number, other line)` is the problem of one of them who played
    the board on an earlier line. An adjusted score read as a different percentage than
    written, and the file's matchpoints that differ from ours, are added to `notes`."""
    found, played, without_hands, file_points = [], {}, [], []
    for board, index, where, line in traveller_lines(part, deals, problems, without_hands):
        before = len(problems)
        players = who(line, where, problems)
        result = read_result(line, where, board_vulnerability(board), problems, notes)
        if players is None or result is None or len(problems) > before:
            continue
        for number in players:
            if (board, number) in played:
                problems.append(already(where, number, played[(board, number)]))
            played[(board, number)] = index
        found.append((board, where, players, result))
        file_points += line_matchpoints(line, board, where, result)
    problems += hand_problems(without_hands, deals)
    notes += matchpoint_notes(file_points)
    return found


def read_travellers(part, numbers, deals, problems, notes):
    """[(board, ns, ew, Result)] of every traveller line of the part read."""
    def already(where, pair, other):
        return (_("%(where)s: pair %(pair)s already played this board (TRAVELLER_LINE "
                  "%(other)s).") % {"where": where, "pair": pair, "other": other})
    return [(board, ns, ew, result) for board, _where, (ns, ew), result
            in read_played_lines(part, deals, problems, notes, pair_sides(numbers), already)]


def hands_problems(without_hands, deals):
    """The problems of the boards (named in `without_hands`) played without hands: one for
    a file without any (`deals` empty), else one a board."""
    if without_hands and not deals:  # one message for a file without any hands
        return [_("The file has no hands (no HANDSET, no HAND in its boards), so the NS HCP "
                  "of its boards cannot be known; export it with the hand records.")]
    return [_("%(where)s: the file has no hands for this board, so its NS HCP cannot be "
              "known.") % {"where": where} for where in without_hands]


def line_matchpoints(line, board, where, result):
    """[FileMatchpoints] of a traveller line whose NS_MATCH_POINTS (and EW_MATCH_POINTS)
    the file gives, else []: the file's own scoring, checked against ours."""
    try:
        ns = float(text(line, "NS_MATCH_POINTS"))
        ew_text = text(line, "EW_MATCH_POINTS")
        ew = float(ew_text) if ew_text else None
    except ValueError:
        return []  # none (or not a number): nothing to check
    if result.not_played:
        entry = not_played_entry(result.ns_adjustment, result.ew_adjustment)
    else:
        entry = table_score(result.contract, result.declarer or None, result.tricks,
                            board_vulnerability(board))
    return [FileMatchpoints(board, where, entry, ns, ew)]


def winner_type(event, part, problems):
    """The ranking a file's WINNER_TYPE gives (the part's, else the event's; the event's
    alone for a file read whole into sections, `part` None): 1 one winner, 2 two winners
    (NS and EW ranked apart, as a Mitchell is); missing or 0, one winner."""
    value = (part is not None and text(part, "WINNER_TYPE")) or text(event, "WINNER_TYPE")
    if value in ("", "0", "1"):
        return ONE_WINNER
    if value == "2":
        return TWO_WINNERS
    problems.append(_("EVENT: WINNER_TYPE “%(value)s” is not a ranking; it is 1 (one winner: "
                      "every pair in one list) or 2 (two winners: the NS and the EW pairs "
                      "ranked apart).") % {"value": value[:20]})
    return ONE_WINNER


def line_numbers(pairs, results, problems):
    """(tables, {number: new number}) for a two-winner file: the NS pairs numbered 1 to
    tables and the EW pairs after them, as the ranking by line reads a session
    (Session.in_ns_line). A pair's line is the side it played in the travellers; numbers are
    kept when they already fit, else the EW pairs are numbered after the NS pairs in their
    order. A pair that played both sides has no line: a problem."""
    sides = {}  # {number: (side, board)}: where each pair first played
    for board, ns, ew, _result in results:
        for number, side in ((ns, "NS"), (ew, "EW")):
            first_side, first_board = sides.setdefault(number, (side, board))
            if first_side != side:
                boards = {first_side: first_board, side: board}
                problems.append(_("EVENT: WINNER_TYPE 2 ranks the NS and the EW pairs apart, "
                                  "but pair %(pair)s played North-South on board %(ns)s and "
                                  "East-West on board %(ew)s; give WINNER_TYPE 1 for one "
                                  "ranking.") % {"pair": number, "ns": boards["NS"],
                                                 "ew": boards["EW"]})
                return None, {}
    # A pair listed without results joins the line its number falls in.
    last_ns = max((number for number, (side, _b) in sides.items() if side == "NS"), default=0)
    numbers = sorted(number for number, _players, _where in pairs)
    ns = [n for n in numbers if sides.get(n, ("NS" if n <= last_ns else "EW",))[0] == "NS"]
    ew = [n for n in numbers if n not in ns]
    tables = max(max(ns, default=0), math.ceil(max(ew, default=0) / 2))
    if ew and tables < min(ew):
        return tables, {}
    tables = max(max(ns, default=0), len(ew))
    return tables, {old: tables + index for index, old in enumerate(ew, start=1)}


def session_fields(event, label, name, date, policy, table_name):
    """(problems, (name, day, policy, compensation table)) of the session read: `name` and
    `date` when given, else the event's (its description, with the section's `label` when
    one section of several is read, and its DATE)."""
    problems = []
    if not name:
        name = text(event, "EVENT_DESCRIPTION") or text(event, "TITLE")
        if label:
            name = _("%(event)s, section %(section)s") % {"event": name, "section": label}
    if not date:
        day = text(event, "DATE")
        date = read_date(day)
        if date is None:
            problems.append(_("EVENT: DATE “%(value)s” is not a date (dd/mm/yyyy, dd-mm-yyyy "
                              "or yyyy-mm-dd).") % {"value": day[:20]})
    errors, fields = check_session_fields(
        (name or "")[:SESSION_NAME_MAX_LENGTH], date or datetime.date.today(), policy, table_name)
    return errors + problems, fields


def import_usebio(data, filename="results.xml", *, name=None, date=None, policy="line",
                  table_name="", section=None, user=None, notes=None):
    """Create a finished, free-seating session from a USEBIO file (bytes); `name` and `date`
    replace the file's; `section` chooses one section of a file of several (by its
    SECTION_ID, "2/A" for section A of session 2). Raises ImportFailed listing every
    problem (nothing saved). What was read otherwise than written (an adjusted score mapped
    to the nearest we give) is appended to the list `notes` once the session is saved, for
    the import's report."""
    root = parse_xml(data, filename)
    events = root.findall("EVENT")
    if not events:
        raise ImportFailed([_("%(file)s has no EVENT.") % {"file": filename}])
    if len(events) > 1:
        raise ImportFailed([_("%(file)s holds %(count)s events (EVENT elements); import a "
                              "file of one event.") % {"file": filename,
                                                       "count": len(events)}])
    event = events[0]
    if is_teams_event(event):
        # Imported here: club.io.usebio_teams builds on this module's reading and writing.
        from club.io.usebio_teams import import_usebio_teams
        return import_usebio_teams(root, event, filename, name=name, date=date,
                                   policy=policy, table_name=table_name, section=section,
                                   user=user, notes=notes)
    if individual_event(event):
        # The individual reader builds on this module's, so it is imported where it is used.
        from club.io.usebio_individual import import_individual
        return import_individual(root, event, filename, name=name, date=date, policy=policy,
                                 table_name=table_name, section=section, user=user,
                                 notes=notes)
    check_pairs_event(event)
    part, label = chosen_part(event, section)
    problems, (name, day, policy, table) = session_fields(event, label, name, date, policy,
                                                          table_name)
    ranking = winner_type(event, part, problems)
    read_notes, section_tables = [], ()
    if part is None:
        pairs, results, deals, section_tables = read_sections(root, event, problems,
                                                              read_notes)
        if ranking == TWO_WINNERS:
            # Each section's pairs are numbered across the field: one list per section.
            read_notes.append(_("EVENT: WINNER_TYPE 2 in a file of several sections is read "
                                "as one winner in each section."))
            ranking = ONE_WINNER
    else:
        numbers, pairs = read_pairs(pair_nodes(event, part), problems)
        deals = read_hands(root, part, problems)
        results = read_travellers(part, numbers, deals, problems, read_notes)
    if not results and not problems:
        problems.append(_("%(file)s holds no results (no TRAVELLER_LINE).") % {"file": filename})
    tables = None
    if ranking == TWO_WINNERS and not problems:
        tables, renumbered = line_numbers(pairs, results, problems)
        pairs = [(renumbered.get(n, n), players, where) for n, players, where in pairs]
        results = [(board, renumbered.get(ns, ns), renumbered.get(ew, ew), result)
                   for board, ns, ew, result in results]
    if problems:
        raise ImportFailed(problems)
    boards = {n: Board(number=n, deal=deal, ns_hcp=deal_ns_hcp(deal))
              for n, deal in deals.items()}
    session = save_read_session(name=name, day=day, policy=policy, table=table, pairs=pairs,
                                boards=boards, results=results, user=user, ranking=ranking,
                                tables=tables, section_tables=section_tables)
    if notes is not None:
        notes.extend(read_notes)
    return session
