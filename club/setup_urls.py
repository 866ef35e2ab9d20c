"""Director's pages for setting up an evening (login and the Directors group required)."""

from django.urls import path

from club import setup_views

urlpatterns = [
    path("", setup_views.director_home, name="director-home"),
    path("sessions/new/", setup_views.session_create, name="setup-session-new"),
    path("sessions/<int:session_id>/", setup_views.session_dashboard, name="director-session"),
    path("sessions/<int:session_id>/edit/", setup_views.session_edit,
         name="setup-session-edit"),
    path("sessions/<int:session_id>/start/", setup_views.session_start,
         name="setup-session-start"),
    path("sessions/<int:session_id>/pairs/", setup_views.pair_list, name="setup-pairs"),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/", setup_views.pair_edit,
         name="setup-pair-edit"),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/withdraw/", setup_views.pair_delete,
         name="setup-pair-delete"),
    path("sessions/<int:session_id>/schedule/", setup_views.schedule, name="setup-schedule"),
    path("sessions/<int:session_id>/table-cards/", setup_views.table_cards,
         name="setup-table-cards"),
    path("players/search/", setup_views.player_search, name="setup-player-search"),
]
