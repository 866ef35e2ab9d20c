"""The table entry services: codes, entries (idempotent by key), acceptance through the
result service, HCP conflicts held, the director's result winning, calls."""

import uuid

import pytest
from django.db import IntegrityError, connection

from club.models import DirectorCall, Result, Session, TableCode, TableEntry
from club.plan import SessionPlan
from club.schedule import seating_boards
from club.services.errors import DuplicateResult, Refused
from club.services.results import contract_values, enter_result
from club.services.table_phones import (
    CODE_ALPHABET,
    CODE_LENGTH,
    EntryExists,
    ResultExists,
    accept_entry,
    answer_call,
    call_director,
    code_characters,
    issue_codes,
    issue_missing_codes,
    new_code,
    normalize_code,
    preview,
    refuse_other_round,
    submit_entry,
    withdraw_entry,
)
from scoring.engine import parse_result
from tests.concurrency import race
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db


def values(text, lead=""):
    return {**contract_values(parse_result(text)), "lead": lead}


def submit(session, table=1, round=1, board=1, text="4S= N", key=None, ns_hcp=None):
    return submit_entry(session.pk, table=table, round=round, board_number=board,
                        key=key or uuid.uuid4(), values=values(text), ns_hcp=ns_hcp)


@pytest.fixture
def evening():
    session = make_session(tables=3, boards_per_round=2)
    session.boards.filter(number=1).update(ns_hcp=20)
    return session


def test_codes_are_unguessable_and_reissued(evening):
    codes = issue_codes(evening.pk)
    assert [c.table for c in codes] == [1, 2, 3]
    assert len({c.code for c in codes}) == 3
    for code in codes:
        assert len(code.code) == CODE_LENGTH and set(code.code) <= set(CODE_ALPHABET)
    old = {c.table: c.code for c in codes}
    new = {c.table: c.code for c in issue_codes(evening.pk, [2])}
    assert new[1] == old[1] and new[3] == old[3] and new[2] != old[2]
    assert TableCode.objects.filter(session=evening).count() == 3
    with pytest.raises(Refused):
        issue_codes(evening.pk, [4])


def test_issuing_bumps_the_session_version(evening):
    before = Session.objects.get(pk=evening.pk).version
    issue_codes(evening.pk)
    assert Session.objects.get(pk=evening.pk).version > before


def test_codes_of_tables_no_longer_in_the_session_go(evening):
    issue_codes(evening.pk)
    Session.objects.filter(pk=evening.pk).update(tables=2)
    assert [c.table for c in issue_codes(evening.pk)] == [1, 2]
    assert not TableCode.objects.filter(table=3).exists()


def test_normalize_code():
    assert normalize_code(" k7qm-4txb ") == "K7QM4TXB"
    assert normalize_code("ab\u0301c") == "ABC"


def test_submit_is_idempotent_by_key(evening):
    key = uuid.uuid4()
    first = submit(evening, key=key)
    again = submit(evening, key=key, text="4S+1 N")
    assert again.pk == first.pk and again.tricks == 10
    assert TableEntry.objects.count() == 1
    other = make_session(tables=3)
    with pytest.raises(Refused):
        submit(other, key=key)


def test_second_phone_gets_the_first_entry(evening):
    first = submit(evening)
    with pytest.raises(EntryExists) as err:
        submit(evening, text="4H= N")
    assert err.value.entry == first


def test_only_the_tables_own_boards(evening):
    with pytest.raises(Refused):
        submit(evening, table=1, round=1, board=3)
    with pytest.raises(Refused):
        submit(evening, table=1, round=4, board=1)


def test_closed_sessions_refuse(evening):
    for status in ("setup", "finished", "published"):
        Session.objects.filter(pk=evening.pk).update(status=status)
        with pytest.raises(Refused):
            submit(evening)
    assert not TableEntry.objects.exists()


def test_accept_stores_the_result_with_round_table_and_lead(evening):
    entry = submit_entry(evening.pk, table=1, round=1, board_number=1, key=uuid.uuid4(),
                         values=values("4S= N", lead="SK"))
    accepted = accept_entry(evening.pk, entry.key)
    result = Result.objects.get()
    assert accepted.status == "accepted" and accepted.result == result
    assert accepted.decided_at is not None
    assert (result.round, result.table, result.lead, result.text) == (1, 1, "SK", "4S= N")
    assert result.ns_pair.number == 1 and result.ew_pair.number == 4
    assert accept_entry(evening.pk, entry.key).result == result  # twice: the same
    assert Result.objects.count() == 1


def test_preview_scores_like_the_stored_result(evening):
    entry = submit(evening)
    shown = preview(entry, evening.boards.get(number=1))
    assert shown.pk is None
    stored = accept_entry(evening.pk, entry.key).result
    assert shown.ns_score == stored.ns_score == 420


def test_hcp_is_required_where_nobody_knows_it(evening):
    with pytest.raises(Refused) as err:
        submit(evening, board=2)
    assert "ns_hcp" in err.value.error_dict
    entry = submit(evening, board=2, ns_hcp=23)
    accept_entry(evening.pk, entry.key)
    assert evening.boards.get(number=2).ns_hcp == 23


