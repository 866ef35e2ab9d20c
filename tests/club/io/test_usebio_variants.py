"""USEBIO files as other scorers write them (club.io.usebio): version 1.0 and 1.3 files, a
two-winner Mitchell numbered in each line, hands in a HANDSET or in each BOARD, events of
several sections (read into the session's sections, or one chosen), teams events (read
into a teams session), individual events (handed to the individual reader), unknown
elements and attributes (ignored), and each malformed variant refused with the element
named and nothing saved.

The expected IMPs are worked out by hand from docs/scoring.md (Moscow table, line policy,
WBF IMP scale), not by the code under test. The deals of every fixture: board 1 has NS 26
HCP (North AKQJ.AKQ.432.432 19, South 5432.5432.AK.765 7), not vulnerable, so NS owe 350;
board 2 gives the same cards to EW, who are not vulnerable there (NS are), so EW owe 350
(NS's compensation -350); board 3 (1.0 file) is 20-20, nobody owes anything.
"""

import io
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from club.io.files import ImportFailed
from club.io.usebio import import_usebio
from club.models import Player, Result, Session
from club.queries import session_standings

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures"
V1_0 = (FIXTURES / "usebio_v1_0.xml").read_bytes()
V1_3 = (FIXTURES / "usebio_v1_3.xml").read_bytes()
SECTIONS = (FIXTURES / "usebio_sections.xml").read_bytes()
TEAMS = (FIXTURES / "usebio_teams.xml").read_bytes()
INDIVIDUAL = (FIXTURES / "usebio_individual.xml").read_bytes()
CHOOSE = "choose the one to import as a session (the Section field, or --section)."


def imps_of(session):
    """{(board, NS pair): NS IMPs} of every result."""
    return {(r.board.number, r.ns_pair.number): r.ns_imps for r in
            Result.objects.filter(board__session=session).select_related("board", "ns_pair")}


def totals_of(session):
    return {row.number: row.imps for row in session_standings(session)}


def edited(data, *changes):
    text = data.decode("latin-1")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text.encode("latin-1")


def problems(data, filename="bad.xml", **options):
    with pytest.raises(ImportFailed) as failed:
        import_usebio(data, filename, **options)
    assert not Session.objects.exists() and not Player.objects.exists()  # nothing saved
    return failed.value.errors


def test_a_usebio_1_0_file():
    session = import_usebio(V1_0, "v1_0.xml")
    assert (session.name, str(session.date), session.status) == (
        "Howell of four", "2026-03-04", "finished")
    assert Player.objects.get(name="Anna Petrova").membership_number == "1001"
    assert {b.number: b.ns_hcp for b in session.boards.all()} == {1: 26, 2: 14, 3: 20}
    assert all(b.deal for b in session.boards.all())
    assert imps_of(session) == {
        (1, 1): 3,    # 4S+1 by N +450, net +100
        (1, 3): -10,  # 4SX-1 by N -100, net -450
        (2, 1): -2,   # 4H= by E -420, net -70
        (2, 2): 5,    # 2S+1 by E -140, net +210
        (3, 1): 0,    # passed out, 20-20
        (3, 2): -3,   # 1NT+1 by E vulnerable -120
    }
    assert totals_of(session) == {1: 1, 2: -1, 3: -5, 4: 5}


def test_a_usebio_1_3_file_with_a_mitchell_numbered_in_each_line():
    session = import_usebio(V1_3, "v1_3.xml")
    assert (session.name, str(session.date)) == ("Wednesday Mitchell", "2026-03-18")
    # 1 and 2 in each line, told apart by DIRECTION: NS keep 1, 2; EW become 3, 4.
    players = {p.number: p.players for p in session.pairs.select_related("player1", "player2")}
    assert players == {1: "Anna Petrova – Boris Ivanov", 2: "Elena Smirnova – Dmitry Volkov",
                       3: "Olga Kuznetsova – Sergei Popov",
                       4: "Tatiana Sokolova – Mikhail Lebedev"}
    results = {(r.board.number, r.ns_pair.number): (r.ew_pair.number, r.text) for r in
               Result.objects.filter(board__session=session).select_related(
                   "board", "ns_pair", "ew_pair")}
    assert results == {(1, 1): (3, "6S= N"), (1, 2): (4, "4S= N"), (2, 1): (4, "4S+1 E"),
                       (2, 2): (3, "5DX-3 N")}
    assert imps_of(session) == {
        (1, 1): 12,   # 6S= +980, net +630
        (1, 2): 2,    # 4S= +420, net +70
        (2, 1): -3,   # 4S+1 by E -450, net -100
        (2, 2): -10,  # 5DX-3 vulnerable -800, net -450
    }
    assert totals_of(session) == {1: 9, 2: -8, 3: -2, 4: 1}


