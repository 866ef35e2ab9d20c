"""A whole session from a BBO vugraph LIN file's results lists (club.io.lin_results,
`rs|`): each room's result per board, the eight players of the pn| header (a board's own
pn| for a substitute), the deals from md|, scored by Moscow compensation; every malformed
entry named by its segment, place and board, nothing saved.

Expected IMPs worked out by hand (docs/scoring.md; the deals are those of the PBN fixtures):
board 1 (none vul, NS 25 HCP owe 300): 4S= N +420, net +120: +3; 4S-1 N -50, net -350: -8.
Board 2 (NS vul, EW 25 HCP not vul owe 300): 4S= E -420, net -120: -3; 4SX-1 E +100, net
+400: +9. Board 3 (EW vul, 20 HCP each): 3NT= W -600: -12; 1NT= N +90: +3.
"""

from pathlib import Path

import pytest

from club.io.files import ImportFailed
from club.io.lin_results import import_lin
from club.models import Player, Result, Session
from tests.club.io.test_lin_results import outcomes

pytestmark = pytest.mark.django_db

VUGRAPH = (Path(__file__).parent / "fixtures" / "results_vugraph.lin").read_text()


def test_a_vugraph_files_results_lists_become_a_scored_session():
    session = import_lin(VUGRAPH, "final.lin", date="2026-11-28")
    assert (session.name, str(session.date), session.status) == ("Club Teams Final",
                                                                 "2026-11-28", "finished")
    names = {p.number: p.players for p in session.pairs.select_related("player1", "player2")}
    # The open room's North-South (carol, anna) and East-West, then the closed room's;
    # ivan and jan replace hugo and fiona in the closed room on board 3 (its own pn|).
    assert names == {1: "carol – anna", 2: "dima – boris", 3: "gemma – erik",
                     4: "hugo – fiona", 5: "ivan – jan"}
    assert outcomes(session) == {
        (1, 1, 2): ("4S= N", 420, 300, 3),
        (1, 3, 4): ("4S-1 N", -50, 300, -8),
        (2, 1, 2): ("4S= E", -420, -300, -3),
        (2, 3, 4): ("4SX-1 E", 100, -300, 9),
        (3, 1, 2): ("3NT= W", -600, 0, -12),
        (3, 3, 5): ("1NT= N", 90, 0, 3),
    }
    assert [b.ns_hcp for b in session.boards.order_by("number")] == [25, 15, 20]


def test_passed_out_and_unplayed_entries():
    data = VUGRAPH.replace("rs|4SN=,4SN-1,4SE=,4SXE-1,3NW=,1NN=|",
                           "rs|4SN=,p,4SE=,,3NW=,1NN=|")
    session = import_lin(data, "final.lin", date="2026-11-28")
    results = Result.objects.filter(board__session=session)
    assert results.count() == 5  # board 2's closed room did not play it
    assert results.get(board__number=1, ns_pair__number=3).passed_out


@pytest.mark.parametrize("change,message", [
    (("4SXE-1,", "4ZE-1,"),
     "Segment 1, rs| result 4 (board 2, closed room): “4ZE-1” is not a result; rs| gives "
     "each room's as level, strain, declarer and tricks (4SN=, 3NW-1, 4SXE+1), P for a "
     "passed-out board, or nothing for a board not played."),
    (("3NW=,", "3NW+5,"),
     "Segment 1, rs| result 5 (board 3, open room): “3NW+5” gives 14 tricks; a table takes "
     "0 to 13."),
    (("pn|anna,boris,carol,dima,erik,fiona,gemma,hugo|", "pn|anna,boris,carol,dima|"),
     "Segment 1: a results list (rs|) needs the vg| header with its first board"),
    (("vg|Club Teams Final,Segment 1,I,1,3,", "vg|Club Teams Final,Segment 1,I,,,"),
     "Segment 1: a results list (rs|) needs the vg| header with its first board"),
    (("qx|c3|pn|erik,jan,gemma,ivan|st||md|1S65432H765DAKQJCT,SH432DT98CAKQJ987,"
      "SAKQJHT98D765C432,ST987HAKQJD432C65",
      "qx|c3|pn|erik,jan,gemma,ivan|st||md|1S65432H765DAKQJCT,SH432DT98CAKQJ987,"
      "SAKQJHT98D765C543,ST987HAKQJD432C62"),
     "Deal 6 (board 3): the deal differs from the board's in an earlier record."),
    (("qx|c3|pn|erik,jan,gemma,ivan|", "qx|c3|pn|erik,fiona,gemma,ivan|"),
     "Segment 1, rs| result 6 (board 3, closed room): fiona already plays in pair 4; a "
     "player can be in only one pair of a session."),
])
def test_malformed_results_lists_are_named_and_nothing_is_saved(change, message):
    old, new = change
    assert old in VUGRAPH, old
    with pytest.raises(ImportFailed) as failed:
        import_lin(VUGRAPH.replace(old, new, 1), "bad.lin", date="2026-11-28")
    assert any(message in problem for problem in failed.value.errors), failed.value.errors
    assert not Session.objects.exists() and not Player.objects.exists()


def test_a_board_without_a_deal_is_refused():
    data = "\n".join(line for line in VUGRAPH.splitlines() if "Board 3|" not in line)
    with pytest.raises(ImportFailed) as failed:
        import_lin(data, "bad.lin", date="2026-11-28")
    assert failed.value.errors == ["Board 3: the file has no deal (md|) for it, so its NS HCP "
                                   "cannot be known."]