def play_round_1_at_table_3(session, **fields):
    """Table 3 (3NS v 3EW) plays boards 5-6 in round 1; board 2 comes to it in round 2."""
    for board in (5, 6):
        make_result(session, board, 3, 6, "1NT= N", round=1, table=3, **fields)


def test_hcp_conflict_between_tables_is_held(evening):
    play_round_1_at_table_3(evening)
    first = submit(evening, table=1, round=1, board=2, ns_hcp=23)
    second = submit(evening, table=3, round=2, board=2, ns_hcp=24)
    assert first.status == "entered"
    assert second.status == "held" and "table 1 gave 23" in second.note
    with pytest.raises(Refused):
        accept_entry(evening.pk, second.key)
    accept_entry(evening.pk, first.key)
    assert evening.boards.get(number=2).ns_hcp == 23
    assert Result.objects.filter(board__number=2).count() == 1


def test_board_hcp_given_meanwhile_holds_a_differing_entry(evening):
    entry = submit(evening, board=2, ns_hcp=23)
    evening.boards.filter(number=2).update(ns_hcp=21)
    held = accept_entry(evening.pk, entry.key)
    assert held.status == "held" and "the board has 21" in held.note
    assert not Result.objects.exists()


def test_non_duplicated_tables_give_their_own_hcp(db):
    session = make_session(tables=3, boards_per_round=2, duplicated=False)
    play_round_1_at_table_3(session, ns_hcp=20)
    a = submit(session, table=1, round=1, board=1, ns_hcp=22)
    b = submit(session, table=3, round=2, board=1, ns_hcp=18)
    assert a.status == b.status == "entered"
    accept_entry(session.pk, a.key)
    accept_entry(session.pk, b.key)
    assert sorted(Result.objects.filter(board__number=1)
                  .values_list("ns_hcp", flat=True)) == [18, 22]
    assert session.boards.get(number=1).ns_hcp is None


def test_the_directors_result_wins(evening):
    entry = submit(evening)
    enter_result(evening.boards.get(number=1).pk, ns_pair_id=evening.pairs.get(number=1).pk,
                 ew_pair_id=evening.pairs.get(number=4).pk,
                 values={**contract_values(parse_result("4S-1 N")), "round": 1, "table": 1})
    entry.refresh_from_db()
    assert entry.status == "withdrawn"
    with pytest.raises(Refused):
        accept_entry(evening.pk, entry.key)
    with pytest.raises(ResultExists):
        submit(evening)
    assert Result.objects.get().tricks == 9


def test_a_director_result_with_the_pairs_swapped_is_not_overwritten(evening):
    entry = submit(evening)
    enter_result(evening.boards.get(number=1).pk, ns_pair_id=evening.pairs.get(number=4).pk,
                 ew_pair_id=evening.pairs.get(number=1).pk,
                 values=contract_values(parse_result("4S-1 N")))
    with pytest.raises(DuplicateResult):
        accept_entry(evening.pk, entry.key)
    assert Result.objects.count() == 1


def test_withdraw(evening):
    entry = submit(evening)
    assert withdraw_entry(evening.pk, entry.key).status == "withdrawn"
    assert withdraw_entry(evening.pk, entry.key).status == "withdrawn"
    again = submit(evening, text="4S+1 N")
    accept_entry(evening.pk, again.key)
    with pytest.raises(Refused):
        withdraw_entry(evening.pk, again.key)


def test_one_open_entry_per_board_in_the_database(evening):
    entry = submit(evening)
    with pytest.raises(IntegrityError):
        TableEntry.objects.create(session=evening, board=entry.board, round=1, table=1,
                                  ns_pair=entry.ns_pair, ew_pair=entry.ew_pair)


def test_call_twice_is_one_call_and_answering(evening):
    first = call_director(evening.pk, 2, round=1)
    assert call_director(evening.pk, 2, round=1).pk == first.pk
    assert DirectorCall.objects.count() == 1
    answered = answer_call(evening.pk, first.pk)
    assert answered.answered_at is not None
    assert answer_call(evening.pk, first.pk).answered_at == answered.answered_at
    assert call_director(evening.pk, 2).pk != first.pk
    with pytest.raises(Refused):
        call_director(evening.pk, 9)
    with pytest.raises(Refused):
        answer_call(make_session(tables=2).pk, first.pk)


def test_a_call_names_a_board_of_the_session_and_a_known_reason(evening):
    call = call_director(evening.pk, 1, round=1, board=2, reason="wrong_board")
    assert (call.board, call.reason) == (2, "wrong_board")
    with pytest.raises(Refused, match="no board 99"):
        call_director(evening.pk, 1, board=99)
    with pytest.raises(Refused, match="Choose why"):
        call_director(evening.pk, 1, reason="boredom")
    # A later press naming another board and reason: the call says the latest.
    call = call_director(evening.pk, 1, round=1, board=1, reason="revoke")
    assert (call.board, call.reason) == (1, "revoke") and DirectorCall.objects.count() == 1


