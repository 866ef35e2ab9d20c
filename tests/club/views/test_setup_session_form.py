"""Creating and editing a session in the browser: sizes checked against the movement
before anything is saved, boards following the setup, rescoring when the scoring changes."""

from datetime import date

import pytest
from django.urls import reverse

from club.models import Result, Session
from club.services.compensation_tables import copy_table
from scoring.models import moscow_table
from tests.factories import make_pair, make_result, make_session

pytestmark = pytest.mark.django_db

NEW = reverse("setup-session-new")


def edit_url(session):
    return reverse("setup-session-edit", args=[session.pk])


def form_data(**overrides):
    data = {"name": "Tuesday pairs", "date": "2026-12-01", "movement": "mitchell",
            "tables": "4", "rounds": "", "boards_per_round": "2", "duplicated": "True",
            "compensation_table": str(moscow_table().pk), "policy": "line"}
    data.update({k: str(v) for k, v in overrides.items()})
    return data


def data_of(session, **overrides):
    """The edit form's data for a stored session, with some fields changed."""
    values = {"name": session.name, "date": session.date.isoformat(),
              "movement": session.movement, "tables": session.tables,
              "rounds": session.rounds, "boards_per_round": session.boards_per_round,
              "duplicated": session.duplicated, "compensation_table":
              session.compensation_table_id, "policy": session.policy}
    values.update(overrides)
    return {k: "" if v is None else str(v) for k, v in values.items()}


def board_numbers(session):
    return list(session.boards.order_by("number").values_list("number", flat=True))


def test_the_new_session_form_starts_with_moscow_and_duplicated_boards(director_client):
    form = director_client.get(NEW).context["form"]
    assert form.initial["compensation_table"] == moscow_table().pk
    assert form["duplicated"].value() is True


def test_a_mitchell_on_four_tables_gets_the_full_movement_and_its_boards(director_client):
    response = director_client.post(NEW, form_data())
    session = Session.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("setup-pairs", args=[session.pk])
    # Four tables (even): four rounds less the skip = 3 rounds; 4 board sets of 2 boards.
    assert (session.name, session.date, session.status) == ("Tuesday pairs",
                                                            date(2026, 12, 1), "setup")
    assert (session.movement, session.tables, session.rounds) == ("mitchell", 4, 3)
    assert session.compensation_table == moscow_table()
    assert session.duplicated is True
    assert board_numbers(session) == list(range(1, 9))


def test_a_mitchell_may_be_cut_shorter(director_client):
    director_client.post(NEW, form_data(tables=5, rounds=4, boards_per_round=3))
    session = Session.objects.get()
    # Still five board sets in play each round: 5 x 3 boards.
    assert (session.tables, session.rounds) == (5, 4)
    assert board_numbers(session) == list(range(1, 16))


def test_a_howell_is_played_in_full(director_client):
    director_client.post(NEW, form_data(movement="howell", tables=5, duplicated=False))
    session = Session.objects.get()
    # 5 tables seat 10 pairs: 9 rounds, 9 board sets of 2 boards.
    assert (session.movement, session.rounds, session.duplicated) == ("howell", 9, False)
    assert board_numbers(session) == list(range(1, 19))


def test_free_seating_takes_its_rounds_from_the_director(director_client):
    director_client.post(NEW, form_data(movement="free", tables=6, rounds=7,
                                        boards_per_round=3, policy="declarer"))
    session = Session.objects.get()
    assert (session.movement, session.rounds, session.policy) == ("free", 7, "declarer")
    assert board_numbers(session) == list(range(1, 22))


