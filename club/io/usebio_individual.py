"""A USEBIO individual event read into a finished individual session
(docs/teams-and-individuals.md, "Files"): the entrants, the boards and hands, and each
traveller line's four players by seat, scored by our rules with the HCP from the hands.

What is read is what this site writes (club.io.usebio.export_individual): EVENT_TYPE
INDIVIDUAL (or, without an EVENT_TYPE we know, PLAYER participants outside any PAIR or
TEAM), a PLAYER in PARTICIPANTS for each entrant with its PLAYER_NUMBER (1 to N),
PLAYER_NAME and, when known, NATIONAL_ID_NUMBER (or CLUB_ID_NUMBER), and each
TRAVELLER_LINE naming its players as NORTH_PLAYER_NUMBER, SOUTH_PLAYER_NUMBER,
EAST_PLAYER_NUMBER and WEST_PLAYER_NUMBER. Everything a pairs file's traveller line may
say about the table result is read as the pairs reader reads it (club.io.usebio: contract
spellings, adjusted scores, the hands in HANDSET or in each BOARD), and the file's own
scores are checked against ours.

Our sessions play our own individual movements (scoring.engine.individual): the
partnerships are the movement's, numbered by round and table. So each line's four players
must sit at one table of this site's movement for that number of players, at the seats the
movement gives them, and the boards of a round (every table plays the same boards in a
round) must be played by that round's tables: boards 1 to k in round 1, the next k in round
2, and so on. The boards a round holds are the fewest that place every board played
(a round whose last boards no table played is read shorter). A file whose seats cannot be
placed is refused, naming the first line that does not fit and the tables of the movement;
then nothing is saved.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.io.files import ImportFailed
from club.io.usebio import (
    chosen_part,
    read_hands,
    read_played_lines,
    read_player,
    session_fields,
    text,
)
from club.models import Board, Session
from club.models.choices import INDIVIDUAL
from club.models.sessions import MAX_BOARDS_PER_ROUND, partnership_numbers
from club.schedule import listing
from club.services.analysis import analyse_boards
from club.services.errors import Refused
from club.services.imports import import_individual as save_individual
from club.services.imports import player_key
from scoring.engine import deal_ns_hcp
from scoring.engine.individual import INDIVIDUAL_SIZES, individual

SEATS = ("NORTH", "SOUTH", "EAST", "WEST")  # the engine's order: IndividualTable.players


def import_individual(root, event, filename, *, name=None, date=None, policy="line",
                      table_name="", section=None, user=None, notes=None):
    """Create a finished individual session from a USEBIO individual event (`root` and
    its `event`, as club.io.usebio.import_usebio parsed them); the arguments are
    import_usebio's. Raises ImportFailed listing every problem (nothing saved)."""
    part, label = chosen_part(event, section)
    if part is None:
        raise ImportFailed([_("EVENT: the individual is in several sections; an individual "
                              "is read as a session of one section, so choose the one to "
                              "import (the Section field, or --section).")])
    problems, (name, day, policy, table) = session_fields(event, label, name, date, policy,
                                                          table_name)
    players = read_players(player_nodes(event, part), problems)
    deals = read_hands(root, part, problems)
    read_notes = []
    lines = read_lines(part, dict(players), deals, problems, read_notes)
    if not lines and not problems:
        problems.append(_("%(file)s holds no results (no TRAVELLER_LINE).") % {"file": filename})
    placed = None if problems else place_lines(len(players), lines, problems)
    if problems:
        raise ImportFailed(problems)
    rounds, per_round, results = placed
    tables = len(players) // 4
    session = Session(name=name, date=day, status=Session.Status.FINISHED, movement=INDIVIDUAL,
                      tables=tables, rounds=rounds, boards_per_round=per_round,
                      duplicated=True, compensation_table=table, policy=policy)
    boards = [Board(number=number, deal=deals[number], ns_hcp=deal_ns_hcp(deals[number]))
              if deals.get(number) else Board(number=number)
              for number in range(1, rounds * per_round + 1)]
    try:
        analyse_boards(boards)
        save_individual(session, players, boards, results, user=user)
    except Refused as err:
        raise ImportFailed(err.messages) from None
    if notes is not None:
        notes.extend(read_notes)
    return session


def player_nodes(event, part):
    """The PLAYER entrants of the part read (its PARTICIPANTS), else the event's."""
    def entrants(node):
        return [player for participants in node.iter("PARTICIPANTS")
                for player in participants.findall("PLAYER")]
    return entrants(part) or entrants(event)


