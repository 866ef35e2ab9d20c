"""Creating a whole session from a file that was read and checked in memory (a results CSV,
a JSON archive): players found or created, pairs, boards and scored results, all in one
transaction. The readers in club.io parse and check; this writes."""

from collections import defaultdict
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext
from simple_history.utils import bulk_create_with_history

from club.models import (
    Board,
    IndividualEntry,
    Pair,
    Player,
    Result,
    SwissSeat,
    Team,
    TeamKnockout,
    TeamMatch,
    TeamMember,
)
from club.models.choices import INDIVIDUAL
from club.plan import SessionPlan
from club.schedule import (
    listing,
    movement_option_problems,
    size_problems,
    swiss_round_problems,
)
from club.services.compensation_tables import table_for_import
from club.services.errors import Refused
from club.services.individual import sync_partnerships
from club.services.players import hold_players
from club.services.results import sync_board_plays
from club.services.scoring import score_result


def player_key(spec):
    """Who a (name, membership number) is: the number when there is one, else the name."""
    name, number = spec
    return ("number", number) if number else ("name", name)


def find_players(specs):
    """{player_key: Player} for each (name, membership number), creating the new ones.

    A membership number identifies a player; without one, an existing player with exactly
    that name is reused when there is only one of them. Refused when another import saved
    one of the new membership numbers meanwhile.
    """
    numbers = {m for _n, m in specs if m}
    names = {n for n, m in specs if not m}
    found = {("number", p.membership_number): p
             for p in Player.objects.filter(membership_number__in=numbers)}
    by_name = defaultdict(list)
    for player in Player.objects.filter(name__in=names):
        by_name[player.name].append(player)
    new = []
    for spec in specs:
        key = player_key(spec)
        if key in found:
            continue
        name, number = spec
        if not number and len(by_name[name]) == 1:
            found[key] = by_name[name][0]
        else:
            found[key] = Player(name=name, membership_number=number)
            new.append(found[key])
    hold_players([p.pk for p in found.values()], gettext(
        "While this file was being imported, players it names were merged into other "
        "records; nothing was imported. Import the file again."))
    try:
        with transaction.atomic():
            bulk_create_with_history(new, Player, batch_size=500)
    except IntegrityError:
        # Another import (or a director) saved one of these membership numbers since the
        # query above; the caller's transaction is rolled back, so nothing is left behind.
        raise Refused(gettext(
            "While this file was being imported, players with the membership numbers "
            "%(numbers)s were added elsewhere; nothing was imported. Import the file again "
            "to use those players.") % {"numbers": listing(
                sorted(p.membership_number for p in new if p.membership_number))}) from None
    return found


def import_session(session, pairs, boards, results, *, table_rows=None, swiss=(),
                   user=None, teams=(), team_matches=(), knockout=None):
    """Save a session checked in memory, with its pairs, boards and scored results.

    `session`: an unsaved Session (its status as the reader set it); `pairs`:
    [(number, [(name, membership), ...])]; `boards`: unsaved Boards; `results`:
    [(board number, ns number, ew number, Result)]. `table_rows`, when given, are the
    rows of the compensation table the file names (session.compensation_table is then an
    unsaved table with that name). `swiss`: a Swiss pairs session's rounds as started,
    [(round, table, pair number, opponents' number or None, North-South)]. Outcomes are
    computed by the scoring service, as when a director enters a result. Raises Refused
    (nothing saved) when the session is beyond the size limits of a session or its Swiss
    rounds are not consistent (the readers check them first: this is the last guard), the
    table's name is taken by other values, or a new player's membership number was taken
    meanwhile. `teams`, `team_matches`, `knockout`: a teams session's, as
    club.io.archive.read_teams gives them (the database refuses what breaks a team's or a
    match's rules: Refused).
    """
    if session.movement == INDIVIDUAL:
        raise Refused(gettext(
            "An individual session is not imported from a file: the file has its "
            "partnerships, not the players who entered. Set the individual up and enter "
            "its players; a club's backup restores it whole."))
    problems = size_problems(session, [number for number, _specs in pairs],
                             [board.number for board in boards])
    problems += [message for messages in movement_option_problems(session).values()
                 for message in messages]
    problems += swiss_round_problems(session, swiss)
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        if table_rows is not None:
            session.compensation_table = table_for_import(session.compensation_table.name,
                                                          table_rows)
        session.save()
        players = find_players([spec for _number, specs in pairs for spec in specs]
                               + [spec for *_team, specs in teams for spec in specs])
        pair_objects = bulk_create_with_history([
            Pair(session=session, number=number, player1=players[player_key(specs[0])],
                 player2=players[player_key(specs[1])])
            for number, specs in pairs
        ], Pair, batch_size=500, default_user=user)
        pair_by_number = {p.number: p for p in pair_objects}
        for board in boards:
            board.session = session
        board_by_number = {b.number: b for b in Board.objects.bulk_create(boards)}
        _save_results(session, pair_by_number, board_by_number, results, user)
        SwissSeat.objects.bulk_create([
            SwissSeat(session=session, round=round, table=table, pair=pair_by_number[pair],
                      opponents=pair_by_number.get(opponents), north_south=north_south)
            for round, table, pair, opponents, north_south in swiss])
        _import_teams(session, players, pair_by_number, teams, team_matches, knockout)
    return session


