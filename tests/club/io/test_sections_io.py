"""A session in sections through the files (issue 18): the JSON archive keeps its sections
and reads them back; USEBIO writes one SECTION each, its pairs numbered within it, and
reads the file back into a session of as many sections."""

import json

import defusedxml.ElementTree as SafeET
import pytest

from club.io.archive import export_session, import_archive
from club.io.files import ImportFailed
from club.io.hand_records import import_hand_records
from club.io.usebio import export_usebio, import_usebio
from club.models import Result, Session
from tests.club.io.test_usebio import PBN
from tests.factories import make_result, make_sectioned_session

pytestmark = pytest.mark.django_db


def played():
    """Sections A and B of 3 tables, 2 boards a round; round 1 played at A1, A2 and B1."""
    session = make_sectioned_session(((3, 3), (3, 3)), boards_per_round=2,
                                     name="Two sections", status="running")
    import_hand_records(session.id, PBN, "deals.pbn")
    make_result(session, 1, 1, 4, "4SX-3 W", round=1, table=1)
    make_result(session, 3, 2, 5, "pass", round=1, table=2)
    make_result(session, 1, 7, 10, "3NT+1 S", round=1, table=4)
    make_result(session, 2, 7, 10, "2D= E", round=1, table=4)
    Session.objects.filter(pk=session.pk).update(status="finished")
    session.refresh_from_db()
    return session


def outcomes(session):
    return sorted(Result.objects.filter(board__session=session).values_list(
        "board__number", "ns_pair__number", "ew_pair__number", "ns_score", "ns_imps"))


def test_the_archive_keeps_the_sections():
    session = played()
    document = export_session(session)
    assert document["session"]["sections"] == "3x3,3x3"
    assert [p["label"] for p in document["pairs"]][:2] == ["A1NS", "A2NS"]
    assert {s["line"] for s in document["standings"]} == {"A", "B"}
    copy = import_archive(json.dumps(document))
    assert (copy.sections, copy.tables, copy.rounds) == ("3x3,3x3", 6, 3)
    assert outcomes(copy) == outcomes(session)
    assert copy.pairs.get(number=7).label == "B1NS"


def test_an_archive_without_sections_is_written_as_before():
    session = played()
    session.sections, session.tables = "", 3
    assert "sections" not in export_session(session)["session"]


@pytest.mark.parametrize(("sections", "message"), [
    ("3x3,3x4", "Section B: A Mitchell on 3 tables has at most 3 rounds; got 4."),
    ("3x3,2x2,1x1,1x1,1x1", "A session has at most 4 sections (A, B, C, D); got 5."),
    ("3 3", "Sections need 2 to 4 sizes, each tables x rounds from 1 to 99"),
])
def test_an_archive_with_sections_that_cannot_be_played_is_refused(sections, message):
    document = export_session(played())
    document["session"]["sections"] = sections
    count = Session.objects.count()
    with pytest.raises(ImportFailed) as failed:
        import_archive(json.dumps(document))
    assert any(message in error for error in failed.value.errors), failed.value.errors
    assert Session.objects.count() == count


def test_usebio_writes_one_section_element_per_section():
    root = SafeET.fromstring(export_usebio(played()))
    sections = root.findall("EVENT/SESSION/SECTION")
    assert [s.get("SECTION_ID") for s in sections] == ["A", "B"]
    assert [p.findtext("PAIR_NUMBER") for p in sections[1].iter("PAIR")] == [
        "1", "2", "3", "4", "5", "6"]
    assert [p.findtext("DIRECTION") for p in sections[1].iter("PAIR")] == ["NS"] * 3 + ["EW"] * 3
    lines = [(b.findtext("BOARD_NUMBER"), line.findtext("NS_PAIR_NUMBER"),
              line.findtext("EW_PAIR_NUMBER"))
             for b in sections[1].iter("BOARD") for line in b.iter("TRAVELLER_LINE")]
    assert lines == [("1", "1", "4"), ("2", "1", "4")]
    assert len(root.findall("HANDSET/BOARD")) == 3  # the deals of the hand records file


def test_usebio_reads_its_own_sections_back():
    session = played()
    copy = import_usebio(export_usebio(session), "two.xml")
    # Free seating, as every file read from another scorer; each section plays every round.
    rounds = copy.rounds
    assert (copy.sections, copy.tables, copy.movement) == (f"3x{rounds},3x{rounds}", 6, "free")
    assert copy.pairs.get(number=7).players == session.pairs.get(number=7).players
    assert [(b, ns, ew, score) for b, ns, ew, score, _imps in outcomes(copy)] == [
        (b, ns, ew, score) for b, ns, ew, score, _imps in outcomes(session)]