def test_free_seating_may_have_as_many_rounds_as_a_session_takes(director_client):
    # The rounds a results file may give free seating (one board a round, 200 boards).
    director_client.post(NEW, form_data(movement="free", tables=5, rounds=200,
                                        boards_per_round=1))
    session = Session.objects.get()
    assert (session.rounds, session.boards.count()) == (200, 200)


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"tables": 1}, "tables", "A Mitchell needs 2 to 50 tables; got 1."),
    ({"boards_per_round": 0}, "boards_per_round", "Play at least 1 board a round."),
    ({"movement": "howell", "tables": 30}, "tables",
     "A Howell takes at most 32 pairs (accepted: 4 to 32); got 60. Use a Mitchell for a "
     "bigger field."),
    ({"movement": "howell", "tables": 1}, "tables",
     "A Howell needs at least 4 pairs (accepted: 4 to 32); got 2."),
    ({"rounds": 4}, "rounds", "A Mitchell on 4 tables has at most 3 rounds; got 4."),
    ({"movement": "howell", "rounds": 5}, "rounds",
     "A Howell for 8 pairs is always played in full: 7 rounds; got 5."),
    ({"movement": "free", "tables": 1, "rounds": 3}, "tables",
     "Free seating needs 2 to 50 tables; got 1."),
    ({"movement": "free"}, "rounds", "Free seating has no movement to count rounds from"),
    ({"tables": "four"}, "tables", "Enter a whole number."),
    ({"tables": 51}, "tables", "A session has at most 50 tables."),
    ({"movement": "free", "tables": 51, "rounds": 3}, "tables",
     "A session has at most 50 tables."),
    ({"movement": "free", "rounds": 201}, "rounds", "A session has at most 200 rounds."),
    ({"boards_per_round": 37}, "boards_per_round", "A session has at most 36 boards a round."),
])
def test_impossible_setups_are_explained_and_nothing_is_saved(director_client, changes,
                                                              field, message):
    response = director_client.post(NEW, form_data(name="Kept name", **changes))
    assert response.status_code == 200
    errors = response.context["form"].errors[field]
    assert any(message in e for e in errors), errors
    page = response.content.decode()
    assert 'value="Kept name"' in page  # what was typed stays
    assert not Session.objects.exists()


def test_the_edit_form_leaves_rounds_empty_for_the_full_movement(director_client):
    full = make_session(tables=5, status="setup")  # 5 rounds: full
    short = make_session(tables=5, rounds=3, status="setup")
    assert director_client.get(edit_url(full)).context["form"]["rounds"].value() is None
    assert director_client.get(edit_url(short)).context["form"]["rounds"].value() == 3


def test_adding_a_table_to_a_mitchell_keeps_every_pair_at_its_seat(director_client):
    session = make_session(tables=4, status="setup")
    seats = {p.label: p.players for p in session.pairs.all()}
    response = director_client.post(edit_url(session), data_of(session, tables=5,
                                                               rounds=None))
    assert response.status_code == 302
    session.refresh_from_db()
    # 5 tables (odd): 5 rounds, 5 sets of 2 boards; 1EW..4EW are now numbers 6..9.
    assert (session.tables, session.rounds) == (5, 5)
    assert {p.label: p.players for p in session.pairs.all()} == seats
    assert sorted(session.pairs.values_list("number", flat=True)) == [1, 2, 3, 4, 6, 7, 8, 9]
    assert board_numbers(session) == list(range(1, 11))


def test_removing_an_empty_table_from_a_mitchell_keeps_the_seats(director_client):
    session = make_session(tables=4, pairs=0, boards=False, status="setup")
    for number in (1, 2, 3, 5, 6, 7):  # 1NS-3NS and 1EW-3EW; table 4 is empty
        make_pair(session, number)
    director_client.post(edit_url(session), data_of(session, tables=3, rounds=None))
    session.refresh_from_db()
    assert session.tables == 3
    assert [p.label for p in session.pairs.order_by("number")] == [
        "1NS", "2NS", "3NS", "1EW", "2EW", "3EW"]
    assert board_numbers(session) == list(range(1, 7))


