"""Public pages: sessions, standings, board reports, pair scorecards (no login); and the
director's download of a session's archive."""

from django.urls import path

from reports.views import boards, downloads, scorecards, sessions

urlpatterns = [
    path("", sessions.session_list, name="session-list"),
    path("sessions/<int:session_id>/", sessions.standings, name="standings"),
    path("sessions/<int:session_id>/boards/", boards.board_list, name="board-list"),
    path("sessions/<int:session_id>/boards/<int:number>/", boards.board_report,
         name="board-report"),
    path("sessions/<int:session_id>/pairs/<int:number>/", scorecards.pair_scorecard,
         name="pair-scorecard"),
    path("director/sessions/<int:session_id>/archive/", downloads.session_archive,
         name="session-archive"),
]