# --- real concurrent transactions (PostgreSQL) ---------------------------------------------

@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="needs a server database for concurrent transactions")
def test_two_phones_at_once_one_entry():
    """The same form sent twice at once, two phones entering one board at once, and
    East-West tapping "Accept" on two phones at once: one entry, one result."""
    session = make_session(tables=3, boards_per_round=2)
    session.boards.filter(number=1).update(ns_hcp=20)
    key = uuid.uuid4()
    same_key = race(lambda: submit(session, key=key), lambda: submit(session, key=key))
    assert same_key[0].pk == same_key[1].pk and TableEntry.objects.count() == 1
    withdraw_entry(session.pk, key)
    outcomes = race(lambda: submit(session), lambda: submit(session, text="4H= N"))
    assert sum(isinstance(o, EntryExists) for o in outcomes) == 1, outcomes
    assert TableEntry.objects.filter(status="entered").count() == 1
    entry = TableEntry.objects.get(status="entered")
    accepted = race(lambda: accept_entry(session.pk, entry.key),
                    lambda: accept_entry(session.pk, entry.key))
    assert all(not isinstance(o, Exception) for o in accepted), accepted
    assert Result.objects.count() == 1


# --- a table enters only the boards of the round it is playing ----------------------------

def test_a_board_of_a_later_round_is_refused(evening):
    # Table 1 plays boards 3-4 in round 2: not while its round 1 is still open.
    with pytest.raises(Refused) as err:
        submit(evening, table=1, round=2, board=3, ns_hcp=20)
    assert "Table 1 is playing round 1: board 3 is played in round 2" in err.value.messages[0]
    assert not TableEntry.objects.exists()
    make_result(evening, 1, 1, 4, "1NT= N", round=1, table=1)
    with pytest.raises(Refused):
        submit(evening, table=1, round=2, board=3, ns_hcp=20)
    make_result(evening, 2, 1, 4, "1NT= N", round=1, table=1)
    assert submit(evening, table=1, round=2, board=3, ns_hcp=20).round == 2


def test_an_entry_of_another_round_is_not_accepted(evening):
    """An entry stored for a later round (as a phone could before) is refused on accept."""
    entry = TableEntry.objects.create(
        key=uuid.uuid4(), session=evening, board=evening.boards.get(number=3), round=2,
        table=1, ns_pair=evening.pairs.get(number=1), ew_pair=evening.pairs.get(number=6),
        level=4, strain="S", doubling=0, declarer="N", tricks=10, ns_hcp=20)
    with pytest.raises(Refused) as err:
        accept_entry(evening.pk, entry.key)
    assert "Table 1 is playing round 1" in err.value.messages[0]
    assert not Result.objects.exists()


def test_the_preview_has_the_score_only(evening):
    """Before East-West accept, nothing that comes from the board's stored HCP: the score
    depends on the contract, the tricks and the vulnerability alone."""
    entry = submit(evening, text="PASS")
    shown = preview(entry, evening.boards.get(number=1))
    assert shown.ns_score == 0
    assert (shown.ns_compensation, shown.ns_net, shown.ns_imps) == (None, None, None)
    entry = submit(evening, board=2, text="3NT+1 S", ns_hcp=25)  # board 2: NS vulnerable
    assert preview(entry, evening.boards.get(number=2)).ns_score == 630


def test_new_code_draws_from_the_alphabet_without_look_alikes():
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50
    assert all(len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set("01OIL") & set(CODE_ALPHABET)


def test_code_characters_read_what_a_player_typed():
    assert code_characters("k7qm-4txb") == "K7QM4TXB"
    assert code_characters(" К7QM 4ТХВ ") == "K7QM4TXB"  # Cyrillic К, Т, Х, В
    assert code_characters("k7q!") == "K7Q!"  # the rest is left for the message


def test_refuse_other_round_lets_a_table_enter_only_its_current_round(evening):
    plan = SessionPlan.load(evening)
    refuse_other_round(evening, plan, 1, 1, 1)  # round 1 is being played: no refusal
    with pytest.raises(Refused, match="Table 1 is playing round 1: board 9 is played in "
                                      "round 2"):
        refuse_other_round(evening, plan, 1, 2, 9)
    for seating in (s for s in plan.seatings if s.table == 1):
        for number in seating_boards(seating, evening.boards_per_round):
            make_result(evening, number, seating.ns, seating.ew, "pass")
    with pytest.raises(Refused, match="Table 1 has played all its rounds"):
        refuse_other_round(evening, plan, 1, 3, 1)


def test_issue_missing_codes_gives_only_the_tables_without_one_a_code():
    session = make_session(tables=4, status="setup")
    kept = issue_codes(session.pk, [3])[0]
    issue_missing_codes(session)
    codes = dict(session.table_codes.values_list("table", "code"))
    assert sorted(codes) == [1, 2, 3, 4] and codes[3] == kept.code
    issue_missing_codes(session)  # nothing missing: nothing changes
    assert dict(session.table_codes.values_list("table", "code")) == codes