def read_players(nodes, problems):
    """[(number, (name, membership))] of the PLAYER entrants, by number, after naming a
    bad number or name, a number or a player listed twice, and a field this site has no
    individual movement for (or numbered with gaps)."""
    found, seen = {}, {}
    for index, node in enumerate(nodes, start=1):
        value = text(node, "PLAYER_NUMBER")
        where = _("PLAYER %(player)s") % {"player": value[:20] or index}
        if not (value.isdigit() and value.isascii() and 1 <= int(value) <= max(INDIVIDUAL_SIZES)):
            problems.append(_("%(where)s: PLAYER_NUMBER is not a player number from 1 to "
                              "%(max)s.") % {"where": where, "max": max(INDIVIDUAL_SIZES)})
            continue
        number = int(value)
        before = len(problems)
        name, membership = read_player(node, where, problems)
        if len(problems) > before:
            continue
        if number in found:
            problems.append(_("%(where)s is listed twice.") % {"where": where})
            continue
        key = player_key((name, membership))
        if key in seen:
            problems.append(_("%(where)s: %(name)s is also player %(other)s; a player enters "
                              "an individual once.")
                            % {"where": where, "name": name, "other": seen[key]})
            continue
        seen[key] = number
        found[number] = (name, membership)
    count = len(found)
    if count not in INDIVIDUAL_SIZES:
        problems.append(ngettext(
            "The file lists %(count)s player; this site's individual movements are for "
            "%(sizes)s players.",
            "The file lists %(count)s players; this site's individual movements are for "
            "%(sizes)s players.", count)
            % {"count": count, "sizes": ", ".join(map(str, INDIVIDUAL_SIZES))})
    else:
        missing = sorted(set(range(1, count + 1)) - set(found))
        if missing:
            problems.append(_("PARTICIPANTS: with %(count)s players the players are numbered "
                              "1 to %(count)s without a gap; missing: %(missing)s.")
                            % {"count": count, "missing": listing(map(str, missing))})
    return sorted(found.items())


def read_lines(part, players, deals, problems, notes):
    """[(board, where, (north, south, east, west), Result)] of every traveller line,
    after naming a seat that is not a player of PARTICIPANTS, a player at two seats of a
    line or on two lines of a board, and every table result the pairs reader refuses."""
    def already(where, player, other):
        return (_("%(where)s: player %(player)s already played this board (TRAVELLER_LINE "
                  "%(other)s).") % {"where": where, "player": player, "other": other})
    return read_played_lines(part, deals, problems, notes, player_seats(players), already)


def player_seats(players):
    """Who played a traveller line of an individual, for read_played_lines: its players
    by seat (North, South, East, West), or None after naming a seat that is not a player
    of PARTICIPANTS (`players`: {number: (name, membership)}) or a player at two seats."""
    def read(line, where, problems):
        seats = []
        for seat in SEATS:
            name = f"{seat}_PLAYER_NUMBER"
            value = text(line, name)
            number = int(value) if value.isdigit() and value.isascii() else None
            if number not in players:
                problems.append(_("%(where)s: %(element)s “%(value)s” is not a player of "
                                  "PARTICIPANTS.") % {"where": where, "element": name,
                                                      "value": value[:20]})
                number = None
            seats.append(number)
        twice = sorted({n for n in seats if n is not None and seats.count(n) > 1})
        if twice:
            problems.append(_("%(where)s: player %(player)s sits at two seats of this table; "
                              "a table has four different players.")
                            % {"where": where, "player": twice[0]})
        return None if twice or None in seats else tuple(seats)
    return read


def place_lines(count, lines, problems):
    """(rounds, boards a round, [(board, ns, ew, Result)]) of the lines placed in this
    site's individual movement for `count` players, each Result given its round and table
    and the numbers of the partnerships there; None after naming the first line whose seats
    the movement does not have, or whose board another round plays."""
    movement = individual(count)
    games = {game.players: game for game in movement.games}
    round_of = {}  # {board: (round, where of its first line)}
    placed = []
    for board, where, seats, result in lines:
        game = games.get(seats)
        known = round_of.get(board)
        if game is None:
            problems.append(_(
                "%(where)s: North %(north)s, South %(south)s, East %(east)s and West "
                "%(west)s do not sit together at these seats in this site's individual "
                "movement for %(count)s players. This site reads individual events played on "
                "its own movements; round %(round)s of it seats %(tables)s.")
                % {"where": where, "north": seats[0], "south": seats[1], "east": seats[2],
                   "west": seats[3], "count": count, "round": known[0] if known else 1,
                   "tables": round_tables(movement, known[0] if known else 1)})
            return None
        if known and known[0] != game.round:
            problems.append(_(
                "%(where)s: these players sit together in round %(round)s of this site's "
                "individual movement for %(count)s players, but %(other)s was played in round "
                "%(first)s; every table plays the same boards in a round.")
                % {"where": where, "round": game.round, "count": count, "other": known[1],
                   "first": known[0]})
            return None
        round_of.setdefault(board, (game.round, where))
        result.round, result.table = game.round, game.table
        ns, ew = partnership_numbers(movement.tables, game.round, game.table)
        placed.append((board, ns, ew, result))
    per_round = next((size for size in range(1, MAX_BOARDS_PER_ROUND + 1)
                      if all((board - 1) // size + 1 == round
                             for board, (round, _where) in round_of.items())), None)
    if per_round is None:
        problems.append(_(
            "The boards do not fall into rounds of this site's individual movement for "
            "%(count)s players (its tables play boards 1 to k in round 1, the next k in round "
            "2, and so on, for one k up to %(max)s): %(boards)s.")
            % {"count": count, "max": MAX_BOARDS_PER_ROUND,
               "boards": listing(_("board %(board)s in round %(round)s")
                                 % {"board": board, "round": round}
                                 for board, (round, _where) in sorted(round_of.items()))})
        return None
    return max(round for round, _where in round_of.values()), per_round, placed


def round_tables(movement, round):
    """A round's tables in a message: "table 1: 1 2 v 3 5; table 2: 4 7 v 6 8"."""
    return "; ".join(_("table %(table)s: %(north)s %(south)s v %(east)s %(west)s")
                     % {"table": game.table, "north": game.north, "south": game.south,
                        "east": game.east, "west": game.west}
                     for game in movement.round_tables(round))
