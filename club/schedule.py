"""The building blocks of a session's movement that need no pairs: its size limits and what
they refuse, the even-table arrangement, arrow-switch and ranking its movement allows, the
boards a schedule needs and a seating plays, the Mitchell reseating when the tables change.
club.plan builds a session's schedule from them. Reads only."""

import re

from django.utils.translation import gettext, ngettext

from club.models.choices import (
    INDIVIDUAL,
    NO_ARROW_SWITCH,
    ONE_WINNER,
    PLAIN,
    STORED_ROUNDS,
    SWISS,
    TEAMS,
)
from club.models.sessions import (  # noqa: F401 (the limits, read here by the file formats)
    MAX_BOARD_NUMBER,
    MAX_BOARDS_PER_ROUND,
    MAX_PAIRS,
    MAX_PARTNERSHIPS,
    MAX_ROUNDS,
    MAX_SECTIONS,
    MAX_TABLES,
    SECTION_LETTERS,
    SECTION_PATTERN,
    Session,
    format_sections,
    parse_sections,
)
from club.notation import bridge_message
from scoring.engine import MovementError, MovementKind, boards_of_set, movements
from scoring.engine.individual import INDIVIDUAL_SIZES, full_individual_rounds


def listing(values, limit=10):
    """"1, 2, 3" (with "…" after `limit` values) for messages."""
    values = [str(v) for v in values]
    return ", ".join(values[:limit]) + (", …" if len(values) > limit else "")


def ranges(numbers):
    """"1–3, 7, 9–12": sorted numbers with each run of consecutive ones written as a
    range, so that a message naming many boards stays short."""
    runs = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(str(first) if first == last else f"{first}–{last}"
                     for first, last in runs)


def size_problems(session, pair_numbers, board_numbers):
    """Why a session of this size, with these pairs and boards, cannot be stored ([] when
    it can): the limits of club.models.sessions, and pair numbers within two a table (what
    the pair forms and the archive hold every session to)."""
    problems = []
    for value, largest, message in (
            (session.tables, MAX_TABLES,
             gettext("A session has at most %(max)s tables; this one has %(value)s.")),
            (session.rounds, MAX_ROUNDS,
             gettext("A session has at most %(max)s rounds; this one has %(value)s.")),
            (session.boards_per_round, MAX_BOARDS_PER_ROUND,
             gettext("A session has at most %(max)s boards a round; this one has "
                     "%(value)s."))):
        if not 1 <= value <= largest:
            problems.append(message % {"max": largest, "value": value})
    if problems:
        return problems
    # A teams session's pairs are its line-ups' partnerships (club.services.teams), not seats.
    seats = MAX_PAIRS if session.movement == TEAMS else 2 * session.tables
    beyond = sorted(n for n in pair_numbers if not 1 <= n <= seats)
    if beyond and session.movement == TEAMS:
        problems.append(gettext("A teams session's pair numbers go from 1 to %(max)s; found "
                                "%(numbers)s.") % {"max": seats, "numbers": listing(beyond)})
    elif beyond:
        problems.append(gettext("Pair numbers go from 1 to %(max)s (two pairs a table); "
                                "found %(numbers)s.")
                        % {"max": seats, "numbers": listing(beyond)})
    beyond = sorted(n for n in board_numbers if not 1 <= n <= MAX_BOARD_NUMBER)
    if beyond:
        problems.append(gettext("Board numbers go from 1 to %(max)s; found %(numbers)s.")
                        % {"max": MAX_BOARD_NUMBER, "numbers": listing(beyond)})
    return problems


