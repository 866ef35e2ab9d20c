"""Two directors at the same moment, in real concurrent transactions: saving the same result
(one save wins, the other is refused with the stored value: compare-and-set on
Result.version), a correction racing a board-wide rescore (the correction is always scored
under the rules stored after both: the services take the session's lock), and two HCP
changes of one board (one is refused). PostgreSQL only: SQLite's test database is one
in-memory connection."""

import pytest
from django.db import connection

from club.models import CarryOver, Pair, Player
from club.services.boards import set_board_hcp
from club.services.errors import Refused, StaleResult, StaleValue
from club.services.pairs import save_pair
from club.services.players import merge_players
from club.services.results import contract_values, correct_result, delete_result
from club.services.scoring import score_result
from club.services.seasons import save_event, set_carry_over
from club.services.sessions import update_session
from scoring.engine import parse_result
from tests.concurrency import race
from tests.factories import make_player, make_result, make_session

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="needs a server database for concurrent transactions"),
]


def correction(text):
    return contract_values(parse_result(text))


def test_simultaneous_corrections_one_wins_the_other_sees_it():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    texts = ["4S+1 N", "4S-1 N"]
    for _attempt in range(5):
        version = result.version
        outcomes = race(*[lambda t=t, v=version: correct_result(result.pk, v, correction(t))
                          for t in texts])
        refused = [o for o in outcomes if isinstance(o, StaleResult)]
        saved = [o for o in outcomes if not isinstance(o, Exception)]
        assert len(refused) == 1 and len(saved) == 1, outcomes
        result.refresh_from_db()
        assert result.version == version + 1
        assert result.text == saved[0].text
        assert refused[0].current.text == saved[0].text  # the loser is shown the winner


def test_a_correction_racing_a_deletion():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    outcomes = race(lambda: correct_result(result.pk, 1, correction("3NT= N")),
                    lambda: delete_result(result.pk, 1))
    assert sum(isinstance(o, StaleResult) for o in outcomes) == 1
    assert not any(isinstance(o, Exception) and not isinstance(o, StaleResult)
                   for o in outcomes)
    remaining = list(type(result).objects.all())
    if isinstance(outcomes[1], StaleResult):  # the correction won
        assert [r.text for r in remaining] == ["3NT= N"]
    else:
        assert remaining == []


# --- rescoring racing a correction ----------------------------------------------------------

def assert_scored_under_the_stored_rules(result):
    """The stored outcome is what the engine gives for the stored result, board and
    session now: no stale score survived the race."""
    stored = type(result).objects.select_related("board__session__compensation_table").get(
        pk=result.pk)
    recomputed = type(result).objects.select_related(
        "board__session__compensation_table").get(pk=result.pk)
    score_result(recomputed)
    assert stored.outcome == recomputed.outcome, (stored.text, stored.board.ns_hcp)


def test_a_correction_racing_a_board_hcp_change_is_scored_with_the_new_hcp():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    board = result.board
    contracts = ["3NT= N", "4S= N"]
    for attempt in range(12):
        hcp = 24 + attempt % 4
        result.refresh_from_db()
        text = contracts[attempt % 2]
        outcomes = race(lambda h=hcp: set_board_hcp(board.pk, h),
                        lambda v=result.version, t=text: correct_result(
                            result.pk, v, correction(t)))
        assert not any(isinstance(o, Exception) for o in outcomes), outcomes
        result.refresh_from_db()
        assert result.text == text and result.board.ns_hcp == hcp
        assert_scored_under_the_stored_rules(result)


