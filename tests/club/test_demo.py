"""`manage.py demo --setup-only` builds a complete evening, and building it twice adds nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from club.models import Board, Pair, Player, Result, Session

pytestmark = pytest.mark.django_db(transaction=True)


def counts():
    return (Session.objects.count(), Pair.objects.count(), Player.objects.count(),
            Board.objects.count(), Result.objects.count(), get_user_model().objects.count())


def test_demo_builds_a_complete_evening_once(capsys):
    call_command("demo", "--setup-only")
    out = capsys.readouterr().out
    session = Session.objects.get()
    assert (session.movement, session.tables, session.rounds, session.boards_per_round) == (
        "mitchell", 7, 7, 3)
    assert session.pairs.count() == 14
    assert session.boards.count() == 21
    # 7 tables x 7 rounds x 3 boards: every result of the evening entered.
    assert Result.objects.count() == 147
    assert not Board.objects.filter(ns_hcp__isnull=True).exists()
    assert not Board.objects.filter(deal="").exists()
    for pair in session.pairs.all():
        played = Result.objects.filter(ns_pair=pair).count() + Result.objects.filter(
            ew_pair=pair).count()
        assert played == 21
    assert "director" in out and "director-demo" in out
    first = counts()
    call_command("demo", "--setup-only")
    assert counts() == first
    user = get_user_model().objects.get(username="director")
    assert user.check_password("director-demo") and user.is_staff
    assert user.groups.filter(name="Directors").exists()
