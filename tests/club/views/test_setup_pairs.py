"""Registering pairs: players picked by name or created inline, seats and numbers given
automatically and editable, and clear refusals for impossible registrations."""

from datetime import date

import pytest
from django.urls import reverse

from club.forms.setup import PairForm
from club.models import Pair, Player
from club.views.pairs import saved_pair
from tests.factories import make_pair, make_player, make_result, make_session

pytestmark = pytest.mark.django_db


def pairs_url(session):
    return reverse("setup-pairs", args=[session.pk])


def edit_url(pair):
    return reverse("setup-pair-edit", args=[pair.session_id, pair.pk])


def register(client, session, number, first, second):
    return client.post(pairs_url(session), {"number": str(number), "player1": first,
                                            "player2": second})


@pytest.fixture
def mitchell():
    """Three tables, nobody registered yet (seats 1NS-3NS are 1-3, 1EW-3EW are 4-6)."""
    return make_session(tables=3, pairs=0, boards=False, status="setup")


@pytest.fixture
def howell():
    return make_session(tables=3, movement="howell", rounds=5, pairs=0, boards=False,
                        status="setup")


def test_typed_names_create_the_players_and_the_pair(director_client, mitchell):
    response = register(director_client, mitchell, 1, "Anna Petrova", " Boris   Ivanov ")
    assert response.status_code == 302
    pair = Pair.objects.get(session=mitchell)
    assert (pair.number, pair.label) == (1, "1NS")
    assert (pair.player1.name, pair.player2.name) == ("Anna Petrova", "Boris Ivanov")
    assert Player.objects.count() == 2
    page = director_client.get(response["Location"]).content.decode()
    assert "Pair 1NS registered: Anna Petrova – Boris Ivanov." in page


def test_a_typed_name_picks_the_existing_player_whatever_its_case(director_client, mitchell):
    anna = make_player("Anna Petrova")
    ivan = make_player("Иван Петров")
    # Asked first (below), then confirmed.
    response = register(director_client, mitchell, 1, "anna petrova", "иван  ПЕТРОВ")
    assert set(response.context["form"].unconfirmed.values()) == {anna, ivan}
    assert not Pair.objects.exists()
    director_client.post(pairs_url(mitchell), {
        "number": "1", "player1": "anna petrova", "player2": "иван  ПЕТРОВ",
        "player1_pick": str(anna.pk), "player2_pick": str(ivan.pk)})
    pair = Pair.objects.get(session=mitchell)
    assert (pair.player1, pair.player2) == (anna, ivan)
    assert Player.objects.count() == 2


def test_an_inactive_player_is_not_picked(director_client, mitchell):
    retired = make_player("Old Timer", active=False)
    register(director_client, mitchell, 1, "Old Timer", "New Partner")
    pair = Pair.objects.get(session=mitchell)
    assert pair.player1 != retired
    assert pair.player1.name == "Old Timer"


def test_the_form_offers_the_free_mitchell_seats_starting_with_the_first(director_client,
                                                                          mitchell):
    make_pair(mitchell, 1)
    make_pair(mitchell, 4)
    form = director_client.get(pairs_url(mitchell)).context["form"]
    assert form["number"].value() == 2
    assert list(form.fields["number"].widget.choices) == [(2, "2NS"), (3, "3NS"), (5, "2EW"),
                                                          (6, "3EW")]
    # The director picks an EW seat instead.
    register(director_client, mitchell, 6, "Eva", "Fyodor")
    assert mitchell.pairs.get(number=6).label == "3EW"


def test_a_howell_numbers_pairs_with_the_next_free_number_and_it_can_be_changed(
        director_client, howell):
    for number in (1, 2, 4):
        make_pair(howell, number)
    page = director_client.get(pairs_url(howell))
    assert page.context["form"]["number"].value() == 3
    assert 'type="number" name="number" value="3"' in page.content.decode()
    register(director_client, howell, 6, "Gleb", "Hanna")
    assert howell.pairs.get(number=6).players == "Gleb – Hanna"


def test_registering_creates_the_boards_of_the_movement(director_client, howell):
    assert not howell.boards.exists()
    register(director_client, howell, 1, "Anna", "Boris")
    # 3 tables of a Howell: 6 pairs, 5 rounds, 5 board sets of 2 boards.
    assert sorted(howell.boards.values_list("number", flat=True)) == list(range(1, 11))


