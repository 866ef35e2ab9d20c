"""Every model's admin pages load; the built-in Moscow table is read-only there."""

import pytest
from django.urls import reverse

from club.models import Board, Pair, Player, Result, Session
from scoring.models import CompensationTable, moscow_table
from tests.conftest import make_result, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def data():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=24)
    return session


@pytest.mark.parametrize("model", [Player, Session, Pair, Board, Result, CompensationTable])
def test_changelist_and_change_pages_load(admin_client, data, model):
    opts = model._meta
    url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    assert admin_client.get(url).status_code == 200
    assert admin_client.get(url, {"q": "a"}).status_code == 200
    obj = model.objects.first()
    change = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    assert admin_client.get(change).status_code == 200
    add = reverse(f"admin:{opts.app_label}_{opts.model_name}_add")
    assert admin_client.get(add).status_code == 200


def test_moscow_is_read_only_in_admin(admin_client):
    table = moscow_table()
    url = reverse("admin:scoring_compensationtable_change", args=[table.pk])
    page = admin_client.get(url)
    assert page.status_code == 200
    assert b'name="name"' not in page.content  # shown, not editable
    response = admin_client.post(url, {"name": "Hacked"})
    assert response.status_code == 403
    assert moscow_table().name == "Moscow"


def test_admin_copy_action_makes_a_club_table(admin_client):
    url = reverse("admin:scoring_compensationtable_changelist")
    admin_client.post(url, {"action": "copy_tables",
                            "_selected_action": [moscow_table().pk]})
    copy = CompensationTable.objects.get(builtin=False)
    assert copy.row_tuples() == moscow_table().row_tuples()


def test_admin_history_of_a_result(admin_client, data):
    result = Result.objects.get()
    url = reverse("admin:club_result_history", args=[result.pk])
    assert admin_client.get(url).status_code == 200