def test_fewer_tables_than_the_registered_pairs_need_is_refused(director_client):
    session = make_session(tables=4, status="setup")
    response = director_client.post(edit_url(session), data_of(session, tables=3))
    assert response.status_code == 200
    assert ("Pairs 4NS, 4EW have no seat with 3 tables"
            in response.context["form"].errors["tables"][0])
    howell = make_session(tables=4, movement="howell", rounds=7, status="setup")
    response = director_client.post(edit_url(howell), data_of(howell, tables=3, rounds=None))
    assert "Pairs 7, 8 have no seat with 3 tables" in response.context["form"].errors[
        "tables"][0]
    session.refresh_from_db()
    howell.refresh_from_db()
    assert (session.tables, howell.tables) == (4, 4)


@pytest.mark.parametrize("changes", [{"tables": 5, "rounds": None}, {"boards_per_round": 3},
                                     {"movement": "howell", "rounds": None}])
def test_the_movement_cannot_change_once_results_exist(director_client, changes):
    session = make_session(tables=4, status="running")
    make_result(session, 3, 2, 6, "4S= N")
    response = director_client.post(edit_url(session), data_of(session, **changes))
    assert response.status_code == 200
    assert ("Results exist on boards 3, so" in response.context["form"].non_field_errors()[0])
    session.refresh_from_db()
    assert (session.movement, session.tables, session.boards_per_round) == ("mitchell", 4, 2)
    assert board_numbers(session) == list(range(1, 9))


def test_a_free_seating_session_cannot_lose_boards_that_have_results(director_client):
    session = make_session(tables=3, movement="free", rounds=4, status="running")
    make_result(session, 7, 1, 2, "3NT= S")  # board 7 is in round 4 (2 boards a round)
    response = director_client.post(edit_url(session), data_of(session, rounds=3))
    assert "Results exist on boards 7" in response.context["form"].errors["rounds"][0]
    session.refresh_from_db()
    assert session.rounds == 4
    assert board_numbers(session) == list(range(1, 9))


def test_renaming_a_session_with_results_is_fine(director_client):
    session = make_session(tables=3, status="running")
    make_result(session, 1, 1, 4, "4S= N")
    response = director_client.post(edit_url(session), data_of(session, name="Renamed"))
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.name == "Renamed"


def test_changing_the_policy_rescores_the_results(director_client):
    session = make_session(tables=3, status="running")
    # Worked example 6: board 1 passed out, NS hold 23 HCP: under "line" NS owe 110 ->
    # -3 IMPs; under "declarer" nobody declared, so no compensation and 0 IMPs.
    result = make_result(session, 1, 1, 4, "pass", board_hcp=23)
    assert (result.ns_compensation, result.ns_imps) == (110, -3)
    director_client.post(edit_url(session), data_of(
        session, policy="declarer", confirm_rescore=f"{moscow_table().pk}:declarer"))
    result.refresh_from_db()
    assert (result.ns_compensation, result.ns_imps, result.ew_imps) == (0, 0, 0)


def test_changing_the_table_rescores_the_results(director_client):
    session = make_session(tables=3, status="running")
    result = make_result(session, 1, 1, 4, "pass", board_hcp=23)
    club = copy_table(moscow_table().pk, "Club table")
    row = club.rows.get(hcp=23)
    row.not_vul = row.vul = 200  # board 1: nobody vulnerable
    row.save()
    director_client.post(edit_url(session), data_of(session, compensation_table=club.pk,
                                                    confirm_rescore=f"{club.pk}:line"))
    result.refresh_from_db()
    # 0 - 200 = -200 -> 5 IMPs (170-210) against NS.
    assert (result.ns_compensation, result.ns_net, result.ns_imps) == (200, -200, -5)


def test_the_session_and_its_rescoring_are_one_transaction(director_client, monkeypatch):
    session = make_session(tables=3, status="running")
    make_result(session, 1, 1, 4, "pass", board_hcp=23)

    def broken(session):
        raise RuntimeError("rescoring failed")

    monkeypatch.setattr("club.services.sessions.rescore_session", broken)
    with pytest.raises(RuntimeError):
        director_client.post(edit_url(session), data_of(
            session, policy="declarer", confirm_rescore=f"{moscow_table().pk}:declarer"))
    session.refresh_from_db()
    assert session.policy == "line"
    assert Result.objects.get().ns_imps == -3


