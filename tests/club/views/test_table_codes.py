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


# --- the address on the cards: PUBLIC_URL, and whether the phones can reach it -----------

def test_cards_take_their_address_from_public_url(director_client, settings):
    settings.PUBLIC_URL = "https://club.example.org"
    session = make_session(tables=2)
    issue_codes(session.pk)
    # The director looks at the page on the server itself.
    html = director_client.get(reverse("table-codes", args=[session.pk]),
                               HTTP_HOST="127.0.0.1:8000").content.decode()
    for code in TableCode.objects.filter(session=session):
        assert f"https://club.example.org/t/{code.code}/" in html
        assert f'<title>https://club.example.org/t/{code.code}/</title>' in html  # the QR's
    assert "127.0.0.1" not in html and 'id="address-warning"' not in html


@pytest.mark.parametrize(("address", "warning"), [
    ("http://127.0.0.1:8000", "loopback address"),
    ("http://localhost:8000", "loopback address"),
    ("http://10.1.2.3", "private address"),
    ("http://192.168.1.20:8000", "private address"),
    ("http://172.20.0.5", "private address"),
    ("http://bridge-club.local:8000", "private address"),
    ("https://club.example.org", None),
    ("http://172.32.0.5", None),  # outside 172.16/12: a public address
])
def test_warning_when_phones_may_not_reach_the_address(director_client, settings, address,
                                                       warning):
    settings.PUBLIC_URL = address
    session = make_session(tables=2)
    issue_codes(session.pk)
    html = director_client.get(reverse("table-codes", args=[session.pk])).content.decode()
    if warning is None:
        assert 'id="address-warning"' not in html
        return
    assert 'id="address-warning"' in html and warning in html
    if warning == "loopback address":
        assert "phones cannot reach it" in html
    else:
        assert "Only phones on the club's Wi-Fi" in html


def test_without_public_url_the_browser_address_is_used_and_checked(director_client,
                                                                   settings):
    settings.PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = ["127.0.0.1", "192.168.0.7"]
    session = make_session(tables=2)
    issue_codes(session.pk)
    url = reverse("table-codes", args=[session.pk])
    html = director_client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    code = TableCode.objects.get(session=session, table=1).code
    assert f"http://127.0.0.1:8000/t/{code}/" in html and "loopback address" in html
    html = director_client.get(url, HTTP_HOST="192.168.0.7:8000").content.decode()
    assert f"http://192.168.0.7:8000/t/{code}/" in html and "private address" in html
