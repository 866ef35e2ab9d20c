"""A whole session from a PBN results file: the deals and the travellers that club scorers
and online platforms publish (BridgeWebs, Ruter, JFR Pary, KOPS, BBO), scored again by our
rules with the HCP taken from the deals.

PBN 2.1 (section 5) writes each board's results as a table under its game, `[ScoreTable
"col1\\w;col2\\w;..."]` followed by one row per table, and may add a `[TotalScoreTable]` of
the pairs. Each program writes its own set of columns, so columns are found by name, in any
order, and the ones we do not use are ignored:

- ScoreTable: PairId_NS, PairId_EW (needed), Names_NS, Names_EW, Contract, Declarer,
  Result (tricks, or "=", "+1", "-2"), Score_NS, Score_EW, Percentage_NS, Percentage_EW
  (only for a board not played), Lead. Table, Round, Rank, IMP_*, MP_* and the rest are
  not needed: the session is free seating and the results are scored here.
- TotalScoreTable: PairId, Names, and Direction when NS and EW pairs share numbers.
- Game tags: Event and Date (the session's, unless given), Board, Deal, Dealer, Vulnerable
  (a dealer or vulnerability other than the board number's is kept as an override),
  Competition (only pairs events are read); every other tag is ignored.

A pair is its PairId; in a Mitchell numbered per direction (NS 1 and EW 1 are two pairs:
a row where a pair meets itself, a pair twice on one board, or a TotalScoreTable with a
Direction column tell it) the NS pairs keep their numbers and the EW pairs follow the
highest NS number. Names are "player;player" (the standard) or two names joined by " - ",
" & ", "/" or " and ". A row with "-" for one pair is a sit-out and is skipped. A board not
played has no contract ("", "-" or "?") and an artificial score in Score_NS/Score_EW:
NS's then EW's percentage ("A60A40", "A6040"), the director's shorthand ("AVE+", "A+/A-"),
a percentage ("60%"), each maybe after PBN's "^" for an artificial score; without any,
the row's Percentage_NS/Percentage_EW. Percentages are read as the nearest of Average
plus (60), Average (50) and Average minus (40), with a note. A file's scores are checked
against our scoring of the same result. Every problem names the board, the file's line and
the column; then nothing is saved.
"""

import datetime
import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.io.archive_schema import LEAD
from club.io.files import ImportFailed, check_pair_players, checked_record
from club.io.hand_records import file_text
from club.io.method_checks import FileMatchpoints, matchpoint_notes, not_played_entry
from club.io.pbn import Table, board_number, pbn_games, text_tag, vulnerability
from club.io.results_csv import (
    MAX_BOARD,
    MAX_LINES,
    SESSION_NAME_MAX_LENGTH,
    check_session_fields,
    deal_board,
    save_read_session,
)
from club.io.usebio import (
    ADJUSTED_PERCENT,
    ADJUSTED_SCORE,
    PERCENT,
    SEAT_WORDS,
    adjustment,
    pair_numbers,
    percent_text,
    read_contract,
    read_tricks,
)
from club.models import Result
from club.models.players import NAME_MAX_LENGTH
from club.schedule import MAX_PAIRS, MAX_TABLES, listing
from club.services.scoring import table_score
from scoring.engine import (
    BridgeError,
    Vulnerability,
    board_vulnerability,
    looks_adjusted,
    parse_adjusted,
)

NOT_GIVEN = ("", "-", "?")  # PBN 2.1: "-" an irrelevant element, "?" an unknown one
NOT_PAIRS = ("individuals", "teams")  # the other values of [Competition]
DIRECTIONS = {"NS": "NS", "N-S": "NS", "N": "NS", "EW": "EW", "E-W": "EW", "E": "EW"}
# The two players of a pair: "A;B" (PBN 2.1), else "A - B", "A – B", "A & B", "A/B", "A and B".
NAME_SEPARATORS = (re.compile(r";"), re.compile(r"\s+[-–—]\s+"), re.compile(r"&"),
                   re.compile(r"/"), re.compile(r"\s+and\s+", re.IGNORECASE))
