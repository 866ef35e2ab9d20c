"""A whole session from a PBN results file (club.io.pbn_results): the column sets of three
kinds of programs, each imported and scored by Moscow compensation, and every malformed
element named with nothing saved.

The expected IMPs are worked out by hand from docs/scoring.md (the Moscow table: 25 HCP
owe 300 not vulnerable; the WBF scale), not read from the code:

- board 1 (none vulnerable), NS 25 HCP, so NS owe 300:
  4S= N +420, net +120: NS +3; 4S-1 N -50, net -350: NS -8; 3NT= S +400, net +100: +3;
  2S+2 N +170, net -130: NS -4.
- board 2 (NS vulnerable), EW 25 HCP and not vulnerable, so EW owe 300 (NS +300):
  4S= E -420, net -120: NS -3; 4SX-1 E +100, net +400: NS +9; passed out 0, net +300: +7.
- board 3 (EW vulnerable), 20 HCP each, no compensation:
  3NT= W -600: NS -12; 1NT= N +90: NS +3.
"""

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records
from club.io.pbn import session_pbn
from club.io.pbn_results import import_pbn
from club.models import Player, Result, Session
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures"
BRIDGEWEBS = (FIXTURES / "results_bridgewebs.pbn").read_text()
RUTER = (FIXTURES / "results_ruter.pbn").read_bytes()
BBO = (FIXTURES / "results_bbo.pbn").read_text()
JFR = (FIXTURES / "results_jfr.pbn").read_text()
KOPS = (FIXTURES / "results_kops.pbn").read_text()


def outcomes(session):
    """{(board, ns, ew): (result text, ns score, ns compensation, ns IMPs, ew IMPs)}."""
    return {(r.board.number, r.ns_pair.number, r.ew_pair.number):
            (r.text, r.ns_score, r.ns_compensation, r.ns_imps, r.ew_imps)
            for r in Result.objects.filter(board__session=session).select_related(
                "board", "ns_pair", "ew_pair")}


def names(session):
    return {p.number: p.players for p in session.pairs.select_related("player1", "player2")}


def test_a_club_web_scorers_mitchell_numbered_per_direction():
    session = import_pbn(BRIDGEWEBS, "tuesday.pbn")
    assert (session.name, str(session.date), session.status, session.movement) == (
        "Tuesday Pairs", "2026-11-17", "finished", "free")
    # NS 1 and EW 1 are two pairs: NS keep 1 and 2, EW become 3 and 4 (the
    # TotalScoreTable's Direction column gives each its names).
    assert names(session) == {1: "Anna Petrova – Boris Ivanov",
                              2: "Carol White – Dmitry Volkov",
                              3: "Erik Larsen – Fiona Grant", 4: "Gemma Hall – Hugo Brandt"}
    assert outcomes(session) == {
        (1, 1, 3): ("4S= N", 420, 300, 3, -3),
        (1, 2, 4): ("4S-1 N", -50, 300, -8, 8),
        (2, 1, 4): ("4S= E", -420, -300, -3, 3),
        (2, 2, 3): ("4SX-1 E", 100, -300, 9, -9),
        (3, 1, 3): ("3NT= W", -600, 0, -12, 12),
        (3, 2, 4): ("1NT= N", 90, 0, 3, -3),
    }
    assert [b.ns_hcp for b in session.boards.order_by("number")] == [25, 15, 20]
    assert all(b.double_dummy for b in session.boards.all())