def movement_option_problems(session):
    """{field: [messages]} for the session's even-table arrangement, arrow-switch and
    ranking that do not fit its movement and tables ({} when they all do): the skip and
    the relay and bye stand are for a Mitchell on an even number of tables, arrow-switch for
    a Mitchell, and two winners for a Mitchell whose pairs keep their line all evening (or
    free seating whose pairs 1 to tables sit North-South all evening)."""
    problems = {}
    sections = section_problems(session)
    if sections:
        problems["sections"] = sections
    if session.movement == INDIVIDUAL:
        problems.update(individual_size_problems(session))
    movement = session.get_movement_display()
    mitchell = session.movement == Session.Movement.MITCHELL
    if session.arrangement != PLAIN and not (mitchell and session.tables % 2 == 0):
        problems["arrangement"] = [ngettext(
            "The skip and the relay and bye stand are for a Mitchell on an even number of "
            "tables; this session: %(movement)s, %(count)d table. Choose the plain "
            "movement.",
            "The skip and the relay and bye stand are for a Mitchell on an even number of "
            "tables; this session: %(movement)s, %(count)d tables. Choose the plain "
            "movement.", session.tables) % {"movement": movement, "count": session.tables}]
    if session.arrow_switch != NO_ARROW_SWITCH and not mitchell:
        problems["arrow_switch"] = [gettext(
            "Arrow-switch is for a Mitchell, whose pairs otherwise keep their direction all "
            "evening; this session's movement: %(movement)s.") % {"movement": movement}]
    if session.ranking != ONE_WINNER:
        # Free seating may keep its pairs in two lines (pairs 1 to tables North-South), as
        # a results file ranked with two winners says.
        if not (mitchell or session.movement == Session.Movement.FREE):
            problems["ranking"] = [gettext(
                "Two winners need the two lines of a Mitchell; this session's movement, "
                "%(movement)s, ranks its pairs in one list (one winner).")
                % {"movement": movement}]
        elif session.arrow_switch != NO_ARROW_SWITCH:
            problems["ranking"] = [gettext(
                "With an arrow-switched round every pair plays in both directions, so there "
                "are no lines to rank apart: choose one winner, or no arrow-switch.")]
    return problems