SCORE = re.compile(r"[+-]?\d+")
COLUMN_NAMES = {"score_ns": "Score_NS", "score_ew": "Score_EW"}  # as messages name them
PBN_DATE = re.compile(r"(\d{4})[.-](\d\d)[.-](\d\d)")


class Row:
    """One ScoreTable row: its board, the file's line and its cells by column name (lower
    case)."""

    def __init__(self, board, line, cells):
        self.board, self.line, self.cells = board, line, cells

    def get(self, column):
        return self.cells.get(column, "").strip()

    @property
    def where(self):
        return _("Board %(board)s, line %(line)s") % {"board": self.board, "line": self.line}


def column_key(name):
    """A column's name as the aliases know it: lower case, without "_", "-", "." or spaces
    ("PairId_NS", "Pair-Id NS" and "pairidns" are one name)."""
    return re.sub(r"[\s_.\-]", "", name).lower()


# The columns the reader uses, each under the name it reads it by (the PBN 2.1 name in lower
# case), with the other spellings scorers write for it. Any other column is ignored.
SCORE_COLUMNS = {
    "pairid_ns": ("PairId_NS", "Pair_NS", "NS_Pair", "NS_PairId", "PairNo_NS",
                  "PairNumber_NS", "NS_PairNo"),
    "pairid_ew": ("PairId_EW", "Pair_EW", "EW_Pair", "EW_PairId", "PairNo_EW",
                  "PairNumber_EW", "EW_PairNo"),
    "names_ns": ("Names_NS", "Name_NS", "Players_NS", "NS_Names", "NS_Players"),
    "names_ew": ("Names_EW", "Name_EW", "Players_EW", "EW_Names", "EW_Players"),
    "contract": ("Contract", "Contr", "Kontrakt"),
    "declarer": ("Declarer", "Decl", "By", "Declarer_Direction"),
    "result": ("Result", "Tricks", "Tricks_Taken"),
    "score_ns": ("Score_NS", "NS_Score", "Points_NS", "NS_Points"),
    "score_ew": ("Score_EW", "EW_Score", "Points_EW", "EW_Points"),
    "percentage_ns": ("Percentage_NS", "Percent_NS", "Pct_NS", "NS_Percentage", "NS_Pct"),
    "percentage_ew": ("Percentage_EW", "Percent_EW", "Pct_EW", "EW_Percentage", "EW_Pct"),
    "lead": ("Lead", "Lead_Card", "Opening_Lead"),
    "mp_ns": ("MP_NS", "MatchPoints_NS", "NS_MP"),
    "mp_ew": ("MP_EW", "MatchPoints_EW", "EW_MP"),
}
TOTAL_COLUMNS = {
    "pairid": ("PairId", "Pair", "PairNo", "PairNumber"),
    "names": ("Names", "Name", "Players"),
    "direction": ("Direction", "Line", "Dir"),
}
# A ScoreTable cannot be read without these: the pairs, and what each table played.
REQUIRED_COLUMNS = ("pairid_ns", "pairid_ew", "contract", "declarer")


def column_names(aliases):
    """{column_key of every spelling: the name the reader uses}."""
    return {column_key(spelling): name for name, spellings in aliases.items()
            for spelling in spellings}


SCORE_NAMES, TOTAL_NAMES = column_names(SCORE_COLUMNS), column_names(TOTAL_COLUMNS)


def read_columns(table, names, where, problems):
    """The name the reader uses for each of a table's columns (a column it does not use
    keeps its own, in lower case), or None after naming two columns that give one value."""
    found, written = [], {}
    for column in table.columns:
        name = names.get(column_key(column), column.lower())
        if name in written and name in names.values():
            problems.append(_("%(where)s: the columns %(first)s and %(second)s give the same "
                              "value; a table has one of them.")
                            % {"where": where, "first": written[name], "second": column})
            return None
        written[name] = column
        found.append(name)
    return found


