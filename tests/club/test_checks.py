"""club.checks: what the director must look at, each item linking to its fix."""

import pytest
from django.urls import reverse

from club.checks import session_checks
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

# 3-table Mitchell, 2 boards a round, 3 rounds: 18 (table, round, board) slots. Board 1 is
# played in round 1 at table 1 (1NS-1EW), round 2 at table 3 (3NS-2EW), round 3 at table 2
# (2NS-3EW); board 2 likewise.

# N holds AKQJ AKQJ AKQ AK (36 HCP), S nothing: NS 36.
DEAL_NS_36 = ("N:AKQJ.AKQJ.AKQ.AK T98765432.T98..2 .765432.5432.543 ..JT9876.QJT9876")


def of_kind(items, kind):
    return [item for item in items if item.kind == kind]


def enter_board_1(session, overrides=None):
    """Board 1's three scheduled results (4S= N), with `overrides` per (round, table)."""
    rows = {(1, 1): (1, 4), (2, 3): (3, 5), (3, 2): (2, 6)}
    for (round_, table), (ns, ew) in rows.items():
        fields = dict((overrides or {}).get((round_, table), {}))
        make_result(session, 1, ns, ew, fields.pop("text", "4S= N"), round=round_,
                    table=table, **fields)


def test_a_complete_board_is_not_missing():
    session = make_session(tables=3)
    items = of_kind(session_checks(session), "missing")
    assert len(items) == 18
    enter_board_1(session)
    items = of_kind(session_checks(session), "missing")
    assert len(items) == 15
    assert not any(item.message.startswith("Board 1,") for item in items)
    first = items[0]
    assert first.message == "Board 2, table 1, round 1: no result for 1NS against 1EW."
    assert first.url == reverse("entry-traveller", args=[session.pk, 2])


def test_a_pair_entered_where_the_schedule_does_not_seat_it():
    session = make_session(tables=3)
    wrong_pairs = make_result(session, 1, 1, 5, "4S= N", table=1, round=1)  # 1NS-2EW
    wrong_table = make_result(session, 2, 1, 4, "pass", table=2, round=1)  # 1NS-1EW at t1
    good = make_result(session, 3, 2, 5, "pass")  # round and table unknown: fits r1 t2
    items = of_kind(session_checks(session), "misplaced")
    assert [item.url for item in items] == [
        reverse("result-detail", args=[wrong_pairs.pk]),
        reverse("result-detail", args=[wrong_table.pk])]
    assert items[0].message == ("Board 1: 1NS against 2EW (table 1, round 1) (4S= N), but "
                                "the schedule does not seat them so.")
    assert reverse("result-detail", args=[good.pk]) not in [i.url for i in items]


def test_a_table_hcp_that_differs_from_the_board():
    session = make_session(tables=3)
    enter_board_1(session, {(2, 3): {"ns_hcp": 22}})
    items = of_kind(session_checks(session), "hcp_differ")
    assert len(items) == 1
    assert items[0].message == ("Board 1: 3NS against 2EW (table 3, round 2) has NS HCP 22, "
                                "the board 20.")
    assert items[0].url.startswith("/director/results/")


def test_tables_that_disagree_when_the_board_has_no_hcp():
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", ns_hcp=21, round=1, table=1)
    make_result(session, 1, 3, 5, "4S= N", ns_hcp=23, round=2, table=3)
    items = session_checks(session)
    differ = of_kind(items, "hcp_differ")
    assert [item.message for item in differ] == [
        "Board 1: the tables give different NS HCP: 21 for 1NS against 1EW, 23 for 3NS "
        "against 2EW."]
    missing = of_kind(items, "hcp_missing")
    assert [item.message for item in missing] == [
        "Board 1 has results but no NS HCP for the board; enter it on the traveller."]
    assert missing[0].url == reverse("entry-traveller", args=[session.pk, 1])


def test_hcp_that_disagree_with_the_deal():
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    board.deal = DEAL_NS_36
    board.ns_hcp = 26
    board.save()
    make_result(session, 1, 1, 4, "6NT= N", round=1, table=1)
    make_result(session, 1, 3, 5, "6NT= N", ns_hcp=36, round=2, table=3)
    broken = session.boards.get(number=2)
    broken.deal = "N:AKQ"
    broken.save()
    items = of_kind(session_checks(session), "hcp_deal")
    assert [item.message for item in items] == [
        "Board 1: NS HCP entered as 26, but the deal gives NS 36.",
        "Board 2: the deal cannot be read, so its HCP cannot be checked."]


def test_boards_that_agree_raise_nothing():
    session = make_session(tables=3)
    board = session.boards.get(number=1)
    board.deal = DEAL_NS_36
    board.save()
    enter_board_1(session, {(1, 1): {"board_hcp": 36}})
    assert [i for i in session_checks(session) if i.kind != "missing"] == []


def test_hcp_checks_do_not_apply_to_boards_dealt_at_each_table():
    session = make_session(tables=3, duplicated=False)
    make_result(session, 1, 1, 4, "4S= N", ns_hcp=21, round=1, table=1)
    make_result(session, 1, 3, 5, "4S= N", ns_hcp=25, round=2, table=3)
    kinds = {item.kind for item in session_checks(session)}
    assert kinds == {"missing"}


def test_free_seating_has_no_schedule_to_check():
    session = make_session(tables=3, movement="free")
    make_result(session, 1, 1, 2, "4S= N")
    assert session_checks(session) == []


def test_pairs_that_do_not_fit_the_movement():
    session = make_session(tables=3, pairs=4, boards=False)
    items = session_checks(session)
    assert [item.kind for item in items] == ["schedule"]
    assert "A Mitchell on 3 tables seats 6 pairs" in items[0].message


def test_the_checks_run_a_fixed_number_of_queries(django_assert_num_queries):
    small = make_session(tables=3)
    big = make_session(tables=9, boards_per_round=3, name="Big")
    for session in (small, big):
        make_result(session, 1, 1, session.tables + 1, "4S= N", round=1, table=1)
        make_result(session, 2, 2, session.tables + 2, "4S= N", ns_hcp=30)
    with django_assert_num_queries(3):
        session_checks(small)
    with django_assert_num_queries(3):
        assert len(session_checks(big)) > 200


def test_the_checks_page_lists_items_with_their_links(director_client,
                                                      django_assert_max_num_queries):
    session = make_session(tables=3)
    wrong = make_result(session, 1, 1, 5, "4S= N", table=1, round=1)
    url = reverse("entry-checks", args=[session.pk])
    director_client.get(url)
    with django_assert_max_num_queries(7):
        page = director_client.get(url).content.decode()
    assert "19 items need attention." in page
    assert f'href="{reverse("result-detail", args=[wrong.pk])}"' in page
    assert f'href="{reverse("entry-traveller", args=[session.pk, 6])}"' in page


def test_an_arrow_switched_round_expects_the_pairs_the_other_way_round():
    # 3-table Mitchell, last round switched: table 2 in round 3 seats 3EW North-South
    # against 2NS, so a result entered the usual way round is where nobody sat.
    session = make_session(tables=3, boards_per_round=1, arrow_switch="last")
    make_result(session, 1, 2, 6, "4S= N", round=3, table=2)
    misplaced = of_kind(session_checks(session), "misplaced")
    assert [item.message for item in misplaced] == [
        "Board 1: 2NS against 3EW (table 2, round 3) (4S= N), but the schedule does not "
        "seat them so."]
    missing = [item.message for item in of_kind(session_checks(session), "missing")]
    assert "Board 1, table 2, round 3: no result for 3EW against 2NS." in missing
