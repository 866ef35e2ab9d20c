"""The player registry's services: saving a player with its private numbers, and merging
two records of one person with every pair, result and carry-over following, in history."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction

from club.models import CarryOver, Pair, Player, Result, Session
from club.queries import session_standings
from club.services.errors import Refused
from club.services.locks import touch_sessions_of
from club.services.pairs import save_pair
from club.services.players import (
    hold_players,
    merge_players,
    merge_problem,
    merge_refusal,
    save_player,
)
from club.services.seasons import save_event, set_carry_over
from tests.factories import make_player, make_result, make_session
from tests.reports.test_seasons import evening

pytestmark = pytest.mark.django_db


def test_save_player_with_a_federation_number():
    player = save_player({"name": "Olga", "federation_number": "RU-1"})
    player = save_player({"membership_number": "17", "active": False}, player_id=player.pk)
    player.refresh_from_db()
    assert (player.name, player.membership_number, player.federation_number,
            player.active) == ("Olga", "17", "RU-1", False)
    with pytest.raises(ValidationError):
        save_player({"name": "Other", "federation_number": "RU-1"})
    with pytest.raises(ValidationError):
        save_player({"name": ""})
    with pytest.raises(Refused, match="no longer exists"):
        save_player({"name": "Gone"}, player_id=999999)


@pytest.fixture
def twins():
    """Olga (#1, from an import) and "Olga S." (#2, typed at the table): one person."""
    imported = make_player("Olga", membership_number="M-1")
    typed = make_player("Olga S.", federation_number="RU-9", active=False)
    partner, other = make_player("Pavel"), make_player("Rita")
    first = evening(date(2026, 1, 5), [(imported, partner), (other, make_player("Sam")),
                                       (make_player("T"), make_player("U")),
                                       (make_player("V"), make_player("W"))],
                    [(1, 1, 3, "4S= N")])
    second = evening(date(2026, 1, 12), [(typed, partner), (other, make_player("Sam 2")),
                                         (make_player("X"), make_player("Y")),
                                         (make_player("Z"), make_player("Q"))],
                     [(1, 1, 3, "1NT= N")])
    return imported, typed, partner, first, second


def test_merge_moves_pairs_and_results_with_history(twins):
    imported, typed, partner, first, second = twins
    moved = Pair.objects.get(session=second, number=1)
    kept = merge_players(imported.pk, typed.pk)
    assert kept.pk == imported.pk
    assert not Player.objects.filter(pk=typed.pk).exists()
    moved.refresh_from_db()
    assert moved.player1_id == imported.pk
    # The results follow the pair: the standings of the second evening name the kept record.
    assert session_standings(second)[0].players == "Olga – Pavel"
    assert Result.objects.filter(ns_pair=moved).count() == 1
    # Numbers: the kept record had a membership number, takes the federation number; it
    # stays active (one of the two was).
    kept.refresh_from_db()
    assert (kept.membership_number, kept.federation_number, kept.active) == (
        "M-1", "RU-9", True)
    # History: the pair's change, the deleted record, the kept record's change.
    last_pair = moved.history.order_by("-history_id").first()
    assert last_pair.history_type == "~" and "merged" in last_pair.history_change_reason
    assert last_pair.player1_id == imported.pk
    gone = Player.history.filter(id=typed.pk).order_by("-history_id").first()
    assert gone.history_type == "-" and "merged" in gone.history_change_reason
    assert kept.history.order_by("-history_id").first().history_change_reason.startswith(
        "merged player")


def test_the_kept_record_may_be_the_typed_one(twins):
    imported, typed, _partner, first, _second = twins
    kept = merge_players(typed.pk, imported.pk)
    kept.refresh_from_db()
    assert kept.name == "Olga S."
    assert (kept.membership_number, kept.federation_number) == ("M-1", "RU-9")
    assert Pair.objects.get(session=first, number=1).player1_id == typed.pk


def test_partners_of_one_evening_are_two_people():
    first, second = make_player("A"), make_player("A.")
    session = make_session(tables=2, pairs=0, boards=False)
    Pair.objects.create(session=session, number=1, player1=first, player2=second)
    assert "played together" in merge_problem(first, second)
    with pytest.raises(Refused, match="played together"):
        merge_players(first.pk, second.pk)
    assert Player.objects.filter(pk=second.pk).exists()


def test_players_of_one_evening_in_different_pairs_are_two_people():
    first, second = make_player("B"), make_player("B.")
    session = make_session(tables=2, pairs=0, boards=False, name="Tuesday")
    Pair.objects.create(session=session, number=1, player1=first, player2=make_player())
    Pair.objects.create(session=session, number=2, player1=make_player(), player2=second)
    with pytest.raises(Refused, match="both played in Tuesday"):
        merge_players(first.pk, second.pk)


def test_different_numbers_refuse_the_merge():
    first = make_player("C", membership_number="1")
    second = make_player("C", membership_number="2")
    with pytest.raises(Refused, match="different membership numbers"):
        merge_players(first.pk, second.pk)
    third = make_player("D", federation_number="F1")
    fourth = make_player("D", federation_number="F2")
    with pytest.raises(Refused, match="different federation numbers"):
        merge_players(third.pk, fourth.pk)


def test_same_or_missing_record_is_refused():
    player = make_player("E")
    with pytest.raises(Refused, match="two different records"):
        merge_players(player.pk, player.pk)
    with pytest.raises(Refused, match="no longer exists"):
        merge_players(player.pk, 999999)


def test_carry_overs_follow_the_merge(twins):
    imported, typed, partner, first, second = twins
    event = save_event({"name": "Cup", "scoring": "pair", "season": None}, [first.pk])
    row = set_carry_over(event.pk, partner.pk, typed.pk, 5)
    merge_players(imported.pk, typed.pk)
    row.refresh_from_db()
    assert row.key == tuple(sorted((imported.pk, partner.pk)))


def test_carry_overs_of_both_in_one_event_refuse_the_merge(twins):
    imported, typed, _partner, first, _second = twins
    event = save_event({"name": "Individual", "scoring": "player", "season": None},
                       [first.pk])
    set_carry_over(event.pk, imported.pk, None, 2)
    set_carry_over(event.pk, typed.pk, None, 3)
    with pytest.raises(Refused, match="carry IMPs into the event “Individual”"):
        merge_players(imported.pk, typed.pk)
    assert CarryOver.objects.count() == 2


def test_a_merge_keeps_results_scored(twins):
    imported, typed, _partner, _first, second = twins
    before = sorted(Result.objects.values_list("ns_imps", flat=True))
    merge_players(imported.pk, typed.pk)
    assert sorted(Result.objects.values_list("ns_imps", flat=True)) == before
    make_result(second, 2, 1, 3, "pass")  # the moved pair still plays


def test_a_pair_saved_with_a_player_merged_meanwhile_is_refused():
    """The director's page still offers the merged record: the pair is refused with a
    message naming the player, and nothing is saved (not an IntegrityError at commit)."""
    keep, merged, partner = make_player("Olga"), make_player("Olga S."), make_player("Pavel")
    session = make_session(tables=3, pairs=4, status="setup")
    merge_players(keep.pk, merged.pk)
    with pytest.raises(Refused, match="no longer in the player list"):
        save_pair(session.pk, 5, merged, partner)
    assert not Pair.objects.filter(session=session, number=5).exists()
    assert save_pair(session.pk, 5, keep, partner).player1_id == keep.pk


def test_hold_players_refuses_a_player_gone():
    here = make_player("Here")
    with transaction.atomic():
        hold_players([here.pk, None])  # None: a player not saved yet
    with pytest.raises(Refused, match="no longer in the player list"), transaction.atomic():
        hold_players([here.pk, 999999])
    with pytest.raises(Refused) as refused, transaction.atomic():
        hold_players([999999], "Gone")
    assert refused.value.messages == ["Gone"]


def test_merge_refusal_of_partners_and_of_different_numbers():
    first, second = make_player("Olga", membership_number="1"), make_player("Olga S.")
    session = make_session(tables=3, pairs=0, name="Monday")
    together = Pair.objects.create(session=session, number=1, player1=first, player2=second)
    assert "played together in Monday" in merge_refusal(first, second, [together], [])
    assert merge_refusal(first, second, [], []) == ""
    second.membership_number = "2"
    assert "different membership numbers (1 and 2)" in merge_refusal(first, second, [], [])


def test_a_rename_bumps_the_sessions_the_player_plays_in_and_no_other():
    """Their pages show the name (the ETags start from the version); the sessions of other
    players, and a change that is not the name, keep theirs."""
    played = make_session(tables=2)
    other = make_session(tables=2)
    player = played.pairs.get(number=1).player1
    versions = dict(Session.objects.values_list("pk", "version"))
    save_player({"membership_number": "M-77"}, player.pk)
    assert dict(Session.objects.values_list("pk", "version")) == versions
    save_player({"name": "New Name"}, player.pk)
    after = dict(Session.objects.values_list("pk", "version"))
    assert after[played.pk] == versions[played.pk] + 1
    assert after[other.pk] == versions[other.pk]


def test_touch_sessions_of_bumps_only_the_players_sessions():
    played, other = make_session(tables=2), make_session(tables=2)
    player = played.pairs.get(number=3).player2
    before = dict(Session.objects.values_list("pk", "version"))
    with transaction.atomic():
        touch_sessions_of(player.pk)
    after = dict(Session.objects.values_list("pk", "version"))
    assert (after[played.pk], after[other.pk]) == (before[played.pk] + 1, before[other.pk])
