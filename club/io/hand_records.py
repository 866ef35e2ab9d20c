"""Hand records in: the deals of a session's boards from a PBN file (a dealing program's
output: [Board], [Dealer], [Vulnerable], [Deal] per game) or a BBO LIN file (one `md|` deal
per board). Read with endplay's parsers; every deal is checked by the engine's
`parse_deal` (endplay accepts a deal of 51 cards), and every problem is named by its board.
The records go to club.services.boards.import_deals, which stores them all or nothing.

PBN files are ISO-8859-1 by the standard (2.1, section 2.2); UTF-8 is read too.
"""

import re

from django.utils.translation import gettext as _
from endplay.parsers.lin import LINDecoder
from endplay.parsers.pbn import PBNDecodeError, PBNDecoder
from endplay.types import Deal

from club.io.files import ImportFailed, decode_text
from club.notation import bridge_message
from club.services.boards import DealRecord, import_deals
from club.services.errors import Refused
from scoring.engine import (
    BridgeError,
    Direction,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    format_deal,
    parse_deal,
)

MAX_GAMES = 1000  # far above any session; bounds the work a strange file can cause
UNKNOWN = ("", "?")
# PBN 2.1, section 3.4.10: "Love" and "-" mean none vulnerable, "Both" all.
PBN_VULNERABILITY = {"LOVE": "None", "-": "None", "BOTH": "All"}
# endplay's parsers raise these on text they cannot read (and nothing narrower).
ENDPLAY_ERRORS = (PBNDecodeError, ValueError, RuntimeError, IndexError, KeyError,
                  TypeError, AttributeError)


def read_hand_records(data, filename):
    """[DealRecord] of a PBN or LIN file (bytes or text); ImportFailed listing every problem,
    each naming its board (or line), when the file cannot be imported whole."""
    text = file_text(data, filename)
    if "[" in text and re.search(r"^\s*\[\s*Deal\s", text, re.MULTILINE | re.IGNORECASE):
        records, problems = read_pbn(text, filename)
    elif re.search(r"(^|\|)md\|", text):
        records, problems = read_lin(text, filename)
    else:
        raise ImportFailed([_("%(file)s is not a hand record file: it has no PBN [Deal] tag "
                              "and no LIN md| deal.") % {"file": filename}])
    seen = {}
    for number, record in enumerate(records, start=1):
        if record.board in seen:
            problems.append(_("Board %(board)s is in the file twice (games %(first)s and "
                              "%(second)s).") % {"board": record.board,
                                                 "first": seen[record.board], "second": number})
        seen.setdefault(record.board, number)
    if not records and not problems:
        problems.append(_("%(file)s holds no deals.") % {"file": filename})
    if problems:
        raise ImportFailed(problems)
    return records


def file_text(data, filename):
    """The text of the file: UTF-8, else ISO-8859-1 (the PBN standard's character set)."""
    if isinstance(data, bytes):
        try:
            return decode_text(data, filename)
        except ImportFailed:
            data = data.decode("latin-1")  # never fails: every byte is a character
    return decode_text(data, filename)


def checked_record(board, deal, dealer, vulnerability, problems):
    """A DealRecord, its deal checked by the engine; None (and a problem named by the board)
    when something is wrong."""
    try:
        deal = format_deal(parse_deal(deal))
        dealer = None if dealer in UNKNOWN else Direction.coerce(dealer.strip()).value
        if vulnerability not in UNKNOWN:
            vulnerability = PBN_VULNERABILITY.get(vulnerability.strip().upper(), vulnerability)
            vulnerability = Vulnerability.coerce(vulnerability).value
    except BridgeError as err:
        problems.append(_("Board %(board)s: %(problem)s") % {
            "board": board, "problem": bridge_message(err)})
        return None
    return DealRecord(board, deal, dealer, vulnerability or None)


def board_number(value, where, problems):
    value = (value or "").strip()
    if value.isdigit() and value.isascii() and 1 <= int(value) <= 9999:
        return int(value)
    if not value:
        problems.append(_("%(where)s has no board number.") % {"where": where})
    else:
        problems.append(_("%(where)s: “%(value)s” is not a board number.")
                        % {"where": where, "value": value[:20]})
    return None


# --- PBN ------------------------------------------------------------------------------------

class TagReader(PBNDecoder):
    """endplay's PBN reader (comments, escapes, tables, "#" for an inherited value), keeping
    each game's tags as written: endplay 0.5 drops the [Dealer] of a game without a
    [Contract], and refuses a bad [Deal] before the board can be named."""

    def clear(self):
        super().clear()
        self.previous = {}

    def _tags_to_board(self):
        if not self.curtags:
            return None
        tags = {}
        for key, fields in self.curtags.items():
            value = fields["value"]
            if value == "#":  # PBN 2.1, section 4.8: the previous game's value
                value = self.previous.get(key.lower(), "")
            tags[key.lower()] = value
        self.previous = tags
        return tags


