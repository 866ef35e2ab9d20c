"""USEBIO adjusted scores as other scorers write them (club.io.usebio): "A5050", "A6040",
"A4060", "A6060" and "A60A40" in SCORE without a CONTRACT are boards not played with those
adjusted scores; another percentage is read as the nearest the site gives, with a note;
a malformed one refuses the file and saves nothing."""

import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from club.io.files import ImportFailed
from club.io.usebio import import_usebio
from club.models import Player, Result, Session
from club.queries import session_standings

pytestmark = pytest.mark.django_db

ADJUSTED = (Path(__file__).parent / "fixtures" / "usebio_adjusted.xml").read_bytes()
NOTE_5545 = ("BOARD 4, TRAVELLER_LINE 2: the adjusted score 55% for NS and 45% for EW is read "
             "as 50% and 50%, the nearest of Average plus (60%), Average (50%) and Average "
             "minus (40%).")


def results_of(session):
    return {(r.board.number, r.ns_pair.number): r for r in
            Result.objects.filter(board__session=session).select_related("board", "ns_pair")}


def test_every_adjusted_form_is_a_board_not_played():
    notes = []
    session = import_usebio(ADJUSTED, "adjusted.xml", notes=notes)
    results = results_of(session)
    # Pairs 1NS, 2NS keep their numbers; 1EW, 2EW become 3 and 4.
    adjusted = {key: (r.ns_adjustment, r.ew_adjustment, r.ns_imps, r.ew_imps)
                for key, r in results.items() if r.not_played}
    assert adjusted == {
        (1, 2): ("ave", "ave", 0, 0),        # A5050
        (2, 2): ("ave+", "ave-", 3, -3),     # A6040
        (3, 1): ("ave-", "ave+", -3, 3),     # A4060
        (3, 2): ("ave+", "ave+", 3, 3),      # A6060
        (4, 1): ("ave+", "ave-", 3, -3),     # A60A40
        (4, 2): ("ave", "ave", 0, 0),        # A5545: the nearest, with a note
    }
    assert notes == [NOTE_5545]
    # The played lines are scored with the HCP from the hands.
    assert results[(1, 1)].text == "3NTX-1 N" and results[(2, 1)].text == "4SX-1 W"
    assert not results[(1, 1)].not_played and not results[(2, 1)].not_played
    boards = {b.number: b.ns_hcp for b in session.boards.all()}
    assert boards == {1: 20, 2: 20, 3: None, 4: None}  # 3 and 4 were played nowhere
    # 2NS played no board: Ave, Ave+, Ave+, Ave.
    totals = {row.number: row.imps for row in session_standings(session)}
    assert totals[2] == 6


def edited(old, new):
    text = ADJUSTED.decode()
    assert old in text, old
    return text.replace(old, new, 1).encode()


@pytest.mark.parametrize("written,read", [
    ("A5644", ("ave+", "ave-")),
    ("A4555", ("ave", "ave")),
    ("A7030", ("ave+", "ave-")),
    ("A0099", ("ave-", "ave+")),
    ("a45a55", ("ave", "ave")),
])
def test_other_percentages_are_read_as_the_nearest(written, read):
    notes = []
    session = import_usebio(edited("<SCORE>A5545</SCORE>", f"<SCORE>{written}</SCORE>"),
                            notes=notes)
    result = results_of(session)[(4, 2)]
    assert (result.ns_adjustment, result.ew_adjustment) == read
    assert len(notes) == 1 and notes[0].startswith("BOARD 4, TRAVELLER_LINE 2: the adjusted")


def test_the_usual_percentages_need_no_note():
    notes = []
    import_usebio(edited("<SCORE>A5545</SCORE>", "<SCORE>A5050</SCORE>"), notes=notes)
    assert notes == []


@pytest.mark.parametrize("written", ["A5", "A50XX", "A150", "AXYZ", "Ave", "A60A4", "A6O40",
                                     "A50-50", "A"])
def test_a_malformed_adjusted_score_refuses_the_file(written):
    data = edited("<SCORE>A6060</SCORE>", f"<SCORE>{written}</SCORE>")
    with pytest.raises(ImportFailed) as failed:
        import_usebio(data, "bad.xml")
    assert failed.value.errors == [
        f"BOARD 3, TRAVELLER_LINE 2: SCORE “{written}” is not an adjusted score. Write NS's "
        "percentage then EW's, two digits each, as A6040 or A60A40, or a percentage up to 100 "
        "as 60%: 60 is Average plus, 50 Average, 40 Average minus."]
    assert not Session.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("written", ["150%", "1000%"])
def test_a_percentage_above_100_is_refused(written):
    data = edited("<SCORE>A6060</SCORE>", f"<NS_SCORE>{written}</NS_SCORE>")
    with pytest.raises(ImportFailed) as failed:
        import_usebio(data, "bad.xml")
    assert failed.value.errors[0].startswith(
        f"BOARD 3, TRAVELLER_LINE 2: NS_SCORE “{written}” is not an adjusted score.")


def test_a_percentage_reads_as_the_nearest_too():
    notes = []
    session = import_usebio(edited("<SCORE>A5545</SCORE>", "<NS_SCORE>60%</NS_SCORE>"),
                            notes=notes)
    result = results_of(session)[(4, 2)]
    assert (result.ns_adjustment, result.ew_adjustment) == ("ave+", "ave-")  # EW: the rest
    assert notes == []


def test_the_command_and_the_page_report_the_note(tmp_path, director_client):
    path = tmp_path / "adjusted.xml"
    path.write_bytes(ADJUSTED)
    out, err = io.StringIO(), io.StringIO()
    call_command("import_session", "--usebio", str(path), stdout=out, stderr=err)
    assert Session.objects.get(pk=int(out.getvalue())).name == "Friday pairs with adjusted scores"
    assert err.getvalue().strip() == NOTE_5545
    path.write_bytes(edited("<SCORE>A6060</SCORE>", "<SCORE>A50XX</SCORE>"))
    with pytest.raises(CommandError, match="SCORE “A50XX” is not an adjusted score"):
        call_command("import_session", "--usebio", str(path), stdout=io.StringIO())

    response = director_client.post("/director/import/", {
        "which": "usebio", "usebio-policy": "line", "usebio-table": "Moscow",
        "usebio-usebio": SimpleUploadedFile("adjusted.xml", ADJUSTED)}, follow=True)
    assert NOTE_5545 in response.content.decode()