def test_a_scandinavian_scorers_file_in_iso_8859_1_with_sit_outs_and_leads():
    notes = []
    session = import_pbn(RUTER, "kveld.pbn", notes=notes)
    assert session.name == "Kveldsturnering" and str(session.date) == "2026-11-19"
    assert names(session) == {1: "Åse Berg – Kåre Holm", 2: "Nils Moe – Tone Ask",
                              3: "Øyvind Ås – Bjørn Dæhlie", 4: "Mette Lie – Pål Strøm",
                              5: "Lars Øen – Siri Vik"}
    found = outcomes(session)
    assert found[(1, 1, 2)] == ("4S= N", 420, 300, 3, -3)
    assert found[(1, 3, 4)] == ("3NT= S", 400, 300, 3, -3)
    assert found[(2, 1, 3)] == ("PASS", 0, -300, 7, -7)
    assert found[(2, 4, 5)] == ("4S= E", -420, -300, -3, 3)
    # No contract, 60% and 40%: the board was not played, Average plus and minus.
    assert found[(3, 2, 4)] == ("A+/A-", 0, 0, 3, -3)
    assert len(found) == 6  # the three sit-out rows are no results
    leads = dict(Result.objects.filter(board__session=session, board__number=1)
                 .values_list("ns_pair__number", "lead"))
    assert leads == {1: "HT", 3: "CK"}
    # 60 and 40 are exactly Average plus and minus: no note for them. The file's own
    # matchpoints give board 3's only played result the top; this site gives a lone score
    # half the top (Neuberg's formula), so the import says so.
    assert notes == ["Board 3: the file's matchpoints differ from this site's for 1 result "
                     "(NS, as a percentage of the top): NS 3 against EW 5: 100.0 % in the "
                     "file, 50.0 % here."]


def test_an_online_platforms_file_with_names_in_the_rows_and_artificial_scores():
    session = import_pbn(BBO, "online.pbn")
    assert names(session) == {1: "anna_p – boris77", 2: "carol.w – dvolkov",
                              3: "erik_l – fiona_g", 4: "gemma – hugo_b"}
    assert outcomes(session) == {
        (1, 1, 2): ("3NT= S", 400, 300, 3, -3),
        (1, 3, 4): ("2S+2 N", 170, 300, -4, 4),
        (2, 1, 3): ("4SX-1 E", 100, -300, 9, -9),
        (2, 2, 4): ("A+/A-", 0, 0, 3, -3),   # A60A40
        (3, 1, 4): ("1NT= N", 90, 0, 3, -3),
        (3, 2, 3): ("A+/A-", 0, 0, 3, -3),   # AVE+ and AVE-
    }


def test_the_declarer_policy_and_a_club_table_are_applied():
    session = import_pbn(BRIDGEWEBS, "tuesday.pbn", policy="declarer", name="Other",
                         date="2026-12-01")
    assert (session.name, str(session.date), session.policy) == ("Other", "2026-12-01",
                                                                 "declarer")
    # 4SX-1 by E on board 2: EW hold the 25 HCP and declare, so they still owe 300.
    assert outcomes(session)[(2, 2, 3)][2:] == (-300, 9, -9)
    # 3NT= by W on board 3: 20 HCP each, nothing owed.
    assert outcomes(session)[(3, 1, 3)][3] == -12


def edited(text, *changes):
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def problems(data):
    before = Session.objects.count(), Player.objects.count()
    with pytest.raises(ImportFailed) as failed:
        import_pbn(data, "bad.pbn")
    assert (Session.objects.count(), Player.objects.count()) == before  # nothing saved
    return failed.value.errors


