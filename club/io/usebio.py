"""A session as a USEBIO 1.2 results file (the XML that club scoring programs and national
bodies exchange). USEBIO has no event type for compensation scoring; the nearest is a
Butler pairs event, where each result is compared with a datum and the difference turned
into IMPs: here the datum is the compensation the HCP expect. So the file says
EVENT_TYPE="BUTLER_PAIRS" with BUTLER_IMPS scoring, each traveller line carries the
compensation IMPs as NS_BUTLER_POINTS / EW_BUTLER_POINTS, and a board whose results all owe
the same compensation carries it as BOARD_AVERAGE (the NS datum). A board not played has no
CONTRACT and the artificial score as USEBIO writes one, "A60A40" (Average plus 60%,
Average 50%, Average minus 40%, Law 12C2). The hands are in HANDSET. Reading such files is
club.io.usebio_read.
"""

import xml.etree.ElementTree as ET

from django.conf import settings

from club.models import Result
from club.queries import pair_entries, session_pairs
from scoring.engine import compute_standings, parse_deal

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
EVENT_TYPE = "BUTLER_PAIRS"
SCORING_METHOD = "BUTLER_IMPS"
PROGRAM_NAME = "moscow-bridge-club"
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_ELEMENTS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")  # a PBN hand's order
# The percentage of an artificial adjusted score in a pairs event (Law 12C2).
ADJUSTED_PERCENT = {"ave+": 60, "ave": 50, "ave-": 40}


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
    standings = compute_standings(
        pair_entries(session, pairs),
        [(r.ns_pair_id, r.ew_pair_id, r.ns_imps, r.ew_imps) for r in results])
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = element(root, "CLUB")
    element(club, "CLUB_NAME", getattr(settings, "CLUB_NAME", ""))
    event = element(root, "EVENT", EVENT_TYPE=EVENT_TYPE)
    element(event, "EVENT_DESCRIPTION", session.name)
    element(event, "PROGRAM_NAME", PROGRAM_NAME)
    element(event, "DATE", session.date.strftime("%d/%m/%Y"))
    element(event, "BOARD_SCORING_METHOD", SCORING_METHOD)
    element(event, "WINNER_TYPE", 1)  # NS and EW ranked together
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
