"""The admin's pages load, and the admin can do no more than the services allow: results,
pairs and sessions are read-only there; board and compensation-table changes go through
their services, which refuse stale or unsafe changes."""

import json

import pytest
from django.urls import reverse

from club.models import Board, Pair, Player, Result, Session
from club.services.boards import set_board_hcp
from club.services.compensation_tables import copy_table
from scoring.models import CompensationTable, moscow_table
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def data():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=24)
    return session


def admin_url(model, view, *args):
    opts = model._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}", args=args)


@pytest.mark.parametrize("model", [Player, Session, Pair, Board, Result, CompensationTable])
def test_changelist_and_change_pages_load(admin_client, data, model):
    url = admin_url(model, "changelist")
    assert admin_client.get(url).status_code == 200
    assert admin_client.get(url, {"q": "a"}).status_code == 200
    obj = model.objects.first()
    assert admin_client.get(admin_url(model, "change", obj.pk)).status_code == 200
    assert admin_client.get(admin_url(model, "history", obj.pk)).status_code == 200


@pytest.mark.parametrize("model", [Player, CompensationTable])
def test_the_admin_adds_players_and_tables(admin_client, model):
    assert admin_client.get(admin_url(model, "add")).status_code == 200


@pytest.mark.parametrize("model", [Session, Pair, Board, Result])
def test_sessions_pairs_boards_and_results_are_not_added_in_the_admin(admin_client, model):
    assert admin_client.get(admin_url(model, "add")).status_code == 403


def test_a_result_cannot_be_changed_in_the_admin(admin_client, data):
    result = Result.objects.get()
    response = admin_client.post(admin_url(Result, "change", result.pk), {
        "board": result.board_id, "ns_pair": result.ns_pair_id, "ew_pair": result.ew_pair_id,
        "level": 3, "strain": "NT", "doubling": 0, "declarer": "N", "tricks": 9})
    assert response.status_code == 403
    result.refresh_from_db()
    assert result.text == "4S= N" and result.version == 1


def test_a_result_with_a_pair_of_another_session_cannot_be_added(admin_client, data, client):
    other = make_session(tables=2, name="Other evening")
    response = admin_client.post(admin_url(Result, "add"), {
        "board": data.boards.get(number=2).pk, "ns_pair": data.pairs.get(number=1).pk,
        "ew_pair": other.pairs.get(number=3).pk, "level": 3, "strain": "NT", "doubling": 0,
        "declarer": "N", "tricks": 9, "assigned_doubling": 0})
    assert response.status_code == 403
    assert Result.objects.count() == 1
    assert client.get(f"/sessions/{data.pk}/").status_code == 200


def test_moscow_is_read_only_in_admin(admin_client):
    table = moscow_table()
    url = admin_url(CompensationTable, "change", table.pk)
    page = admin_client.get(url)
    assert page.status_code == 200
    assert b'name="name"' not in page.content  # shown, not editable
    response = admin_client.post(url, {"name": "Hacked"})
    assert response.status_code == 403
    assert moscow_table().name == "Moscow"


def test_admin_copy_action_makes_a_club_table(admin_client):
    response = admin_client.post(admin_url(CompensationTable, "changelist"), {
        "action": "copy_tables", "_selected_action": [moscow_table().pk]}, follow=True)
    copy = CompensationTable.objects.get(builtin=False)
    assert copy.row_tuples() == moscow_table().row_tuples()
    assert copy.name == "Moscow (copy)"
    assert "Copied 1 table." in response.content.decode()  # its plural form, not "table(s)"