def missing_columns(columns, where):
    """The problem of a ScoreTable without a column the reader needs, naming it and its
    other spellings, else None."""
    missing = [name for name in REQUIRED_COLUMNS if name not in columns]
    if "result" not in columns and "score_ns" not in columns and "score_ew" not in columns:
        missing.append("result")
    if not missing:
        return None
    return ngettext(
        "%(where)s: the ScoreTable has no %(columns)s column; it needs PairId_NS, PairId_EW, "
        "Contract, Declarer, and Result or Score_NS/Score_EW (accepted spellings: "
        "%(spellings)s).",
        "%(where)s: the ScoreTable has no %(columns)s columns; it needs PairId_NS, "
        "PairId_EW, Contract, Declarer, and Result or Score_NS/Score_EW (accepted "
        "spellings: %(spellings)s).", len(missing)) % {
        "where": where, "columns": listing([SCORE_COLUMNS[name][0] for name in missing]),
        "spellings": "; ".join(", ".join(SCORE_COLUMNS[name]) for name in missing)}


def table_rows(table, columns, where, problems):
    """[(line, {column name: element})] of a table whose columns the reader names
    `columns` (read_columns); a row with another number of elements than the table has
    columns is a problem."""
    rows = []
    for line, elements in table.rows:
        if len(elements) != len(columns):
            problems.append(_("%(where)s, line %(line)s: the row has %(count)s elements for "
                              "the %(columns)s columns of the table (a value with spaces, "
                              "such as a name, is written in double quotes).")
                            % {"where": where, "line": line, "count": len(elements),
                               "columns": len(columns)})
            continue
        rows.append((line, dict(zip(columns, elements, strict=True))))
    return rows


def read_games(games, problems):
    """(records {board: DealRecord}, [Row], TotalScoreTable rows, [Event], [Date]) of the
    file's games."""
    records, rows, total, event, day = {}, [], [], "", ""
    boards_seen = set()
    for index, tags in enumerate(games, start=1):
        where = _("Game %(game)s") % {"game": index}
        competition = text_tag(tags, "competition").strip().lower()
        if competition in NOT_PAIRS:
            raise ImportFailed([_("%(where)s: [Competition \"%(value)s\"] is not a pairs "
                                  "event; only pairs events can be imported.")
                                % {"where": where, "value": text_tag(tags, "competition")}])
        event = event or text_tag(tags, "event").strip()
        day = day or text_tag(tags, "date").strip()
        if isinstance(tags.get("totalscoretable"), Table) and not total:
            columns = read_columns(tags["totalscoretable"], TOTAL_NAMES, "TotalScoreTable",
                                   problems)
            if columns is not None:
                total = table_rows(tags["totalscoretable"], columns, "TotalScoreTable",
                                   problems)
        scores = tags.get("scoretable")
        deal = text_tag(tags, "deal").strip()
        if not isinstance(scores, Table) and not deal:
            continue  # an event header, or a game of other tags
        number = board_number(text_tag(tags, "board"), where, problems)
        if number is None:
            continue
        board_where = _("Board %(board)s") % {"board": number}
        if not 1 <= number <= MAX_BOARD:
            problems.append(_("%(where)s: board numbers go from 1 to %(max)s.")
                            % {"where": board_where, "max": MAX_BOARD})
            continue
        if number in boards_seen:
            problems.append(_("%(where)s is in the file twice.") % {"where": board_where})
            continue
        boards_seen.add(number)
        if deal:
            record = checked_record(number, deal, text_tag(tags, "dealer"),
                                    vulnerability(text_tag(tags, "vulnerable")), problems)
            if record is not None:
                records[number] = record
        if isinstance(scores, Table):
            columns = read_columns(scores, SCORE_NAMES, board_where, problems)
            if columns is None:
                continue
            if problem := missing_columns(columns, board_where):
                problems.append(problem)
                continue
            rows += [Row(number, line, cells)
                     for line, cells in table_rows(scores, columns, board_where, problems)]
    return records, rows, total, event, day


