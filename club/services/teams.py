"""Teams events (docs/teams-and-individuals.md, "In the product: teams events"): the teams
and their members, the schedule of matches, and each team's line-up for a match. One
function for each change; each locks the session and refuses what the event cannot take.

A line-up's two players form an ordinary Pair of the session (found, or made with the next
free number), so a room's results are ordinary results (club.models.teams)."""

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from club.models import Pair, Result, Team, TeamMatch, TeamMember
from club.models.choices import TEAMS
from club.models.teams import MAX_MEMBERS, MAX_TEAM_NUMBER, MIN_MEMBERS
from club.schedule import MAX_PAIRS, listing
from club.services.errors import Refused
from club.services.locks import lock_session, locked_row
from club.services.players import hold_players
from scoring.engine import boards_of_set
from scoring.engine.team_events import MAX_TEAMS, MIN_TEAMS, round_robin
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
        tables = 2 * (count // 2)
        if session.tables < tables:
            raise Refused(ngettext(
                "%(count)d teams play on %(tables)d tables (two a match); the session has "
                "%(have)d table: add tables in the setup.",
                "%(count)d teams play on %(tables)d tables (two a match); the session has "
                "%(have)d tables: add tables in the setup.", session.tables)
                % {"count": count, "tables": tables, "have": session.tables})
        team_of = dict(enumerate(teams, start=1))
        rows = []
        for one in rounds[:session.rounds]:
            rows.extend(TeamMatch(session=session, round=one.round, number=match.match,
                                  home=team_of[match.home], away=team_of[match.away])
                        for match in one.matches)
            if one.bye is not None:
                rows.append(TeamMatch(session=session, round=one.round, number=0,
                                      home=team_of[one.bye]))
        TeamMatch.objects.bulk_create(rows)
    return len(rows)


# The seats of each team in a match: (its open-room pair's field, its closed-room pair's).
_SEATS = {Side.HOME: ("open_ns", "closed_ew"), Side.AWAY: ("open_ew", "closed_ns")}


def set_line_up(match_id, side, open_players, closed_players):
    """Seat `side`'s team (Side.HOME or Side.AWAY) in a match: the two Players of its pair
    in the open room and the two in the closed room (the home team sits NS in the open
    room, EW in the closed). Each pair becomes a Pair of the session: the one these two
    players already form, else a new one with the next free number. Refused: a player not
    in the team or seated twice, a room whose pair already has a result in this match
    (the director corrects the results first), a bye, a finished session."""
    side = Side(side)
    with transaction.atomic():
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
    return match


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

