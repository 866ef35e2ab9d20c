"""The director's pages (under /director/): setting up an evening, result entry,
corrections, rulings, checks and the import page."""

from django.urls import path, register_converter

from club.views import entry, imports, pairs, results, schedule, setup, status
from club.views.hand_records import (
    hand_records,
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
    path("sessions/<int:session_id>/hand-records.pbn", hand_records_pbn,
         name="hand-records-pbn"),
    path("players/search/", pairs.player_search, name="setup-player-search"),
    # the evening: entry, corrections, rulings, checks
    path(SESSION + "entry/", status.session_entry, name="entry-session"),
    path(SESSION + "entry/status/", status.session_status, name="entry-session-status"),
    path(SESSION + "entry/" + TABLE, entry.scorecard, name="entry-scorecard"),
    path(SESSION + "checks/", status.entry_checks, name="entry-checks"),
    path(BOARD, entry.traveller, name="entry-traveller"),
    path(BOARD + "hcp/", entry.board_hcp, name="entry-board-hcp"),
    path(BOARD + "free/", entry.entry_free_row, name="entry-free-row"),
    path(BOARD + TABLE, entry.entry_row, name="entry-row"),
    path("results/<entry_id:result_id>/", results.result_detail, name="result-detail"),
    path("results/<entry_id:result_id>/delete/", results.result_delete,
         name="result-delete"),
    # files
    path("import/", imports.import_session, name="import-session"),
]
