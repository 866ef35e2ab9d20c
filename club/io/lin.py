"""BBO LIN hand records in: one `md|` deal per board, read with endplay's LIN parser, each
deal checked by the engine (club.io.files.checked_record) and named by its board."""

import re

from django.utils.translation import gettext as _

from club.io.files import ENDPLAY_ERRORS, checked_record, too_many_deals

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
    parts = lin_records(text)
    if problem := too_many_deals(filename, len(parts)):
        return [], [problem]
    problems = []
    records = [record for _where, _board, record, _part in lin_boards(parts, problems)]
    return records, problems


def lin_boards(parts, problems):
    """[(where, endplay Board, DealRecord, the record's text)] of the LIN records
    (lin_records) whose deal and board number can be read; the others are named in
    `problems`."""
    # Imported here: endplay costs about a second to import (scoring.engine.analysis).
    from endplay.parsers.lin import LINDecoder
    from endplay.types import Deal

    found = []
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
            found_qx = LIN_QX.search(part)
            number = int(found_qx.group(1)) if found_qx else None
        if number is None or not 1 <= number <= 9999:
            problems.append(_("%(where)s has no board number (ah|Board N| or qx|o1|).")
                            % {"where": where})
            continue
        dealer = board.dealer.abbr if board.dealer is not None else ""
        vulnerability = "" if board.vul is None else LIN_VULNERABILITY[int(board.vul)]
        record = checked_record(number, deal, dealer, vulnerability, problems)
        if record is not None:
            found.append((where, board, record, part))
    return found
