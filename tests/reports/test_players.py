"""A player's public page, a partnership's page, the list of players and the links from
the standings: published evenings only, and never a membership or federation number."""

from datetime import date

import pytest

from club.services.players import save_player
from tests.factories import make_player
from tests.reports.test_seasons import evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def players():
    found = {name: make_player(name) for name in ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay",
                                                  "Gus", "Hal"]}
    save_player({"membership_number": "M-4711", "federation_number": "RU-0815"},
                player_id=found["Ann"].pk)
    return found


@pytest.fixture
def evenings(players):
    p = players
    first = evening(date(2026, 1, 5), [(p["Ann"], p["Bob"]), (p["Cid"], p["Dee"]),
                                       (p["Eve"], p["Fay"]), (p["Gus"], p["Hal"])],
                    [(1, 1, 3, "4S= N"), (2, 1, 3, "1NT= N")])  # Ann/Bob +9 +3
    second = evening(date(2026, 1, 12), [(p["Ann"], p["Cid"]), (p["Bob"], p["Dee"]),
                                         (p["Eve"], p["Fay"]), (p["Gus"], p["Hal"])],
                     [(1, 3, 1, "4S= N")])  # Ann/Cid -9 (EW)
    hidden = evening(date(2026, 1, 19), [(p["Ann"], p["Bob"]), (p["Cid"], p["Dee"]),
                                         (p["Eve"], p["Fay"]), (p["Gus"], p["Hal"])],
                     [(1, 1, 3, "4S= N")], status="finished")
    return first, second, hidden


def test_player_page_sums_published_evenings(client, players, evenings):
    first, second, _hidden = evenings
    page = client.get(f"/players/{players['Ann'].pk}/").content.decode()
    assert "<h1>Ann</h1>" in page
    # 2 sessions, 3 boards, +3 IMPs, +1.00 a board.
    assert "<dd>2</dd>" in page and "<dd>3</dd>" in page and "+1.00" in page
    assert f'href="/players/{players["Bob"].pk}/"' in page
    assert f'href="/players/{players["Ann"].pk}/with/{players["Cid"].pk}/"' in page
    assert f'href="/sessions/{first.pk}/pairs/1/"' in page
    assert f'href="/sessions/{second.pk}/pairs/1/"' in page
    assert "Evening 2026-01-19" not in page  # finished, not published
    assert "<svg" in page and "Best evenings" in page


def test_numbers_never_appear_on_public_pages(client, players, evenings):
    pages = [f"/players/{players['Ann'].pk}/", "/players/", "/players/?q=ann",
             f"/players/{players['Ann'].pk}/with/{players['Bob'].pk}/",
             f"/sessions/{evenings[0].pk}/"]
    for url in pages:
        html = client.get(url).content.decode()
        assert "M-4711" not in html and "RU-0815" not in html, url


def test_partnership_page(client, players, evenings):
    ann, bob = players["Ann"].pk, players["Bob"].pk
    page = client.get(f"/players/{ann}/with/{bob}/").content.decode()
    assert f'<a href="/players/{ann}/">Ann</a> – <a href="/players/{bob}/">Bob</a>' in page
    assert "+12" in page and "Evening 2026-01-12" not in page
    assert client.get(f"/players/{ann}/with/{ann}/").status_code == 404
    assert client.get(f"/players/{ann}/with/999999/").status_code == 404


def test_from_a_standings_row_to_the_partnership(client, players, evenings):
    first = evenings[0]
    response = client.get(f"/sessions/{first.pk}/pairs/1/players/")
    assert response.status_code == 302
    assert response["Location"] == f"/players/{players['Ann'].pk}/with/{players['Bob'].pk}/"
    assert client.get(f"/sessions/{first.pk}/pairs/99/players/").status_code == 404
    hidden = evening(date(2026, 3, 2), [(make_player(), make_player())], [], status="setup")
    assert client.get(f"/sessions/{hidden.pk}/pairs/1/players/").status_code == 404


def test_a_player_only_in_hidden_sessions_is_not_public(client, director):
    loner, other = make_player("Loner"), make_player("Other")
    evening(date(2026, 2, 2), [(loner, other)], [], status="setup")
    assert client.get(f"/players/{loner.pk}/").status_code == 404
    client.force_login(director)
    page = client.get(f"/players/{loner.pk}/").content.decode()
    assert "No published session yet." in page


def test_a_player_of_a_running_session_has_a_page_without_figures(client):
    first, second = make_player("First"), make_player("Second")
    evening(date(2026, 2, 2), [(first, second)], [], status="running")
    assert "No published session yet." in client.get(f"/players/{first.pk}/").content.decode()


def test_player_index_lists_and_searches(client, players, evenings):
    page = client.get("/players/").content.decode()
    assert f'href="/players/{players["Ann"].pk}/">Ann</a>' in page
    page = client.get("/players/", {"q": "an"}).content.decode()
    assert ">Ann<" in page and ">Bob<" not in page
    page = client.get("/players/", {"q": "nobody"}).content.decode()
    assert "Nobody called “nobody”" in page
    assert client.get("/players/", {"q": "\x00", "page": "zz"}).status_code == 200


def test_unknown_player_is_404(client):
    assert client.get("/players/999999/").status_code == 404
    assert client.get(f"/players/{10**25}/").status_code == 404
