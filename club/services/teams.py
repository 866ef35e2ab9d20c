"""Teams events (docs/teams-and-individuals.md, "In the product: teams events"): the teams
and their members, the schedule of matches, and each team's line-up for a match. One
function for each change; each locks the session and refuses what the event cannot take.

A line-up's two players form an ordinary Pair of the session (found, or made with the next
free number), so a room's results are ordinary results (club.models.teams)."""

from collections import Counter
from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from club.models import Pair, Result, Team, TeamKnockout, TeamMatch, TeamMember
from club.models.choices import TEAMS
from club.models.teams import (
    MAX_CARRY_OVER,
    MAX_MEMBERS,
    MAX_TEAM_NUMBER,
    MIN_MEMBERS,
    TieBreak,
)
from club.plan import SessionPlan
from club.schedule import MAX_PAIRS, listing
from club.services.errors import Refused
from club.services.locks import lock_session, locked_row
from club.services.players import hold_players
from club.services.swiss import check_rounds_left
from club.stats.teams import teams_standings
from scoring.engine import boards_of_set
from scoring.engine.team_events import (
    MAX_TEAMS,
    MIN_TEAMS,
    round_robin,
    swiss_first_round,
    swiss_next_round,
)
from scoring.engine.teams import Room, Side


def _teams_session(session_id):
    """The locked session, refused unless it is a teams session that is not finished."""
    session = lock_session(session_id)
    if session.movement != TEAMS:
        raise Refused(gettext("Only a teams session has teams and matches."))
    if session.is_locked:
        raise Refused(gettext("This session is %(status)s: reopen it before changing its "
                              "teams.") % {"status": session.get_status_display()})
    return session


def _schedule_made(session):
    if session.team_matches.exists():
        raise Refused(gettext("The schedule of matches is made: the teams can no longer "
                              "change (their line-ups can, match by match)."))


def save_team(session_id, *, number, name, captain, players, team_id=None):
    """Register a team (or, with `team_id`, change it): its number, name, 4 to 6 players
    (saved Players) and its captain, one of them. Refused once the schedule is made, for a
    player in another team of the session, a number or name taken. Returns the team."""
    players = list(players)
    with transaction.atomic():
        hold_players([p.pk for p in players] + [captain.pk])
        session = _teams_session(session_id)
        _schedule_made(session)
        ids = [p.pk for p in players]
        if len(set(ids)) != len(ids):
            raise Refused({"players": [gettext("A player is entered twice in the team.")]})
        if not MIN_MEMBERS <= len(ids) <= MAX_MEMBERS:
            raise Refused({"players": [ngettext(
                "A team has %(min)d to %(max)d players; got %(count)d.",
                "A team has %(min)d to %(max)d players; got %(count)d.", len(ids))
                % {"min": MIN_MEMBERS, "max": MAX_MEMBERS, "count": len(ids)}]})
        if captain.pk not in ids:
            raise Refused({"captain": [gettext("The captain, %(name)s, is not one of the "
                                               "team's players.") % {"name": captain.name}]})
        if not 1 <= number <= MAX_TEAM_NUMBER:
            raise Refused({"number": [gettext("Team numbers run from 1 to %(max)d; got "
                                              "%(number)d.") % {"max": MAX_TEAM_NUMBER,
                                                                 "number": number}]})
        others = session.teams.exclude(pk=team_id)
        taken = others.filter(Q(number=number) | Q(name=name)).first()
        if taken:
            field = "number" if taken.number == number else "name"
            raise Refused({field: [gettext("Team %(number)d is already called “%(name)s”.")
                                   % {"number": taken.number, "name": taken.name}]})
        elsewhere = (TeamMember.objects.filter(session=session, player_id__in=ids)
                     .exclude(team_id=team_id).select_related("player", "team").first())
        if elsewhere:
            raise Refused({"players": [gettext(
                "%(name)s already plays in team %(team)s.")
                % {"name": elsewhere.player.name, "team": elsewhere.team.name}]})
        if team_id is None:
            team = Team(session=session)
        else:
            team = locked_row(Team, team_id, gettext("This team no longer exists."))
            if team.session_id != session.pk:
                raise Refused(gettext("This team is not in this session."))
        team.number, team.name, team.captain = number, name, captain
        team.save()
        team.members.exclude(player_id__in=ids).delete()
        kept = set(team.members.values_list("player_id", flat=True))
        TeamMember.objects.bulk_create(TeamMember(session=session, team=team, player=p)
                                       for p in players if p.pk not in kept)
    return team