def _save_results(session, pair_by_number, board_by_number, results, user):
    """Score and save `results` ([(board number, ns number, ew number, Result)]) on the
    session's saved pairs and boards, as when a director enters them."""
    cache = {}
    for board_number, ns, ew, result in results:
        result.board = board_by_number[board_number]
        result.board.session = session
        result.ns_pair = pair_by_number[ns]
        result.ew_pair = pair_by_number[ew]
        score_result(result, table_cache=cache)
    objects = bulk_create_with_history([result for *_seat, result in results], Result,
                                       batch_size=500, default_user=user)
    sync_board_plays(objects)


def import_individual(session, players, boards, results, *, user=None):
    """Save a finished individual read from a file (club.io.usebio_individual).

    `session`: an unsaved Session whose movement is individual; `players`: [(number,
    (name, membership))], the entrants numbered 1..N; `boards`: unsaved Boards, 1 to the
    session's board total; `results`: [(board number, ns number, ew number, Result)], the
    numbers those of the partnerships the movement forms (partnership_numbers) for the
    result's round and table. The players are found or created as for pairs
    (find_players), the partnerships formed by club.services.individual, as when a
    director enters the players. Raises Refused (nothing saved) when the session is beyond
    the limits of an individual or the entrants do not fit its movement (the reader checks
    them first: this is the last guard)."""
    problems = size_problems(session, [], [board.number for board in boards])
    problems += [message for messages in movement_option_problems(session).values()
                 for message in messages]
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        session.save()
        found = find_players([spec for _number, spec in players])
        IndividualEntry.objects.bulk_create(
            IndividualEntry(session=session, number=number, player=found[player_key(spec)])
            for number, spec in players)
        for board in boards:
            board.session = session
        board_by_number = {b.number: b for b in Board.objects.bulk_create(boards)}
        sync_partnerships(session)
        plan = SessionPlan.load(session)
        if plan.individual_problems:
            raise Refused(plan.individual_problems)
        _save_results(session, plan.by_number, board_by_number, results, user)
    return session


def _import_teams(session, players, pair_by_number, teams, matches, knockout):
    """A teams session's teams, members, matches and knockout; Refused (and nothing
    saved) for what the database refuses."""
    if not teams:
        return
    try:
        with transaction.atomic():
            team_by_number = {team.number: team for team in Team.objects.bulk_create([
                Team(session=session, number=number, name=name,
                     captain=players[player_key(captain)])
                for number, name, captain, _specs in teams])}
            TeamMember.objects.bulk_create([
                TeamMember(session=session, team=team_by_number[number],
                           player=players[player_key(spec)])
                for number, _name, _captain, specs in teams for spec in specs])
            TeamMatch.objects.bulk_create([TeamMatch(
                session=session, round=m.round, number=m.number, home=team_by_number[m.home],
                away=team_by_number.get(m.away),
                **{seat: pair_by_number.get(getattr(m, seat))
                   for seat in ("open_ns", "open_ew", "closed_ns", "closed_ew")})
                for m in matches])
            if knockout is not None:
                TeamKnockout.objects.create(session=session,
                                            carry_over=Decimal(knockout.carry_over),
                                            tie_break=knockout.tie_break)
    except IntegrityError:
        raise Refused(gettext(
            "The teams or their matches break a rule of teams events (a player in two "
            "teams, a team twice in a round or against itself, a pair at two seats of a "
            "match, a bye with line-ups); nothing was imported.")) from None

