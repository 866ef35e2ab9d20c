"""Public pages: sessions, standings, board reports, pair scorecards (no login); the
director's session archive download and import page."""

from django.urls import path

from scoring import views

urlpatterns = [
    path("", views.session_list, name="session-list"),
    path("sessions/<int:session_id>/", views.standings, name="standings"),
    path("sessions/<int:session_id>/boards/", views.board_list, name="board-list"),
    path("sessions/<int:session_id>/boards/<int:number>/", views.board_report,
         name="board-report"),
    path("sessions/<int:session_id>/pairs/<int:number>/", views.pair_scorecard,
         name="pair-scorecard"),
    path("director/sessions/<int:session_id>/archive/", views.session_archive,
         name="session-archive"),
    path("director/import/", views.import_session, name="import-session"),
]
