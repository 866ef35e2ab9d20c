"""Public pages: sessions, standings, board reports, pair scorecards (no login); and the
director's download of a session's archive."""

from django.urls import path

from reports.views import (
    boards,
    downloads,
    events,
    guides,
    individual,
    players,
    ratings,
    scorecards,
    seasons,
    sessions,
    swiss,
    teams,
)

urlpatterns = [
    path("", sessions.session_list, name="session-list"),
    path("sessions/<int:session_id>/", sessions.standings, name="standings"),
    path("sessions/<int:session_id>/boards/", boards.board_list, name="board-list"),
    path("sessions/<int:session_id>/swiss/", swiss.swiss_page, name="swiss"),
    path("sessions/<int:session_id>/teams/", teams.teams_page, name="teams-standings"),
    path("sessions/<int:session_id>/teams/matches/<int:match_id>/", teams.match_report,
         name="team-match"),
    path("sessions/<int:session_id>/players/", individual.individual_page,
         name="individual-standings"),
    path("sessions/<int:session_id>/boards/<int:number>/", boards.board_report,
         name="board-report"),
    path("sessions/<int:session_id>/pairs/<int:number>/", scorecards.pair_scorecard,
         name="pair-scorecard"),
    path("sessions/<int:session_id>/pairs/<int:number>/guide/", guides.pair_guide,
         name="pair-guide"),
    path("director/sessions/<int:session_id>/archive/", downloads.session_archive,
         name="session-archive"),
    # across sessions: players, partnerships, seasons and events
    path("sessions/<int:session_id>/pairs/<int:number>/players/", players.pair_players,
         name="pair-players"),
    path("players/", players.player_index, name="players"),
    path("players/<int:player_id>/", players.player_page, name="player"),
    path("players/<int:player_id>/with/<int:partner_id>/", players.partnership,
         name="partnership"),
    path("ratings/", ratings.ratings_page, name="ratings"),
    path("seasons/", seasons.season_list, name="seasons"),
    path("seasons/<int:season_id>/", seasons.season_page, name="season"),
    path("events/<int:event_id>/", events.event_page, name="event"),
]
