"""Hand records in: the deals of a session's boards from a PBN file (club.io.pbn: a dealing
program's output) or a BBO LIN file (club.io.lin), told apart by what they hold. Every deal
is checked and every problem named by its board; the records go to
club.services.boards.import_deals, which stores them all or nothing.

PBN files are ISO-8859-1 by the standard (2.1, section 2.2); UTF-8 is read too.
"""

import re

from django.utils.translation import gettext as _

from club.io.files import ImportFailed, decode_text
from club.io.lin import read_lin
from club.io.pbn import read_pbn
from club.services.boards import import_deals
from club.services.errors import Refused
from scoring.engine import board_dealer, board_vulnerability


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


def import_hand_records(session_id, data, filename, *, foreground=False, progress=None):
    """Read a hand record file and give the session's boards its deals (all or nothing;
    the analysis follows as import_deals runs it). Returns what the director should check,
    one message a line (the boards whose dealer or vulnerability in the file differ from
    their number's, kept as overrides; the file's boards left out; the session's boards
    the file has no deal for) and the analysis job. ImportFailed otherwise."""
    records = read_hand_records(data, filename)
    try:
        imported = import_deals(session_id, records, foreground=foreground,
                                progress=progress)
    except Refused as err:
        raise ImportFailed(err.messages) from None
    by_board = {record.board: record for record in records}
    to_check = [override_message(by_board[number]) for number in imported.overrides]
    return to_check + imported.messages(), imported.job


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