def sits_out(row):
    """A row with no pair on one side (PBN's "-"): a sit-out, no result."""
    return row.get("pairid_ns") in NOT_GIVEN or row.get("pairid_ew") in NOT_GIVEN


def per_direction(rows, total):
    """Whether NS and EW pairs are numbered apart (a Mitchell: NS 1 and EW 1 are two pairs):
    the TotalScoreTable has a Direction column, a row has one number on both sides, or a
    number plays a board twice."""
    if total and "direction" in total[0][1]:
        return True
    seen = set()
    for row in rows:
        ns, ew = row.get("pairid_ns"), row.get("pairid_ew")
        if ns == ew or (row.board, ns) in seen or (row.board, ew) in seen:
            return True
        seen |= {(row.board, ns), (row.board, ew)}
    return False


def pair_keys(rows, apart):
    """{(direction or "", pair id): pair number} of the pairs in the rows."""
    if not apart:
        ids = [row.get(column) for row in rows for column in ("pairid_ns", "pairid_ew")]
        return {("", pair_id): number for pair_id, number in pair_numbers(ids).items()}
    ns = pair_numbers([row.get("pairid_ns") for row in rows])
    ew = pair_numbers([row.get("pairid_ew") for row in rows])
    offset = max(ns.values())
    return {**{("NS", pair_id): number for pair_id, number in ns.items()},
            **{("EW", pair_id): number + offset for pair_id, number in ew.items()}}


def split_names(text):
    """The two players' names of a Names element, or None."""
    text = " ".join(text.split())
    for separator in NAME_SEPARATORS:
        parts = [part.strip() for part in separator.split(text)]
        if len(parts) == 2 and all(parts):
            return parts
    return None


def read_pairs(rows, total, apart, problems):
    """({(direction, id): number}, [(number, [(name, ""), (name, "")], where)])."""
    keys = pair_keys(rows, apart)
    names = {}
    for row in rows:
        for side in ("NS", "EW"):
            written = row.get(f"names_{side.lower()}")
            if written not in NOT_GIVEN:
                names.setdefault((side if apart else "", row.get(f"pairid_{side.lower()}")),
                                 (written, row.where + f", Names_{side}"))
    for line, cells in total:
        pair_id, written = cells.get("pairid", "").strip(), cells.get("names", "").strip()
        side = DIRECTIONS.get(cells.get("direction", "").strip().upper(), "") if apart else ""
        if written not in NOT_GIVEN:
            where = _("TotalScoreTable, line %(line)s") % {"line": line}
            names.setdefault((side, pair_id), (written, where))
    beyond = [" ".join(reversed(key)).strip()  # as the file names them: "99 EW"
              for key, number in sorted(keys.items(), key=lambda item: item[1])
              if number > MAX_PAIRS]
    if beyond:
        problems.append(ngettext("Pair %(pairs)s: pair numbers go from 1 to %(max)s (a "
                                 "session has at most %(tables)s tables of two pairs).",
                                 "Pairs %(pairs)s: pair numbers go from 1 to %(max)s (a "
                                 "session has at most %(tables)s tables of two pairs).",
                                 len(beyond))
                        % {"pairs": listing(beyond), "max": MAX_PAIRS, "tables": MAX_TABLES})
        return keys, []
    pairs = []
    for key, number in sorted(keys.items(), key=lambda item: item[1]):
        where = _("Pair %(pair)s") % {"pair": key[1]} if not apart else \
            _("Pair %(pair)s %(direction)s") % {"pair": key[1], "direction": key[0]}
        written, found_at = names.get(key, ("", ""))
        players = split_names(written) if written else None
        if not written:
            problems.append(_("%(where)s: the file gives no names (Names_NS or Names_EW in a "
                              "ScoreTable, or Names in a TotalScoreTable, with Direction when "
                              "NS and EW pairs share numbers); each pair needs its two "
                              "players.") % {"where": where})
        elif players is None:
            problems.append(_("%(where)s: “%(names)s” is not two players' names; write them "
                              "as “name;name” (or joined by “ - ”, “&”, “/” or “and”).")
                            % {"where": found_at, "names": written[:80]})
        elif any(len(name) > NAME_MAX_LENGTH for name in players):
            problems.append(_("%(where)s: a player's name has at most %(max)s characters.")
                            % {"where": found_at, "max": NAME_MAX_LENGTH})
        else:
            pairs.append((number, [(name, "") for name in players], where))
    problems += check_pair_players(pairs, lambda where: where)
    return keys, pairs


