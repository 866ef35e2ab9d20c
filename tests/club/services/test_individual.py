"""An individual session (issue 20): players enter, numbered 1..N; the database refuses a
player twice and numbers out of range; once the entrants fit the movement the service forms
its partnerships as Pair rows and the plan seats them (club.plan.SessionPlan)."""

import pytest
from django.db import IntegrityError, transaction

from club.models import IndividualEntry, Pair, Player, Session
from club.models.sessions import partnership_numbers
from club.plan import SessionPlan
from club.schedule import movement_option_problems
from club.services.errors import Refused
from club.services.imports import import_session
from club.services.individual import (
    enter_player,
    entry_problems,
    sync_partnerships,
    withdraw_entry,
)
from club.services.pairs import save_pair
from club.services.players import merge_players, merge_problem, save_player
from club.services.sessions import change_status, individual_change_problems, update_session
from scoring.engine.individual import individual
from tests.factories import make_player, make_result, make_session

pytestmark = pytest.mark.django_db


def individual_session(players=0, tables=3, rounds=3, **fields):
    session = make_session(movement="individual", tables=tables, rounds=rounds, pairs=0,
                           status="setup", **fields)
    for number in range(1, players + 1):
        enter_player(session.pk, number, make_player(f"Indi {number}"))
    session.refresh_from_db()
    return session


def test_the_database_refuses_a_player_twice_and_numbers_out_of_range():
    session = individual_session()
    player = make_player()
    IndividualEntry.objects.create(session=session, number=1, player=player)
    for number, who in ((2, player), (1, make_player()), (0, make_player()),
                        (22, make_player())):
        with pytest.raises(IntegrityError), transaction.atomic():
            IndividualEntry.objects.create(session=session, number=number, player=who)


