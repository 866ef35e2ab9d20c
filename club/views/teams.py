"""The director's page of a teams session: its teams (registered, changed, withdrawn), the
round robin or the Swiss rounds, and each team's line-up for each match
(club.services.teams)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from club.forms.teams import KnockoutForm, LineUpForm, TeamForm
from club.models.choices import TEAMS
from club.permissions import director_required
from club.plan import SessionPlan
from club.services.errors import Refused
from club.services.teams import (
    delete_team,
    make_knockout,
    make_round_robin,
    play_extra_boards,
    save_team,
    set_line_up,
    start_swiss_teams_round,
)
from club.stats.teams import session_knockout
from club.views.setup import load_session
from club.visibility import played_pairs
from scoring.engine import boards_of_set


def teams_session(session_id):
    session = load_session(session_id)
    if session.movement != TEAMS:
        raise Http404
    return session


def _matches(session, teams):
    """The session's matches with their line-ups' pairs, each with its two teams."""
    matches = list(session.team_matches.select_related(
        "open_ns__player1", "open_ns__player2", "open_ew__player1", "open_ew__player2",
        "closed_ns__player1", "closed_ns__player2", "closed_ew__player1",
        "closed_ew__player2").order_by("round", "number"))
    for match in matches:
        match.home, match.away = teams[match.home_id], teams.get(match.away_id)
    return matches


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def team_page(request, session_id):
    """Register the teams, make the round robin or each Swiss round, set the line-ups. A
    refused or invalid post shows the page again with what was typed and the reason."""
    session = teams_session(session_id)
    teams = {team.pk: team for team in session.teams.select_related("captain")
             .prefetch_related("members__player").order_by("number")}
    matches = _matches(session, teams)
    action = request.POST.get("action") if request.method == "POST" else None
    next_number = max((team.number for team in teams.values()), default=0) + 1
    # ?team=<id> (or a posted team) changes that team instead of registering a new one.
    editing = teams.get(_int(request.POST.get("team") if action == "team"
                             else request.GET.get("team")))
    team_form = TeamForm(request.POST if action == "team" else None, next_number=next_number,
                         team=editing)
    knockout_form = KnockoutForm(request.POST if action == "knockout" else None)
    knockout = session_knockout(session, teams)
    line_ups = {}
    played = played_pairs(session)
    for match in matches:
        # Both rooms played: their line-ups stay (set_line_up refuses a room with results),
        # so the page shows them instead of forms that could only be refused.
        match.fixed = not match.is_bye and all(
            room_played(match, room, played, session.boards_per_round)
            for room in ("open", "closed"))
        if match.is_bye or match.fixed:
            continue
        for side, team in (("home", match.home), ("away", match.away)):
            bound = (action == "line-up" and request.POST.get("match") == str(match.pk)
                     and request.POST.get("side") == side)
            line_ups[match.pk, side] = LineUpForm(request.POST if bound else None,
                                                  match=match, side=side, team=team)
    done = None
    try:
        if action == "team" and team_form.is_valid():
            done = _saved_team(team_form, session, team_form.cleaned_data, editing)
        elif action == "withdraw":
            team = teams.get(_int(request.POST.get("team")))
            if team is None:
                raise Refused(gettext("This team no longer exists."))
            delete_team(team.pk)
            done = gettext("Team %(name)s withdrawn.") % {"name": team.name}
        elif action == "schedule":
            make_round_robin(session.pk)
            done = gettext("The round robin is made: every match's tables and boards are "
                           "below. Set each team's line-up for its matches.")
        elif action == "swiss":
            round = start_swiss_teams_round(
                session.pk, seeded=request.POST.get("draw", "seeded") != "random")
            done = gettext("Swiss round %(round)d is made: its matches are below, each team "
                           "seated as in its last match.") % {"round": round}
        elif action == "knockout" and knockout_form.is_valid():
            done = _made_knockout(knockout_form, session)
        elif action == "extra":
            play_extra_boards(session.pk)
            done = gettext("The extra boards are made: round 2 below, each team seated as "
                           "in the match.")
        elif action == "line-up":
            done = _saved_line_up(line_ups, request.POST)
    except Refused as err:
        messages.error(request, " ".join(err.messages))
    if done:
        messages.success(request, done)
        return redirect("teams", session.pk)
    made = max((match.round for match in matches), default=0)
    rounds = {}
    for match in matches:
        forms = [line_ups[match.pk, side] for side in ("home", "away")
                 if (match.pk, side) in line_ups]
        rounds.setdefault(match.round, []).append((match, forms))
    return render(request, "club/teams/teams.html", {
        "session": session, "teams": list(teams.values()), "team_form": team_form,
        "editing": editing,
        "rounds": sorted(rounds.items()), "schedule_made": bool(matches),
        # Swiss rounds are made one at a time, a round robin's all at once.
        "next_swiss_round": made + 1 if made < session.rounds and not knockout else None,
        "knockout": knockout, "knockout_form": knockout_form,
        "extra_boards_due": knockout and made < session.rounds,
        "problems": SessionPlan.load(session).setup_problems,
    })


def room_played(match, room, played, per_round):
    """Whether a pair seated in the match's `room` ("open", "closed") has a result on the
    round's boards (`played`: club.visibility.played_pairs), as set_line_up asks."""
    seated = {pair.number for pair in (getattr(match, f"{room}_ns"), getattr(match, f"{room}_ew"))
              if pair is not None}
    return any(seated & played.get(board, set())
               for board in boards_of_set(match.round, per_round))


def _int(value):
    """A posted or queried id, or 0 for anything that is not one."""
    return int(value) if value and value.isdigit() else 0


def _saved_team(form, session, data, editing):
    try:
        team = save_team(session.pk, number=data["number"], name=data["name"],
                         captain=data["captain"], players=data["players"],
                         team_id=editing.pk if editing else None)
    except Refused as err:
        form.add_error(None, err)
        return None
    if editing:
        return gettext("Team %(name)s saved.") % {"name": team.name}
    return gettext("Team %(name)s registered.") % {"name": team.name}


def _made_knockout(form, session):
    try:
        make_knockout(session.pk, carry_over=form.cleaned_data["carry_over"],
                      tie_break=form.cleaned_data["tie_break"])
    except Refused as err:
        form.add_error(None, err)
        return None
    return gettext("The knockout match is made: set each team's line-up below.")


def _saved_line_up(line_ups, post):
    form = line_ups.get((int(post.get("match") or 0), post.get("side")))
    if form is None:
        raise Refused(gettext("This match no longer exists."))
    if not form.is_valid():
        return None
    try:
        set_line_up(form.match.pk, form.side, form.players("open"), form.players("closed"))
    except Refused as err:
        form.add_error(None, err)
        return None
    return gettext("The line-up of %(team)s is set.") % {"team": form.team.name}