def delete_team(team_id):
    """Withdraw a team before the schedule is made."""
    with transaction.atomic():
        session_id = Team.objects.filter(pk=team_id).values_list("session_id", flat=True)
        if not session_id:
            raise Refused(gettext("This team no longer exists."))
        session = _teams_session(session_id[0])
        _schedule_made(session)
        Team.objects.filter(pk=team_id).delete()


def make_round_robin(session_id):
    """Store the matches of a round robin of the session's teams (the engine's circle
    method, scoring.engine.team_events.round_robin): its first `rounds` rounds, match m at
    tables 2m - 1 and 2m, every match of round r on board set r. The teams are taken in
    number order. Refused: already made, fewer than 3 teams, more rounds than a round
    robin of them has, or too few tables for the matches of a round."""
    with transaction.atomic():
        session = _teams_session(session_id)
        _schedule_made(session)
        teams = list(session.teams.order_by("number"))
        count = len(teams)
        if not MIN_TEAMS <= count <= MAX_TEAMS:
            raise Refused(ngettext(
                "A round robin needs %(min)d to %(max)d teams; %(count)d team is registered.",
                "A round robin needs %(min)d to %(max)d teams; %(count)d teams are "
                "registered.", count) % {"min": MIN_TEAMS, "max": MAX_TEAMS, "count": count})
        rounds = round_robin(count)
        if session.rounds > len(rounds):
            raise Refused(ngettext(
                "A round robin of %(count)d teams has %(full)d round; the session has "
                "%(rounds)d: reduce its rounds in the setup.",
                "A round robin of %(count)d teams has %(full)d rounds; the session has "
                "%(rounds)d: reduce its rounds in the setup.", len(rounds))
                % {"count": count, "full": len(rounds), "rounds": session.rounds})
        _check_tables(session, count)
        team_of = dict(enumerate(teams, start=1))
        return sum(_store_round(session, one, team_of) for one in rounds[:session.rounds])


def make_knockout(session_id, *, carry_over=0, tie_break=TieBreak.EXTRA_BOARDS):
    """Make the session a knockout match of its two teams: team 1 at home against team 2 in
    round 1, the home team's `carry_over` IMPs (negative: the away team's; a whole number or
    a half) and the `tie_break` for a level match. With extra boards the session has two
    rounds, the second's board set being the extra boards (stored by play_extra_boards only
    if the match ends level); with the last boards' IMPs, one round. Refused: the schedule
    made, not exactly two teams, too few tables, the wrong number of rounds, a carry-over
    that is not a whole number or a half up to MAX_CARRY_OVER."""
    try:
        carry = Decimal(str(carry_over).strip().replace(",", "."))
    except InvalidOperation:
        carry = None
    if carry is None or not carry.is_finite() or carry * 2 != int(carry * 2) \
            or abs(carry) > MAX_CARRY_OVER:
        raise Refused({"carry_over": [gettext(
            "The carry-over is the home team's IMPs, a whole number or a half from "
            "-%(max)d to %(max)d (negative: the away team's); got “%(value)s”.")
            % {"max": MAX_CARRY_OVER, "value": carry_over}]})
    if tie_break not in TieBreak.values:
        raise Refused({"tie_break": [gettext("Choose the tie-break: extra boards or the "
                                             "last boards' IMPs.")]})
    with transaction.atomic():
        session = _teams_session(session_id)
        _schedule_made(session)
        teams = list(session.teams.order_by("number"))
        if len(teams) != 2:
            raise Refused(ngettext(
                "A knockout match is between 2 teams; %(count)d team is registered.",
                "A knockout match is between 2 teams; %(count)d teams are registered.",
                len(teams)) % {"count": len(teams)})
        _check_tables(session, 2)
        rounds = 2 if tie_break == TieBreak.EXTRA_BOARDS else 1
        if session.rounds != rounds:
            raise Refused(gettext(
                "A knockout match decided by extra boards has 2 rounds (the second round's "
                "boards are the extra boards), one decided by the last boards' IMPs has 1; "
                "the session has %(have)d: change its rounds in the setup.")
                % {"have": session.rounds})
        TeamKnockout.objects.create(session=session, carry_over=carry, tie_break=tie_break)
        TeamMatch.objects.create(session=session, round=1, number=1, home=teams[0],
                                 away=teams[1])


