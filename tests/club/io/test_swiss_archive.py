"""A Swiss pairs session through the JSON archive (issue 19): its stored rounds go out and
come back exactly, so the imported session has the same matches, VPs and standings; a file
whose rounds are inconsistent is refused with a message naming the round and the pair."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from club.io.archive import dumps, export_session, import_archive
from club.io.files import ImportFailed
from club.models import Session, SwissSeat
from club.plan import SessionPlan, swiss_rows
from club.services.errors import Refused
from club.services.imports import import_session
from club.services.swiss import start_swiss_round
from club.stats.swiss import swiss_standings
from tests.club.services.test_swiss import play, swiss_session

pytestmark = pytest.mark.django_db


def two_rounds_played():
    """Five pairs (a bye each round), 3 rounds of 2 boards, rounds 1 and 2 played."""
    session = swiss_session(pairs=5, rounds=3, boards=2)
    start_swiss_round(session.pk)
    play(session, 1, {1: ["4S= N", "3NT+1 N"], 2: ["2S= E", "pass"]})
    start_swiss_round(session.pk)
    play(session, 2, {1: ["4H-2 N", "1NT= N"], 2: ["3C= E", "4S= N"]})
    return session


def standings_of(session):
    """What the Swiss standings show: each pair's line and each round's matches."""
    standings = swiss_standings(SessionPlan.load(session))
    return ([(row.rank, row.tied, row.number, row.vps, row.imps, row.matches, row.byes)
             for row in standings.rows],
            {round: [(m.table, m.ns, m.ew, m.ns_imps, m.ew_imps, m.ns_vps, m.ew_vps)
                     for m in matches] for round, matches in standings.rounds.items()},
            standings.byes)


def test_a_swiss_session_comes_back_with_its_rounds_vps_and_standings():
    session = two_rounds_played()
    before = standings_of(session)
    assert before[0][0][3] > 0 and len(before[1]) == 2 and len(before[2]) == 2  # played
    document = export_session(session)
    assert document["swiss_seats"][:2] == [
        {"round": 1, "table": 1, "pair": 1, "opponents": 3, "north_south": True},
        {"round": 1, "table": 1, "pair": 3, "opponents": 1, "north_south": False}]
    assert document["swiss_seats"][4] == {"round": 1, "table": None, "pair": 5,
                                          "opponents": None, "north_south": False}
    copy = import_archive(dumps(document))
    assert copy.pk != session.pk
    assert sorted(swiss_rows(copy), key=repr) == sorted(swiss_rows(session), key=repr)
    assert standings_of(copy) == before
    # Exported again, the copy is the same archive (only its status is "finished").
    again = export_session(copy)
    assert again["session"].pop("status") == "finished"
    document["session"].pop("status")
    assert dumps(again) == dumps(document)


def test_an_archive_of_another_movement_has_no_swiss_part():
    session = swiss_session(pairs=4, start=False)
    Session.objects.filter(pk=session.pk).update(movement="howell", tables=2, rounds=3)
    session.refresh_from_db()
    assert "swiss_seats" not in export_session(session)


def refusal(document):
    """The import's refusal of `document`; nothing is saved."""
    with pytest.raises(ImportFailed) as refused:
        import_archive(json.dumps(document))
    assert Session.objects.count() == 1  # the original only
    return "\n".join(refused.value.errors)


def seats_of(document, round):
    return [seat for seat in document["swiss_seats"] if seat["round"] == round]


def test_a_rematch_is_refused_naming_the_round_and_the_pairs():
    document = export_session(two_rounds_played())
    round_one = seats_of(document, 1)
    document["swiss_seats"] = round_one + [dict(seat, round=2) for seat in round_one]
    message = refusal(document)
    assert "Swiss round 2: pairs 1 and 3 already met in round 1; no two pairs meet twice." \
        in message
    assert SwissSeat.objects.count() == 10  # the original session's, nothing imported


def test_a_pair_seated_twice_in_a_round_is_refused():
    document = export_session(two_rounds_played())
    document["swiss_seats"].append({"round": 2, "table": 3, "pair": 1, "opponents": 5,
                                    "north_south": True})
    assert "Swiss round 2: pair 1 is seated twice; a pair plays once a round." \
        in refusal(document)


def test_a_table_seating_two_north_south_pairs_is_refused():
    document = export_session(two_rounds_played())
    east_west = next(seat for seat in seats_of(document, 1)
                     if seat["table"] == 1 and not seat["north_south"])
    east_west["north_south"] = True
    message = refusal(document)
    assert ("Swiss round 1: table 1 seats two North-South pairs, 1 and 3; a table seats "
            "one North-South and one East-West pair.") in message


@pytest.mark.parametrize(("change", "message"), [
    (lambda seats: seats[0].update(opponents=5),
     "Swiss round 1: pair 1 plays pair 5 at table 1, but pair 5 is not seated there "
     "against pair 1."),
    (lambda seats: seats[0].update(opponents=9), "Swiss seat 1: there is no pair 9 in “pairs”."),
    (lambda seats: seats[0].update(round=4),
     "Swiss round 4, pair 1: the session has 3 rounds."),
    (lambda seats: seats[0].update(table="1"), "Swiss seat 1: “table” is \"1\"; expected"),
    (lambda seats: seats[4].update(table=3),
     "Swiss round 1, pair 5: a pair with the bye has neither table, opponents nor direction"),
    (lambda seats: [seat.update(round=3) for seat in seats if seat["round"] == 2],
     "Swiss rounds are started one after the other from round 1; missing: round 2."),
])
def test_other_inconsistent_rounds_are_refused_with_a_message(change, message):
    document = export_session(two_rounds_played())
    change(document["swiss_seats"])
    assert message in refusal(document)


def test_rounds_in_an_archive_of_another_movement_are_refused():
    document = export_session(two_rounds_played())
    document["session"]["movement"] = "howell"
    assert "Only a Swiss pairs session has Swiss rounds" in refusal(document)


def test_rounds_in_a_session_still_in_setup_are_refused():
    document = export_session(two_rounds_played())
    document["session"]["status"] = "setup"
    assert "A session in setup has no Swiss rounds yet" in refusal(document)


def test_the_import_service_refuses_inconsistent_rounds_itself():
    """The last guard, for a reader that would not check: nothing is saved."""
    session = swiss_session(pairs=4, start=False)
    copy = Session(name="Copy", date=session.date, movement="swiss", tables=2, rounds=3,
                   boards_per_round=2, compensation_table=session.compensation_table,
                   status="finished")
    pairs = [(number, [(f"P{number}a", ""), (f"P{number}b", "")]) for number in (1, 2, 3, 4)]
    rematch = [(1, 1, 1, 2, True), (1, 1, 2, 1, False), (2, 1, 1, 2, True),
               (2, 1, 2, 1, False)]
    with pytest.raises(Refused, match="Swiss round 2: pairs 1 and 2 already met in round 1"):
        import_session(copy, pairs, [], [], swiss=rematch)
    assert not Session.objects.filter(name="Copy").exists()


def test_the_directors_import_page_names_the_rematch(director_client):
    """On the page as from the command: the message, never an error page."""
    document = export_session(two_rounds_played())
    round_one = seats_of(document, 1)
    document["swiss_seats"] = round_one + [dict(seat, round=2) for seat in round_one]
    response = director_client.post("/director/import/", {
        "which": "archive",
        "archive-archive": SimpleUploadedFile("swiss.json", json.dumps(document).encode())})
    assert response.status_code == 200
    assert ("Swiss round 2: pairs 1 and 3 already met in round 1; no two pairs meet twice."
            in response.content.decode())
    assert Session.objects.count() == 1
