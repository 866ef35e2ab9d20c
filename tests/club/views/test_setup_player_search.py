"""Search as you type: the htmx endpoint lists matching active players as <option>s for the
pair form's <datalist>."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.forms.setup import resolve_player
from club.queries import search_players
from tests.factories import make_player, make_session

pytestmark = pytest.mark.django_db

SEARCH = reverse("setup-player-search")


def options(response):
    return re.findall(r'<option value="([^"]*)">', response.content.decode())


@pytest.fixture
def players():
    return {
        "anna": make_player("Anna Petrova"),
        "boris": make_player("Boris Annenkov", membership_number="77"),
        "ivan": make_player("Иван Петров"),
        "retired": make_player("Anna Oldtimer", active=False),
        "zoe": make_player("Zoe Smith"),
    }


def test_matching_active_players_are_listed_by_name(director_client, players):
    response = director_client.get(SEARCH, {"q": "ann"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert options(response) == ["Anna Petrova", "Boris Annenkov"]
    assert ">77</option>" in response.content.decode()  # membership number as the label


def test_the_search_ignores_case_in_cyrillic_names_too(director_client, players):
    assert options(director_client.get(SEARCH, {"q": "петр"})) == ["Иван Петров"]
    assert options(director_client.get(SEARCH, {"q": "ИВАН"})) == ["Иван Петров"]


def test_the_player_field_that_asks_is_the_search_term(director_client, players):
    assert options(director_client.get(SEARCH, {"player2": "zoe"})) == ["Zoe Smith"]


def test_an_empty_search_lists_nobody(director_client, players):
    assert options(director_client.get(SEARCH, {"q": "  "})) == []


def test_players_sharing_a_name_are_told_apart(director_client):
    first, second = make_player("Olga Smirnova"), make_player("Olga Smirnova")
    assert options(director_client.get(SEARCH, {"q": "olga"})) == [
        f"Olga Smirnova #{first.pk}", f"Olga Smirnova #{second.pk}"]


def test_the_pair_form_asks_as_the_director_types(director_client):
    session = make_session(tables=3, pairs=0, boards=False, status="setup")
    page = director_client.get(reverse("setup-pairs", args=[session.pk])).content.decode()
    for name in ("player1", "player2"):
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)[0]
        assert f'hx-get="{SEARCH}"' in tag
        assert 'hx-trigger="keyup changed delay:200ms"' in tag
        assert 'hx-target="#player-suggestions"' in tag
        assert 'list="player-suggestions"' in tag
    assert '<datalist id="player-suggestions">' in page


def test_the_search_runs_a_fixed_number_of_queries(director_client, django_assert_max_num_queries):
    for n in range(30):
        make_player(f"Member {n}")
    with django_assert_max_num_queries(4):  # auth (3) and the players
        response = director_client.get(SEARCH, {"q": "member"})
    assert len(options(response)) == 20  # the first 20 by name


@pytest.mark.parametrize("field", ["q", "player1", "player2"])
@pytest.mark.parametrize("typed", ["\x00", "An\x00na", "\x00\x00 "])
def test_a_nul_character_never_reaches_the_database(director_client, players, field, typed):
    """PostgreSQL refuses NUL in a query (it answered 500): it is dropped from the term."""
    with CaptureQueriesContext(connection) as queries:
        response = director_client.get(SEARCH, {field: typed})
    assert response.status_code == 200
    assert not any("\x00" in query["sql"] for query in queries.captured_queries)
    assert options(response) == (["Anna Petrova"] if typed == "An\x00na" else [])


def test_a_typed_name_with_nul_is_resolved_without_it(players):
    with CaptureQueriesContext(connection) as queries:
        assert search_players("\x00") == []
        assert resolve_player("Zoe\x00 Smith") == players["zoe"]
        assert resolve_player(f"\x00Zoe Smith #{players['zoe'].pk}") == players["zoe"]
    assert not any("\x00" in query["sql"] for query in queries.captured_queries)