def play_extra_boards(session_id):
    """Store the knockout match's extra boards (round 2: the same teams, each seated as in
    the match) once the match is complete and level. Refused otherwise."""
    with transaction.atomic():
        session = _teams_session(session_id)
        knockout = TeamKnockout.objects.filter(session=session).first()
        if knockout is None or knockout.tie_break != TieBreak.EXTRA_BOARDS:
            raise Refused(gettext("Only a knockout match decided by extra boards plays "
                                  "them."))
        if session.team_matches.filter(round=2).exists():
            raise Refused(gettext("The extra boards are already made."))
        line = teams_standings(SessionPlan.load(session)).knockout
        if not line.undecided:
            raise Refused(gettext("Extra boards are played only when the match is complete "
                                  "and level."))
        match = line.match.match
        TeamMatch.objects.create(
            session=session, round=2, number=1, home_id=match.home_id, away_id=match.away_id,
            open_ns_id=match.open_ns_id, open_ew_id=match.open_ew_id,
            closed_ns_id=match.closed_ns_id, closed_ew_id=match.closed_ew_id)


def _check_tables(session, count):
    """Refused when the session has too few tables for `count` teams: two a match."""
    tables = 2 * (count // 2)
    if session.tables < tables:
        raise Refused(ngettext(
            "%(count)d teams play on %(tables)d tables (two a match); the session has "
            "%(have)d table: add tables in the setup.",
            "%(count)d teams play on %(tables)d tables (two a match); the session has "
            "%(have)d tables: add tables in the setup.", session.tables)
            % {"count": count, "tables": tables, "have": session.tables})


def _store_round(session, team_round, team_of, line_ups=None):
    """The matches of an engine TeamRound (`team_of`: {team number: Team}), each team
    seated as in `line_ups` ({team id: (its open-room pair's id, its closed-room pair's)})
    when given; returns how many rows were stored."""
    line_ups = line_ups or {}
    rows = []
    for match in team_round.matches:
        home, away = team_of[match.home], team_of[match.away]
        row = TeamMatch(session=session, round=team_round.round, number=match.match,
                        home=home, away=away)
        for side, team in ((Side.HOME, home), (Side.AWAY, away)):
            for field, pair_id in zip(_SEATS[side], line_ups.get(team.pk, (None, None)),
                                      strict=True):
                setattr(row, f"{field}_id", pair_id)
        rows.append(row)
    if team_round.bye is not None:
        rows.append(TeamMatch(session=session, round=team_round.round, number=0,
                              home=team_of[team_round.bye]))
    TeamMatch.objects.bulk_create(rows)
    return len(rows)


def start_swiss_teams_round(session_id, *, seeded=True, rng=None):
    """Pair the next round of a Swiss teams and store its matches; returns its number.
    Round 1 (which makes the session a Swiss teams: its rounds are then stored one at a
    time, a round robin's all at once): seeded by team number (1 v n/2+1 ...) or drawn
    with `rng`. Later rounds: once every match of the last round is complete, by the
    standings (VPs, then the tie-breaks), never a rematch while the field can avoid it
    (refused when it cannot), the bye to the lowest team without one, the home team the
    one that has been home less often. Each team keeps the line-up of its last match (its
    open-room pair stays in the open room); the director may change it."""
    with transaction.atomic():
        session = _teams_session(session_id)
        teams = list(session.teams.order_by("number"))
        team_of = {team.number: team for team in teams}
        if len(teams) < MIN_TEAMS:
            raise Refused(ngettext(
                "A Swiss teams needs %(min)d teams or more; %(count)d team is registered.",
                "A Swiss teams needs %(min)d teams or more; %(count)d teams are registered.",
                len(teams)) % {"min": MIN_TEAMS, "count": len(teams)})
        _check_tables(session, len(teams))
        plan = SessionPlan.load(session)
        started = plan.team_rounds_made
        check_rounds_left(session, started)
        if started == 0:
            _store_round(session, swiss_first_round(list(team_of), seeded=seeded, rng=rng),
                         team_of)
            return 1
        standings = teams_standings(plan)
        waiting = [line.match.number for line in standings.rounds[started]
                   if not line.match.is_bye and not line.complete]
        if waiting:
            raise Refused(gettext(
                "Round %(round)d is not complete: matches %(matches)s still have boards "
                "without a result in a room. Start the next round when every match has "
                "finished.") % {"round": started, "matches": listing(waiting)})
        matches = [line.match for lines in standings.rounds.values() for line in lines]
        played = [match for match in matches if not match.is_bye]
        met = {frozenset((match.home.number, match.away.number)) for match in played}
        byes = {match.home.number for match in matches if match.is_bye}
        home_matches = Counter(match.home.number for match in played)
        order = [row.team.number for row in standings.rows]
        scores = {number: len(order) - index for index, number in enumerate(order)}
        next_round = swiss_next_round(started + 1, scores, met, byes, home_matches)
        if any(frozenset(match.teams) in met for match in next_round.matches):
            raise Refused(gettext(
                "The teams cannot all meet new opponents in round %(round)d: the session "
                "has more rounds than this field can play without a rematch. Finish the "
                "session here, or reduce its rounds.") % {"round": started + 1})
        _store_round(session, next_round, team_of, _last_line_ups(played))
    return started + 1


def _last_line_ups(matches):
    """{team id: (its open-room pair's id, its closed-room pair's)} of each team's last
    match (`matches`: TeamMatch rows in round order, no bye)."""
    line_ups = {}
    for match in matches:
        line_ups[match.home_id] = (match.open_ns_id, match.closed_ew_id)
        line_ups[match.away_id] = (match.open_ew_id, match.closed_ns_id)
    return line_ups


# The seats of each team in a match: (its open-room pair's field, its closed-room pair's).
_SEATS = {Side.HOME: ("open_ns", "closed_ew"), Side.AWAY: ("open_ew", "closed_ns")}


def set_line_up(match_id, side, open_players, closed_players):
    """Seat `side`'s team (Side.HOME or Side.AWAY) in a match: the two Players of its pair
    in the open room and the two in the closed room (the home team sits NS in the open
    room, EW in the closed). Each pair becomes a Pair of the session: the one these two
    players already form, else a new one with the next free number. The team's later
    matches without its line-up get the same one (_carry_forward). Refused: a player not
    in the team or seated twice, a room whose pair already has a result in this match
    (the director corrects the results first), a bye, a finished session."""
    side = Side(side)
    with transaction.atomic():
        # Players before the session, as every service takes them: the pairs point at them.
        hold_players([p.pk for p in (*open_players, *closed_players)])
        found = TeamMatch.objects.filter(pk=match_id).values_list("session_id", flat=True)
        if not found:
            raise Refused(gettext("This match no longer exists."))
        session = _teams_session(found[0])
        match = TeamMatch.objects.select_related("home", "away").get(pk=match_id)
        if match.is_bye:
            raise Refused(gettext("A team with the bye has no line-up to set."))
        team = match.home if side is Side.HOME else match.away
        chosen = [*open_players, *closed_players]
        ids = [p.pk for p in chosen]
        if len(ids) != 4 or len(set(ids)) != 4:
            raise Refused(gettext("A line-up seats four different players: two in the "
                                  "open room and two in the closed room."))
        members = set(team.members.values_list("player_id", flat=True))
        strangers = [p.name for p in chosen if p.pk not in members]
        if strangers:
            raise Refused(gettext("%(names)s not in team %(team)s; choose its players.")
                          % {"names": listing(strangers), "team": team.name})
        pairs = [_pair_of(session, open_players), _pair_of(session, closed_players)]
        played = _rooms_played(session, match)
        for field, pair, room in zip(_SEATS[side], pairs, (Room.OPEN, Room.CLOSED),
                                     strict=True):
            if getattr(match, f"{field}_id") != pair.pk and room in played:
                raise Refused(ROOM_PLAYED[room]())
            setattr(match, field, pair)
        try:
            with transaction.atomic():
                match.save(update_fields=list(_SEATS[side]))
        except IntegrityError as err:
            raise Refused(gettext("A pair cannot sit at two seats of one match.")) from err
        _carry_forward(session, match, team, pairs)
    return match


def _carry_forward(session, match, team, pairs):
    """Seat `team` the same way (`pairs`: its open-room and closed-room pair) in its later
    matches where it has no line-up yet, so that a team keeping its pairs all evening is
    seated once."""
    for side in Side:
        open_field, closed_field = _SEATS[side]
        team_field = "home" if side is Side.HOME else "away"
        TeamMatch.objects.filter(
            session=session, round__gt=match.round, away__isnull=False, **{team_field: team},
            **{f"{open_field}__isnull": True, f"{closed_field}__isnull": True},
        ).update(**{open_field: pairs[0], closed_field: pairs[1]})


ROOM_PLAYED = {
    Room.OPEN: lambda: gettext("The open room of this match has results already, so its "
                               "line-up stays; correct or delete those results first."),
    Room.CLOSED: lambda: gettext("The closed room of this match has results already, so "
                                 "its line-up stays; correct or delete those results first."),
}


def _pair_of(session, players):
    """The session's Pair of these two players (either order), made when new."""
    first, second = players
    pair = (Pair.objects.filter(session=session)
            .filter(Q(player1=first, player2=second) | Q(player1=second, player2=first))
            .first())
    if pair:
        return pair
    taken = set(session.pairs.values_list("number", flat=True))
    number = next((n for n in range(1, MAX_PAIRS + 1) if n not in taken), None)
    if number is None:
        raise Refused(gettext("The session has no pair number left (at most %(max)d): "
                              "keep the teams' partnerships from match to match.")
                      % {"max": MAX_PAIRS})
    return Pair.objects.create(session=session, number=number, player1=first,
                               player2=second)


def _rooms_played(session, match):
    """The rooms of `match` whose seated pairs have a result on the round's boards."""
    rooms = set()
    for room, ns, ew in ((Room.OPEN, match.open_ns_id, match.open_ew_id),
                         (Room.CLOSED, match.closed_ns_id, match.closed_ew_id)):
        seated = [pk for pk in (ns, ew) if pk is not None]
        if seated and Result.objects.filter(
                board__session=session,
                board__number__in=boards_of_set(match.round, session.boards_per_round)).filter(
                Q(ns_pair_id__in=seated) | Q(ew_pair_id__in=seated)).exists():
            rooms.add(room)
    return rooms



def schedule_change_problems(session, after):
    """{field: [messages]} against giving a teams `session` whose schedule is made the
    setup `after` (an unsaved Session): it stays a teams session, keeps the tables its
    matches play at and at least the rounds already made."""
    made = session.team_matches.order_by()
    if session.movement != TEAMS or not made.exists():
        return {}
    problems = {}
    if after.movement != TEAMS:
        problems["movement"] = [gettext("The teams' matches are made: the session stays a "
                                        "teams event.")]
    tables = 2 * max(made.values_list("number", flat=True))
    if after.tables < tables:
        problems["tables"] = [gettext("The matches play at tables 1 to %(tables)d: the "
                                      "session keeps %(tables)d tables or more.")
                              % {"tables": tables}]
    rounds = max(made.values_list("round", flat=True))
    if after.rounds < rounds:
        problems["rounds"] = [gettext("Matches are made for %(rounds)d rounds: the session "
                                      "keeps %(rounds)d rounds or more.") % {"rounds": rounds}]
    return problems
