"""The main pages speak Russian to a Russian browser (terms and notation as Russian clubs
use them) and English otherwise; the language switcher remembers the choice."""

import re
from datetime import date

import pytest
from django.urls import reverse

from club.models import Session
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

RU = {"HTTP_ACCEPT_LANGUAGE": "ru-RU,ru;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


@pytest.fixture
def evening():
    """Board 2 (NS vulnerable): 3NT by South making, and a doubled 4S by West going down.
    Published: a running session's public pages hide board 2 until every table played it."""
    session = make_session(tables=3, boards_per_round=2, date=date(2026, 11, 27),
                           status="published")
    make_result(session, 2, 1, 4, "3NT= S", board_hcp=25, round=1, table=1)
    make_result(session, 2, 3, 5, "4SX-2 W", round=2, table=3)
    return session


def text_of(response):
    """The visible text of a page, tags stripped, lower-cased, followed by the values of
    its text inputs (value="..."), which are what the director sees in the fields."""
    html = response.content.decode()
    values = " ".join(
        f'value="{value}"' for value in re.findall(
            r'<input\b(?![^>]*type="(?:hidden|radio|checkbox|submit)")[^>]*value="([^"]*)"',
            html))
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"</?span\b[^>]*>", "", html)  # inline: "4<span>♠</span>X" reads "4♠X"
    return (re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)) + " " + values).lower()


def pages(session):
    board = session.boards.get(number=2)
    return {
        "standings": reverse("standings", args=[session.pk]),
        "board": reverse("board-report", args=[session.pk, board.number]),
        "scorecard": reverse("pair-scorecard", args=[session.pk, 1]),
        "entry": reverse("entry-traveller", args=[session.pk, board.number]),
        "setup": reverse("setup-session-edit", args=[session.pk]),
        "new session": reverse("setup-session-new"),
        "pairs": reverse("setup-pairs", args=[session.pk]),
        "schedule": reverse("setup-schedule", args=[session.pk]),
    }


# Russian stems a club expects on each page (case-insensitive), and strings that would
# betray an untranslated page.
RUSSIAN_TERMS = {
    "standings": ["имп", "пара", "сдач"],
    "board": ["сдача", "компенсац", "имп", "в зоне", "3бк", "ю", "4♠х"],
    "scorecard": ["тур", "компенсац", "имп", "фо", "3бк"],
    "entry": ["сдача", "стол", "тур", "фо", 'value="3бк= ю"'],
    "setup": ["митчелл", "хауэлл", "стол", "тур"],
    "new session": ["митчелл", "хауэлл", "компенсац"],
    "pairs": ["пар", "1сю", "1вз"],
    "schedule": ["тур", "стол", "1сю", "1вз"],
}
ENGLISH_TERMS = {
    "standings": ["imps", "pair"],
    "board": ["board", "compensation", "imps", "3nt", "4♠x"],
    "scorecard": ["round", "compensation", "imps", "3nt"],
    "entry": ["board", "table", "round", 'value="3nt= s"'],
    "setup": ["mitchell", "howell"],
    "new session": ["mitchell", "howell"],
    "pairs": ["1ns", "1ew"],
    "schedule": ["round", "table", "1ns", "1ew"],
}
ENGLISH_GIVEAWAYS = ["imps", "board", "compensation", "standings", "round", "north",
                     "vulnerable", "save", "declarer", "mitchell"]


@pytest.mark.parametrize("page", list(RUSSIAN_TERMS))
def test_pages_in_russian(director_client, evening, page):
    response = director_client.get(pages(evening)[page], **RU)
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "ru"
    text = text_of(response)
    for term in RUSSIAN_TERMS[page]:
        assert term in text, f"{page}: {term!r} missing"
    for word in ENGLISH_GIVEAWAYS:
        assert not re.search(rf"\b{word}\b", text), f"{page}: English {word!r} left"


@pytest.mark.parametrize("page", list(ENGLISH_TERMS))
def test_pages_in_english(director_client, evening, page):
    response = director_client.get(pages(evening)[page], **EN)
    assert response.status_code == 200
    text = text_of(response)
    for term in ENGLISH_TERMS[page]:
        assert term in text, f"{page}: {term!r} missing"
    assert "компенсац" not in text and "имп" not in text


def test_dates_and_numbers_follow_the_locale(client, evening):
    Session.objects.filter(pk=evening.pk).update(name="Осенний турнир")
    russian = client.get(reverse("session-list"), **RU).content.decode()
    english = client.get(reverse("session-list"), **EN).content.decode()
    assert "27 ноября 2026" in russian
    assert "Nov. 27, 2026" in english or "November 27, 2026" in english
    # Pair 1NS: 3NT= S vulnerable with 25 HCP, 600 - 440 = +160, 4 IMPs on its one board.
    standings = reverse("standings", args=[evening.pk])
    assert "+4,00" in text_of(client.get(standings, **RU))
    assert "+4.00" in text_of(client.get(standings, **EN))


def test_entry_accepts_both_notations_in_both_languages(director_client, evening):
    Session.objects.filter(pk=evening.pk).update(status="running")  # entry is open
    url = reverse("entry-row", args=[evening.pk, 1, 1, 1])
    for headers, typed in [(RU, "4S= N"), (EN, "3БК= Ю")]:
        board = 1 if typed.startswith("4") else 3
        seating_url = url if board == 1 else reverse("entry-row", args=[evening.pk, 3, 1, 2])
        hcp_url = reverse("entry-board-hcp", args=[evening.pk, board])
        director_client.post(hcp_url, {"ns_hcp": "22"}, **headers)
        response = director_client.post(seating_url, {"result": typed, "version": ""},
                                         **headers)
        assert response.status_code in (200, 302)
    stored = sorted(r.text for r in evening.boards.get(number=1).results.all()) + sorted(
        r.text for r in evening.boards.get(number=3).results.all())
    assert stored == ["4S= N", "3NT= S"]


def test_switcher_remembers_the_choice(client, evening):
    page = client.get(reverse("standings", args=[evening.pk]), **EN)
    assert b'name="language"' in page.content and b'value="ru"' in page.content
    response = client.post(reverse("set_language"),
                           {"language": "ru", "next": reverse("session-list")}, **EN)
    assert response.status_code == 302
    # The browser still asks for English; the remembered choice wins, at the same URL.
    again = client.get(reverse("standings", args=[evening.pk]), **EN)
    assert again.headers["Content-Language"] == "ru"
    assert "имп" in text_of(again)


def test_engine_errors_are_translated(director_client, evening):
    url = reverse("entry-row", args=[evening.pk, 1, 1, 1])
    director_client.post(reverse("entry-board-hcp", args=[evening.pk, 1]), {"ns_hcp": "22"},
                         **RU)
    response = director_client.post(url, {"result": "8S= N", "version": ""}, **RU)
    text = text_of(response)
    assert response.status_code in (200, 400)
    assert "8s= n" in text  # what was typed is kept
    assert re.search("[а-я]{4,}", text) and "level" not in text
