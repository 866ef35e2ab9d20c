"""The director's pages (under /director/): setting up an evening, result entry,
corrections, rulings, checks and the import page."""

from django.urls import path, register_converter

from club.phones import views as phones
from club.views import (
    calibration,
    compensation_tables,
    dashboard,
    entry,
    imports,
    individual,
    masterpoints,
    pairs,
    players,
    results,
    schedule,
    seasons,
    setup,
    status,
    swiss,
    table_codes,
    teams,
)
from club.views.hand_records import (
    hand_records,
    hand_records_analyse,
    hand_records_boards,
    hand_records_deal,
    hand_records_import,
    hand_records_pbn,
)


class IdConverter:
    """A positive whole number of at most nine digits: longer ids cannot exist, and would
    overflow the database's integer columns if they reached a query."""

    regex = "[0-9]{1,9}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


register_converter(IdConverter, "entry_id")

SESSION = "sessions/<entry_id:session_id>/"
BOARD = SESSION + "entry/boards/<entry_id:board_number>/"
TABLE = "rounds/<entry_id:round>/tables/<entry_id:table>/"

urlpatterns = [
    # setting up an evening
    path("", setup.director_home, name="director-home"),
    path("sessions/new/", setup.session_create, name="setup-session-new"),
    path("sessions/<int:session_id>/", setup.session_dashboard, name="director-session"),
    path("sessions/<int:session_id>/edit/", setup.session_edit, name="setup-session-edit"),
    path("sessions/<int:session_id>/start/", setup.session_start,
         name="setup-session-start"),
    path("sessions/<int:session_id>/delete/", setup.session_delete,
         name="setup-session-delete"),
    path("sessions/<int:session_id>/pairs/", pairs.pair_list, name="setup-pairs"),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/", pairs.pair_edit,
         name="setup-pair-edit"),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/withdraw/", pairs.pair_delete,
         name="setup-pair-delete"),
    path("sessions/<int:session_id>/schedule/", schedule.schedule, name="setup-schedule"),
    path("sessions/<int:session_id>/table-cards/", schedule.table_cards,
         name="setup-table-cards"),
    path("sessions/<int:session_id>/hand-records/", hand_records,
         name="hand-records"),
    path("sessions/<int:session_id>/hand-records/import/", hand_records_import,
         name="hand-records-import"),
    path("sessions/<int:session_id>/hand-records/deal/", hand_records_deal,
         name="hand-records-deal"),
    path("sessions/<int:session_id>/hand-records/boards/", hand_records_boards,
         name="hand-records-boards"),
    path("sessions/<int:session_id>/hand-records/analyse/", hand_records_analyse,
         name="hand-records-analyse"),
    path("sessions/<int:session_id>/hand-records.pbn", hand_records_pbn,
         name="hand-records-pbn"),
    path("players/search/", pairs.player_search, name="setup-player-search"),
    # the evening: entry, corrections, rulings, checks
    path(SESSION + "entry/", status.session_entry, name="entry-session"),
    path(SESSION + "entry/status/", status.session_status, name="entry-session-status"),
    path(SESSION + "entry/" + TABLE, entry.scorecard, name="entry-scorecard"),
    path(SESSION + "checks/", status.entry_checks, name="entry-checks"),
    path(SESSION + "entry/dashboard/", dashboard.dashboard, name="entry-dashboard"),
    path(SESSION + "entry/dashboard/grid/", dashboard.dashboard_grid,
         name="entry-dashboard-grid"),
    path(SESSION + "entry/calls/<entry_id:call_id>/answered/", dashboard.call_answered,
         name="entry-call-answered"),
    path(SESSION + "table-codes/", table_codes.table_codes, name="table-codes"),
    path(SESSION + "swiss/", swiss.swiss_rounds, name="swiss-rounds"),
    path(SESSION + "individual/players/", individual.entry_list, name="individual-players"),
    path(SESSION + "individual/players/<entry_id:entry_id>/withdraw/",
         individual.entry_withdraw, name="individual-withdraw"),
    path(SESSION + "individual/standings/", individual.standings,
         name="individual-director-standings"),
    path(SESSION + "individual/cards/", individual.table_cards, name="individual-cards"),
    path(SESSION + "swiss/start/", swiss.swiss_start_round, name="swiss-start-round"),
    path(SESSION + "teams/", teams.team_page, name="teams"),
    path(SESSION + "table-codes/issue/", table_codes.issue_table_codes,
         name="table-codes-issue"),
    path(BOARD, entry.traveller, name="entry-traveller"),
    path(BOARD + "hcp/", entry.board_hcp, name="entry-board-hcp"),
    path(BOARD + "free/", entry.entry_free_row, name="entry-free-row"),
    path(BOARD + TABLE, entry.entry_row, name="entry-row"),
    path("results/<entry_id:result_id>/", results.result_detail, name="result-detail"),
    path("results/<entry_id:result_id>/delete/", results.result_delete,
         name="result-delete"),
    # files
    path("import/", imports.import_session, name="import-session"),
    # the player registry
    path("players/", players.player_list, name="director-players"),
    path("players/new/", players.player_create, name="director-player-new"),
    path("players/<entry_id:player_id>/", players.player_edit, name="director-player"),
    path("players/<entry_id:player_id>/merge/", players.player_merge,
         name="director-player-merge"),
    path("players/<entry_id:player_id>/merge/confirm/", players.player_merge_confirm,
         name="director-player-merge-confirm"),
    # seasons and events
    path("seasons/", seasons.season_list, name="director-seasons"),
    path("seasons/new/", seasons.season_form, name="director-season-new"),
    path("seasons/<entry_id:season_id>/", seasons.season_form, name="director-season"),
    path("seasons/<entry_id:season_id>/delete/", seasons.season_delete,
         name="director-season-delete"),
    path("events/new/", seasons.event_form, name="director-event-new"),
    path("events/<entry_id:event_id>/", seasons.event_form, name="director-event"),
    path("events/<entry_id:event_id>/delete/", seasons.event_delete,
         name="director-event-delete"),
    path("events/<entry_id:event_id>/carry-over/", seasons.carry_over_add,
         name="director-carry-over-add"),
    path("events/<entry_id:event_id>/carry-over/<entry_id:row_id>/delete/",
         seasons.carry_over_delete, name="director-carry-over-delete"),
    # masterpoints: the award schemes, a season's awards for the federation
    path("masterpoints/", masterpoints.masterpoints_home, name="director-masterpoints"),
    path("masterpoints/schemes/new/", masterpoints.scheme_form, name="director-scheme-new"),
    path("masterpoints/schemes/shipped/", masterpoints.add_schemes,
         name="director-schemes-shipped"),
    path("masterpoints/schemes/<entry_id:scheme_id>/", masterpoints.scheme_form,
         name="director-scheme"),
    path("masterpoints/seasons/<entry_id:season_id>.csv", masterpoints.season_export,
         name="director-masterpoints-export"),
    # what the results say about the compensation table
    path("calibration/", calibration.calibration_page, name="calibration"),
    # the compensation tables: values, copies, a club table's new values
    path("tables/", compensation_tables.table_list, name="director-tables"),
    path("tables/<entry_id:table_id>/", compensation_tables.table_detail,
         name="director-table"),
    path("tables/<entry_id:table_id>/copy/", compensation_tables.table_copy,
         name="director-table-copy"),
]

# The players' pages at their table, public (no account) and short: config.urls puts them
# under /t/, the address a table's QR code holds.
table_urlpatterns = [
    path("", phones.code_entry, name="table-code-entry"),
    path("sw.js", phones.service_worker, name="table-service-worker"),
    path("<str:code>/", phones.table_round, name="table"),
    path("<str:code>/call/", phones.table_call, name="table-call"),
    path("<str:code>/boards/<entry_id:board_number>/", phones.table_board, name="table-board"),
    path("<str:code>/boards/<entry_id:board_number>/accept/", phones.table_accept,
         name="table-accept"),
    path("<str:code>/boards/<entry_id:board_number>/withdraw/", phones.table_withdraw,
         name="table-withdraw"),
]
