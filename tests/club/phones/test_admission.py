"""Which phone opens which table: a club's phones share one network address, so one
phone's wrong codes must not keep the others from their tables, while guessing a code stays
hopeless (docs/architecture.md, "Table codes")."""


import pytest
from django.test import Client
from django.urls import reverse

from club.models import DirectorCall, Session, TableCode
from club.services.table_phones import issue_codes
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


def test_one_phones_wrong_codes_leave_the_other_phones_their_tables(client, evening):
    admitted = Client()
    assert admitted.get(table_url(evening, 1)).status_code == 200
    # Another phone on the same address (the club's Wi-Fi) fumbles its code.
    assert wrong(client, 6) == [404] * 5 + [429]
    # The phone already at its table goes on: its round, a board, a call.
    assert admitted.get(table_url(evening, 1)).status_code == 200
    assert admitted.get(reverse("table-board", args=[code_of(evening, 1), 1])).status_code == 200
    admitted.post(reverse("table-call", args=[code_of(evening, 1)]))
    assert DirectorCall.objects.filter(table=1).exists()
    # A new phone typing its table's code is admitted, and one following the QR link.
    typed = type_code(Client(), code_of(evening, 2).lower())
    assert typed.status_code == 200 and "Table 2" in typed.content.decode()
    assert Client().get(table_url(evening, 3)).status_code == 200


def test_the_guessing_phone_itself_is_refused_even_the_right_code(client, evening):
    wrong(client, 5)
    response = client.get(table_url(evening, 2))
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many wrong codes from this phone" in html
    assert int(response["Retry-After"]) in range(1, 66)


def test_a_tables_pass_does_not_lift_the_limit_for_other_codes(client, evening):
    assert client.get(table_url(evening, 1)).status_code == 200  # the pass for table 1
    assert wrong(client, 6) == [404] * 5 + [429]
    assert client.get(table_url(evening, 2)).status_code == 429
    assert client.get(table_url(evening, 1)).status_code == 200


def test_a_phone_whose_code_was_replaced_is_not_counted_as_guessing(client, evening):
    old = table_url(evening, 1)
    assert client.get(old).status_code == 200  # the pass names the old code
    issue_codes(evening.pk, [1])
    # The phone keeps reloading its page: the old code opens nothing, and that is no guess.
    assert [client.get(old).status_code for _n in range(8)] == [404] * 8
    assert client.get(table_url(evening, 1)).status_code == 200
    assert Client().get(table_url(evening, 2)).status_code == 200


def test_a_network_guessing_without_cookies_is_refused_but_admitted_phones_go_on(evening):
    from club.phones.admission import ADDRESS_MISSES
    admitted = Client()
    assert admitted.get(table_url(evening, 1)).status_code == 200
    guesser = Client()
    for n in range(ADDRESS_MISSES):
        guesser.cookies.clear()  # a new "device" every time
        assert guesser.get(reverse("table", args=[f"WRNG{n:04d}"])).status_code == 404
    guesser.cookies.clear()
    assert guesser.get(table_url(evening, 2)).status_code == 429
    refused = Client().get(table_url(evening, 2))
    assert refused.status_code == 429
    assert "Too many wrong codes from this network" in refused.content.decode()
    assert admitted.get(table_url(evening, 1)).status_code == 200


def test_an_ipv6_network_is_one_address(evening, monkeypatch):
    monkeypatch.setattr("club.phones.admission.ADDRESS_MISSES", 3)
    for host in (1, 2, 3):
        wrong(Client(), 1, REMOTE_ADDR=f"2001:db8:0:7::{host}")
    assert Client().get(table_url(evening, 1), REMOTE_ADDR="2001:db8:0:7::99").status_code == 429
    assert Client().get(table_url(evening, 1), REMOTE_ADDR="2001:db8:0:8::1").status_code == 200


