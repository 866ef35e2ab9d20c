"""A whole session from BBO LIN records of played tables (club.io.lin_results): each
table's contract from its auction, its tricks from the claim or the play, pairs from the
players' names, scored by Moscow compensation; malformed records named, nothing saved.

Expected IMPs worked out by hand (docs/scoring.md; the deals are those of the PBN fixtures):
board 1 (none vul, NS 25 HCP owe 300): 4S= N +420, net +120: +3; 3NT-1 N -50, net -350: -8.
Board 2 (NS vul, EW 25 HCP not vul owe 300): 4S= E -420, net -120: -3; passed out, net
+300: +7. Board 3 (EW vul, 20 HCP each): 3NT= W -600: -12; 1NT= S +90: +3. Board 4 (all
vul, 20 HCP each): 1S by N taking all 13 tricks in the play, +260: +6.
"""

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from club.io.files import ImportFailed
from club.io.lin_results import import_lin
from club.models import Player, Result, Session

pytestmark = pytest.mark.django_db

LIN = (Path(__file__).parent / "fixtures" / "results_bbo.lin").read_text()


def outcomes(session):
    """{(board, ns, ew): (result, ns score, ns compensation, ns IMPs)} of a session."""
    return {(r.board.number, r.ns_pair.number, r.ew_pair.number):
            (r.text, r.ns_score, r.ns_compensation, r.ns_imps)
            for r in Result.objects.filter(board__session=session).select_related(
                "board", "ns_pair", "ew_pair")}


def test_played_tables_become_a_scored_session():
    session = import_lin(LIN, "online.lin", date="2026-11-21")
    assert (session.name, str(session.date), session.status) == ("Online pairs", "2026-11-21",
                                                                 "finished")
    names = {p.number: p.players for p in session.pairs.select_related("player1", "player2")}
    # North and South, East and West; erik and fiona sit EW on board 3 and stay pair 3.
    assert names == {1: "anna – boris", 2: "carol – dima", 3: "erik – fiona",
                     4: "gemma – hugo"}
    assert outcomes(session) == {
        (1, 1, 2): ("4S= N", 420, 300, 3),
        (1, 3, 4): ("3NT-1 N", -50, 300, -8),
        (2, 1, 4): ("4S= E", -420, -300, -3),
        (2, 3, 2): ("PASS", 0, -300, 7),
        (3, 1, 3): ("3NT= W", -600, 0, -12),
        (3, 2, 4): ("1NT= S", 90, 0, 3),
        (4, 1, 2): ("1S+6 N", 260, 0, 6),
        (4, 3, 4): ("PASS", 0, 0, 0),
    }
    assert [b.ns_hcp for b in session.boards.order_by("number")] == [25, 15, 20, 20]


def edited(*changes):
    text = LIN
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


@pytest.mark.parametrize("change,message", [
    (("mb|3N|mb|p|mb|p|mb|p|mc|8|", "mb|3N|mb|p|mb|p|mc|8|"),
     "Deal 2 (board 1): the auction (mb|) is not finished."),
    (("mb|4S|mb|p|mb|p|mb|p|pc|CA|mc|10|", "mb|4S|mb|p|mb|p|mb|p|"),
     "Deal 1 (board 1): the tricks are not known: no claim (mc|) and 0 of the 52 cards "
     "played (pc|)."),
    (("pn|fiona,hugo,erik,gemma|", "pn|fiona,hugo,,gemma|"),
     "Deal 2 (board 1): pn| must name the four players"),
    (("sv|o|rh||ah|Board 1|mb|1N", "sv|o|rh||ah|Board 201|mb|1N"),
     "Deal 2 (board 201): board numbers go from 1 to 200."),
    (("md|3S543HQ52DAK5C8765,S76H8764D9876CJT9,SAKQ2HAK3D432C432,SJT98HJT9DQJTCAKQ|sv|o|rh||"
      "ah|Board 1|mb|1N",
      "md|3S543HQ52DAK5C7654,S76H8764D9876CJT9,SAKQ2HAK3D432C832,SJT98HJT9DQJTCAKQ|sv|o|rh||"
      "ah|Board 1|mb|1N"),
     "Deal 2 (board 1): the deal differs from the board's in an earlier record."),
])
def test_malformed_records_are_named_and_nothing_is_saved(change, message):
    with pytest.raises(ImportFailed) as failed:
        import_lin(edited(change), "bad.lin", date="2026-11-21")
    assert any(message in problem for problem in failed.value.errors), failed.value.errors
    assert not Session.objects.exists() and not Player.objects.exists()


def test_a_date_is_needed_and_the_command_reads_the_file(tmp_path):
    with pytest.raises(ImportFailed, match="Give the session's date"):
        import_lin(LIN, "online.lin")
    path = tmp_path / "online.lin"
    path.write_text(LIN)
    out = io.StringIO()
    call_command("import_session", "--lin", str(path), "--name", "Sunday", "--date",
                 "2026-11-22", stdout=out)
    assert Session.objects.get(pk=int(out.getvalue())).name == "Sunday"
    with pytest.raises(CommandError, match="Give one file to import"):
        call_command("import_session", "--lin", str(path), "--pbn", str(path))
    with pytest.raises(CommandError, match="give it with --usebio only"):
        call_command("import_session", "--lin", str(path), "--date", "2026-11-22",
                     "--section", "B")
    assert Session.objects.count() == 1
