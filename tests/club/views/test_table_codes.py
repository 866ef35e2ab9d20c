"""The director's table codes: printable cards with QR codes made locally, new codes."""

import pytest
from django.urls import reverse

from club.models import TableCode
from club.services.table_phones import issue_codes
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def test_cards_with_qr_code_and_address(director_client):
    session = make_session(tables=3)
    issue_codes(session.pk)
    response = director_client.get(reverse("table-codes", args=[session.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('<svg viewBox=') == 3 and "<script" not in html.split("<svg")[1]
    for code in TableCode.objects.filter(session=session):
        assert f"http://testserver/t/{code.code}/" in html
        assert f"{code.code[:4]}-{code.code[4:]}" in html
    assert "data-print" in html


def test_issue_missing_one_and_all(director_client):
    session = make_session(tables=3)
    url = reverse("table-codes-issue", args=[session.pk])
    html = director_client.get(reverse("table-codes", args=[session.pk])).content.decode()
    assert "Issue the missing codes" in html and "No code yet." in html
    director_client.post(url, {"table": "missing"})
    codes = dict(TableCode.objects.values_list("table", "code"))
    assert sorted(codes) == [1, 2, 3]
    director_client.post(url, {"table": "2"})
    after = dict(TableCode.objects.values_list("table", "code"))
    assert after[1] == codes[1] and after[2] != codes[2]
    response = director_client.post(url, {"table": "all"}, follow=True)
    assert "3 new codes issued" in response.content.decode()
    assert not set(dict(TableCode.objects.values_list("table", "code")).values()) & set(
        after.values())
    response = director_client.post(url, {"table": "7"}, follow=True)
    assert "tables 1 to 3" in response.content.decode()


def test_codes_page_is_for_directors(client):
    session = make_session(tables=3)
    assert client.get(reverse("table-codes", args=[session.pk])).status_code == 302
    client.post(reverse("table-codes-issue", args=[session.pk]))
    assert not TableCode.objects.exists()