def test_unknown_elements_and_attributes_anywhere_are_ignored():
    text = V1_3.decode()
    text = re.sub(r"<([A-Z_]+)( |>)", r'<\1 LATER_ATTRIBUTE="x"\2', text)  # every start tag
    for parent in ("CLUB", "PARTICIPANTS", "PAIR", "PLAYER", "BOARD", "TRAVELLER_LINE",
                   "HAND", "SECTION"):
        text = text.replace(f'<{parent} LATER_ATTRIBUTE="x">',
                            f'<{parent} LATER_ATTRIBUTE="x"><LATER_ELEMENT a="1">?'
                            f"<DEEPER/></LATER_ELEMENT>")
    assert text.count("LATER_ELEMENT") > 40
    session = import_usebio(text.encode(), "later.xml")
    assert totals_of(session) == {1: 9, 2: -8, 3: -2, 4: 1}


@pytest.mark.parametrize("root", [
    '<USEBIO version="1.3">', "<USEBIO>",
    '<USEBIO xmlns="http://example.org/usebio" Version="1.3">',
])
def test_the_version_attribute_in_any_case_missing_or_a_namespace(root):
    session = import_usebio(edited(V1_3, ('<USEBIO Version="1.3">', root)), "v.xml")
    assert totals_of(session) == {1: 9, 2: -8, 3: -2, 4: 1}


def test_another_usebio_version_is_refused():
    assert problems(edited(V1_3, ('Version="1.3"', 'Version="2.0"'))) == [
        "USEBIO: Version “2.0” is not read; this site reads USEBIO 1.0 to 1.3 (and later "
        "1.x versions)."]


def test_several_sections_are_read_into_the_sessions_sections():
    session = import_usebio(SECTIONS, "sections.xml")
    assert (session.sections, session.tables, session.movement) == ("2x2,2x2", 4, "free")
    # Section B's pairs 1-4 follow section A's: 5-8, labelled B1-B4.
    assert session.pairs.get(number=5).players == "Irina Morozova – Pavel Orlov"
    assert [session.pair_label(n) for n in (1, 4, 5, 8)] == ["A1", "A4", "B1", "B4"]
    assert {b.number: b.ns_hcp for b in session.boards.all()} == {1: 26, 2: 14}
    # Section B's results as when it is imported alone (below), its pairs renumbered.
    assert {key: imps for key, imps in imps_of(session).items() if key[1] > 4} == {
        (1, 5): 2, (1, 7): -9, (2, 5): -2, (2, 6): 8}


def test_five_sections_are_refused_naming_the_limit():
    text = SECTIONS.decode()
    start = text.index('<SECTION SECTION_ID="B">')
    block = text[start:text.index("</SECTION>", start) + len("</SECTION>")]
    more = "".join(block.replace('"B"', f'"{letter}"') for letter in "CDE")
    five = text.replace(block, block + more).encode()
    assert problems(five) == [
        "EVENT: the file has 5 sections (A, B, C, D, E); a session has at most 4, so choose "
        "the one to import as a session (the Section field, or --section)."]


def test_sections_whose_hands_differ_are_refused():
    text = SECTIONS.decode()
    start = text.index('<SECTION SECTION_ID="B">')
    section_b = (text[start:]
                 .replace("<DIRECTION>N</DIRECTION><SPADES>AKQJ", "<DIRECTION>X</DIRECTION>"
                          "<SPADES>AKQJ", 1)
                 .replace("<DIRECTION>S</DIRECTION><SPADES>5432", "<DIRECTION>N</DIRECTION>"
                          "<SPADES>5432", 1)
                 .replace("<DIRECTION>X</DIRECTION>", "<DIRECTION>S</DIRECTION>", 1))
    changed = text[:start] + section_b  # board 1: North's and South's hands swapped
    assert "SECTION B, BOARD 1: the hands differ from another section's" in problems(
        changed.encode())[0]