@pytest.mark.parametrize("change,message", [
    ((" 1  1 4S    N 10", " 1  1 9Z    N 10"),
     "Board 1, line 22: Contract “9Z” is not a contract (such as 4S, 3NTX, 6HXX or Pass)."),
    ((" 1  1 4S    N 10", " 1  1 4S    Q 10"),
     "Board 1, line 22: Declarer “Q” is not a seat (N, E, S or W)."),
    ((" 1  1 4S    N 10", " 1  1 4S    N 14"),
     "Board 1, line 22: Result “14” is not a number of tricks (0 to 13, or =, +1, -2)."),
    ((" 1  1 4S    N 10   420", " 1  1 4S    N 10   450"),
     "Board 1, line 22: the score 450 does not agree with 4S by N taking 10 tricks "
     "(420 for NS)."),
    ((" 1  1 4S    N 10   420", " 1  1 4S    N 10   lots"),
     "Board 1, line 22: Score_NS “lots” is not a score."),
    ((" 2  2 4S    N  9     -    50", " 2  2 4S    N  9"),
     "Board 1, line 23: the row has 7 elements for the 9 columns of the table"),
    ((" 1  1 4S    N 10   420     -", " 1  1 -     -  -     -     -"),
     "Board 1, line 22: the row has no Contract and no adjusted score"),
    ((" 1  1 4S    N 10   420     -", " 1  1 -     -  -  A150     -"),
     "Board 1, line 22: Score_NS “A150” is not an adjusted score."),
    ((" 1  1 4S    N 10   420     -", " 1  1 -     -  -  150%     -"),
     "Board 1, line 22: Score_NS “150%” is not an adjusted score."),
    ((" 2  2 4S    N  9", " 2 99 4S    N  9"),
     "Pair 99 EW: pair numbers go from 1 to 100 (a session has at most 50 tables of two "
     "pairs)."),
    (("[Board \"2\"]", "[Board \"1\"]"), "Board 1 is in the file twice."),
    (("[Board \"3\"]", "[Board \"301\"]"), "Board 301: board numbers go from 1 to 200."),
    (("[Date \"2026.11.17\"]", "[Date \"?\"]"),
     "[Date \"?\"] is not a date (YYYY.MM.DD); give the session's date."),
    (("N:AKQ2.AK3.432.432 JT98", "N:AKQ.AK3.432.432 JT98"),
     "Board 1: The N hand has 12 cards; a hand has 13."),
    (("[Deal \"N:AKQ2.AK3.432.432 JT98.JT9.QJT.AKQ 543.Q52.AK5.8765 76.8764.9876.JT9\"]\n", ""),
     "Board 1: the file has no deal for this board, so its NS HCP cannot be known."),
    ((" 1  1 E-W   4.0  66.67 \"Erik Larsen & Fiona Grant\"",
      " 1  1 E-W   4.0  66.67 \"Erik Larsen\""),
     "TotalScoreTable, line 64: “Erik Larsen” is not two players' names"),
    ((" 2  2 E-W   2.0  33.33 \"Gemma Hall & Hugo Brandt\"\n", ""),
     "Pair 2 EW: the file gives no names"),
    (("PairId_NS\\2R;PairId_EW\\2R;Contract", "NS\\2R;EW\\2R;Contract"),
     "Board 1: the ScoreTable has no PairId_NS, PairId_EW columns; it needs PairId_NS, "
     "PairId_EW, Contract, Declarer, and Result or Score_NS/Score_EW (accepted spellings: "
     "PairId_NS, Pair_NS, "),
    (("[Event \"Tuesday Pairs\"]", "[Event \"Tuesday Pairs\"]\n[Competition \"Teams\"]"),
     "Game 1: [Competition \"Teams\"] is not a pairs event"),
    ((" 1  1 4S    N 10   420     -", " 1  - 4S    N 10   420     -"),
     "Board 1, line 22: a result needs both pairs (PairId_NS and PairId_EW)."),
])
def test_malformed_elements_are_named_and_nothing_is_saved(change, message):
    found = problems(edited(BRIDGEWEBS, change))
    assert any(message in problem for problem in found), found


@pytest.mark.parametrize("data,message", [
    ("", "bad.pbn is empty."),
    ("% PBN 2.1\n[Event \"x\"]\n[Date \"2026.01.02\"]\n", "holds no results"),
    ("[Event \"x\"]\nthis is not PBN\n", "is not a PBN file it can read (line 2"),
])
def test_files_without_results_are_refused(data, message):
    assert any(message in problem for problem in problems(data))


def test_unknown_tags_columns_and_comments_are_ignored():
    data = edited(BRIDGEWEBS,
                  ("[BCFlags \"1f\"]", "[BCFlags \"1f\"]\n[MyScorerTag \"whatever\"]\n"
                                       "{ a comment }\n; another comment"),
                  ("MP_EW\\4R\"]\n 1  1 4S    N 10   420     -  2.0  0.0",
                   "MP_EW\\4R;Remark\"]\n 1  1 4S    N 10   420     -  2.0  0.0 \"well played\""),
                  (" 2  2 4S    N  9     -    50  0.0  2.0",
                   " 2  2 4S    N  9     -    50  0.0  2.0 -"))
    session = import_pbn(data, "tuesday.pbn")
    assert outcomes(session)[(1, 1, 3)] == ("4S= N", 420, 300, 3, -3)


