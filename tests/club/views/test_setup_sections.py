"""Setting up a session in sections on the director's pages (issue 18): the sizes typed,
what cannot be played refused with the limit named and the typed text kept, pairs
registered into a section's seats."""

import pytest
from django.urls import reverse

from club.models import Session
from club.services.errors import Refused
from club.services.sessions import update_session
from tests.club.views.test_setup_session_form import board_numbers, data_of, form_data
from tests.factories import make_pair, make_result, make_sectioned_session

pytestmark = pytest.mark.django_db

NEW = reverse("setup-session-new")


def test_a_session_in_two_sections_takes_its_tables_and_rounds_from_them(director_client):
    response = director_client.post(NEW, form_data(tables="", sections="4x3 3",
                                                   boards_per_round=2))
    assert response.status_code == 302
    session = Session.objects.get()
    assert (session.sections, session.tables, session.rounds) == ("4x3,3x3", 7, 3)
    # Both sections share the boards: 4 sets (the larger section's) of 2 boards.
    assert board_numbers(session) == list(range(1, 9))


def test_sections_that_cannot_be_played_are_refused_and_the_text_kept(director_client):
    response = director_client.post(NEW, form_data(sections="3 3x7"))
    assert response.status_code == 200 and not Session.objects.exists()
    form = response.context["form"]
    assert form.errors["sections"] == [
        "Section B: A Mitchell on 3 tables has at most 3 rounds; got 7."]
    assert 'value="3 3x7"' in response.content.decode()


def test_five_sections_are_refused(director_client):
    response = director_client.post(NEW, form_data(sections="2 2 2 2 2"))
    assert response.context["form"].errors["sections"] == [
        "A session has at most 4 sections (A, B, C, D); got 5."]


def test_sections_with_the_relay_are_refused(director_client):
    response = director_client.post(NEW, form_data(sections="4 4", arrangement="relay"))
    assert "Sections play the plain Mitchell" in response.context["form"].errors[
        "sections"][0]
    assert not Session.objects.exists()


def test_without_sections_the_tables_are_required(director_client):
    response = director_client.post(NEW, form_data(tables=""))
    assert response.context["form"].errors["tables"] == ["This field is required."]


def test_the_edit_form_shows_the_sections_and_keeps_them(director_client):
    session = make_sectioned_session(((3, 3), (3, 2)), status="setup")
    url = reverse("setup-session-edit", args=[session.pk])
    assert director_client.get(url).context["form"].initial["sections"] == "3x3 3x2"
    response = director_client.post(url, data_of(session, sections="3x3 3x2", name="New"))
    assert response.status_code == 302
    session.refresh_from_db()
    assert (session.name, session.sections, session.tables) == ("New", "3x3,3x2", 6)


def test_a_change_of_sections_that_moves_registered_pairs_is_refused():
    session = make_sectioned_session(((3, 3), (3, 3)), status="setup")
    with pytest.raises(Refused) as refused:
        update_session(session.pk, {"sections": "4x3,3x3", "tables": 7, "rounds": 3})
    assert "would lose their seats with these sections" in str(refused.value)
    assert "A1EW" in str(refused.value)
    session.refresh_from_db()
    assert session.sections == "3x3,3x3"


def test_sections_are_fixed_once_results_exist():
    session = make_sectioned_session(((3, 3), (3, 3)), pairs=0, status="running")
    for number in (1, 4):
        make_pair(session, number)
    make_result(session, 1, 1, 4, "3NT= S", round=1, table=1)
    with pytest.raises(Refused) as refused:
        update_session(session.pk, {"sections": "3x3,3x2", "tables": 6, "rounds": 3})
    assert "Results exist on boards 1" in str(refused.value)


def test_pairs_register_into_a_sections_seats(director_client):
    session = make_sectioned_session(((2, 1), (2, 1)), pairs=0, status="setup")
    page = director_client.get(reverse("setup-pairs", args=[session.pk]))
    choices = page.context["form"].fields["number"].widget.choices
    assert [label for _n, label in choices] == ["A1NS", "A2NS", "A1EW", "A2EW",
                                                "B1NS", "B2NS", "B1EW", "B2EW"]
    response = director_client.post(reverse("setup-pairs", args=[session.pk]),
                                    {"number": "6", "player1": "Ann", "player2": "Bob"})
    assert response.status_code == 302
    assert session.pairs.get().label == "B2NS"


def test_the_table_cards_send_pairs_and_boards_to_tables_of_their_section(director_client):
    session = make_sectioned_session(((3, 3), (3, 3)), boards_per_round=1)
    html = director_client.get(reverse("setup-table-cards", args=[session.pk])).content.decode()
    # B1EW (pair 10) starts at table B1 and moves to table B2; board 4 (B1's) goes to B3.
    assert "Table B1" in html and "B1EW to table B2" in html
    assert "boards to table B3" in html or "board to table B3" in html
    assert "to table 5" not in html


def test_the_session_service_refuses_sections_that_cannot_be_played():
    from datetime import date

    from club.services.sessions import create_session
    from scoring.models import moscow_table

    fields = {"name": "Big night", "date": date(2026, 12, 4), "movement": "mitchell",
              "tables": 6, "rounds": 5, "boards_per_round": 2, "sections": "3x3,3x5",
              "compensation_table": moscow_table()}
    with pytest.raises(Refused) as refused:
        create_session(fields)
    assert refused.value.message_dict["sections"] == [
        "Section B: A Mitchell on 3 tables has at most 3 rounds; got 5."]
    assert not Session.objects.exists()
    session = create_session({**fields, "sections": "3x3,3x2", "rounds": 3})
    assert session.boards.count() == 6


@pytest.mark.parametrize("sections", ["3x3", "3x3,3x3,3x3,3x3,3x3", "3,3", "0x3,3x3"])
def test_the_database_refuses_sections_not_in_their_form(sections):
    from django.db import IntegrityError, transaction

    session = make_sectioned_session(((3, 3), (3, 3)), pairs=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=session.pk).update(sections=sections)


def test_a_new_session_starts_with_the_last_ones_sections(director_client):
    make_sectioned_session(((3, 3), (4, 3)), status="published")
    form = director_client.get(NEW).context["form"]
    assert (form.initial["sections"], form.initial["tables"]) == ("3x3 4x3", 7)