def test_one_section_chosen_is_imported_alone():
    session = import_usebio(SECTIONS, "sections.xml", section=" b ")
    assert session.name == "Two-section pairs, section B"
    assert not Player.objects.filter(name="Anna Petrova").exists()  # section A's
    assert session.pairs.get(number=1).players == "Irina Morozova – Pavel Orlov"
    assert {b.number: b.ns_hcp for b in session.boards.all()} == {1: 26, 2: 14}
    assert imps_of(session) == {
        (1, 1): 2,    # 3NT+1 by S +430, net +80
        (1, 3): -9,   # 4S-1 by N -50, net -400
        (2, 1): -2,   # 4H= by E -420, net -70
        (2, 2): 8,    # passed out, net +350
    }
    assert totals_of(session) == {1: 0, 2: 6, 3: -7, 4: 1}


def test_a_section_whose_pairs_the_event_lists():
    text = SECTIONS.decode()
    start = text.index("<PARTICIPANTS>", text.index('SECTION_ID="B"'))
    end = text.index("</PARTICIPANTS>", start) + len("</PARTICIPANTS>")
    moved = text[:start] + text[end:]
    moved = moved.replace("<SESSION_COUNT>", text[start:end] + "<SESSION_COUNT>", 1)
    session = import_usebio(moved.encode(), "moved.xml", section="B")
    assert session.pairs.get(number=1).players == "Irina Morozova – Pavel Orlov"
    assert totals_of(session) == {1: 0, 2: 6, 3: -7, 4: 1}


def test_sections_of_several_sessions_are_named_with_their_session():
    two = edited(SECTIONS, ('    </SECTION>\n    <SECTION SECTION_ID="B">',
                            '    </SECTION>\n  </SESSION>\n  <SESSION SESSION_ID="2">\n'
                            '    <SECTION SECTION_ID="B">'))
    assert problems(two) == [
        "EVENT: the file has 2 sections in several sessions (1/A, 2/B); only the sections "
        f"of one session are read together, so {CHOOSE}"]
    assert import_usebio(two, "two.xml", section="2/B").name == "Two-section pairs, section 2/B"


@pytest.mark.parametrize("data,section,message", [
    (SECTIONS, "C", "Section “C”: the file has no such section; its sections are A, B."),
    (V1_0, "A", "Section “A”: the file has no sections; leave the section empty."),
])
def test_a_section_the_file_does_not_have(data, section, message):
    assert problems(data, section=section) == [message]


def test_the_only_section_may_be_named():
    session = import_usebio(V1_3, "v1_3.xml", section="A")
    assert session.name == "Wednesday Mitchell"  # no section to tell apart
    assert totals_of(session) == {1: 9, 2: -8, 3: -2, 4: 1}


PAIRS_ONLY = "this version reads pairs events only."
# A Swiss pairs event: the pairs of each match on the MATCH, its boards' lines without them.
SWISS_PAIRS = (
    b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_PAIRS"><DATE>01/04/2026</DATE>'
    b"<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER>"
    b"</PAIR></PARTICIPANTS><MATCH><ROUND_NUMBER>1</ROUND_NUMBER>"
    b"<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
    b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><CONTRACT>4S</CONTRACT>"
    b"<PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>"
    b"</BOARD></MATCH></EVENT></USEBIO>")


@pytest.mark.parametrize("data,message", [
    (SWISS_PAIRS, "EVENT: its results are grouped in matches (MATCH elements), as a Swiss "
     "event writes them; this version reads travellers written board by board (BOARD "
     "elements) only."),
])
def test_swiss_pairs_events_are_refused(data, message):
    assert problems(data) == [message]


# An individual event is read (tests/club/io/test_usebio_individual_read.py), as its
# EVENT_TYPE says or, without one, as its PLAYER participants show; four players are not a
# field this site has an individual movement for.
@pytest.mark.parametrize("data", [INDIVIDUAL,
                                  edited(INDIVIDUAL, (' EVENT_TYPE="INDIVIDUAL"', ""))])
def test_an_individual_event_goes_to_the_individual_reader(data):
    assert problems(data) == [
        "The file lists 4 players; this site's individual movements are for 7, 8, 9, 11, 12, "
        "13, 15, 16, 17, 19, 20, 21 players."]


