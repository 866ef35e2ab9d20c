"""The stored results as the other methods score them, and which method ranks the players
most consistently (club.stats.methods): values worked by hand from the methods' rules."""

from fractions import Fraction

import pytest

from club.models import Pair, Session
from club.services.boards import sync_boards
from club.stats.methods import method_agreement, other_methods
from tests.factories import make_not_played, make_player, make_result, make_session

pytestmark = pytest.mark.django_db


def test_other_methods_score_a_boards_results():
    """Board 1, not vulnerable: +420, +450, -50 and a board not played (Ave+/Ave). Top 4
    among the three scores, scaled by Neuberg to the four results (top 6): +450 beats both
    (4 -> (4 + 1) * 4 / 3 - 1 = 17/3 of 6), +420 one (2 -> 3 of 6), -50 none (1/3 of 6).
    Butler: datum 420 (the middle score), +450 is +30 (+1 IMP), -50 is -470 (-10).
    Cross-IMPs: +420 against +450 and -50: -1 + 10 = 9 over 2; +450: 1 + 11 = 12 / 2;
    -50: -10 - 11 = -21 / 2."""
    session = make_session(tables=4)
    results = [make_result(session, 1, 1, 5, "4S= N"), make_result(session, 1, 2, 6, "4S+1 N"),
               make_result(session, 1, 3, 7, "4S-1 N"),
               make_not_played(session, 1, 4, 8, "ave+", "ave")]
    scored = other_methods(results)
    assert [(m.ns_percent, m.ew_percent) for m in scored] == [
        (50, 50), (Fraction(17, 18) * 100, Fraction(1, 18) * 100),
        (Fraction(1, 18) * 100, Fraction(17, 18) * 100), (60, 50)]
    assert [(m.ns_butler, m.ew_butler) for m in scored] == [(0, 0), (1, -1), (-10, 10), (3, 0)]
    assert [m.ns_cross for m in scored] == [Fraction(9, 2), 6, Fraction(-21, 2), 3]


@pytest.fixture
def players():
    return [make_player(f"Player {n}") for n in range(1, 9)]


def evening(players, day, first, second):
    """An evening of two tables on one board with the same four pairs (players 1-2 are
    pair 1, 3-4 pair 2 ...): pair 1 (NS) against 3, pair 2 against 4."""
    session = make_session(tables=2, boards_per_round=1, name=f"Evening {day}",
                           status="published", pairs=0, boards=False)
    for number in range(1, 5):
        Pair.objects.create(session=session, number=number, player1=players[2 * number - 2],
                            player2=players[2 * number - 1])
    sync_boards(session)
    make_result(session, 1, 1, 3, first, table=1, round=1)
    make_result(session, 1, 2, 4, second, table=2, round=1)
    return session


def test_a_reversed_second_half_shows_how_each_method_ranks(players):
    """First half: pair 1 makes 4S (+420) while pair 2 makes 3H+1 (+170); second half the
    other way round. Matchpoints and cross-IMPs give every side's figure exactly reversed
    (-1). Butler (datum 300: +3 and -4 IMPs, so 3, -4, -3, 4 then -4, 3, 4, -3) and
    compensation (20 HCP each way: 9, 5, -9, -5 then 5, 9, -5, -9) keep the two North-South
    pairs above the two East-West pairs: ranks with the two players of a pair tied give
    -24 / 40 = -0.6 and 24 / 40 = 0.6."""
    sessions = [evening(players, 1, "4S= N", "3H+1 N"),
                evening(players, 2, "3H+1 N", "4S= N")]
    count, agreements = method_agreement(Session.objects.filter(pk__in=[s.pk for s in sessions]), 1)
    assert count == 2
    found = {a.method: a for a in agreements}
    assert {m: a.players for m, a in found.items()} == dict.fromkeys(
        ("compensation", "matchpoints", "butler", "cross_imps"), 8)
    assert found["matchpoints"].correlation == pytest.approx(-1)
    assert found["cross_imps"].correlation == pytest.approx(-1)
    assert found["butler"].correlation == pytest.approx(-0.6)
    assert found["compensation"].correlation == pytest.approx(0.6)


def test_players_with_too_few_boards_in_a_half_are_left_out(players):
    sessions = [evening(players, 1, "4S= N", "3H+1 N"),
                evening(players, 2, "4S= N", "3H+1 N")]
    both = Session.objects.filter(pk__in=[s.pk for s in sessions])
    assert all(a.correlation == pytest.approx(1) for a in method_agreement(both, 1)[1])
    _count, left_out = method_agreement(both, min_boards=2)
    assert [(a.players, a.correlation) for a in left_out] == [(0, None)] * 4
