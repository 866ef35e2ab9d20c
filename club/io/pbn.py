"""PBN files (Portable Bridge Notation 2.1): a session's deals written as one, and hand
records read from one.

Writing: one game per board with the mandatory tags in the standard's order (Event, Site,
Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer,
Contract, Result), the double-dummy analysis (OptimumScore, OptimumResultTable) and, for
the results download, every table's result in a ScoreTable. The players' tags are empty:
each table had other players. The file is UTF-8 (the standard's ISO-8859-1 cannot write
Cyrillic names).

Reading: a dealing program's output ([Board], [Dealer], [Vulnerable], [Deal] per game), read
with endplay's PBN parser; each deal is checked by the engine (club.io.files.checked_record:
endplay accepts a deal of 51 cards) and every problem is named by its board. A file's
characters: club.io.hand_records.
"""

import re
from functools import cache
from typing import NamedTuple

from django.utils.translation import gettext as _

from club.io.files import (
    ENDPLAY_ERRORS,
    UNKNOWN,
    ImportFailed,
    checked_record,
    too_many_deals,
)
from club.models import Result
from scoring.engine import Strain
from scoring.engine.analysis import SEATS, DoubleDummy

SCORE_COLUMNS = ("Table\\2R;Round\\2R;PairId_NS\\3R;PairId_EW\\3R;Contract\\5L;Declarer\\1R;"
                 "Result\\2R;Score_NS\\5R;Score_EW\\5R;IMP_NS\\3R;IMP_EW\\3R")
OPTIMUM_COLUMNS = "Declarer;Denomination\\2R;Result\\2R"
OPTIMUM_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)
# PBN 2.1, section 3.4.10: "Love" and "-" mean none vulnerable, "Both" all.
PBN_VULNERABILITY = {"LOVE": "None", "-": "None", "BOTH": "All"}


# --- writing --------------------------------------------------------------------------------

def quoted(value):
    """A tag value between quotes; a quote inside is escaped (PBN 2.1 section 2.4). A
    backslash is written as it is, as in the column specifications ("Table\\2R")."""
    text = str(value).replace('"', '\\"')
    return f'"{text}"'


def tag(name, value):
    return f"[{name} {quoted(value)}]"


def session_pbn(session, results=True, only_boards=None):
    """The PBN text of a session: every board with a deal (and, with `results`, every board
    with results) in board order; only the board numbers in `only_boards` when given (the
    public boards of a session in play). Three queries whatever the size of the session."""
    boards = [board for board in session.boards.order_by("number")
              if only_boards is None or board.number in only_boards]
    by_board = {}
    numbers = {}
    if results:
        numbers = dict(session.pairs.values_list("id", "number"))
        for result in Result.objects.filter(board__session=session).order_by():
            by_board.setdefault(result.board_id, []).append(result)
    lines = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8",
             "%Creator: moscow-bridge-club", ""]
    for board in boards:
        board.session = session
        rows = by_board.get(board.id, [])
        if not board.deal and not rows:
            continue
        lines += game(session, board, rows, numbers)
        lines.append("")
    return "\n".join(lines) + "\n"


def game(session, board, results, numbers):
    """The lines of one board's game."""
    lines = [
        tag("Event", session.name),
        tag("Site", ""),
        tag("Date", session.date.strftime("%Y.%m.%d")),
        tag("Board", board.number),
        tag("West", ""), tag("North", ""), tag("East", ""), tag("South", ""),
        tag("Dealer", board.dealer.value),
        tag("Vulnerable", board.vulnerability.value),
        tag("Deal", board.deal),
        tag("Scoring", "IMP"),
        tag("Declarer", ""), tag("Contract", ""), tag("Result", ""),
    ]
    if board.double_dummy:
        lines.append(tag("OptimumScore", f"NS {board.par_score}"))
        table = DoubleDummy.from_text(board.double_dummy)
        lines.append(tag("OptimumResultTable", OPTIMUM_COLUMNS))
        lines += [f"{seat.value} {strain.value:>2} {table.tricks_for(strain, seat):>2}"
                  for seat in SEATS for strain in OPTIMUM_STRAINS]
    if results:
        lines.append(tag("ScoreTable", SCORE_COLUMNS))
        rows = sorted(results, key=lambda r: (r.table is None, r.table or 0,
                                              numbers[r.ns_pair_id]))
        lines += [score_row(result, numbers) for result in rows]
    return lines