def artificial(value):
    """A score element without PBN's "^" mark for an artificial score."""
    return value.removeprefix("^").strip()


def read_adjusted(row, contract_given, problems, notes):
    """(NS adjustment, EW adjustment) of a row's artificial score, None without one; False
    after naming a problem."""
    values = {column: artificial(row.get(column)) for column in ("score_ns", "score_ew")}
    for value in values.values():
        found = ADJUSTED_SCORE.fullmatch(value)
        if found:
            return nearest(row, tuple(int(percent) for percent in found.groups()), notes)
    words = {column: value for column, value in values.items() if looks_adjusted(value)}
    try:
        if len(words) == 2:
            return (parse_adjusted(words["score_ns"]).ns, parse_adjusted(words["score_ew"]).ns)
        if words:
            return tuple(parse_adjusted(*words.values()))
    except BridgeError:
        column, value = next(iter(words.items()))
        problems.append(bad_adjusted(row, column, value))
        return False
    percents = [PERCENT.fullmatch(value) for value in values.values()]
    if any(percents):
        ns, ew = (float(found.group(1)) if found else None for found in percents)
        for (column, value), percent in zip(values.items(), (ns, ew), strict=True):
            if percent is not None and percent > 100:
                problems.append(bad_adjusted(row, column, value))
                return False
        return nearest(row, (100 - ew if ns is None else ns, 100 - ns if ew is None else ew),
                       notes)
    for column, value in values.items():
        if value[:1] in ("A", "a") or (row.get(column).startswith("^") and value):
            problems.append(bad_adjusted(row, column, row.get(column)))
            return False
    if not contract_given:
        given = [row.get(column) for column in ("percentage_ns", "percentage_ew")]
        if all(re.fullmatch(r"\d+(\.\d+)?", value) and float(value) <= 100
               for value in given):
            return nearest(row, tuple(float(value) for value in given), notes)
    return None


def bad_adjusted(row, column, value):
    return (_("%(where)s: %(column)s “%(value)s” is not an adjusted score. Write NS's "
              "percentage then EW's as A60A40 or A6040, a percentage as 60%%, or AVE+, AVE, "
              "AVE- (A+/A- for NS then EW): 60 is Average plus, 50 Average, 40 Average minus.")
            % {"where": row.where, "column": COLUMN_NAMES[column], "value": value[:20]})


def nearest(row, percents, notes):
    """The adjusted scores nearest NS's and EW's percentages, with a note when they differ."""
    adjusted = tuple(adjustment(percent) for percent in percents)
    if tuple(ADJUSTED_PERCENT[a] for a in adjusted) != percents:
        notes.append(_("%(where)s: the adjusted score %(ns)s for NS and %(ew)s for EW is read "
                       "as %(ns_read)s and %(ew_read)s, the nearest of Average plus (60%%), "
                       "Average (50%%) and Average minus (40%%).")
                     % {"where": row.where, "ns": percent_text(percents[0]),
                        "ew": percent_text(percents[1]),
                        "ns_read": percent_text(ADJUSTED_PERCENT[adjusted[0]]),
                        "ew_read": percent_text(ADJUSTED_PERCENT[adjusted[1]])})
    return adjusted


