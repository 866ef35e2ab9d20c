"""Which phone opens which table: a club's phones share one network address, so one
phone's wrong codes must not keep the others from their tables, while guessing a code stays
hopeless (docs/architecture.md, "Table codes")."""

import pytest
from django.urls import reverse

from club.models import TableCode
from club.services.table_entry import issue_codes
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """3-table Mitchell, 2 boards a round, every table with its code."""
    session = make_session(tables=3, boards_per_round=2)
    issue_codes(session.pk)
    return session


def code_of(session, table):
    return session.table_codes.get(table=table).code


def table_url(session, table):
    return reverse("table", args=[code_of(session, table)])


def wrong(client, count, **extra):
    """`count` wrong codes from this phone; the status of each answer."""
    return [client.get(reverse("table", args=[f"WRNG{n:04d}"]), **extra).status_code
            for n in range(count)]


def type_code(client, text, **extra):
    return client.get(reverse("table-code-entry"), {"code": text}, follow=True, **extra)


# --- codes typed on a Russian keyboard ------------------------------------------------------

@pytest.fixture
def lookalike_codes(evening):
    TableCode.objects.filter(session=evening, table=1).update(code="ABEKMHPC")
    TableCode.objects.filter(session=evening, table=2).update(code="TX234567")
    return evening


@pytest.mark.parametrize("typed,code", [("аВЕК-мнрс", "ABEKMHPC"), ("ABEK mhРС", "ABEKMHPC"),
                                        ("тх23-4567", "TX234567")])
def test_cyrillic_lookalikes_are_read_as_latin(client, lookalike_codes, typed, code):
    response = client.get(reverse("table-code-entry"), {"code": typed})
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[code])


def test_a_cyrillic_lookalike_in_the_address_opens_the_table(client, lookalike_codes):
    assert client.get(reverse("table", args=["АВЕКМНРС"])).status_code == 200


@pytest.mark.parametrize("typed,named", [("ABEK-MHPЖ", "“Ж”"), ("ABEK-MHP0", "“0”"),
                                         ("ABEK-MHPO", "“O”"), ("АВЕК-МНРО", "“O”"),
                                         ("ABEK-MH1Я", "“1”, “Я”"), ("ABEK_MHPC", "“_”")])
def test_a_character_outside_the_codes_is_named(client, lookalike_codes, typed, named):
    response = client.get(reverse("table-code-entry"), {"code": typed})
    assert response.status_code == 400
    html = response.content.decode()
    assert named in html and "2 to 9" in html
    assert f'value="{typed}"' in html  # what was typed stays in the box


def test_a_code_of_the_wrong_length_is_refused_before_any_lookup(client, lookalike_codes):
    response = client.get(reverse("table-code-entry"), {"code": "ABEK-MHP"})
    assert response.status_code == 400
    assert "8 characters" in response.content.decode()