@pytest.mark.parametrize(("first", "second", "field", "message"), [
    ("Anna", "anna", "player2", "A pair needs two different players; “Anna” is entered twice."),
    ("Kept Name", "", "player2", "This field is required."),
])
def test_bad_names_are_refused_keeping_what_was_typed(director_client, mitchell, first, second,
                                                      field, message):
    response = register(director_client, mitchell, 1, first, second)
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    assert f'value="{first}"' in response.content.decode()
    assert not Pair.objects.exists()
    assert not Player.objects.exists()


def test_the_same_existing_player_twice_is_refused(director_client, mitchell):
    make_player("Anna")
    response = register(director_client, mitchell, 1, "Anna", "ANNA")
    assert response.context["form"].errors["player2"] == [
        "A pair needs two different players; “Anna” is entered twice."]


def test_a_player_already_in_another_pair_is_refused(director_client, mitchell):
    make_pair(mitchell, 2, names=("Anna", "Boris"))
    response = register(director_client, mitchell, 1, "Boris", "Clara")
    assert response.context["form"].errors["player1"] == ["Boris already plays in pair 2NS."]
    assert mitchell.pairs.count() == 1
    assert not Player.objects.filter(name="Clara").exists()


def test_a_taken_number_is_refused_naming_its_pair(director_client, mitchell):
    make_pair(mitchell, 1, names=("Anna", "Boris"))
    response = register(director_client, mitchell, 1, "Clara", "Dmitri")
    assert response.context["form"].errors["number"] == [
        "Pair 1NS is already registered (Anna – Boris); free numbers: 2NS, 3NS, 1EW, 2EW, 3EW."]


@pytest.mark.parametrize(("movement", "message"), [
    ("mitchell", "A Mitchell on 3 tables has seats 1NS to 3EW; got number 7."),
    ("howell", "Pair numbers run from 1 to 6 (3 tables seat 6 pairs); got 7."),
])
def test_a_number_beyond_the_seats_is_refused(director_client, movement, message):
    session = make_session(tables=3, movement=movement, rounds=5, pairs=0, boards=False,
                           status="setup")
    response = register(director_client, session, 7, "Anna", "Boris")
    assert response.context["form"].errors["number"] == [message]
    assert not session.pairs.exists()


def test_a_number_beyond_the_seats_of_sections_names_their_first_and_last_seat(
        director_client):
    session = make_session(tables=6, rounds=3, pairs=0, boards=False, status="setup",
                           sections="3x3,3x3")
    response = register(director_client, session, 13, "Anna", "Boris")
    assert response.context["form"].errors["number"] == [
        "A Mitchell on 6 tables has seats A1NS to B3EW; got number 13."]


def test_more_pairs_than_seats_are_refused(director_client):
    full = make_session(tables=2, status="setup")  # 4 pairs on 4 seats
    page = director_client.get(pairs_url(full)).content.decode()
    assert "All seats are taken." in page
    response = register(director_client, full, 5, "Anna", "Boris")
    assert response.context["form"].errors["number"][0].startswith(
        "All 4 seats are taken (2 tables): add a table in the session setup")
    assert full.pairs.count() == 4


def test_a_shared_name_must_be_picked_by_number(director_client, mitchell):
    first = make_player("Olga Smirnova", membership_number="101")
    second = make_player("Olga Smirnova")
    response = register(director_client, mitchell, 1, "Olga Smirnova", "Anna")
    assert response.context["form"].errors["player1"] == [
        f"Several players are called “Olga Smirnova”; type one of: Olga Smirnova #{first.pk} "
        f"(101); Olga Smirnova #{second.pk}."]
    register(director_client, mitchell, 1, f"Olga Smirnova #{second.pk}", "Anna")
    assert mitchell.pairs.get().player1 == second


def test_no_pair_can_be_added_once_results_exist(director_client):
    session = make_session(tables=3, pairs=5, status="running")  # 3EW sits out
    make_result(session, 1, 1, 4, "4S= N")
    response = register(director_client, session, 6, "Late", "Comers")
    assert response.context["form"].non_field_errors() == [
        "Results exist on boards 1, so pairs can no longer be added or renumbered (players "
        "can still be changed)."]
    assert session.pairs.count() == 5