def test_boards_per_round_follow_the_setup(director_client):
    session = make_session(tables=4, status="setup")
    director_client.post(edit_url(session), data_of(session, boards_per_round=3))
    assert board_numbers(session) == list(range(1, 13))
    director_client.post(edit_url(session), data_of(session, boards_per_round=1))
    assert board_numbers(session) == [1, 2, 3, 4]


def test_a_finished_session_cannot_be_changed(director_client):
    session = make_session(tables=3, status="finished")
    response = director_client.post(edit_url(session), data_of(session, name="Changed"))
    assert response.status_code == 200
    assert "reopen it" in response.context["form"].non_field_errors()[0]
    session.refresh_from_db()
    assert session.name == "Club evening"


def test_a_mitchell_cannot_lose_rounds_that_were_played(director_client):
    session = make_session(tables=5, status="running")  # 5 rounds
    make_result(session, 1, 1, 6, "4S= N", round=4, table=1)
    response = director_client.post(edit_url(session), data_of(session, rounds=3))
    assert response.context["form"].errors["rounds"] == [
        "Results exist for round 4, so the session cannot have fewer rounds."]
    response = director_client.post(edit_url(session), data_of(session, rounds=4))
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.rounds == 4


def test_new_scoring_rules_ask_first_how_many_results_change(director_client):
    session = make_session(tables=3, status="running")
    make_result(session, 1, 1, 4, "pass", board_hcp=23)  # line: NS owe 110, -3 IMPs
    make_result(session, 3, 2, 5, "1NT= N", board_hcp=20)  # 20-20: nobody owes anything
    response = director_client.post(edit_url(session), data_of(session, policy="declarer"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "The session has 2 results." in page
    assert "1 of them would get a different score" in page
    assert "Rescore and save" in page
    assert f'name="confirm_rescore" value="{moscow_table().pk}:declarer"' in page
    session.refresh_from_db()
    assert session.policy == "line"  # nothing saved yet
    assert sorted(Result.objects.values_list("ns_imps", flat=True)) == [-3, 3]
    # Saving the page again confirms: the results are rescored and the page says how many.
    data = data_of(session, policy="declarer", confirm_rescore=f"{moscow_table().pk}:declarer")
    response = director_client.post(edit_url(session), data, follow=True)
    assert "Session saved. 1 result got a different score." in response.content.decode()
    session.refresh_from_db()
    assert session.policy == "declarer"
    assert sorted(Result.objects.values_list("ns_imps", flat=True)) == [0, 3]


def test_a_confirmation_holds_only_for_the_rules_it_was_given_for(director_client):
    session = make_session(tables=3, status="running")
    make_result(session, 1, 1, 4, "pass", board_hcp=23)
    club = copy_table(moscow_table().pk, "Club table")
    # Confirmed for the declarer policy, but the table changes too: ask again.
    data = data_of(session, policy="declarer", compensation_table=club.pk,
                   confirm_rescore=f"{moscow_table().pk}:declarer")
    page = director_client.post(edit_url(session), data).content.decode()
    assert "1 of them would get a different score" in page
    assert f'name="confirm_rescore" value="{club.pk}:declarer"' in page
    session.refresh_from_db()
    assert session.policy == "line"


def test_no_question_without_results_or_without_new_rules(director_client):
    session = make_session(tables=3, status="running")
    response = director_client.post(edit_url(session), data_of(session, policy="declarer"),
                                    follow=True)
    page = response.content.decode()
    assert "Session saved." in page and "different score" not in page
    make_result(session, 1, 1, 4, "4S= N", board_hcp=23)
    session.refresh_from_db()
    response = director_client.post(edit_url(session), data_of(session, name="Renamed"))
    assert response.status_code == 302
    # The same values under another name: asked, and told that nothing would change.
    twin = copy_table(moscow_table().pk, "Twin")
    page = director_client.post(edit_url(session), data_of(
        session, name="Renamed", compensation_table=twin.pk)).content.decode()
    assert "none of them would get a different score" in page


# --- the even-table arrangement, arrow-switch and ranking -------------------------------------

def test_the_form_offers_the_movement_options_with_todays_defaults(director_client):
    page = director_client.get(NEW).content.decode()
    for name, value in (("arrangement", "relay"), ("arrow_switch", "last"),
                        ("ranking", "two")):
        assert f'name="{name}" value="{value}"' in page
    form = director_client.get(NEW).context["form"]
    # A first evening: the plain movement, no arrow-switch, one winner.
    assert [form[name].value() for name in ("arrangement", "arrow_switch", "ranking")] == [
        "plain", "none", "one"]


def test_a_new_session_takes_the_last_ones_options(director_client):
    make_session(tables=6, rounds=6, arrangement="relay", arrow_switch="last")
    form = director_client.get(NEW).context["form"]
    assert [form[name].value() for name in ("tables", "arrangement", "arrow_switch")] == [
        6, "relay", "last"]


def test_a_relay_and_bye_stand_plays_as_many_rounds_as_tables(director_client):
    response = director_client.post(NEW, form_data(tables=6, arrangement="relay",
                                                   ranking="one", arrow_switch="last"))
    assert response.status_code == 302
    session = Session.objects.get()
    assert (session.rounds, session.arrangement, session.arrow_switch) == (6, "relay", "last")
    assert board_numbers(session) == list(range(1, 13))  # 6 sets of 2


def test_two_winners_for_a_skip_mitchell(director_client):
    director_client.post(NEW, form_data(arrangement="skip", ranking="two"))
    session = Session.objects.get()
    assert (session.rounds, session.arrangement, session.ranking) == (3, "skip", "two")


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"tables": 5, "arrangement": "skip"}, "arrangement",
     "The skip and the relay and bye stand are for a Mitchell on an even number of tables; "
     "this session: Mitchell, 5 tables. Choose the plain movement."),
    ({"movement": "howell", "arrangement": "relay"}, "arrangement",
     "this session: Howell, 4 tables"),
    ({"movement": "free", "rounds": 3, "arrow_switch": "last"}, "arrow_switch",
     "Arrow-switch is for a Mitchell"),
    ({"movement": "howell", "ranking": "two"}, "ranking", "Two winners need the two lines"),
    ({"arrow_switch": "last", "ranking": "two"}, "ranking",
     "every pair plays in both directions"),
    ({"arrangement": "skip", "rounds": 4}, "rounds",
     "A skip Mitchell on 4 tables ends with round 3"),
    ({"arrangement": "relay", "rounds": 5}, "rounds",
     "A relay and bye stand Mitchell on 4 tables has at most 4 rounds; got 5."),
    ({"arrangement": "bye"}, "arrangement", "Select a valid choice."),
])
def test_options_the_movement_cannot_have_are_refused(director_client, changes, field,
                                                      message):
    response = director_client.post(NEW, form_data(name="Kept name", **changes))
    assert response.status_code == 200
    errors = response.context["form"].errors[field]
    assert any(message in e for e in errors), errors
    assert not Session.objects.exists()


def test_the_edit_form_keeps_a_full_relay_full(director_client):
    session = make_session(tables=4, rounds=4, status="setup", arrangement="relay")
    assert director_client.get(edit_url(session)).context["form"]["rounds"].value() is None
    # Switching to the skip with rounds left empty gives the skip's full 3 rounds.
    response = director_client.post(edit_url(session), data_of(
        session, rounds=None, arrangement="skip"))
    assert response.status_code == 302
    session.refresh_from_db()
    assert (session.arrangement, session.rounds) == ("skip", 3)


def test_a_page_without_the_options_keeps_the_stored_ones(director_client):
    session = make_session(tables=4, rounds=4, status="setup", arrangement="relay",
                           ranking="one")
    response = director_client.post(edit_url(session), data_of(session, name="Renamed"))
    assert response.status_code == 302
    session.refresh_from_db()
    assert (session.name, session.arrangement, session.rounds) == ("Renamed", "relay", 4)
