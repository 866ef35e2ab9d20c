"""Masterpoints (club.services.masterpoints): awarded when a session is published, taken
back when it is unpublished or reopened, recomputed after a correction, a scheme change or
a merge of two players' records; each change in the awards' history."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from club.models import AwardScheme, MasterpointAward, Pair
from club.services.errors import Refused
from club.services.masterpoints import (
    add_shipped_schemes,
    award_session,
    missing_shipped_schemes,
    save_award_scheme,
    session_awards,
)
from club.services.players import merge_players
from club.services.results import delete_result
from club.services.sessions import change_status
from tests.factories import make_player, make_result, make_session

pytestmark = pytest.mark.django_db

# Four pairs: the winner 10 points, the second 5 (half the field scores, equal steps).
HALF = {"name": "Club pairs", "top_fixed": Decimal(10), "scoring_numerator": 1,
        "scoring_denominator": 2}


def room(scheme, ranking="one", status="finished"):
    """A 2-table Mitchell: board 1 pair 1 beats pair 3 by 9 IMPs (4S= N), board 3 pair 2
    beats pair 4 by 3 IMPs (1NT= N): pair 1 first, 2 second, 4 third, 3 fourth."""
    session = make_session(tables=2, status="running", award_scheme=scheme,
                           ranking=ranking)
    make_result(session, 1, 1, 3, "4S= N")
    make_result(session, 3, 2, 4, "1NT= N")
    session.status = status
    session.save(update_fields=["status"])
    return session


def awards(session):
    """{pair number: points of each of its players} (both players get the pair's)."""
    found = {}
    for award in MasterpointAward.objects.filter(session=session):
        found.setdefault(award.pair_number, set()).add(award.points)
    return {number: points.pop() for number, points in found.items() if len(points) == 1}


@pytest.fixture
def scheme():
    return save_award_scheme(HALF)


def test_publishing_awards_each_player_of_the_scoring_pairs(scheme):
    session = room(scheme)
    assert not MasterpointAward.objects.exists()
    change_status(session.pk, "publish")
    assert awards(session) == {1: 10, 2: 5}
    assert MasterpointAward.objects.filter(session=session).count() == 4
    first = MasterpointAward.objects.get(session=session, pair_number=1,
                                         player=Pair.objects.get(session=session,
                                                                 number=1).player1)
    assert (first.rank, first.tied, first.line, first.scheme) == (1, False, "", scheme)
    assert {h.history_change_reason for h in MasterpointAward.history.all()} == {
        "session published"}


def test_unpublishing_takes_the_awards_back_with_history(scheme):
    session = room(scheme)
    change_status(session.pk, "publish")
    change_status(session.pk, "unpublish")
    assert not MasterpointAward.objects.filter(session=session).exists()
    deleted = MasterpointAward.history.filter(history_type="-")
    assert deleted.count() == 4
    assert {h.history_change_reason for h in deleted} == {"session unpublished"}
    change_status(session.pk, "publish")  # published again: awarded again
    assert awards(session) == {1: 10, 2: 5}


def test_a_correction_after_reopening_is_awarded_on_publishing_again(scheme):
    session = room(scheme)
    change_status(session.pk, "publish")
    change_status(session.pk, "reopen")
    assert not MasterpointAward.objects.filter(session=session).exists()
    # The director removes board 1's result: pair 2 now leads, pairs 1 and 3 played none.
    result = session.boards.get(number=1).results.get()
    delete_result(result.pk, result.version)
    change_status(session.pk, "finish")
    change_status(session.pk, "publish")
    # Only pairs 2 and 4 played: a field of two, one place scores.
    assert awards(session) == {2: 10}


def test_changing_a_scheme_recomputes_its_published_sessions(scheme):
    session = room(scheme)
    unpublished = room(scheme)
    change_status(session.pk, "publish")
    save_award_scheme({**HALF, "top_fixed": Decimal(20), "win_bonus": Decimal(3)},
                      scheme_id=scheme.pk)
    assert awards(session) == {1: 23, 2: 10}
    assert not MasterpointAward.objects.filter(session=unpublished).exists()
    changed = MasterpointAward.history.filter(history_type="~")
    assert {h.history_change_reason for h in changed} == {
        "award scheme “Club pairs” changed"}


def test_no_scheme_no_masterpoints():
    session = room(None)
    change_status(session.pk, "publish")
    assert not MasterpointAward.objects.exists()


def test_two_winners_each_line_is_a_field_of_its_own(scheme):
    # NS line: pair 1 (+9), pair 2 (+3); EW line: pair 4 (-3), pair 3 (-9). A field of
    # two: one place scores, the winner's 10.
    session = room(scheme, ranking="two")
    change_status(session.pk, "publish")
    assert awards(session) == {1: 10, 4: 10}
    assert set(MasterpointAward.objects.filter(session=session)
               .values_list("line", flat=True)) == {"NS", "EW"}


def test_tied_pairs_share_the_places_they_cover(scheme):
    session = make_session(tables=2, status="running", award_scheme=scheme)
    make_result(session, 1, 1, 3, "1NT= N")  # +3 to pair 1
    make_result(session, 3, 2, 4, "1NT= N")  # +3 to pair 2: tied first
    session.status = "finished"
    session.save(update_fields=["status"])
    change_status(session.pk, "publish")
    assert awards(session) == {1: Decimal("7.50"), 2: Decimal("7.50")}
    assert set(MasterpointAward.objects.filter(session=session)
               .values_list("rank", "tied")) == {(1, True)}


def test_merging_two_records_moves_the_awards(scheme):
    session = room(scheme)
    change_status(session.pk, "publish")
    winner = Pair.objects.get(session=session, number=1).player1
    duplicate = make_player("Same person")
    merge_players(duplicate.pk, winner.pk)
    assert MasterpointAward.objects.get(session=session, player=duplicate).points == 10
    assert not MasterpointAward.objects.filter(player_id=winner.pk).exists()


def test_a_scheme_with_bad_figures_is_refused(scheme):
    with pytest.raises(Refused) as refused:
        save_award_scheme({**HALF, "name": "Other", "place_table": "20 x 15"})
    assert "place_table" in refused.value.message_dict
    with pytest.raises(Refused) as refused:
        save_award_scheme({**HALF, "name": "Other", "scoring_numerator": 3})
    assert "scoring_numerator" in refused.value.message_dict


def test_the_database_refuses_bad_awards(scheme):
    session = room(scheme)
    player = make_player()
    with pytest.raises(IntegrityError), transaction.atomic():
        MasterpointAward.objects.create(session=session, player=player, scheme=scheme,
                                        pair_number=1, rank=1, points=0)
    MasterpointAward.objects.create(session=session, player=player, scheme=scheme,
                                    pair_number=1, rank=1, points=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        MasterpointAward.objects.create(session=session, player=player, scheme=scheme,
                                        pair_number=1, rank=1, points=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        AwardScheme.objects.create(name="Bad share", scoring_numerator=3,
                                   scoring_denominator=2)


def test_the_shipped_schemes_are_added_once():
    assert not AwardScheme.objects.exists()  # a new database is empty (backups need it)
    assert len(missing_shipped_schemes()) == 2
    added = add_shipped_schemes()
    assert missing_shipped_schemes() == []
    assert [s.name for s in added] == ["EBU club scale (individual figures)",
                                       "Russian club pairs (Moscow federation place table)"]
    assert add_shipped_schemes() == []
    ebu, russian = added
    assert (ebu.scale.top_award(Decimal(6)), ebu.minimum, ebu.decimals) == (24, 6, 0)
    assert russian.scale.place_table[:3] == (20, 17, 15)


def test_award_session_is_idempotent_and_says_what_changed(scheme):
    session = room(scheme, status="published")  # published around the services
    assert {p: a.points for p, a in session_awards(session).items()} != {}
    with transaction.atomic():
        assert award_session(session, "checked") == 4
        assert award_session(session, "checked again") == 0  # nothing to change
    assert awards(session) == {1: 10, 2: 5}