def test_a_pair_can_get_another_player_even_after_results(director_client):
    session = make_session(tables=3, pairs=5, status="running")  # seat 3EW (6) is free
    make_result(session, 1, 1, 4, "4S= N")
    pair = session.pairs.get(number=1)
    keep = pair.player1.name
    response = director_client.post(edit_url(pair), {"number": "1", "player1": keep,
                                                     "player2": "Substitute"})
    assert response.status_code == 302
    pair.refresh_from_db()
    assert (pair.player1.name, pair.player2.name) == (keep, "Substitute")
    response = director_client.post(edit_url(pair), {"number": "6", "player1": keep,
                                                     "player2": "Substitute"})
    assert "no longer be added or renumbered" in response.context["form"].non_field_errors()[0]


def test_a_pair_moves_to_a_free_seat(director_client, mitchell):
    pair = make_pair(mitchell, 1, names=("Anna", "Boris"))
    make_pair(mitchell, 2)
    form = director_client.get(edit_url(pair)).context["form"]
    # Its own seat and the free ones; 2NS is taken.
    assert [label for _n, label in form.fields["number"].widget.choices] == [
        "1NS", "3NS", "1EW", "2EW", "3EW"]
    director_client.post(edit_url(pair), {"number": "5", "player1": "Anna", "player2": "Boris"})
    pair.refresh_from_db()
    assert pair.label == "2EW"
    response = director_client.post(edit_url(pair), {"number": "2", "player1": "Anna",
                                                     "player2": "Boris"})
    assert response.context["form"].errors["number"][0].startswith("Pair 2NS is already")


def test_a_pair_of_another_session_is_not_found(director_client, mitchell):
    other = make_session(tables=2, status="setup")
    pair = other.pairs.get(number=1)
    url = reverse("setup-pair-edit", args=[mitchell.pk, pair.pk])
    assert director_client.get(url).status_code == 404


def test_a_finished_session_takes_no_pairs(director_client):
    session = make_session(tables=3, pairs=5, status="finished")
    response = register(director_client, session, 6, "Anna", "Boris")
    assert "reopen it before changing its pairs" in response.context[
        "form"].non_field_errors()[0]
    assert session.pairs.count() == 5


def test_the_pairs_page_shows_mitchell_labels(director_client):
    session = make_session(tables=3, status="setup")
    pair = session.pairs.get(number=5)
    page = director_client.get(pairs_url(session)).content.decode()
    assert f'<tr id="pair-5"><td>2EW</td><td>{pair.players}</td>' in page


@pytest.mark.parametrize("tables", [3, 12])
def test_the_pairs_page_runs_a_fixed_number_of_queries(director_client,
                                                       django_assert_max_num_queries, tables):
    session = make_session(tables=tables, status="setup")
    with django_assert_max_num_queries(5):  # auth (3), session, pairs with players
        director_client.get(pairs_url(session))


def test_a_seat_taken_meanwhile_is_refused_without_an_error_page(mitchell):
    # The form was checked against the pairs as they were (none); meanwhile 1NS was taken.
    form = PairForm({"number": "1", "player1": "Anna", "player2": "Boris"}, session=mitchell,
                    pairs=[])
    assert form.is_valid()
    make_pair(mitchell, 1)
    assert saved_pair(form) is None
    assert "1NS is already registered" in form.errors["number"][0]
    assert not Player.objects.filter(name__in=["Anna", "Boris"]).exists()


# --- a typed name that is an existing player's: shown, then confirmed --------------------

