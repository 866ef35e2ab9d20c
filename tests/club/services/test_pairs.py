"""The pair services called directly: registering, changing and withdrawing a pair, and each
refusal (with nothing written and the session's version unchanged)."""

import pytest

from club.models import Pair, Player, Session
from club.services.errors import Refused
from club.services.pairs import pair_problems, save_pair, withdraw_pair, withdrawal_refusal
from tests.factories import make_player, make_result, make_session

pytestmark = pytest.mark.django_db


def version(session):
    return Session.objects.get(pk=session.pk).version


def others(session):
    return list(session.pairs.select_related("player1", "player2"))


@pytest.fixture
def setup():
    """A 3-table Mitchell in setup with pairs 1NS, 2NS, 1EW and 2EW (1, 2, 4, 5)."""
    session = make_session(tables=3, status="setup", pairs=0)
    for number in (1, 2, 4, 5):
        save_pair(session.pk, number, make_player(), make_player())
    return session


def test_save_pair_registers_new_players_with_history(setup):
    before = version(setup)
    pair = save_pair(setup.pk, 3, Player(name="Anna"), Player(name="Boris"))
    assert (pair.number, pair.player1.name, pair.player2.name) == (3, "Anna", "Boris")
    assert Player.objects.filter(name__in=["Anna", "Boris"]).count() == 2
    assert pair.history.count() == 1
    assert version(setup) == before + 1


def test_save_pair_changes_a_pairs_players(setup):
    pair = setup.pairs.get(number=1)
    new = make_player("Vera")
    changed = save_pair(setup.pk, 1, new, pair.player2, pair_id=pair.pk)
    assert changed.pk == pair.pk
    pair.refresh_from_db()
    assert pair.player1 == new
    assert pair.history.first().player1_id == new.pk


@pytest.mark.parametrize("number, message", [
    (4, "Pair 1EW is already registered"),
    (7, "seats 1NS to 3EW; got number 7"),
])
def test_save_pair_refuses_a_taken_or_missing_seat(setup, number, message):
    before = (version(setup), Pair.objects.count(), Player.objects.count())
    with pytest.raises(Refused, match=message):
        save_pair(setup.pk, number, Player(name="New 1"), Player(name="New 2"))
    assert (version(setup), Pair.objects.count(), Player.objects.count()) == before


def test_save_pair_refuses_a_player_twice_or_in_two_pairs(setup):
    taken = setup.pairs.get(number=1).player1
    with pytest.raises(Refused) as refused:
        save_pair(setup.pk, 3, taken, make_player())
    assert refused.value.message_dict == {
        "player1": [f"{taken.name} already plays in pair 1NS."]}
    with pytest.raises(Refused, match="needs two different players; “Dan” is entered twice"):
        save_pair(setup.pk, 3, Player(name="Dan"), Player(name="dan"))
    assert not setup.pairs.filter(number=3).exists()


def test_save_pair_refuses_a_locked_session_and_a_pair_gone():
    session = make_session(tables=3, status="finished")
    with pytest.raises(Refused, match="reopen it before changing its pairs"):
        save_pair(session.pk, 1, make_player(), make_player(),
                  pair_id=session.pairs.get(number=1).pk)
    with pytest.raises(Refused, match="no longer registered"):
        save_pair(session.pk, 1, make_player(), make_player(), pair_id=999999)


def test_pairs_cannot_be_added_once_results_exist():
    session = make_session(tables=3, pairs=5)
    make_result(session, 1, 1, 4, "4S= N")
    problems = pair_problems(session, others(session), 6, make_player(), make_player())
    assert "Results exist on boards 1, so pairs can no longer be added" in problems[None][0]
    # Players can still be changed.
    pair = session.pairs.get(number=2)
    mine = [p for p in others(session) if p.pk != pair.pk]
    assert pair_problems(session, mine, 2, make_player(), pair.player2, pair) == {}


def test_withdraw_pair_before_play(setup):
    pair = setup.pairs.get(number=5)
    assert withdrawal_refusal(setup, pair) == ""
    before = version(setup)
    withdraw_pair(pair.pk)
    assert sorted(setup.pairs.values_list("number", flat=True)) == [1, 2, 4]
    assert version(setup) == before + 1
    assert Pair.history.filter(id=pair.pk).first().history_type == "-"


def test_withdraw_pair_refuses_a_pair_with_results_and_after_results():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N")
    played, other = session.pairs.get(number=1), session.pairs.get(number=2)
    before = version(session)
    with pytest.raises(Refused, match="Pair 1NS has results on boards 1 and cannot be"):
        withdraw_pair(played.pk)
    with pytest.raises(Refused, match="Results exist on boards 1, so the number of pairs"):
        withdraw_pair(other.pk)
    assert session.pairs.count() == 6 and version(session) == before


def test_withdraw_pair_refuses_a_locked_session_and_a_pair_gone():
    session = make_session(tables=3, status="published")
    pair = session.pairs.get(number=6)
    assert "reopen it before changing its pairs" in withdrawal_refusal(session, pair)
    with pytest.raises(Refused, match="reopen it before changing its pairs"):
        withdraw_pair(pair.pk)
    assert Pair.objects.filter(pk=pair.pk).exists()
    with pytest.raises(Refused, match="no longer registered"):
        withdraw_pair(999999)