def ns_score(row, problems):
    """NS's table score from Score_NS (or minus Score_EW); None when the row gives none,
    False after naming a problem."""
    scores = {}
    for column in ("score_ns", "score_ew"):
        value = row.get(column)
        if value in NOT_GIVEN:
            continue
        if not SCORE.fullmatch(value):
            problems.append(_("%(where)s: %(column)s “%(value)s” is not a score.")
                            % {"where": row.where, "column": COLUMN_NAMES[column],
                               "value": value[:20]})
            return False
        scores[column] = int(value) if column == "score_ns" else -int(value)
    if len(set(scores.values())) > 1 and 0 not in scores.values():
        problems.append(_("%(where)s: Score_NS and Score_EW disagree.") % {"where": row.where})
        return False
    return scores.get("score_ns", scores.get("score_ew"))


def read_result(row, vulnerable, problems, notes):
    """(ns id, ew id, Result) of a ScoreTable row, or None after naming its problems."""
    before = len(problems)
    contract_text = row.get("contract")
    given = contract_text not in NOT_GIVEN
    adjusted = read_adjusted(row, given, problems, notes)
    if adjusted is False:
        return None
    result = Result()
    if not given:
        if adjusted is None:
            problems.append(_("%(where)s: the row has no Contract and no adjusted score; a "
                              "board not played gives each side's in Score_NS/Score_EW (such "
                              "as A60A40 or AVE+) or in Percentage_NS/Percentage_EW.")
                            % {"where": row.where})
            return None
        result.set_not_played(*adjusted)
        return result
    try:
        contract = read_contract(contract_text)
    except ValueError:
        problems.append(_("%(where)s: Contract “%(value)s” is not a contract (such as 4S, "
                          "3NTX, 6HXX or Pass).") % {"where": row.where,
                                                     "value": contract_text[:20]})
        return None
    score = None if adjusted else ns_score(row, problems)
    if score is False:
        return None
    declarer = tricks = None
    if contract is not None:
        declarer = SEAT_WORDS.get(row.get("declarer").upper())
        if declarer is None:
            problems.append(_("%(where)s: Declarer “%(value)s” is not a seat (N, E, S or W).")
                            % {"where": row.where, "value": row.get("declarer")[:20]})
            return None
        written = row.get("result")
        tricks = read_tricks("" if written in NOT_GIVEN else written, contract)
        if tricks == -1:
            problems.append(_("%(where)s: Result “%(value)s” is not a number of tricks (0 to "
                              "13, or =, +1, -2).") % {"where": row.where,
                                                       "value": written[:20]})
            return None
        if tricks is None and score is not None:
            tricks = next((t for t in range(14)
                           if table_score(contract, declarer, t, vulnerable) == score), None)
        if tricks is None:
            problems.append(_("%(where)s: no Result, and the score does not tell the tricks.")
                            % {"where": row.where})
            return None
        ours = table_score(contract, declarer, tricks, vulnerable)
        if score is not None and score != ours:
            problems.append(_("%(where)s: the score %(score)s does not agree with %(contract)s "
                              "by %(declarer)s taking %(tricks)s tricks (%(ours)s for NS).")
                            % {"where": row.where, "score": score, "contract": contract.ascii,
                               "declarer": declarer, "tricks": tricks, "ours": ours})
    elif score not in (None, 0):
        problems.append(_("%(where)s: a passed-out board scores 0, not %(score)s.")
                        % {"where": row.where, "score": score})
    if len(problems) > before:
        return None
    result.set_contract(contract, declarer, tricks)
    if adjusted:
        result.ns_adjustment, result.ew_adjustment = adjusted
    lead = row.get("lead").upper().replace("10", "T")
    result.lead = lead if LEAD.fullmatch(lead) else ""  # informative: never refused
    return result


def read_date(value):
    """A PBN [Date] ("2026.11.24"; "?" for an unknown part), or None."""
    found = PBN_DATE.fullmatch(value)
    if not found:
        return None
    try:
        return datetime.date(*(int(part) for part in found.groups()))
    except ValueError:
        return None