def test_an_existing_players_name_shows_that_player_before_the_pair_is_saved(
        director_client, mitchell):
    anna = make_player("Anna Petrova", membership_number="4711")
    earlier = make_session(tables=2, pairs=0, name="Autumn cup", status="published",
                           date=date(2026, 10, 3))
    Pair.objects.create(session=earlier, number=1, player1=anna, player2=make_player("Zoe"))
    response = register(director_client, mitchell, 1, "Anna Petrova", "Boris")
    assert response.status_code == 200 and not Pair.objects.filter(session=mitchell).exists()
    assert not Player.objects.filter(name="Boris").exists()
    assert response.context["form"].errors["player1"] == [
        "“Anna Petrova” is already in the register: is it this player, or a new player of "
        "the same name?"]
    html = response.content.decode()
    question = html.split('id="confirm-player1"')[1].split("</fieldset>")[0]
    assert f'name="player1_pick" value="{anna.pk}" checked' in question
    assert "membership 4711" in question
    assert "last played in “Autumn cup” on Oct. 3, 2026" in question
    assert 'name="player1_pick" value="new"' in question
    assert "A new player of the same name" in question
    assert 'value="Anna Petrova"' in html and 'value="Boris"' in html  # kept as typed
    assert 'id="confirm-player2"' not in html  # Boris is new: nothing to ask


def test_confirmed_the_pair_gets_the_existing_player(director_client, mitchell):
    anna = make_player("Anna Petrova")
    response = director_client.post(pairs_url(mitchell), {
        "number": "1", "player1": "Anna Petrova", "player2": "Boris",
        "player1_pick": str(anna.pk)})
    assert response.status_code == 302
    assert mitchell.pairs.get().player1 == anna
    assert Player.objects.filter(name="Anna Petrova").count() == 1


def test_a_new_player_of_the_same_name(director_client, mitchell):
    anna = make_player("Anna Petrova")
    response = director_client.post(pairs_url(mitchell), {
        "number": "1", "player1": "Anna Petrova", "player2": "Boris", "player1_pick": "new"})
    assert response.status_code == 302
    newcomer = mitchell.pairs.get().player1
    assert newcomer != anna and newcomer.name == "Anna Petrova"
    assert Player.objects.filter(name="Anna Petrova").count() == 2
    # From now on the two are told apart by number, as any shared name.
    response = register(director_client, make_session(tables=2, pairs=0, status="setup"),
                        1, "Anna Petrova", "Clara")
    assert "Several players are called “Anna Petrova”" in response.context[
        "form"].errors["player1"][0]


def test_a_pick_for_another_player_asks_again(director_client, mitchell):
    anna = make_player("Anna Petrova")
    other = make_player("Boris Ivanov")
    response = director_client.post(pairs_url(mitchell), {
        "number": "1", "player1": "Anna Petrova", "player2": "Clara",
        "player1_pick": str(other.pk)})  # the name was changed after the question
    assert response.status_code == 200
    assert response.context["form"].unconfirmed == {"player1": anna}
    assert not Pair.objects.exists()


def test_a_name_picked_by_number_or_the_pairs_own_player_is_not_asked(director_client,
                                                                      mitchell):
    anna = make_player("Anna Petrova")
    response = register(director_client, mitchell, 1, f"Anna Petrova #{anna.pk}", "Boris")
    assert response.status_code == 302
    pair = mitchell.pairs.get()
    response = director_client.post(edit_url(pair), {"number": "1", "player1": "Anna Petrova",
                                                     "player2": "Boris"})
    assert response.status_code == 302


def test_other_problems_come_before_the_question(director_client, mitchell):
    make_player("Anna Petrova")
    make_pair(mitchell, 1, names=("Clara", "Dmitri"))
    response = register(director_client, mitchell, 1, "Anna Petrova", "Boris")
    form = response.context["form"]
    assert "player1" not in form.errors and form.errors["number"][0].startswith("Pair 1NS")
    assert 'id="confirm-player1"' not in response.content.decode()


@pytest.mark.parametrize("url_of", [pairs_url, None])
def test_the_question_runs_a_fixed_number_of_queries(director_client, mitchell,
                                                     django_assert_max_num_queries, url_of):
    first, second = make_player("Anna Petrova"), make_player("Boris Ivanov")
    earlier = make_session(tables=2, pairs=0, status="published")
    for number in (1, 2):
        Pair.objects.create(session=earlier, number=number, player1=make_player(),
                            player2=(first, second)[number - 1])
    pair = make_pair(mitchell, 3)
    url = url_of(mitchell) if url_of else edit_url(pair)
    with django_assert_max_num_queries(12):
        response = director_client.post(url, {"number": "1", "player1": "Anna Petrova",
                                              "player2": "Boris Ivanov"})
    assert len(response.context["form"].confirmations) == 2
