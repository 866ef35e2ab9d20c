"""Hand records in (PBN and LIN, club.io.hand_records), the deals the site deals itself
(deal_boards) and the deals out as PBN (club.io.pbn)."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from endplay.parsers import pbn as endplay_pbn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.io.archive import export_session, import_archive
from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records, read_hand_records
from club.io.pbn import session_pbn
from club.models import Board, Result
from club.services.boards import deal_boards
from club.services.errors import Refused
from scoring.engine import deal_ns_hcp, parse_deal
from tests.deals import whole_suit_deals
from tests.factories import make_result, make_session

FIXTURE = Path(__file__).parent / "fixtures" / "hand_records.pbn"
PBN = FIXTURE.read_text()
DEAL_1 = "N:AKQJ.T98.765.432 T987.AKQJ.432.65 65432.765.AKQJ.T .432.T98.AKQJ987"
LIN = ("qx|o1|md|3SAKQJHT98D765C432,ST987HAKQJD432C65,S65432H765DAKQJCT,|sv|o|rh||"
       "ah|Board 1|pg||\n"
       "qx|o2|md|4ST987HAKQJD432C65,SAKQJHT98D765C432,SH432DT98CAKQJ987,|sv|n|pg||\n")


def errors_of(data, filename="deals.pbn"):
    with pytest.raises(ImportFailed) as failed:
        read_hand_records(data, filename)
    return failed.value.errors


def test_reads_the_deals_of_a_pbn_file():
    records = read_hand_records(PBN.encode(), "deals.pbn")
    assert [(r.board, r.dealer, r.vulnerability) for r in records] == [
        (1, "N", "None"), (2, "E", "NS"), (3, "W", "All")]
    assert records[0].deal == DEAL_1
    assert records[2].deal.startswith("N:")  # written from East, stored from North


def test_a_latin_1_file_is_read():
    text = PBN.replace("Tuesday", "Mardi à")
    assert len(read_hand_records(text.encode("latin-1"), "deals.pbn")) == 3


@pytest.mark.parametrize("change,message", [
    (("AKQJ987\"]", "AKQJ98\"]"), "Board 1: The W hand has 12 cards; a hand has 13."),
    (("AKQJ987\"]", "AKQJ9872\"]"), "Board 1: C2 is in the deal twice"),
    (("AKQJ.T98.765.432 T987", "AKQJ.T98.765.432 T987.A"), "Board 1:"),
    (("[Board \"2\"]", "[Board \"1\"]"), "Board 1 is in the file twice"),
    (("[Board \"2\"]", "[Board \"two\"]"), "Game 3: “two” is not a board number."),
    (("[Dealer \"E\"]", "[Dealer \"Q\"]"), "Board 2: Unknown seat"),
    (("[Vulnerable \"NS\"]", "[Vulnerable \"Some\"]"), "Board 2: Unknown vulnerability"),
    (("[Deal \"E:", "[Dealer2 \"E:"), "Board 3 has no deal."),
])
def test_bad_deals_are_named_by_their_board(change, message):
    errors = errors_of(PBN.replace(*change, 1).encode())
    assert any(message in error for error in errors), errors


@pytest.mark.parametrize("data,message", [
    (b"", "is empty"),
    (b"\x00\x01\x02PK", "is not a text file"),
    (b"board,ns,ew\n1,2,3\n", "is not a hand record file"),
    (b"[Deal \"N:AKQJ\"]\nthis is not a tag\n", "is not a PBN file it can read"),
    (b"% PBN\n[Event \"x\"]\n", "is not a hand record file"),
])
def test_unreadable_files_are_refused(data, message):
    assert any(message in error for error in errors_of(data))


def test_reads_bbo_lin():
    records = read_hand_records(LIN, "deals.lin")
    assert [(r.board, r.dealer, r.vulnerability) for r in records] == [
        (1, "N", "None"), (2, "E", "NS")]
    assert records[0].deal == "N:65432.765.AKQJ.T .432.T98.AKQJ987 AKQJ.T98.765.432 " \
                              "T987.AKQJ.432.65"
    assert sum(len(suit) for hand in parse_deal(records[1].deal).values() for suit in hand) == 52


def test_a_lin_deal_with_four_short_hands_is_not_completed():
    lin = "ah|Board 4|md|1SAKQJHT98D765C43,ST987HAKQJD432C65,S65432H765DAKQJCT,SH432DT98CAKQJ987|"
    assert any("Board 4:" in error for error in errors_of(lin, "deals.lin"))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    st.binary(max_size=400),
    st.text(max_size=400),
    st.lists(st.sampled_from([
        "[Board \"1\"]", "[Board \"x\"]", "[Deal \"N:AKQJ.T98.765.432 T987.AKQJ.432.65\"]",
        f"[Deal \"{DEAL_1}\"]", "[Dealer \"E\"]", "[Vulnerable \"#\"]", "[Dealer \"#\"]",
        "[ScoreTable \"PairId_NS\\2R;Contract\"]", "1 4SX", "{ comment", "}", "; note",
        "% PBN 2.1", "", "[Contract \"4S\"]", "[Declarer \"Q\"]", "[Result \"x\"]",
        "[Auction \"N\"]", "1S Pass", "[Play \"E\"]", "SA", "md|3SAKQ,S2,S3,|",
        "qx|o1|", "ah|Board 9|", "sv|x|", "mb|1S|", "pc|SA|", "[Note \"1:x\"]", "[", "\"]",
    ]), max_size=30).map("\n".join),
))
def test_any_file_gives_records_or_a_listed_refusal(data):
    try:
        records = read_hand_records(data, "fuzz.pbn")
    except ImportFailed as err:
        assert err.errors and all(isinstance(e, str) for e in err.errors)
    else:
        for record in records:
            assert deal_ns_hcp(record.deal) <= 40


# --- importing into a session ---------------------------------------------------------------

@pytest.mark.django_db
def test_import_gives_boards_deals_hcp_analysis_and_overrides():
    session = make_session(tables=3, boards_per_round=2, status="setup")
    to_check, _job = import_hand_records(session.id, PBN.encode(), "deals.pbn")
    # Board 2 follows its number (E, NS); board 3 is dealt by W at All instead of S at EW.
    assert to_check == [
        "Board 3: the file gives dealer W instead of S, vulnerability All instead of EW; kept "
        "as an override.", "Boards 4–6 have no deal: the file holds none for them."]
    boards = {b.number: b for b in session.boards.all()}
    assert boards[1].deal == DEAL_1 and boards[1].ns_hcp == deal_ns_hcp(DEAL_1)
    assert boards[1].double_dummy and boards[1].par_score is not None
    assert (boards[3].dealer_override, boards[3].vulnerability_override) == ("W", "All")
    assert (boards[2].dealer_override, boards[2].vulnerability_override) == ("", "")
    assert boards[4].deal == ""


@pytest.mark.django_db
def test_scored_boards_are_rescored_with_history():
    session = make_session(tables=3, boards_per_round=2)
    result = make_result(session, 1, 1, 4, "4S= N", board_hcp=25)
    history = result.history.count()
    import_hand_records(session.id, PBN.encode(), "deals.pbn")
    result.refresh_from_db()
    assert Board.objects.get(pk=result.board_id).ns_hcp == deal_ns_hcp(DEAL_1)
    assert deal_ns_hcp(DEAL_1) == 20 and result.ns_compensation == 0  # was 300 at 25 HCP
    assert result.history.count() == history + 1


@pytest.mark.django_db
def test_a_file_with_more_boards_than_the_session_gives_it_its_own():
    session = make_session(tables=2, rounds=1, boards_per_round=1, status="setup")  # 2 boards
    text = PBN.replace("[Board \"3\"]", "[Board \"99\"]")
    assert import_hand_records(session.id, text, "deals.pbn")[0] == [
        "Board 99 of the file was left out: the session has 2 boards."]
    assert list(session.boards.order_by("number").values_list("deal", flat=True))[0] == DEAL_1
    assert not session.boards.filter(deal="").exists()


@pytest.mark.django_db
def test_a_wrong_deal_on_a_board_left_out_imports_nothing():
    session = make_session(tables=2, rounds=1, boards_per_round=1, status="setup")
    text = PBN.replace("AKQJ987\"]", "AKQJ98\"]", 1).replace("[Board \"1\"]", "[Board \"9\"]")
    with pytest.raises(ImportFailed) as failed:
        import_hand_records(session.id, text, "deals.pbn")
    assert failed.value.errors == ["Board 9: The W hand has 12 cards; a hand has 13."]
    assert not session.boards.exclude(deal="").exists()


@pytest.mark.django_db
def test_the_command_reports_overrides_and_boards_left_out_or_missing(tmp_path):
    session = make_session(tables=2, rounds=1, boards_per_round=2, status="setup")  # 4 boards
    path = tmp_path / "deals.pbn"
    path.write_text(PBN.replace("[Board \"2\"]", "[Board \"7\"]"))
    out = io.StringIO()
    call_command("import_deals", str(session.id), str(path), stdout=out)
    assert out.getvalue().splitlines() == [
        "Analysing deals: 2 of 2.",
        "Board 3: the file gives dealer W instead of S, vulnerability All instead of EW; "
        "kept as an override.",
        "Board 7 of the file was left out: the session has 4 boards.",
        "Boards 2, 4 have no deal: the file holds none for them.",
        "Hand records imported from deals.pbn."]
    path.write_text(PBN.replace("AKQJ987\"]", "AKQJ98\"]", 1))
    with pytest.raises(CommandError, match="Board 1: The W hand has 12 cards"):
        call_command("import_deals", str(session.id), str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match="There is no session"):
        call_command("import_deals", "999999", str(path), stdout=io.StringIO())


# --- dealing here ---------------------------------------------------------------------------

@pytest.mark.django_db
def test_deal_boards_deals_every_board_once():
    session = make_session(tables=3, boards_per_round=2, status="setup")
    assert deal_boards(session.id) == 6
    boards = list(session.boards.order_by("number"))
    assert len({b.deal for b in boards}) == 6
    for board in boards:
        assert board.ns_hcp == deal_ns_hcp(board.deal) and board.double_dummy
    with pytest.raises(Refused, match="already have deals"):
        deal_boards(session.id)


@pytest.mark.django_db
def test_deal_boards_refuses_played_boards():
    session = make_session(tables=3, boards_per_round=2)
    make_result(session, 2, 1, 4, "3NT= N")
    with pytest.raises(Refused, match="Boards 2 already have results"):
        deal_boards(session.id)
    assert not session.boards.exclude(deal="").exists()


@pytest.mark.django_db
def test_deal_boards_refuses_a_session_without_duplicated_boards():
    session = make_session(tables=3, duplicated=False, status="setup")
    with pytest.raises(Refused, match="not duplicated"):
        deal_boards(session.id)


# --- PBN out --------------------------------------------------------------------------------

@pytest.mark.django_db
def test_pbn_export_follows_the_standard_and_endplay_reads_it():
    session = make_session(tables=3, boards_per_round=2)
    import_hand_records(session.id, PBN, "deals.pbn")
    make_result(session, 1, 1, 4, "4SX-3 W", round=1, table=1)
    make_result(session, 1, 2, 5, "pass", round=1, table=2)
    text = session_pbn(session)
    first = text.split("\n\n")[1]
    tags = [line.split()[0][1:] for line in first.splitlines() if line.startswith("[")]
    assert tags[:15] == ["Event", "Site", "Date", "Board", "West", "North", "East", "South",
                         "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract",
                         "Result"]
    assert "[ScoreTable \"Table\\2R;Round\\2R;PairId_NS\\3R;PairId_EW\\3R;" in first
    boards = endplay_pbn.loads(text)
    assert [b.board_num for b in boards] == [1, 2, 3]
    assert boards[0].deal.to_pbn() == DEAL_1
    assert (int(boards[2].dealer), int(boards[2].vul)) == (3, 1)  # West, both vulnerable
    rows = boards[0].info["ScoreTable"]["rows"]
    result = Result.objects.get(board__number=1, ns_pair__number=1, board__session=session)
    assert rows[0] == ["1", "1", "1", "4", "4SX", "W", "7", str(result.ns_score), "-",
                       str(result.ns_imps), str(result.ew_imps)]
    assert rows[1][4:7] == ["Pass", "-", "-"]
    assert "[OptimumScore \"NS " in first and "[OptimumResultTable" in first


@pytest.mark.django_db
def test_hand_record_pbn_has_no_results_and_reads_back():
    session = make_session(tables=3, boards_per_round=2, status="setup")
    deal_boards(session.id)
    text = session_pbn(session, results=False)
    assert "ScoreTable" not in text
    again = read_hand_records(text, "again.pbn")
    assert [r.deal for r in again] == [b.deal for b in session.boards.order_by("number")]


@pytest.mark.django_db
def test_a_session_of_42_dealt_boards_exports_and_imports_again():
    # The archive import analyses every deal again: more than the solver takes at once.
    session = make_session(tables=7, boards_per_round=6, status="setup")
    deals = whole_suit_deals(42)
    games = "\n".join(f'[Board "{n}"]\n[Deal "{deal}"]\n'
                      for n, (deal, _dealer, _vul) in enumerate(deals, start=1))
    import_hand_records(session.id, games.encode(), "deals.pbn")
    again = import_archive(json.dumps(export_session(session)))
    assert list(again.boards.order_by("number").values_list(
        "deal", "double_dummy", "par_score", "par_contracts")) == list(
        session.boards.order_by("number").values_list(
            "deal", "double_dummy", "par_score", "par_contracts"))