def table_post(table, changes):
    """The admin change form of a club table with its rows inline, some values changed."""
    rows = table.rows.order_by("hcp")
    data = {"name": table.name, "rows-TOTAL_FORMS": str(len(rows)),
            "rows-INITIAL_FORMS": str(len(rows)), "rows-MIN_NUM_FORMS": "0",
            "rows-MAX_NUM_FORMS": "20"}
    for index, row in enumerate(rows):
        not_vul, vul = changes.get(row.hcp, (row.not_vul, row.vul))
        data.update({f"rows-{index}-id": str(row.pk), f"rows-{index}-table": str(table.pk),
                     f"rows-{index}-hcp": str(row.hcp), f"rows-{index}-not_vul": str(not_vul),
                     f"rows-{index}-vul": str(vul)})
    return data


def test_a_club_table_that_scored_results_cannot_be_changed(admin_client):
    """Changing a row would leave every stored result scored with the old value."""
    club_table = copy_table(moscow_table().pk, "Our club")
    session = make_session(tables=3, table=club_table)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=26)  # NS not vulnerable
    assert (result.ns_compensation, result.ns_imps) == (350, 2)
    url = admin_url(CompensationTable, "change", club_table.pk)
    page = admin_client.get(url, follow=True)
    assert "Club evening" in page.content.decode()  # says which session holds it
    response = admin_client.post(url, table_post(club_table, {26: (390, 520)}))
    assert response.status_code == 403
    assert club_table.rows.get(hcp=26).not_vul == 350
    result.refresh_from_db()
    assert (result.ns_compensation, result.ns_imps) == (350, 2)


def test_an_unused_club_table_is_changed_through_the_admin(admin_client):
    club_table = copy_table(moscow_table().pk, "Our club")
    response = admin_client.post(admin_url(CompensationTable, "change", club_table.pk),
                                 table_post(club_table, {26: (390, 520)}))
    assert response.status_code == 302
    assert club_table.rows.get(hcp=26).not_vul == 390


def test_an_invalid_table_is_refused_and_nothing_changes(admin_client):
    club_table = copy_table(moscow_table().pk, "Our club")
    response = admin_client.post(admin_url(CompensationTable, "change", club_table.pk),
                                 table_post(club_table, {26: (290, 520)}), follow=True)
    assert "never decrease" in response.content.decode()
    assert club_table.rows.get(hcp=26).not_vul == 350


def board_post(board, **changes):
    shown = {name: getattr(board, name) for name in (
        "ns_hcp", "deal", "dealer_override", "vulnerability_override")}
    data = {name: "" if value is None else value for name, value in shown.items()}
    data.update(changes)
    data["loaded"] = json.dumps(shown)
    return data


def test_a_board_change_in_the_admin_rescores_its_results(admin_client, data):
    board = data.boards.get(number=1)
    response = admin_client.post(admin_url(Board, "change", board.pk),
                                 board_post(board, ns_hcp="26"))
    assert response.status_code == 302
    result = Result.objects.get()
    assert result.ns_compensation == 350  # 26 HCP, board 1 not vulnerable
    assert result.history.first().history_change_reason == "rescored: board changed"


def test_a_stale_admin_board_form_does_not_overwrite_a_directors_change(admin_client, data):
    board = data.boards.get(number=1)  # the admin page shows 24 HCP
    post = board_post(board, ns_hcp="23")
    set_board_hcp(board.pk, 25)  # meanwhile, on the traveller
    response = admin_client.post(admin_url(Board, "change", board.pk), post, follow=True)
    assert "someone changed board 1 meanwhile" in response.content.decode()
    board.refresh_from_db()
    assert board.ns_hcp == 25
    assert Result.objects.get().ns_compensation == 300  # scored with 25


