"""A results file's own matchpoints checked against this site's. A file scored by
matchpoints elsewhere carries each result's matchpoints (PBN's MP_NS and MP_EW columns,
USEBIO's NS_MATCH_POINTS and EW_MATCH_POINTS): on import they are compared, board by board,
with the engine's matchpoints of the same results (scoring.engine.methods), as percentages
of each one's top, and every board where they differ becomes a note of the import. A
check on the file, never a refusal: files differ in how they treat adjusted scores, and the
compensation this site scores by does not depend on them."""

from collections import defaultdict
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.engine import Adjustment
from scoring.engine.methods import Adjusted, percentages

# Files round matchpoints to one or two decimals: a smaller gap is not a difference.
TOLERANCE_PERCENT = 0.5
DETAILS_SHOWN = 3


@dataclass(frozen=True)
class FileMatchpoints:
    """One result as the file scored it: its board, how to name it, the table score (or
    the adjusted scores of a board not played) and the file's NS and EW matchpoints (EW
    may be missing)."""

    board: int
    label: str
    entry: int | Adjusted
    ns: float
    ew: float | None


def not_played_entry(ns_adjustment, ew_adjustment):
    return Adjusted(Adjustment(ns_adjustment), Adjustment(ew_adjustment))


def file_percentages(rows):
    """The file's NS matchpoints of one board's rows as percentages of the file's own top,
    which the board's total tells: NS and EW add up to the top on every row, and the NS
    matchpoints of n rows add up to n times half the top. None when it cannot be told."""
    count = len(rows)
    if all(row.ew is not None for row in rows):
        top = (sum(row.ns for row in rows) + sum(row.ew for row in rows)) / count
    else:
        top = 2 * sum(row.ns for row in rows) / count
    if top <= 0:
        return None
    return [100 * row.ns / top for row in rows]


def matchpoint_notes(rows):
    """A note for each board whose file matchpoints differ from this site's, naming up to
    DETAILS_SHOWN of its results."""
    boards = defaultdict(list)
    for row in rows:
        boards[row.board].append(row)
    notes = []
    for board, board_rows in sorted(boards.items()):
        if len(board_rows) < 2:
            continue
        theirs = file_percentages(board_rows)
        if theirs is None:
            continue
        ours = [float(ns) for ns, _ew in percentages([row.entry for row in board_rows])]
        differing = [(row, their, our) for row, their, our in zip(board_rows, theirs, ours,
                                                                  strict=True)
                     if abs(their - our) > TOLERANCE_PERCENT]
        if not differing:
            continue
        details = "; ".join(
            _("%(result)s: %(file)s %% in the file, %(ours)s %% here")
            % {"result": row.label, "file": number_format(their, 1),
               "ours": number_format(our, 1)}
            for row, their, our in differing[:DETAILS_SHOWN])
        notes.append(ngettext(
            "Board %(board)s: the file's matchpoints differ from this site's for "
            "%(count)s result (NS, as a percentage of the top): %(details)s.",
            "Board %(board)s: the file's matchpoints differ from this site's for "
            "%(count)s results (NS, as a percentage of the top): %(details)s.",
            len(differing)) % {"board": board, "count": len(differing), "details": details})
    return notes