@pytest.mark.parametrize("data", [
    TEAMS,
    edited(TEAMS, ('EVENT_TYPE="SWISS_TEAMS"', 'EVENT_TYPE="TEAMS_OF_FOUR"')),
    edited(TEAMS, ('EVENT_TYPE="SWISS_TEAMS"', 'EVENT_TYPE="KNOCKOUT"')),
    edited(TEAMS, ('EVENT_TYPE="SWISS_TEAMS"', 'EVENT_TYPE="MP_PAIRS"')),  # TEAM elements
])
def test_teams_events_are_read_as_teams_sessions(data):
    """Whatever its EVENT_TYPE says, a teams event is read into a teams session
    (club.io.usebio_teams; tests/club/io/test_usebio_teams_read.py)."""
    session = import_usebio(data, "teams.xml")
    assert (session.movement, session.teams.count(), session.team_matches.count()) == (
        "teams", 2, 1)


HANDSET_1_0 = V1_0.decode("latin-1")
HANDSET_1_0 = HANDSET_1_0[HANDSET_1_0.index("<HANDSET>"):HANDSET_1_0.index("</USEBIO>")]


@pytest.mark.parametrize("data,change,message", [
    (V1_0, (HANDSET_1_0, ""),
     "The file has no hands (no HANDSET, no HAND in its boards), so the NS HCP of its boards "
     "cannot be known; export it with the hand records."),
    (V1_0, ("<CONTRACT>4S</CONTRACT>", ""),
     "BOARD 1, TRAVELLER_LINE 1: CONTRACT is missing. A result needs its contract (PASS when "
     "the board was passed out), or an adjusted score such as A6040 when the board was not "
     "played."),
    (V1_0, ("<PLAYER_NAME>Anna Petrova</PLAYER_NAME>", ""),
     "PAIR 1: PLAYER_NAME must have 1 to"),
    (V1_0, ("<TRICKS>11</TRICKS>", "<TRICKS>eleven</TRICKS>"),
     "BOARD 1, TRAVELLER_LINE 1: TRICKS “eleven” is not a number of tricks."),
    (V1_3, ("<EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>", "<EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>"),
     "BOARD 1, TRAVELLER_LINE 1: EW_PAIR_NUMBER “3” is not a pair of PARTICIPANTS."),
    (V1_3, ("<SCORE>980</SCORE>", "<SCORE>1430</SCORE>"),
     "BOARD 1, TRAVELLER_LINE 1: the score 1430 does not agree with 6S by N taking 12 tricks "
     "(980 for NS)."),
    (V1_3, ("<DIRECTION>N</DIRECTION>", "<DIRECTION>Q</DIRECTION>"),
     "HANDSET, BOARD 1: DIRECTION “Q” is not a seat, or is given twice."),
    (V1_3, ("<DATE>2026-03-18</DATE>", "<DATE>18th March</DATE>"),
     "EVENT: DATE “18th March” is not a date"),
    (V1_3, ("<CONTRACT>6S</CONTRACT>", "<CONTRACT>6S</CONTRACT><CONTRACT>7S</CONTRACT>"),
     None),  # a repeated element: the first is read (checked below, not refused)
])
def test_malformed_variants_are_refused_naming_the_element(data, change, message):
    bad = edited(data, change)
    if message is None:
        assert import_usebio(bad, "v.xml")
        return
    found = problems(bad)
    assert any(problem.startswith(message) for problem in found), found


def test_hands_in_the_boards_are_checked_like_a_handset():
    bad = edited(SECTIONS, ("<SPADES>AKQJ</SPADES>", "<SPADES>AKQ</SPADES>"))
    assert problems(bad, section="A") == [
        "BOARD 1: The N hand has 12 cards; a hand has 13."]


def test_hands_given_twice_must_agree():
    handset = V1_3.decode()
    handset = handset[handset.index("<HANDSET"):handset.index("</USEBIO>")]
    both = edited(SECTIONS, ("</USEBIO>", handset + "</USEBIO>"))
    differ = edited(both, ("<HAND><DIRECTION>N</DIRECTION><SPADES>T98</SPADES>",
                           "<HAND><DIRECTION>S</DIRECTION><SPADES>T98</SPADES>"),
                    ("<HAND><DIRECTION>S</DIRECTION><SPADES>76</SPADES>",
                     "<HAND><DIRECTION>N</DIRECTION><SPADES>76</SPADES>"))
    assert problems(differ, section="A") == [
        "BOARD 2: the file gives this board's hands twice, and differently."]
    assert import_usebio(both, "both.xml", section="A")  # the same hands twice: fine