def score_row(result, numbers):
    """One ScoreTable line: the result that was scored (an assigned result replaces the
    table's), the table score on the side that earned it and each side's IMPs. A board
    not played has no contract and no score ("-", PBN's "no value"): only its IMPs."""
    contract, declarer, tricks = result.scored_result
    score = result.ns_score
    ns_score, ew_score = (str(score), "-") if score >= 0 else ("-", str(-score))
    if result.not_played:
        played, ns_score, ew_score = ["-", "-", "-"], "-", "-"
    elif contract is None:
        played = ["Pass", "-", "-"]
    else:
        played = [contract.ascii, declarer, str(tricks)]
    cells = [str(result.table or "-"), str(result.round or "-"),
             str(numbers[result.ns_pair_id]), str(numbers[result.ew_pair_id]),
             *played, ns_score, ew_score, str(result.ns_imps), str(result.ew_imps)]
    return " ".join(cells)


# --- reading --------------------------------------------------------------------------------

@cache
def tag_reader():
    """The reader's class, made on first use: importing endplay costs about a second
    (scoring.engine.analysis), which only a process reading a PBN file should pay."""
    from endplay.parsers.pbn import PBNDecoder

    class TagReader(PBNDecoder):
        """endplay's PBN reader (comments, escapes, tables, "#" for an inherited value),
        keeping each game's tags as written: endplay 0.5 drops the [Dealer] of a game
        without a [Contract], and refuses a bad [Deal] before the board can be named."""

        def clear(self):
            super().clear()
            self.previous = {}

        def _parse_conttable(self, curline):
            # endplay splits a row at every space; a string token ("Anna Petrova;Boris
            # Ivanov") is one element (PBN 2.1, section 5.1). Rows keep their line number.
            if curline and not curline.startswith("["):
                self.curtags[self.curtag]["data"].append((self.lineno, table_tokens(curline)))
                return False
            return super()._parse_conttable(curline)

        def _tags_to_board(self):
            if not self.curtags:
                return None
            tags = {}
            for key, fields in self.curtags.items():
                value = fields["value"]
                if value == "#":  # PBN 2.1, section 4.8: the previous game's value
                    value = self.previous.get(key.lower(), "")
                if isinstance(value, list):  # a table: its column names, then its rows
                    value = Table([column if isinstance(column, str) else column["name"]
                                   for column in value], fields["data"])
                tags[key.lower()] = value
            self.previous = tags
            return tags

    return TagReader


class Table(NamedTuple):
    """A table section (ScoreTable, TotalScoreTable...): its column names as written
    (without width or order marks) and its rows, each (line number, [elements])."""

    columns: list
    rows: list


# A string token in double quotes (\" and \\ escaped inside) or a run without spaces.
TABLE_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


def table_tokens(line):
    """The elements of a table row: quoted string tokens unquoted, the rest split at
    spaces."""
    tokens = []
    for found in TABLE_TOKEN.finditer(line):
        quoted, bare = found.groups()
        tokens.append(bare if bare is not None else re.sub(r"\\(.)", r"\1", quoted))
    return tokens


def pbn_games(text, filename):
    """The games of a PBN file, each {tag name in lower case: value or Table}, with "#"
    replaced by the previous game's value; ImportFailed when endplay cannot read it."""
    try:
        return tag_reader()().parse_file(_Lines(text))
    except ENDPLAY_ERRORS as err:
        line = getattr(err, "lineno", None)
        raise ImportFailed([_("%(file)s is not a PBN file it can read (line %(line)s: "
                              "%(problem)s).") % {"file": filename, "line": line or "?",
                                                  "problem": str(err)[:120]}]) from None


def read_pbn(text, filename):
    """([DealRecord], problems) of a PBN file."""
    try:
        games = pbn_games(text, filename)
    except ImportFailed as err:
        return [], err.errors
    if problem := too_many_deals(filename, len(games)):
        return [], [problem]
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
                                vulnerability(text_tag(tags, "vulnerable")), problems)
        if record is not None:
            records.append(record)
    return records, problems


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


def vulnerability(value):
    """A [Vulnerable] tag in the engine's words: PBN 2.1 also writes "Love" or "-" for
    none vulnerable and "Both" for all."""
    if value in UNKNOWN:
        return value
    return PBN_VULNERABILITY.get(value.strip().upper(), value)


def text_tag(tags, name):
    value = tags.get(name, "")
    return value if isinstance(value, str) else ""


class _Lines:
    """The file object endplay's parse_file reads (it calls readlines())."""

    def __init__(self, text):
        self.text = text

    def readlines(self):
        return self.text.splitlines(keepends=True)
