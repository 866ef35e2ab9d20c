"""Reading uploaded files: text decoding, CSV rows, the import error that lists every
problem found, and each deal of a hand record file checked (PBN and LIN alike). Shared by
the readers of this package."""

import codecs
import csv
import io

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.notation import bridge_message
from club.services.boards import DealRecord
from club.services.imports import player_key
from scoring.engine import BridgeError, Direction, Vulnerability, format_deal, parse_deal

MAX_LISTED = 300  # a file of 100,000 bad lines still gives a page that can be read
MAX_GAMES = 1000  # deals in a hand record file: far above any session; bounds the work
UNKNOWN = ("", "?")  # a dealer or vulnerability a hand record file leaves open
# endplay's parsers raise these on text they cannot read (and nothing narrower); its
# PBNDecodeError is a ValueError (named here, endplay would be imported with every reader).
ENDPLAY_ERRORS = (ValueError, RuntimeError, IndexError, KeyError, TypeError, AttributeError)


class ImportFailed(Exception):
    """The files cannot be imported; `errors` lists the problems found (translated text):
    the first MAX_LISTED of them and a count of the rest. `total` counts them all."""

    def __init__(self, errors):
        errors = list(errors)
        self.total = len(errors)
        if self.total > MAX_LISTED:
            rest = self.total - MAX_LISTED
            errors = errors[:MAX_LISTED] + [ngettext(
                "… and %(count)s more problem.", "… and %(count)s more problems.", rest)
                % {"count": rest}]
        self.errors = errors
        super().__init__("\n".join(self.errors))


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


def check_pair_players(pairs, where, once=True):
    """Errors for a player named twice in a pair or (with `once`) in two pairs of the
    session.

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
        for spec in players if once else ():
            key = player_key(spec)
            if key in seen:
                errors.append(_("%(where)s: %(name)s already plays in pair %(other)s; a "
                                "player can be in only one pair of a session.")
                              % {"where": where(line), "name": spec[0], "other": seen[key]})
            else:
                seen[key] = number
    return errors


# --- hand records: one deal of a PBN or LIN file -------------------------------------------

def too_many_deals(filename, count):
    """The problem of a file holding more than MAX_GAMES deals, else None."""
    if count > MAX_GAMES:
        return ngettext("%(file)s holds %(count)s deal; at most %(max)s can be imported.",
                        "%(file)s holds %(count)s deals; at most %(max)s can be imported.",
                        count) % {
            "file": filename, "count": count, "max": MAX_GAMES}
    return None


def checked_record(board, deal, dealer, vulnerability, problems):
    """A DealRecord, its deal checked by the engine; None (and a problem named by the board)
    when something is wrong."""
    try:
        deal = format_deal(parse_deal(deal))
        dealer = None if dealer in UNKNOWN else Direction.coerce(dealer.strip()).value
        if vulnerability not in UNKNOWN:
            vulnerability = Vulnerability.coerce(vulnerability).value
    except BridgeError as err:
        problems.append(_("Board %(board)s: %(problem)s") % {
            "board": board, "problem": bridge_message(err)})
        return None
    return DealRecord(board, deal, dealer, vulnerability or None)
