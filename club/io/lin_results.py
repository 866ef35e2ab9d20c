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

A vugraph file (a teams match as BBO broadcasts it) gives each segment's results in one
list instead, `rs|` after its `vg|` header: two entries a board (the open room's, then the
closed room's) from the header's first board, each as level, strain, declarer and the tricks
against the contract ("4SN=", "3NW-1", "4SXE+1"), "P" passed out, empty when the room did
not play it. The header's `pn|` names the eight players (the open room's South, West, North,
East, then the closed room's); a board's own `pn|` of four names (a substitute) replaces
its room's. The deals come from the boards' `md|` records; a file with `rs|` is read this
way, its records' auctions and play are not.
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


# A result of rs|: level, strain, declarer's seat, and the tricks against the contract; the
# doubling may come before or after the seat ("4SXN-1", "4SNX-1"); "P" or "PASS" a passed-out
# board, an empty entry a board the room did not play.
RS_RESULT = re.compile(r"([1-7])(NT|[CDHSN])(X{0,2})([NESW])(X{0,2})(=|[+-]\d{1,2})",
                       re.IGNORECASE)
RS_PASSED = {"P", "PASS", "PASSED"}
RS_TAG = re.compile(r"(?:^|\|)rs\|", re.MULTILINE)
RS_HEADER = re.compile(r"(?:^|(?<=\|))(vg|rs|pn)\|([^|]*)\|")
LIN_ROOM = re.compile(r"(?:^|\|)qx\|([oc])")


def entry_place(segment, position, board, room):
    """Where an rs| entry is, as messages name it."""
    values = {"segment": segment, "position": position, "board": board}
    if room == "o":
        return _("%(segment)s, rs| result %(position)s (board %(board)s, open room)") % values
    return _("%(segment)s, rs| result %(position)s (board %(board)s, closed room)") % values


def room_pairs(names):
    """[(NS players, EW players)] of the open and the closed room of a pn| of eight names
    (each room's South, West, North, East)."""
    return [((names[start + 2], names[start]), (names[start + 3], names[start + 1]))
            for start in (0, 4)]


def read_rs_result(entry, where, problems):
    """(contract, declarer, tricks) of an rs| entry, (None, None, None) when passed out,
    False when the room did not play the board, None after naming a problem."""
    entry = entry.strip()
    if not entry:
        return False
    if entry.upper() in RS_PASSED:
        return None, None, None
    found = RS_RESULT.fullmatch(entry)
    if not found or (found.group(3) and found.group(5)):
        problems.append(_("%(where)s: “%(value)s” is not a result; rs| gives each room's as "
                          "level, strain, declarer and tricks (4SN=, 3NW-1, 4SXE+1), P for a "
                          "passed-out board, or nothing for a board not played.")
                        % {"where": where, "value": entry[:20]})
        return None
    level, strain, doubled, seat, doubled_after, against = found.groups()
    strain = "NT" if strain.upper() in ("N", "NT") else strain.upper()
    contract = parse_contract(f"{level}{strain}{(doubled or doubled_after).upper()}")
    tricks = int(level) + 6 + (0 if against == "=" else int(against))
    if not 0 <= tricks <= 13:
        problems.append(_("%(where)s: “%(value)s” gives %(tricks)s tricks; a table takes 0 "
                          "to 13.") % {"where": where, "value": entry[:20], "tricks": tricks})
        return None
    return contract, seat.upper(), tricks


def rs_segments(text):
    """[(vg| fields, rs| entries, pn| names, the segment's text)] of a vugraph file: each
    vg| starts a segment, whose results list and players come before its first board."""
    parts = re.split(r"(?=(?:^|(?<=\|))vg\|)", text.replace("\r", "").replace("\n", ""))
    segments = []
    for part in parts:
        head = part.split("qx|", 1)[0]
        tags = {}
        for tag, value in RS_HEADER.findall(head):
            tags.setdefault(tag, value)
        if "rs" in tags:
            segments.append((tags.get("vg", "").split(","), tags["rs"].split(","),
                             [name.strip() for name in tags.get("pn", "").split(",")], part))
    return segments


def read_rs_file(text, filename, problems):
    """(pairs by players, pairs, {board: DealRecord}, results) of a vugraph file's results
    lists (rs|), as read_table_records gives them: each board's result in the open and the
    closed room, in board order from the vg| header's first board; the players of each room
    from the header's pn| (eight names), or from a board's own pn| (four names: its room's
    substitutes); the deals from the boards' md|."""
    numbers, pairs, results, records, seen = {}, [], [], {}, {}
    for index, (header, entries, names, part) in enumerate(rs_segments(text), start=1):
        segment = _("Segment %(index)s") % {"index": index}
        first = header[3].strip() if len(header) > 3 else ""
        if not first.isdigit() or len(names) != 8 or not all(names):
            problems.append(_("%(segment)s: a results list (rs|) needs the vg| header with "
                              "its first board (vg|title,segment,scoring,first board,...|) "
                              "and pn| naming the eight players (the open room's South, "
                              "West, North, East, then the closed room's).")
                            % {"segment": segment})
            continue
        if any(len(name) > NAME_MAX_LENGTH for name in names):
            problems.append(_("%(segment)s: pn| names a player of more than %(max)s "
                              "characters.") % {"segment": segment, "max": NAME_MAX_LENGTH})
            continue
        if len(entries) > MAX_LINES:
            raise ImportFailed([ngettext(
                "%(file)s holds %(count)s result; at most %(max)s can be imported.",
                "%(file)s holds %(count)s results; at most %(max)s can be imported.",
                len(entries)) % {"file": filename, "count": len(entries), "max": MAX_LINES}])
        if len(entries) % 2:
            entries.append("")  # the closed room of the last board not written
        room_players = {}  # (board, room) -> a board's own pn| of four names
        for where, board, record, record_text in lin_boards(lin_records(part), problems):
            if records.setdefault(record.board, record).deal != record.deal:
                problems.append(_("%(where)s (board %(board)s): the deal differs from the "
                                  "board's in an earlier record.")
                                % {"where": where, "board": record.board})
            room = LIN_ROOM.search(record_text)
            own = [board.info.get(seat, "").strip() for seat in ("South", "West", "North",
                                                                  "East")]
            if room and all(own):
                room_players[(record.board, room.group(1))] = own
        for position, entry in enumerate(entries):
            number = int(first) + position // 2
            room = "oc"[position % 2]
            where = entry_place(segment, position + 1, number, room)
            played = read_rs_result(entry, where, problems)
            if played is False or played is None:
                continue
            if number > MAX_BOARD:
                problems.append(_("%(where)s: board numbers go from 1 to %(max)s.")
                                % {"where": where, "max": MAX_BOARD})
                continue
            own = room_players.get((number, room))
            ns_players, ew_players = (((own[2], own[0]), (own[3], own[1])) if own
                                      else room_pairs(names)["oc".index(room)])
            sides = [pair_number(players, numbers, pairs, where)
                     for players in (ns_players, ew_players)]
            for pair in sides:
                if (number, pair) in seen:
                    problems.append(_("%(where)s: pair %(pair)s already played this board "
                                      "(%(other)s).") % {"where": where, "pair": pair,
                                                         "other": seen[(number, pair)]})
                seen[(number, pair)] = where
            result = Result()
            result.set_contract(*played)
            results.append((number, sides[0], sides[1], result))
    for number in sorted({board for board, *_rest in results} - set(records)):
        problems.append(_("Board %(board)s: the file has no deal (md|) for it, so its NS HCP "
                          "cannot be known.") % {"board": number})
    return numbers, pairs, records, results


def read_table_records(text, filename, problems):
    """(pairs by players, pairs, {board: DealRecord}, results) of a file whose records are
    each one table's play of a board (pn|, md|, mb| and mc| or pc|)."""
    parts = lin_records(text)
    if len(parts) > MAX_LINES:
        raise ImportFailed([ngettext(
            "%(file)s holds %(count)s table; at most %(max)s can be imported.",
            "%(file)s holds %(count)s tables; at most %(max)s can be imported.",
            len(parts)) % {"file": filename, "count": len(parts), "max": MAX_LINES}])
    numbers, pairs, results, records, seen = {}, [], [], {}, {}
    for where, board, record, _part in lin_boards(parts, problems):
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
        sides = [pair_number(pair, numbers, pairs, where)
                 for pair in (players[:2], players[2:])]
        for pair in sides:
            if (number, pair) in seen:
                problems.append(_("%(where)s: pair %(pair)s already played this board (%(other)s).")
                                % {"where": where, "pair": pair, "other": seen[(number, pair)]})
            seen[(number, pair)] = where
        result = Result()
        result.set_contract(*played)
        results.append((number, sides[0], sides[1], result))
    return numbers, pairs, records, results


def pair_number(players, numbers, pairs, where):
    """The number of the pair of these two players (found again whichever line they sit),
    numbering a new pair after the others and adding it to `pairs`."""
    key = frozenset(player.lower() for player in players)
    if key not in numbers:
        numbers[key] = len(numbers) + 1
        pairs.append((numbers[key], [(player, "") for player in players], where))
    return numbers[key]


def import_lin(data, filename="results.lin", *, name=None, date=None, policy="line",
               table_name="", user=None, notes=None):
    """Create a finished, free-seating session from a LIN file (bytes or text): records of
    played tables, or a vugraph file's results lists (rs|). Raises ImportFailed listing
    every problem (nothing saved). `notes` is accepted for the command's sake: nothing is
    read otherwise than written."""
    text = file_text(data, filename)
    title = VUGRAPH_TITLE.search(text)
    errors, (name, day, policy, table) = check_session_fields(
        (name or (title.group(1).strip() if title else ""))[:SESSION_NAME_MAX_LENGTH], date,
        policy, table_name)
    problems = list(errors)
    reader = read_rs_file if RS_TAG.search(text) else read_table_records
    numbers, pairs, records, results = reader(text, filename, problems)
    if len(numbers) > MAX_PAIRS:
        problems.append(ngettext("The file names %(count)s pair; a session has at most "
                                 "%(max)s (%(tables)s tables of two pairs).",
                                 "The file names %(count)s pairs; a session has at most "
                                 "%(max)s (%(tables)s tables of two pairs).", len(numbers))
                        % {"count": len(numbers), "max": MAX_PAIRS, "tables": MAX_TABLES})
    problems += check_pair_players(pairs, lambda where: where)
    if not results and not problems:
        problems.append(_("%(file)s holds no played tables (pn|, md|, mb| and mc| or pc|; or "
                          "a results list rs|).") % {"file": filename})
    if problems:
        raise ImportFailed(list(dict.fromkeys(problems)))
    boards = {number: deal_board(record) for number, record in records.items()}
    return save_read_session(name=name, day=day, policy=policy, table=table, pairs=pairs,
                             boards=boards, results=results, user=user)