def individual_rounds(tables):
    """(fewest, most) rounds of the individual movements on `tables` tables (none: None):
    the fewest is the full movement of every number of players those tables take, the
    default when the director leaves the rounds empty."""
    full = [full_individual_rounds(size) for size in INDIVIDUAL_SIZES if size // 4 == tables]
    return (min(full), max(full)) if full else None


def individual_size_problems(session):
    """{field: [messages]} for an individual's tables and rounds that no individual
    movement has: 1 to 5 tables (7 to 21 players), and no more rounds than the longest
    movement on those tables."""
    rounds = individual_rounds(session.tables)
    if rounds is None:
        return {"tables": [gettext(
            "An individual is played on %(first)d to %(last)d tables (%(sizes)s players); "
            "got %(tables)d.") % {"first": min(INDIVIDUAL_SIZES) // 4,
                                  "last": max(INDIVIDUAL_SIZES) // 4,
                                  "sizes": ", ".join(map(str, INDIVIDUAL_SIZES)),
                                  "tables": session.tables}]}
    if session.rounds > rounds[1]:
        return {"rounds": [ngettext(
            "An individual on %(tables)d table plays at most %(most)d rounds; got "
            "%(rounds)d.",
            "An individual on %(tables)d tables plays at most %(most)d rounds; got "
            "%(rounds)d.", session.tables)
            % {"tables": session.tables, "most": rounds[1], "rounds": session.rounds}]}
    return {}


# "3 3", "4x3, 3": tables of each section, each perhaps with its rounds (x, ×, or the
# Cyrillic х of a Russian keyboard).
SECTION_SIZE = re.compile(r"(\d+)(?:\s*[xX×хХ]\s*(\d+))?")


def read_sections(text, movement):
    """(stored text, []) for the sections a director typed ("3 3": tables of each section,
    each playing its full movement; "4x3 3": section A's 4 tables play 3 rounds), or
    ("", [messages]) when they cannot be played. "" reads as no sections."""
    text = text.strip()
    if not text:
        return "", []
    parts = [part for part in re.split(r"[\s,;]+", text) if part]
    sizes = []
    for part in parts:
        match = SECTION_SIZE.fullmatch(part)
        if not match:
            return "", [gettext("“%(part)s” is not a section's size: type the tables of each "
                                "section, e.g. “3 3”, each perhaps with its rounds, e.g. "
                                "“4x3 3”.") % {"part": part}]
        tables = int(match[1])
        rounds = int(match[2]) if match[2] else full_section_rounds(movement, tables)
        if not rounds and movement == MovementKind.FREE:
            return "", [gettext("Free seating has no movement to count rounds from: give "
                                "each section's rounds, e.g. “3x4 3x4”.")]
        sizes.append((tables, rounds or 1))  # none: section_problems names the movement's
    stored = format_sections(sizes)
    problems = section_problems(Session(movement=movement, sections=stored,
                                        tables=sum(t for t, _r in sizes),
                                        rounds=max(r for _t, r in sizes)))
    return ("", problems) if problems else (stored, [])


def section_message(letter, problem):
    """A problem of one section, its letter first."""
    return gettext("Section %(letter)s: %(problem)s") % {"letter": letter, "problem": problem}


def full_section_rounds(movement, tables):
    """The rounds of a section's full movement, or None when it has none."""
    try:
        return movements.full_rounds(movement, tables=tables,
                                     pairs=2 * tables if movement == "howell" else None)
    except MovementError:
        return None


def section_problems(session):
    """[messages] for a session's sections that cannot be played ([] when they can, or
    it has none): 2 to 4 sections, each the movement its tables and rounds allow,
    the plain arrangement, the session's tables their sum and its rounds their most."""
    if not session.sections:
        return []
    if len(session.sections) > 40 or not re.fullmatch(SECTION_PATTERN, session.sections):
        count = len(session.sections.split(","))
        if count > MAX_SECTIONS:
            return [gettext("A session has at most %(max)d sections (%(letters)s); got "
                            "%(count)d.") % {"max": MAX_SECTIONS, "count": count,
                                             "letters": ", ".join(SECTION_LETTERS)}]
        return [gettext("Sections need 2 to %(max)d sizes, each tables x rounds from 1 to "
                        "99, e.g. “3x3,3x3”; got “%(text)s”.")
                % {"max": MAX_SECTIONS, "text": session.sections}]
    if session.movement == SWISS:
        return [gettext("Swiss pairs is played in one field: a Swiss session has no "
                        "sections.")]
    if session.movement == TEAMS:
        return [gettext("A teams event is played in one field: a teams session has no "
                        "sections.")]
    if session.movement == INDIVIDUAL:
        return [gettext("An individual is played in one field: it has no sections.")]
    if session.arrangement != PLAIN:
        return [gettext("Sections play the plain Mitchell: the skip and the relay and bye "
                        "stand are for a session in one field.")]
    problems = []
    sections = parse_sections(session.sections)
    for section in sections:
        tables = section.tables
        if session.movement == MovementKind.FREE:
            continue  # any tables and rounds (read from another scorer's file)
        try:
            movements.board_sets(session.movement, tables=tables,
                                 pairs=2 * tables if session.movement == "howell" else None,
                                 rounds=section.rounds)
        except MovementError as err:
            problems.append(section_message(section.letter, bridge_message(err)))
    total = sum(s.tables for s in sections)
    if total > MAX_TABLES:
        problems.append(gettext("A session has at most %(max)s tables; its sections have "
                                "%(value)s.") % {"max": MAX_TABLES, "value": total})
    elif not problems and (session.tables != total
                           or session.rounds != max(s.rounds for s in sections)):
        problems.append(gettext("A session in sections has as many tables as its sections "
                                "together (%(tables)d) and the rounds of its longest "
                                "section (%(rounds)d).")
                        % {"tables": total, "rounds": max(s.rounds for s in sections)})
    return problems


def board_total(session, schedule):
    """How many boards the session plays with this `schedule` (club.plan computes it): its
    board sets times boards per round; free seating, Swiss pairs and teams (whose rounds are
    stored as play goes) play rounds times boards per round, and so does an individual (set
    `r` in round `r`)."""
    if session.movement in (*STORED_ROUNDS, INDIVIDUAL):
        return session.rounds * session.boards_per_round
    sets = max((s.board_set for s in schedule if s.board_set), default=0)
    return sets * session.boards_per_round


def mitchell_reseating(numbers, old_tables, new_tables):
    """{old number: new number} keeping every pair at its Mitchell seat (kNS, kEW) when
    the number of tables changes: EW pair old_tables + k becomes new_tables + k."""
    return {n: n if n <= old_tables else n - old_tables + new_tables for n in numbers}


def seating_boards(seating, boards_per_round):
    """The board numbers a seating plays (none for a sit-out)."""
    if seating.board_set is None:
        return range(0)
    return boards_of_set(seating.board_set, boards_per_round)


def board_range(board_set, boards_per_round):
    """A board set's boards as the room reads them: "3" or "3–4"."""
    boards = boards_of_set(board_set, boards_per_round)
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}–{boards[-1]}"