def import_pbn(data, filename="results.pbn", *, name=None, date=None, policy="line",
               table_name="", user=None, notes=None):
    """Create a finished, free-seating session from a PBN results file (bytes or text);
    `name` and `date` replace the file's. Raises ImportFailed listing every problem
    (nothing saved). What was read otherwise than written (an adjusted score mapped to the
    nearest we give) is appended to `notes` once the session is saved."""
    games = pbn_games(file_text(data, filename), filename)
    problems = []
    records, rows, total, event, day = read_games(games, problems)
    if not date:
        date = read_date(day)
        if date is None:
            problems.append(_("[Date \"%(value)s\"] is not a date (YYYY.MM.DD); give the "
                              "session's date.") % {"value": day[:20]})
    errors, (name, day, policy, table) = check_session_fields(
        (name or event)[:SESSION_NAME_MAX_LENGTH], date or datetime.date.today(), policy,
        table_name)
    problems = errors + problems
    played = [row for row in rows if not sits_out(row)]
    for row in rows:
        if sits_out(row) and row.get("contract") not in NOT_GIVEN:
            problems.append(_("%(where)s: a result needs both pairs (PairId_NS and "
                              "PairId_EW).") % {"where": row.where})
    if len(played) > MAX_LINES:
        raise ImportFailed([ngettext(
            "%(file)s holds %(count)s result; at most %(max)s can be imported.",
            "%(file)s holds %(count)s results; at most %(max)s can be imported.",
            len(played)) % {"file": filename, "count": len(played), "max": MAX_LINES}])
    if not played:
        raise ImportFailed(problems or [_("%(file)s holds no results (no ScoreTable rows).")
                                        % {"file": filename}])
    apart = per_direction(played, total)
    keys, pairs = read_pairs(played, total, apart, problems)
    read_notes, results, seen, file_points = [], [], {}, []
    for row in played:
        record = records.get(row.board)
        vulnerable = (Vulnerability.coerce(record.vulnerability)
                      if record and record.vulnerability else board_vulnerability(row.board))
        result = read_result(row, vulnerable, problems, read_notes)
        if result is None:
            continue
        if not result.not_played and row.board not in records:
            problems.append(_("%(where)s: the file has no deal for this board, so its NS HCP "
                              "cannot be known.") % {"where": _("Board %(board)s")
                                                     % {"board": row.board}})
        ns = keys[("NS" if apart else "", row.get("pairid_ns"))]
        ew = keys[("EW" if apart else "", row.get("pairid_ew"))]
        if ns == ew:
            problems.append(_("%(where)s: pair %(pair)s cannot play against itself.")
                            % {"where": row.where, "pair": ns})
            continue
        for pair in (ns, ew):
            if (row.board, pair) in seen:
                problems.append(_("%(where)s: pair %(pair)s already played this board (line "
                                  "%(other)s).") % {"where": row.where, "pair": pair,
                                                    "other": seen[(row.board, pair)]})
            seen[(row.board, pair)] = row.line
        results.append((row.board, ns, ew, result))
        file_points += file_matchpoints(row, result, vulnerable)
    if problems:
        raise ImportFailed(list(dict.fromkeys(problems)))
    boards = {number: deal_board(record) for number, record in records.items()}
    session = save_read_session(name=name, day=day, policy=policy, table=table, pairs=pairs,
                                boards=boards, results=results, user=user)
    if notes is not None:
        notes.extend(read_notes + matchpoint_notes(file_points))
    return session


def file_matchpoints(row, result, vulnerable):
    """[FileMatchpoints] of a row whose MP_NS (and MP_EW) the file gives, else []."""
    try:
        ns = float(row.get("mp_ns").replace(",", "."))
        ew = float(row.get("mp_ew").replace(",", ".")) if row.get("mp_ew") else None
    except ValueError:
        return []  # not a number (or none): nothing to check
    if result.not_played:
        entry = not_played_entry(result.ns_adjustment, result.ew_adjustment)
    else:
        entry = table_score(result.contract, result.declarer or None, result.tricks,
                            vulnerable)
    label = _("NS %(ns)s against EW %(ew)s") % {"ns": row.get("pairid_ns"),
                                                "ew": row.get("pairid_ew")}
    return [FileMatchpoints(row.board, label, entry, ns, ew)]