def test_the_database_keeps_pair_numbers_above_100_for_partnerships_only():
    session = individual_session()
    first, second = make_player(), make_player()
    Pair.objects.create(session=session, number=210, player1=first, player2=second,
                        partnership=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        Pair.objects.create(session=session, number=101, player1=first, player2=second)
    with pytest.raises(IntegrityError), transaction.atomic():
        Pair.objects.create(session=session, number=211, player1=first, player2=second,
                            partnership=True)


def test_twelve_players_form_the_movements_partnerships():
    session = individual_session(12)
    plan = SessionPlan.load(session)
    assert plan.setup_problems == [] and plan.seated == 18
    movement = individual(12, 3)
    names = {e.number: e.player.name for e in plan.entries}
    assert len(plan.seatings) == 9
    for game in movement.games:
        seating = plan.seating_for(game.table, game.round)
        assert (seating.ns, seating.ew) == partnership_numbers(3, game.round, game.table)
        assert seating.board_set == game.round
        ns, ew = plan.by_number[seating.ns], plan.by_number[seating.ew]
        assert ns.partnership and ew.partnership
        assert (ns.player1.name, ns.player2.name) == (names[game.north], names[game.south])
        assert (ew.player1.name, ew.player2.name) == (names[game.east], names[game.west])
    assert plan.board_total == 6 and session.boards.count() == 6


def test_a_partnership_is_labelled_by_its_round_table_and_line():
    session = individual_session(12)
    plan = SessionPlan.load(session)
    seating = plan.seating_for(2, 3)  # round 3, table 2
    assert plan.by_number[seating.ns].label == "R3T2 NS"
    assert plan.by_number[seating.ew].label == "R3T2 EW"


def test_a_number_that_fits_no_movement_is_named_and_play_cannot_start():
    session = individual_session(10)
    assert SessionPlan.load(session).setup_problems == [
        "10 players entered; an individual on 3 tables takes 12, 13, 15 players."]
    assert not session.pairs.exists()
    with pytest.raises(Refused):
        change_status(session.pk, "start")
    for number in (11, 12):
        enter_player(session.pk, number, make_player())
    assert session.pairs.count() == 18
    withdraw_entry(IndividualEntry.objects.get(session=session, number=12).pk)
    assert not session.pairs.exists()


def test_a_gap_in_the_numbers_is_named():
    session = individual_session(11)
    enter_player(session.pk, 13, make_player())
    assert SessionPlan.load(session).setup_problems == [
        "With 12 players the players must be numbered 1 to 12 without a gap; missing: 12."]


def test_entry_refusals_name_the_problem():
    session = individual_session(2)
    taken = Player.objects.get(name="Indi 1")
    with pytest.raises(Refused) as err:
        enter_player(session.pk, 5, taken)
    assert err.value.message_dict["player"] == ["Indi 1 has already entered, as number 1."]
    with pytest.raises(Refused) as err:
        enter_player(session.pk, 2, make_player())
    assert err.value.message_dict["number"][0].startswith(
        "Number 2 is taken by Indi 2; free numbers: 3, 4")
    with pytest.raises(Refused) as err:
        enter_player(session.pk, 30, make_player())
    assert err.value.message_dict["number"] == ["Players are numbered 1 to 21; got 30."]
    pairs = make_session(tables=2, pairs=0, status="setup")
    with pytest.raises(Refused):
        enter_player(pairs.pk, 1, make_player())
    with pytest.raises(Refused):
        save_pair(session.pk, 1, make_player(), make_player())


def test_no_entry_or_withdrawal_once_results_exist():
    session = individual_session(12)
    change_status(session.pk, "start")
    plan = SessionPlan.load(session)
    seating = plan.seating_for(1, 1)
    make_result(session, 1, seating.ns, seating.ew, "3NT= N")
    with pytest.raises(Refused):
        withdraw_entry(IndividualEntry.objects.get(session=session, number=1).pk)
    with pytest.raises(Refused):
        enter_player(session.pk, 13, make_player())


def test_more_rounds_add_partnerships_and_boards():
    session = individual_session(12)
    update_session(session.pk, {"rounds": 5})
    session.refresh_from_db()
    plan = SessionPlan.load(session)
    assert len(plan.seatings) == 15 and plan.pair_count == 30
    assert session.boards.count() == 10


def test_the_setup_rules_of_an_individual():
    session = individual_session(tables=6)
    assert movement_option_problems(session) == {"tables": [
        "An individual is played on 1 to 5 tables (7, 8, 9, 11, 12, 13, 15, 16, 17, 19, 20, "
        "21 players); got 6."]}
    session.tables, session.rounds = 3, 16
    assert movement_option_problems(session) == {"rounds": [
        "An individual on 3 tables plays at most 15 rounds; got 16."]}


def test_pairs_and_players_do_not_mix_across_a_change_of_movement():
    pairs = make_session(tables=3, status="setup")
    with pytest.raises(Refused) as err:
        update_session(pairs.pk, {"movement": "individual"})
    assert "withdraw them" in err.value.messages[0]
    session = individual_session(1)
    with pytest.raises(Refused):
        update_session(session.pk, {"movement": "howell"})


def test_syncing_again_keeps_the_partnerships_and_a_locked_session_refuses_entries():
    session = individual_session(12)
    before = dict(session.pairs.values_list("number", "pk"))
    with transaction.atomic():
        sync_partnerships(session)
    assert dict(session.pairs.values_list("number", "pk")) == before
    session.status = "finished"
    assert entry_problems(session, [], 13, make_player()) == {None: [
        "This session is finished: reopen it before changing its players."]}


def test_the_change_of_movement_problems_name_what_to_withdraw():
    session = individual_session(1)
    howell = Session(movement="howell", tables=3, rounds=5)
    assert individual_change_problems(session, howell, []) == {"movement": [
        "Players have entered this individual: withdraw them before changing its "
        "movement."]}
    assert individual_change_problems(session, session, []) == {}


def test_a_file_does_not_import_an_individual():
    session = Session(name="From a file", date="2026-12-01", movement="individual",
                      tables=2, rounds=3, boards_per_round=2,
                      compensation_table=make_session(tables=2).compensation_table)
    with pytest.raises(Refused) as err:
        import_session(session, [], [], [])
    assert "An individual session is not imported from a file" in err.value.messages[0]
    assert not Session.objects.filter(name="From a file").exists()


def test_merging_moves_an_individual_entry_and_refuses_two_entrants():
    session = individual_session(12)
    entrant = IndividualEntry.objects.get(session=session, number=1).player
    other = make_player("Indi 1 again")
    merge_players(other.pk, entrant.pk)
    entry = IndividualEntry.objects.get(session=session, number=1)
    assert entry.player_id == other.pk
    assert session.pairs.filter(player1=other).exists() or session.pairs.filter(
        player2=other).exists()
    second = IndividualEntry.objects.get(session=session, number=2).player
    with pytest.raises(Refused) as err:
        merge_players(other.pk, second.pk)
    assert "they are two people" in err.value.messages[0]
    # An individual whose entrants do not fit the movement yet has no partnerships.
    waiting = individual_session(3)
    third = IndividualEntry.objects.get(session=waiting, number=3).player
    first = IndividualEntry.objects.get(session=waiting, number=1).player
    assert "both played in" in merge_problem(first, third)


def test_renaming_an_entrant_changes_the_individuals_version():
    session = individual_session(3)  # no partnerships yet: the entries name the player
    before = Session.objects.get(pk=session.pk).version
    entrant = IndividualEntry.objects.get(session=session, number=1).player
    save_player({"name": "Renamed"}, entrant.pk)
    assert Session.objects.get(pk=session.pk).version > before


def test_once_play_started_the_rounds_stay_within_the_players_movement():
    session = individual_session(12)
    change_status(session.pk, "start")
    with pytest.raises(Refused) as err:
        update_session(session.pk, {"rounds": 13})  # 3 tables allow 15; 12 players play 11
    assert err.value.message_dict["rounds"] == [
        "An individual movement for 12 players has 1 to 11 rounds; got 13."]
    update_session(session.pk, {"rounds": 4})
    assert Pair.objects.filter(session=session).count() == 24


def test_the_partnerships_made_and_deleted_are_in_the_pairs_history():
    session = individual_session(12)
    assert Pair.history.filter(session_id=session.pk, history_type="+").count() == 18
    withdraw_entry(IndividualEntry.objects.get(session=session, number=12).pk)
    assert Pair.history.filter(session_id=session.pk, history_type="-").count() == 18