def test_a_player_change_is_kept_in_history(admin_client, data):
    player = Player.objects.first()
    response = admin_client.post(admin_url(Player, "change", player.pk), {
        "name": "Anna Petrova", "membership_number": "M-1", "active": "on"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "Anna Petrova"
    assert [r.name for r in player.history.all()][:1] == ["Anna Petrova"]


# --- history pages: shown, never written through --------------------------------------------

HISTORY_MODELS = [Player, Session, Pair, Board, Result]


def history_form_url(obj):
    opts = obj._meta
    record = obj.history.order_by("history_id").first()
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_simple_history",
                   args=[obj.pk, record.history_id])


@pytest.mark.parametrize("model", HISTORY_MODELS)
def test_a_past_version_is_shown_without_a_form_to_revert(admin_client, data, model):
    obj = model.objects.first()
    page = admin_client.get(history_form_url(obj))
    assert page.status_code == 200
    content = page.content.decode()
    assert 'name="_save"' not in content and "Revert" not in content
    assert not any(f'name="{field.name}"' in content for field in model._meta.fields)


@pytest.mark.parametrize("model", HISTORY_MODELS)
def test_an_empty_post_to_a_past_version_changes_nothing(admin_client, data, model):
    obj = model.objects.first()
    before = list(model.objects.values())
    versions = model.history.count()
    response = admin_client.post(history_form_url(obj), {})
    assert response.status_code == 405
    assert list(model.objects.values()) == before
    assert model.history.count() == versions


def test_a_published_result_cannot_be_reverted_to_other_tricks(admin_client, data):
    """Tricks 9 -> 13 through the history form would keep the old score (400 where the
    rules give 520), without a version bump."""
    result = Result.objects.get()
    result.board.session.status = "published"
    result.board.session.save()
    post = {"board": result.board_id, "ns_pair": result.ns_pair_id,
            "ew_pair": result.ew_pair_id, "level": 4, "strain": "S", "doubling": 0,
            "declarer": "N", "tricks": 13, "assigned_doubling": 0, "_save": "Revert"}
    response = admin_client.post(history_form_url(result), post)
    assert response.status_code == 405
    result.refresh_from_db()
    assert (result.tricks, result.ns_score, result.version) == (10, 420, 1)
    assert result.history.count() == 1


# --- compensation tables: made, changed and kept through their services ---------------------

def new_table_post(name, changes=None):
    changes = changes or {}
    data = {"name": name, "rows-TOTAL_FORMS": "20", "rows-INITIAL_FORMS": "0",
            "rows-MIN_NUM_FORMS": "0", "rows-MAX_NUM_FORMS": "20"}
    for index, (hcp, not_vul, vul) in enumerate(moscow_table().row_tuples()):
        not_vul, vul = changes.get(hcp, (not_vul, vul))
        data.update({f"rows-{index}-hcp": hcp, f"rows-{index}-not_vul": not_vul,
                     f"rows-{index}-vul": vul})
    return data


def test_a_new_table_is_made_with_its_rows(admin_client):
    response = admin_client.post(admin_url(CompensationTable, "add"),
                                 new_table_post("Ours", {26: (390, 520)}))
    assert response.status_code == 302
    table = CompensationTable.objects.get(name="Ours")
    assert len(table.row_tuples()) == 20 and table.rows.get(hcp=26).not_vul == 390


def test_a_new_table_with_invalid_rows_is_refused_and_not_left_empty(admin_client):
    response = admin_client.post(admin_url(CompensationTable, "add"),
                                 new_table_post("Ours", {26: (10, 520)}), follow=True)
    assert "never decrease" in response.content.decode()
    assert not CompensationTable.objects.filter(name="Ours").exists()


def test_tables_are_not_deleted_or_renamed_in_the_admin(admin_client):
    """A table is kept once made (a session may choose it at any moment); its name is
    chosen when it is made, here or by the copy on the director's page."""
    club_table = copy_table(moscow_table().pk, "Our club")
    assert admin_client.post(admin_url(CompensationTable, "delete", club_table.pk),
                             {"post": "yes"}).status_code == 403
    admin_client.post(admin_url(CompensationTable, "changelist"), {
        "action": "delete_selected", "_selected_action": [club_table.pk], "post": "yes"})
    post = table_post(club_table, {})
    post["name"] = "Renamed"
    admin_client.post(admin_url(CompensationTable, "change", club_table.pk), post)
    assert CompensationTable.objects.filter(pk=club_table.pk, name="Our club").exists()