def swiss_round_problems(session, rows):
    """Why a Swiss pairs session's stored rounds are not consistent ([] when they are):
    `rows` as club.plan.swiss_rows gives them, (round, table, pair, opponents, North-South)
    with pair numbers. Each message names the round and the pair or table. The file
    readers (the archive, a backup's check) and club.services.imports ask it; the database
    refuses some of the same (club.models.SwissSeat), but not a seat whose opponents sit
    elsewhere, nor a gap between rounds."""
    problems = []
    if rows and session.movement != SWISS:
        return [gettext("Only a Swiss pairs session has Swiss rounds; this session's "
                        "movement is %(movement)s.") % {"movement": session.get_movement_display()}]
    if rows and session.status == session.Status.SETUP:
        return [gettext("A session in setup has no Swiss rounds yet: rounds are started "
                        "once play has started.")]
    seat_of, byes, seated = {}, {}, {}
    for round, table, pair, opponents, north_south in rows:
        where = {"round": round, "pair": pair, "table": table, "opponents": opponents}
        if not 1 <= round <= session.rounds:
            problems.append(ngettext(
                "Swiss round %(round)s, pair %(pair)s: the session has %(rounds)s round.",
                "Swiss round %(round)s, pair %(pair)s: the session has %(rounds)s rounds.",
                session.rounds) % {**where, "rounds": session.rounds})
        if (round, pair) in seat_of or (round, pair) in byes:
            problems.append(gettext("Swiss round %(round)s: pair %(pair)s is seated twice; "
                                    "a pair plays once a round.") % where)
            continue
        if opponents is None or table is None:
            if opponents is not None or table is not None or north_south:
                problems.append(gettext(
                    "Swiss round %(round)s, pair %(pair)s: a pair with the bye has neither "
                    "table, opponents nor direction; a pair that plays has all three.")
                    % where)
            byes[round, pair] = True
            continue
        if opponents == pair:
            problems.append(gettext("Swiss round %(round)s: pair %(pair)s cannot play "
                                    "against itself.") % where)
            continue
        if not 1 <= table <= session.tables:
            problems.append(gettext("Swiss round %(round)s, pair %(pair)s: there is no table "
                                    "%(table)s; the session has %(tables)s.")
                            % {**where, "tables": session.tables})
        seat = (round, table, north_south)
        if seat in seated:
            problems.append(gettext(
                "Swiss round %(round)s: table %(table)s seats two %(direction)s pairs, "
                "%(first)s and %(pair)s; a table seats one North-South and one East-West "
                "pair.") % {**where, "first": seated[seat],
                            "direction": gettext("North-South") if north_south
                            else gettext("East-West")})
        else:
            seated[seat] = pair
        seat_of[round, pair] = (table, opponents, north_south)
    met = {}
    for (round, pair), (table, opponents, north_south) in sorted(seat_of.items()):
        where = {"round": round, "pair": pair, "table": table, "opponents": opponents}
        if seat_of.get((round, opponents)) != (table, pair, not north_south):
            problems.append(gettext(
                "Swiss round %(round)s: pair %(pair)s plays pair %(opponents)s at table "
                "%(table)s, but pair %(opponents)s is not seated there against pair "
                "%(pair)s.") % where)
            continue
        if pair > opponents:
            continue  # the match is checked once, from its lower pair
        earlier = met.setdefault(frozenset((pair, opponents)), round)
        if earlier != round:
            problems.append(gettext(
                "Swiss round %(round)s: pairs %(pair)s and %(opponents)s already met in "
                "round %(earlier)s; no two pairs meet twice.") % {**where, "earlier": earlier})
    bye_count = {}
    for round, pair in sorted(byes):
        if bye_count.setdefault(round, pair) != pair:
            problems.append(gettext(
                "Swiss round %(round)s: pairs %(first)s and %(pair)s both have the bye; at "
                "most one pair sits out a round.")
                % {"round": round, "pair": pair, "first": bye_count[round]})
    started = {round for round, _pair in [*seat_of, *byes]}
    missing = sorted(set(range(1, max(started, default=0) + 1)) - started)
    if missing:
        problems.append(gettext("Swiss rounds are started one after the other from round 1; "
                                "missing: round %(rounds)s.") % {"rounds": listing(missing)})
    return problems