def test_a_correction_racing_a_policy_change_is_scored_under_the_new_policy():
    session = make_session(tables=3)
    result = make_result(session, 1, 1, 4, "2S= E", board_hcp=25, round=1, table=1)
    texts = ["2S+1 E", "2S= E"]
    for attempt in range(12):
        session.refresh_from_db()
        policy = "declarer" if session.policy == "line" else "line"
        fields = {name: getattr(session, name) for name in (
            "name", "date", "movement", "tables", "rounds", "boards_per_round", "duplicated",
            "compensation_table", "policy")}
        result.refresh_from_db()
        text = texts[attempt % 2]
        outcomes = race(lambda f={**fields, "policy": policy}: update_session(session.pk, f),
                        lambda v=result.version, t=text: correct_result(
                            result.pk, v, correction(t)))
        assert not any(isinstance(o, Exception) for o in outcomes), outcomes
        result.refresh_from_db()
        assert result.text == text and result.board.session.policy == policy
        assert_scored_under_the_stored_rules(result)


def test_two_directors_setting_a_boards_hcp_at_once_one_is_refused():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=20, round=1, table=1)
    board = session.boards.get(number=1)
    for attempt in range(5):
        board.refresh_from_db()
        shown = board.ns_hcp
        values = [30 + attempt, 10 + attempt]
        outcomes = race(*[lambda v=v, s=shown: set_board_hcp(board.pk, v, expected=s)
                          for v in values])
        refused = [o for o in outcomes if isinstance(o, StaleValue)]
        saved = [o for o in outcomes if not isinstance(o, Exception)]
        assert len(refused) == 1 and len(saved) == 1, outcomes
        board.refresh_from_db()
        assert board.ns_hcp == saved[0][0].ns_hcp
        assert refused[0].current == board.ns_hcp  # the loser is told the stored value


# --- merging a player racing a pair saved with that player ----------------------------------

def test_a_merge_racing_a_pair_saved_with_the_merged_player_is_refused_cleanly():
    """The pair's foreign key is checked when its transaction commits: a merge deleting the
    player meanwhile must not end in an IntegrityError (a 500) on either side. One of the two
    is refused with a message, the other is saved, and no pair points at a deleted player."""
    for attempt in range(12):
        session = make_session(tables=3, pairs=4, status="setup", name=f"Race {attempt}")
        keep, merged = make_player(f"Olga {attempt}"), make_player(f"Olga S. {attempt}")
        partner = make_player(f"Pavel {attempt}")
        outcomes = race(lambda k=keep, m=merged: merge_players(k.pk, m.pk),
                        lambda s=session, m=merged, p=partner: save_pair(s.pk, 5, m, p))
        unexpected = [o for o in outcomes
                      if isinstance(o, Exception) and not isinstance(o, Refused)]
        assert not unexpected, outcomes
        assert sum(isinstance(o, Refused) for o in outcomes) <= 1, outcomes
        pair = Pair.objects.filter(session=session, number=5).first()
        if isinstance(outcomes[0], Refused):  # the pair was saved first, with that player
            assert pair.player1_id == merged.pk and Player.objects.filter(pk=merged.pk).exists()
        else:  # merged: the pair, if saved, holds the kept record
            assert not Player.objects.filter(pk=merged.pk).exists()
            assert pair is None or pair.player1_id == keep.pk


def test_a_merge_racing_a_carry_over_of_the_merged_player_is_refused_cleanly():
    for attempt in range(12):
        session = make_session(tables=3, pairs=4, name=f"Cup night {attempt}")
        event = save_event({"name": f"Cup {attempt}", "scoring": "player", "season": None},
                           [session.pk])
        keep, merged = make_player(f"Olga {attempt}"), make_player(f"Olga S. {attempt}")
        outcomes = race(lambda k=keep, m=merged: merge_players(k.pk, m.pk),
                        lambda e=event, m=merged: set_carry_over(e.pk, m.pk, None, 3))
        unexpected = [o for o in outcomes
                      if isinstance(o, Exception) and not isinstance(o, Refused)]
        assert not unexpected, outcomes
        rows = list(CarryOver.objects.filter(event=event).values_list("player_id", flat=True))
        if isinstance(outcomes[1], Refused):  # merged first: the player was gone
            assert rows == []
        else:  # saved first, then moved by the merge (or saved for the kept record)
            assert rows == [keep.pk]