def read_pbn(text, filename):
    """([DealRecord], problems) of a PBN file."""
    try:
        games = TagReader().parse_file(_Lines(text))
    except ENDPLAY_ERRORS as err:
        line = getattr(err, "lineno", None)
        return [], [_("%(file)s is not a PBN file it can read (line %(line)s: %(problem)s).")
                    % {"file": filename, "line": line or "?", "problem": str(err)[:120]}]
    if len(games) > MAX_GAMES:
        return [], [_("%(file)s holds %(count)s deals; at most %(max)s can be imported.")
                    % {"file": filename, "count": len(games), "max": MAX_GAMES}]
    records, problems = [], []
    for index, tags in enumerate(games, start=1):
        where = _("Game %(game)s") % {"game": index}
        deal = text_tag(tags, "deal")
        if not deal.strip():
            if "board" in tags or "deal" in tags:
                number = board_number(text_tag(tags, "board"), where, [])
                problems.append(_("Board %(board)s has no deal.") % {"board": number}
                                if number else _("%(where)s has no deal.") % {"where": where})
            continue  # a game of other tags only (an event header)
        number = board_number(text_tag(tags, "board"), where, problems)
        if number is None:
            continue
        record = checked_record(number, deal, text_tag(tags, "dealer"),
                                text_tag(tags, "vulnerable"), problems)
        if record is not None:
            records.append(record)
    return records, problems


def text_tag(tags, name):
    value = tags.get(name, "")
    return value if isinstance(value, str) else ""


class _Lines:
    """The file object endplay's parse_file reads (it calls readlines())."""

    def __init__(self, text):
        self.text = text

    def readlines(self):
        return self.text.splitlines(keepends=True)


# --- LIN ------------------------------------------------------------------------------------

LIN_DEAL = re.compile(r"(?:^|\|)md\|([^|]*)\|")
LIN_QX = re.compile(r"(?:^|\|)qx\|[oc]?(\d+)")
LIN_VULNERABILITY = {0: "None", 1: "All", 2: "NS", 3: "EW"}  # endplay's Vul: o, b, n, e


def lin_records(text):
    """The text of each board: a record starts at `qx|` (BBO's board marker) when the file
    has them, else each line is one board (endplay's own file reader splits only at `pn|`,
    which hand records may not have)."""
    text = text.replace("\r", "")
    if re.search(r"(^|\|)qx\|", text):
        text = text.replace("\n", "")
        return [part for part in re.split(r"(?=(?:^|(?<=\|))qx\|)", text) if "md|" in part]
    return [line for line in text.split("\n") if "md|" in line]


def read_lin(text, filename):
    """([DealRecord], problems) of a LIN file: the md| deal of each board, its dealer, the
    sv| vulnerability and the board number of ah|Board N| (or of qx|o1|)."""
    records, problems = [], []
    parts = lin_records(text)
    if len(parts) > MAX_GAMES:
        return [], [_("%(file)s holds %(count)s deals; at most %(max)s can be imported.")
                    % {"file": filename, "count": len(parts), "max": MAX_GAMES}]
    for index, part in enumerate(parts, start=1):
        where = _("Deal %(index)s") % {"index": index}
        try:
            board = LINDecoder().parse_line(part)
            md = LIN_DEAL.search(part).group(1)
            # BBO leaves out the fourth hand; a deal giving all four is taken as written.
            hands = md[1:].split(",") if md[:1] in "1234" else md.split(",")
            complete = len([hand for hand in hands if hand]) < 4
            deal = Deal.from_lin(md, complete_deal=complete).to_pbn()
        except ENDPLAY_ERRORS as err:
            problems.append(_("%(where)s: endplay cannot read it (%(problem)s).")
                            % {"where": where, "problem": str(err)[:120]})
            continue
        number = board.board_num
        if number is None:
            found = LIN_QX.search(part)
            number = int(found.group(1)) if found else None
        if number is None or not 1 <= number <= 9999:
            problems.append(_("%(where)s has no board number (ah|Board N| or qx|o1|).")
                            % {"where": where})
            continue
        dealer = board.dealer.abbr if board.dealer is not None else ""
        vulnerability = "" if board.vul is None else LIN_VULNERABILITY[int(board.vul)]
        record = checked_record(number, deal, dealer, vulnerability, problems)
        if record is not None:
            records.append(record)
    return records, problems


# --- import ---------------------------------------------------------------------------------

def import_hand_records(session_id, data, filename):
    """Read a hand record file and give the session's boards its deals (all or nothing).
    Returns the records of the boards whose dealer or vulnerability in the file differ from
    their number's (kept as overrides); ImportFailed otherwise."""
    records = read_hand_records(data, filename)
    try:
        overridden = import_deals(session_id, records)
    except Refused as err:
        raise ImportFailed(err.messages) from None
    by_board = {record.board: record for record in records}
    return [by_board[number] for number in overridden]


def override_message(record):
    """What the file changed on a board: its dealer and/or vulnerability, kept as overrides."""
    parts = []
    if record.dealer and record.dealer != board_dealer(record.board).value:
        parts.append(_("dealer %(file)s instead of %(standard)s") % {
            "file": record.dealer, "standard": board_dealer(record.board).value})
    if record.vulnerability and record.vulnerability != board_vulnerability(record.board).value:
        parts.append(_("vulnerability %(file)s instead of %(standard)s") % {
            "file": record.vulnerability,
            "standard": board_vulnerability(record.board).value})
    return _("Board %(board)s: the file gives %(changes)s; kept as an override.") % {
        "board": record.board, "changes": ", ".join(parts)}
