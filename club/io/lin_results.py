"""A whole session from BBO LIN files that hold each table's play: one record per table
and board, with the four players (`pn|South,West,North,East|`), the deal (`md|`), the board
number (`ah|Board N|` or `qx|o1|`), the auction (`mb|`) and the tricks, claimed (`mc|N`:
declarer's tricks) or played out (all 52 cards of `pc|`). The result of the table is the
auction's contract with those tricks, scored again by our rules with the HCP from the deal.

A pair is its two players (North and South, East and West), numbered in the order the file
first names them; the players are the file's user names. LIN has no date, and a name only
in a vugraph header (`vg|title,...`): the command gives them otherwise. A record whose
auction is not finished, whose tricks are neither claimed nor played out, which names no
four players, or whose deal differs from another record's of the same board is refused by
its place ("Deal 3 (board 5): ..."); then nothing is saved.
"""

import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.io.files import ImportFailed, check_pair_players
from club.io.hand_records import file_text
from club.io.lin import lin_boards, lin_records
from club.io.results_csv import (
    MAX_BOARD,
    MAX_LINES,
    SESSION_NAME_MAX_LENGTH,
    check_session_fields,
    deal_board,
    save_read_session,
)
from club.models import Result
from club.models.players import NAME_MAX_LENGTH
from club.schedule import MAX_PAIRS, MAX_TABLES
from scoring.engine import parse_contract

VUGRAPH_TITLE = re.compile(r"(?:^|\|)vg\|([^,|]*)")
STRAINS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "nt": "NT"}
DOUBLING = {"passed": "", "doubled": "X", "redoubled": "XX"}


def finished(auction):
    """Whether an auction is over: four passes, or three passes after a bid."""
    passes = 0
    for bid in reversed(auction):
        if getattr(bid, "penalty", None) is None or bid.penalty.name != "passed":
            break
        passes += 1
    return passes >= 3 and (passes == len(auction) == 4 or passes < len(auction))


def played_tricks(play, contract):
    """Declarer's tricks in a play of all 52 cards, each trick led by its last winner."""
    from endplay.utils.play import trick_winner  # endplay is imported where a file is read

    leader, won = contract.declarer.lho, 0
    for start in range(0, 52, 4):
        leader = trick_winner(play[start:start + 4], leader, contract.denom)
        won += leader in (contract.declarer, contract.declarer.partner)
    return won


def table_result(board):
    """(contract, declarer, tricks) of a record's table, contract None when passed out; or
    the problem's text."""
    if not finished(board.auction):
        return _("the auction (mb|) is not finished.")
    contract = board.contract
    if contract.level == 0:
        return None, None, None
    if board.claimed:  # endplay read mc| as declarer's tricks
        tricks = contract.level + 6 + contract.result
    elif len(board.play) == 52:
        tricks = played_tricks(board.play, contract)
    else:
        return _("the tricks are not known: no claim (mc|) and %(cards)s of the 52 cards "
                 "played (pc|).") % {"cards": len(board.play)}
    if not 0 <= tricks <= 13:
        return _("the claim (mc|) is not a number of tricks from 0 to 13.")
    text = (f"{contract.level}{STRAINS[contract.denom.name]}"
            f"{DOUBLING[contract.penalty.name]}")
    return parse_contract(text), contract.declarer.abbr, tricks


def import_lin(data, filename="results.lin", *, name=None, date=None, policy="line",
               table_name="", user=None, notes=None):
    """Create a finished, free-seating session from a LIN file of played tables (bytes or
    text). Raises ImportFailed listing every problem (nothing saved). `notes` is accepted
    for the command's sake: nothing is read otherwise than written."""
    text = file_text(data, filename)
    title = VUGRAPH_TITLE.search(text)
    errors, (name, day, policy, table) = check_session_fields(
        (name or (title.group(1).strip() if title else ""))[:SESSION_NAME_MAX_LENGTH], date,
        policy, table_name)
    problems = list(errors)
    parts = lin_records(text)
    if len(parts) > MAX_LINES:
        raise ImportFailed([ngettext(
            "%(file)s holds %(count)s table; at most %(max)s can be imported.",
            "%(file)s holds %(count)s tables; at most %(max)s can be imported.",
            len(parts)) % {"file": filename, "count": len(parts), "max": MAX_LINES}])
    numbers, pairs, results, records, seen = {}, [], [], {}, {}
    for where, board, record in lin_boards(parts, problems):
        number = record.board
        where = _("%(where)s (board %(board)s)") % {"where": where, "board": number}
        if number > MAX_BOARD:
            problems.append(_("%(where)s: board numbers go from 1 to %(max)s.")
                            % {"where": where, "max": MAX_BOARD})
            continue
        if records.setdefault(number, record).deal != record.deal:
            problems.append(_("%(where)s: the deal differs from the board's in an earlier "
                              "record.") % {"where": where})
            continue
        players = [board.info.get(seat, "").strip() for seat in ("North", "South", "East",
                                                                   "West")]
        if not all(players) or any(len(player) > NAME_MAX_LENGTH for player in players):
            problems.append(_("%(where)s: pn| must name the four players (1 to %(max)s "
                              "characters each).") % {"where": where, "max": NAME_MAX_LENGTH})
            continue
        played = table_result(board)
        if isinstance(played, str):
            problems.append(f"{where}: {played}")
            continue
        sides = []
        for pair in (players[:2], players[2:]):
            key = frozenset(player.lower() for player in pair)
            if key not in numbers:
                numbers[key] = len(numbers) + 1
                pairs.append((numbers[key], [(player, "") for player in pair], where))
            sides.append(numbers[key])
        for pair in sides:
            if (number, pair) in seen:
                problems.append(_("%(where)s: pair %(pair)s already played this board (%(other)s).")
                                % {"where": where, "pair": pair, "other": seen[(number, pair)]})
            seen[(number, pair)] = where
        result = Result()
        result.set_contract(*played)
        results.append((number, sides[0], sides[1], result))
    if len(numbers) > MAX_PAIRS:
        problems.append(ngettext("The file names %(count)s pair; a session has at most "
                                 "%(max)s (%(tables)s tables of two pairs).",
                                 "The file names %(count)s pairs; a session has at most "
                                 "%(max)s (%(tables)s tables of two pairs).", len(numbers))
                        % {"count": len(numbers), "max": MAX_PAIRS, "tables": MAX_TABLES})
    problems += check_pair_players(pairs, lambda where: where)
    if not results and not problems:
        problems.append(_("%(file)s holds no played tables (pn|, md|, mb| and mc| or pc|).")
                        % {"file": filename})
    if problems:
        raise ImportFailed(list(dict.fromkeys(problems)))
    boards = {number: deal_board(record) for number, record in records.items()}
    return save_read_session(name=name, day=day, policy=policy, table=table, pairs=pairs,
                             boards=boards, results=results, user=user)

