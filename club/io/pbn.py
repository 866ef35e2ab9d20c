"""A session's deals as a PBN file (Portable Bridge Notation 2.1): one game per board with
the mandatory tags in the standard's order (Event, Site, Date, Board, West, North, East,
South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result), the double-dummy
analysis (OptimumScore, OptimumResultTable) and, for the results download, every table's
result in a ScoreTable. The players' tags are empty: each table had other players.

The file is UTF-8 (the standard's ISO-8859-1 cannot write Cyrillic names).
"""

from club.models import Result
from scoring.engine import Strain
from scoring.engine.analysis import SEATS, DoubleDummy

SCORE_COLUMNS = ("Table\\2R;Round\\2R;PairId_NS\\3R;PairId_EW\\3R;Contract\\5L;Declarer\\1R;"
                 "Result\\2R;Score_NS\\5R;Score_EW\\5R;IMP_NS\\3R;IMP_EW\\3R")
OPTIMUM_COLUMNS = "Declarer;Denomination\\2R;Result\\2R"
OPTIMUM_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)


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