def test_percentages_between_the_adjusted_scores_are_read_as_the_nearest_with_a_note():
    notes = []
    data = RUTER.replace(b" 1  3  2  4 -     -  - -         -     -  1.2  0.8  60  40",
                         b" 1  3  2  4 -     -  - -      ^55%     -  1.2  0.8  60  40")
    session = import_pbn(data, "kveld.pbn", notes=notes)
    assert outcomes(session)[(3, 2, 4)][0] == "A"  # 55/45: both Average, halfway
    assert notes[0] == ("Board 3, line 44: the adjusted score 55% for NS and 45% for EW is "
                        "read as 50% and 50%, the nearest of Average plus (60%), Average "
                        "(50%) and Average minus (40%).")
    assert notes[1].startswith("Board 3: the file's matchpoints differ")


def test_a_dealer_or_vulnerability_other_than_the_numbers_is_kept_and_scored():
    data = edited(BBO, ("[Vulnerable \"None\"]", "[Vulnerable \"Both\"]"),
                  ("3NT   S =     400", "3NT   S =     600"))
    session = import_pbn(data, "online.pbn")
    board = session.boards.get(number=1)
    assert (board.vulnerability_override, board.dealer_override) == ("All", "")
    # 25 HCP vulnerable owe 440: 3NT= vulnerable +600, net +160: NS +4.
    assert outcomes(session)[(1, 1, 2)] == ("3NT= S", 600, 440, 4, -4)


def test_the_command_reads_a_pbn_file(tmp_path):
    path = tmp_path / "kveld.pbn"
    path.write_bytes(RUTER)
    out = io.StringIO()
    call_command("import_session", "--pbn", str(path), "--name", "Again", stdout=out)
    assert Session.objects.get(pk=int(out.getvalue())).name == "Again"
    path.write_bytes(RUTER.replace(b"4S    N 10 H10", b"4S    X 10 H10"))
    with pytest.raises(CommandError, match="Board 1, line 16: Declarer “X” is not a seat"):
        call_command("import_session", "--pbn", str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match="Give one file to import"):
        call_command("import_session", "--pbn", str(path), "--usebio", str(path))


def test_this_sites_own_pbn_download_names_no_players_and_is_refused_clearly():
    session = make_session(tables=3, boards_per_round=1, name="Tuesday pairs")
    import_hand_records(session.id, (FIXTURES / "hand_records.pbn").read_text(), "deals.pbn")
    make_result(session, 1, 1, 4, "4S= N", round=1, table=1)
    found = problems(session_pbn(session))
    assert found[0].startswith("Pair 1: the file gives no names (Names_NS or Names_EW")


def test_an_empty_quoted_contract_is_a_board_not_played():
    data = edited(BBO, ('"gemma;hugo_b"         -     -  -  A60A40',
                        '"gemma;hugo_b"         ""    -  -  A60A40'))
    assert outcomes(import_pbn(data, "online.pbn"))[(2, 2, 4)] == ("A+/A-", 0, 0, 3, -3)


def test_the_files_matchpoints_are_checked_against_ours_never_refused():
    """The club scorer's file gives 420 against 50 on board 1 as 2.0 and 0.0 (top 2):
    this site agrees. Swapped, the file disagrees on both results; the session is still
    imported, the import says where."""
    agreeing = []
    import_pbn(BRIDGEWEBS, "tuesday.pbn", notes=agreeing)
    assert agreeing == []
    data = edited(BRIDGEWEBS, (" 1  1 4S    N 10   420     -  2.0  0.0",
                               " 1  1 4S    N 10   420     -  0.0  2.0"),
                  (" 2  2 4S    N  9     -    50  0.0  2.0",
                   " 2  2 4S    N  9     -    50  2.0  0.0"))
    notes = []
    session = import_pbn(data, "tuesday.pbn", notes=notes)
    assert outcomes(session)[(1, 1, 3)] == ("4S= N", 420, 300, 3, -3)
    assert notes == ["Board 1: the file's matchpoints differ from this site's for 2 results "
                     "(NS, as a percentage of the top): NS 1 against EW 1: 0.0 % in the file, "
                     "100.0 % here; NS 2 against EW 2: 100.0 % in the file, 0.0 % here."]