def test_the_sites_ceiling_holds_across_addresses(evening, monkeypatch):
    monkeypatch.setattr("club.phones.admission.SITE_MISSES", 3)
    admitted = Client()
    assert admitted.get(table_url(evening, 1)).status_code == 200
    for host in (1, 2, 3):
        assert wrong(Client(), 1, REMOTE_ADDR=f"192.0.2.{host}") == [404]
    refused = Client().get(table_url(evening, 2), REMOTE_ADDR="198.51.100.7")
    assert refused.status_code == 429
    assert "Too many wrong codes are being tried" in refused.content.decode()
    assert admitted.get(table_url(evening, 1)).status_code == 200


def test_guessing_a_live_code_takes_years_at_the_sites_ceiling():
    """The arithmetic of docs/architecture.md: 30 live codes, guesses never repeated, the
    whole site's ceiling of wrong codes used all the time."""
    from club.phones.admission import MISS_WINDOW, SITE_MISSES
    from club.services.table_phones import CODE_ALPHABET, CODE_LENGTH
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    guesses = (codes + 1) / (30 + 1)
    years = guesses / SITE_MISSES * MISS_WINDOW / (365.25 * 24 * 3600)
    assert years > 50


# --- codes for tables the session does not have ------------------------------------------

def test_a_code_for_a_table_beyond_the_sessions_tables_opens_nothing(client, db):
    session = make_session(tables=8, boards_per_round=2)
    issue_codes(session.pk)
    TableCode.objects.create(session=session, table=9, code="ZZZZ9999")
    for url in (reverse("table", args=["ZZZZ9999"]),
                reverse("table-board", args=["ZZZZ9999", 1])):
        response = client.get(url)
        assert response.status_code == 404
        assert "This code opens no table" in response.content.decode()
    assert client.post(reverse("table-call", args=["ZZZZ9999"])).status_code == 404
    assert not DirectorCall.objects.exists()


def test_a_table_the_director_removed_opens_nothing_even_with_its_pass(client, evening):
    url = table_url(evening, 3)
    assert client.get(url).status_code == 200  # the pass for table 3
    Session.objects.filter(pk=evening.pk).update(tables=2, version=evening.version + 1)
    response = client.get(url)
    assert response.status_code == 404
    assert "This code opens no table" in response.content.decode()
    assert client.get(table_url(evening, 2)).status_code == 200


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


# --- parameters of the table pages ----------------------------------------------------------

@pytest.mark.parametrize("board", ["1" * 16, "9" * 5000, "²", "-1", "abc", "0", "7"])
def test_call_with_a_board_the_table_does_not_play_is_refused_and_not_stored(
        client, evening, board):
    response = client.post(reverse("table-call", args=[code_of(evening, 1)]), {"board": board})
    assert response.status_code == 302
    assert response["Location"] == table_url(evening, 1)
    assert not DirectorCall.objects.exists()
    html = client.get(response["Location"]).content.decode()
    assert "The director was not called" in html


def test_call_from_a_board_goes_back_to_it(client, evening):
    code = code_of(evening, 1)
    response = client.post(reverse("table-call", args=[code]), {"board": "2", "back": "board"})
    assert response["Location"] == reverse("table-board", args=[code, 2])
    assert DirectorCall.objects.get().table == 1
    # From the round page, naming a board in its list: back to the round.
    response = client.post(reverse("table-call", args=[code]), {"board": "1"})
    assert response["Location"] == table_url(evening, 1)


@pytest.mark.parametrize("value", ["1" * 16, "9" * 5000, "²", "-1", "abc", "\x00"])
def test_odd_round_numbers_and_keys_are_answered_without_error(client, evening, value):
    code = code_of(evening, 1)
    response = client.get(table_url(evening, 1), {"round": value})
    assert response.status_code in (200, 404)
    for name in ("table-accept", "table-withdraw"):
        response = client.post(reverse(name, args=[code, 1]), {"key": value}, follow=True)
        assert response.status_code == 200
        assert "This entry no longer exists" in response.content.decode()