def test_the_section_option_of_the_command(tmp_path):
    path = tmp_path / "sections.xml"
    path.write_bytes(SECTIONS)
    out = io.StringIO()
    call_command("import_session", "--usebio", str(path), stdout=out)
    assert Session.objects.get(pk=int(out.getvalue())).sections == "2x2,2x2"
    out = io.StringIO()
    call_command("import_session", "--usebio", str(path), "--section", "A", stdout=out)
    assert Session.objects.get(pk=int(out.getvalue())).name == "Two-section pairs, section A"


def test_the_section_field_of_the_import_page(director_client):
    form = {"which": "usebio", "usebio-policy": "line", "usebio-table": "Moscow"}
    html = director_client.get("/director/import/").content.decode()
    assert 'name="usebio-section"' in html
    response = director_client.post("/director/import/", {
        **form, "usebio-usebio": SimpleUploadedFile("s.xml", SECTIONS)})
    both = Session.objects.get()
    assert response["Location"] == f"/sessions/{both.id}/" and both.sections == "2x2,2x2"
    response = director_client.post("/director/import/", {
        **form, "usebio-section": "B", "usebio-usebio": SimpleUploadedFile("s.xml", SECTIONS)})
    session = Session.objects.exclude(pk=both.pk).get()
    assert response["Location"] == f"/sessions/{session.id}/"
    assert session.name == "Two-section pairs, section B"


def test_hands_and_dates_as_scorers_spell_them():
    spelt = edited(V1_0, ("<SPADES>AKQJ</SPADES><HEARTS>AKQ</HEARTS>",
                          "<SPADES>a k q j</SPADES><HEARTS>AKQ</HEARTS>"),
                   ("<SPADES>T98</SPADES><HEARTS>JT9</HEARTS>",
                    "<SPADES>10 9 8</SPADES><HEARTS>J 10 9</HEARTS>"),
                   ("<DIRECTION>West</DIRECTION>", "<DIRECTION>w</DIRECTION>"),
                   ("<DATE>04/03/2026</DATE>", "<DATE>2026-03-04T19:00:00</DATE>"))
    session = import_usebio(spelt, "spelt.xml")
    assert str(session.date) == "2026-03-04"
    assert session.boards.get(number=1).deal == (
        "N:AKQJ.AKQ.432.432 T98.JT9.QJT9.AKQ 5432.5432.AK.765 76.876.8765.JT98")
    assert totals_of(session) == {1: 1, 2: -1, 3: -5, 4: 5}


def test_a_void_written_as_a_dash():
    compscore = (FIXTURES / "usebio_compscore.xml").read_bytes()
    session = import_usebio(edited(compscore, ("<SPADES></SPADES>", "<SPADES>-</SPADES>")),
                            "dash.xml")
    assert session.boards.get(number=1).deal.endswith(" .432.T98.AKQJ987")


def test_the_files_matchpoints_are_checked_against_ours_never_refused():
    """The 1.0 file's own matchpoints agree with this site's (+450 beats -100: 2 to 0).
    Given the other way round on board 1, the file is still imported and the import
    names the board and both lines."""
    agreeing = []
    import_usebio(V1_0, "v1_0.xml", notes=agreeing)
    assert agreeing == []
    swapped = V1_0.replace(
        b"<SCORE>450</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS>"
        b"<EW_MATCH_POINTS>0</EW_MATCH_POINTS>",
        b"<SCORE>450</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS>"
        b"<EW_MATCH_POINTS>2</EW_MATCH_POINTS>").replace(
        b"<SCORE>-100</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS>"
        b"<EW_MATCH_POINTS>2</EW_MATCH_POINTS>",
        b"<SCORE>-100</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS>"
        b"<EW_MATCH_POINTS>0</EW_MATCH_POINTS>")
    notes = []
    session = import_usebio(swapped, "v1_0.xml", notes=notes)
    assert imps_of(session)[(1, 1)] == 3  # scored by compensation all the same
    assert notes == ["Board 1: the file's matchpoints differ from this site's for 2 results "
                     "(NS, as a percentage of the top): BOARD 1, TRAVELLER_LINE 1: 0.0 % in "
                     "the file, 100.0 % here; BOARD 1, TRAVELLER_LINE 2: 100.0 % in the file, "
                     "0.0 % here."]