def test_a_polish_scorers_column_order_with_decimal_commas_and_utf8_names():
    session = import_pbn(JFR, "czwartek.pbn")
    assert (session.name, str(session.date)) == ("Turniej czwartkowy", "2026-11-26")
    assert names(session) == {1: "Anna Nowak – Paweł Wójcik",
                              2: "Grzegorz Brzęczyszczykiewicz – Łucja Żak",
                              3: "Jerzy Kowalski – Małgorzata Dąb",
                              4: "Świętosław Róż – Zofia Ćwik"}
    assert outcomes(session) == {
        (1, 1, 2): ("4S= N", 420, 300, 3, -3),
        (1, 3, 4): ("4S-1 N", -50, 300, -8, 8),
        (2, 1, 3): ("4S= E", -420, -300, -3, 3),
        (2, 2, 4): ("4SX-1 E", 100, -300, 9, -9),
        (3, 1, 4): ("3NT= W", -600, 0, -12, 12),
        (3, 2, 3): ("1NT= N", 90, 0, 3, -3),
    }


def test_columns_spelled_otherwise_are_read_by_their_aliases():
    session = import_pbn(KOPS, "wednesday.pbn")
    assert names(session) == {1: "Anna Petrova – Boris Ivanov",
                              2: "Carol White – Dmitry Volkov",
                              3: "Erik Larsen – Fiona Grant", 4: "Gemma Hall – Hugo Brandt"}
    found = outcomes(session)
    assert found == {
        (1, 1, 2): ("4S= N", 420, 300, 3, -3),
        (1, 3, 4): ("2S+2 N", 170, 300, -4, 4),
        (2, 1, 3): ("PASS", 0, -300, 7, -7),
        (2, 2, 4): ("A+/A-", 0, 0, 3, -3),  # NS_Pct 60, EW_Pct 40: Average plus and minus
        (3, 1, 4): ("3NT= W", -600, 0, -12, 12),
        (3, 2, 3): ("1NT= N", 90, 0, 3, -3),
    }
    leads = dict(Result.objects.filter(board__session=session, board__number=1)
                 .values_list("ns_pair__number", "lead"))
    assert leads == {1: "H3", 3: "DQ"}


@pytest.mark.parametrize("source,change,message", [
    ("jfr", ("Declarer\\1R;Contract", "Seat\\1R;Contract"),
     "Board 1: the ScoreTable has no Declarer column; it needs PairId_NS, PairId_EW, "
     "Contract, Declarer, and Result or Score_NS/Score_EW (accepted spellings: Declarer, "
     "Decl, By, Declarer_Direction)."),
    ("kops", ("Contr\\4L;Decl\\1R;Tricks\\2R;NS_Score\\5R;EW_Score\\5R",
              "Contr\\4L;Decl\\1R;Made\\2R;NS_Sc\\5R;EW_Sc\\5R"),
     "Board 1: the ScoreTable has no Result column; it needs"),
    ("kops", ("Pair_NS\\2R;Pair_EW\\2R;Players_NS", "Pair_NS\\2R;PairId_NS\\2R;Players_NS"),
     "Board 1: the columns Pair_NS and PairId_NS give the same value; a table has one of "
     "them."),
    ("jfr", ("Place\\2R;PairId\\2R;Names", "Place\\2R;Pair\\2R;PairId\\2R;Names"),
     "TotalScoreTable: the columns Pair and PairId give the same value"),
    ("jfr", ("3 2  2  3 N 1NT    7 H2     90", "3 2  2  3 N 1NT    7 H2    120"),
     "Board 3, line 44: the score 120 does not agree with 1NT by N taking 7 tricks (90 for "
     "NS)."),
    ("kops", ("late", "late\" \"extra"),
     "Board 2, line 26: the row has 14 elements for the 13 columns of the table"),
])
def test_a_malformed_variant_names_the_column_or_line_and_saves_nothing(source, change,
                                                                        message):
    found = problems(edited({"jfr": JFR, "kops": KOPS}[source], change))
    assert any(message in problem for problem in found), found
    assert not Session.objects.exists()
