"""Director's result entry, corrections, rulings and checks (under /director/)."""

from django.urls import path, register_converter

from club import entry_views


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
    path(SESSION + "entry/", entry_views.session_entry, name="entry-session"),
    path(SESSION + "entry/status/", entry_views.session_status, name="entry-session-status"),
    path(SESSION + "entry/" + TABLE, entry_views.scorecard, name="entry-scorecard"),
    path(SESSION + "checks/", entry_views.entry_checks, name="entry-checks"),
    path(BOARD, entry_views.traveller, name="entry-traveller"),
    path(BOARD + "hcp/", entry_views.board_hcp, name="entry-board-hcp"),
    path(BOARD + "free/", entry_views.entry_free_row, name="entry-free-row"),
    path(BOARD + TABLE, entry_views.entry_row, name="entry-row"),
    path("results/<entry_id:result_id>/", entry_views.result_detail, name="result-detail"),
    path("results/<entry_id:result_id>/delete/", entry_views.result_delete,
         name="result-delete"),
]
