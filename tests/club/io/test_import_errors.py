"""Bad CSV files: every bad line reported with its line number and reason, nothing imported."""

import io

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.io.files import ImportFailed
from club.io.results_csv import import_csv
from club.models import Player, Session

pytestmark = pytest.mark.django_db

NAMES = "1,Anna,Boris\n2,Elena,Dmitry\n3,Olga,Sergei\n4,Tatiana,Mikhail\n"
GOOD_LINE = "1,1,2,4S=,N,,22\n"


def errors_of(boards=GOOD_LINE, names=NAMES, **options):
    fields = {"name": "Evening", "date": "2026-11-20"} | options
    players = Player.objects.count()
    with pytest.raises(ImportFailed) as caught:
        import_csv(boards_data=boards if isinstance(boards, bytes) else boards.encode(),
                   names_data=names if isinstance(names, bytes) else names.encode(),
                   boards_filename="boards.csv", names_filename="names.csv", **fields)
    assert not Session.objects.exists()
    assert Player.objects.count() == players
    return caught.value.errors


def test_every_bad_line_is_reported_with_its_number():
    boards = ("1,1,2,4S=,N,,22\n"      # line 1: good
              "1,1,3,3NT=,S,,22\n"     # line 2: pair 1 already played board 1
              "2,1,9,2H=,E,,18\n"      # line 3: no pair 9
              "x,3,4,2H=,E,,18\n"      # line 4: bad board number
              "3,2,2,1NT=,N,,20\n"     # line 5: against itself
              "3,3,4,8S=,N,,20\n"      # line 6: level 8
              "4,3,4,4H,N,,20\n"       # line 7: no result
              "4,1,2,PASS,N,,20\n"     # line 8: pass with a declarer
              "5,1,2,1NT=,N,,41\n"     # line 9: HCP out of range
              "5,3,4,2C\n")            # line 10: too few columns
    errors = errors_of(boards)
    assert len(errors) == 9
    assert errors[0].startswith("boards.csv line 2:")
    assert "pair 1 already has a result on board 1 (line 1)" in errors[0]
    assert errors[1].startswith("boards.csv line 3:") and "there is no pair 9" in errors[1]
    assert "names file (it lists 1, 2, 3, 4)" in errors[1]
    assert errors[2].startswith("boards.csv line 4:") and "board number “x”" in errors[2]
    assert errors[3].startswith("boards.csv line 5:") and "against itself" in errors[3]
    assert errors[4].startswith("boards.csv line 6:") and "level 8" in errors[4]
    assert errors[5].startswith("boards.csv line 7:") and "Missing result" in errors[5]
    assert errors[6].startswith("boards.csv line 8:") and "passed-out board" in errors[6]
    assert errors[7].startswith("boards.csv line 9:") and "NS HCP “41”" in errors[7]
    assert errors[8].startswith("boards.csv line 10:") and "expected 7 columns" in errors[8]
    assert not any(error.endswith("..") for error in errors)


def test_empty_files():
    assert errors_of(boards="") == ["boards.csv is empty."]
    assert errors_of(boards=" \n\n") == ["boards.csv is empty."]
    assert errors_of(names="") == ["names.csv is empty."]


def test_a_file_with_only_a_header():
    assert errors_of(boards="board,ns,ew,contract,declarer,tricks,hcp\n") == [
        "boards.csv holds no results."]
    assert errors_of(names="pair,player 1,player 2\n") == ["names.csv lists no pairs."]


def test_wrong_encoding_is_named():
    names = "1,Müller,Boris\n2,Elena,Dmitry\n".encode("cp1252")
    errors = errors_of(names=names)
    assert len(errors) == 1
    assert errors[0].startswith("names.csv is not UTF-8 text")
    assert "save it as UTF-8" in errors[0].replace("Save", "save")


def test_utf8_with_bom_is_accepted():
    session = import_csv(name="Evening", date="2026-11-20",
                         boards_data=b"\xef\xbb\xbf" + GOOD_LINE.encode(),
                         names_data=b"\xef\xbb\xbf" + "1,Müller,Boris\n2,Е,Д\n".encode())
    assert session.pairs.get(number=1).player1.name == "Müller"


def test_binary_file_is_refused():
    assert errors_of(boards=b"PK\x03\x04\x00\x00") == [
        "boards.csv is not a text file; give a CSV file saved as UTF-8."]


def test_bad_names_file_lines():
    names = ("1,Anna,Boris\n"
             "1,Elena,Dmitry\n"        # line 2: pair 1 twice
             "two,Olga,Sergei\n"       # line 3: not a number
             "3,Olga\n"                # line 4: missing a player
             "4,Anna,Mikhail\n"        # line 5: Anna already in pair 1
             "5,Vera,Vera\n")          # line 6: the same player twice
    errors = errors_of(names=names)
    assert errors[0] == "names.csv line 2: pair 1 is listed twice (also on line 1)."
    assert errors[1].startswith("names.csv line 3:") and "“two”" in errors[1]
    assert errors[2].startswith("names.csv line 4:") and "found 2" in errors[2]
    assert errors[3].startswith("names.csv line 5:") and "Anna already plays in pair 1" in errors[3]
    assert errors[4].startswith("names.csv line 6:") and "both players of pair 5" in errors[4]


def test_missing_hcp():
    errors = errors_of("1,1,2,4S=,N,,\n1,3,4,4S=,N,,\n")
    assert errors == ["boards.csv line 1: board 1 has no NS HCP; give it (0-40) on at least "
                      "one of its lines."]
    errors = errors_of("1,1,2,4S=,N,,22\n1,3,4,4S=,N,,\n", duplicated=False)
    assert errors[0].startswith("boards.csv line 2: missing NS HCP")
    six_pairs = NAMES + "5,Vera,Yuri\n6,Ksenia,Grigory\n"
    errors = errors_of("1,1,2,4S=,N,,22\n1,3,4,4S=,N,,23\n1,5,6,4S=,N,,\n", names=six_pairs)
    assert errors == ["boards.csv line 3: missing NS HCP, and the lines of board 1 disagree "
                      "(22, 23), so it cannot be taken from them."]


@pytest.mark.parametrize("fields,message", [
    ({"date": "2026-13-01"}, "“2026-13-01” is not a date; write it as YYYY-MM-DD"),
    ({"date": ""}, "Give the session's date (YYYY-MM-DD)."),
    ({"policy": "both"}, "Unknown policy “both”; use line or declarer."),
    ({"name": "  "}, "Give the session a name."),
    ({"table_name": "Nowhere"}, "There is no compensation table “Nowhere”; the tables are: "
                                "Moscow."),
])
def test_bad_session_fields(fields, message):
    errors = errors_of(**fields)
    assert any(message in e for e in errors)


def test_command_reports_every_problem_without_a_traceback(tmp_path):
    boards, names = tmp_path / "b.csv", tmp_path / "n.csv"
    boards.write_text("1,1,9,4S=,N,,22\n", encoding="utf-8")
    names.write_text(NAMES, encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("import_session", "--name", "E", "--date", "2026-02-30", "--policy", "x",
                     str(boards), str(names), stdout=io.StringIO())
    message = str(caught.value)
    assert message.startswith("Nothing was imported:")
    assert "is not a date" in message and "Unknown policy" in message
    assert "b.csv line 1: there is no pair 9" in message
    assert not Session.objects.exists()


@pytest.mark.parametrize("args,message", [
    (["only-one.csv"], "Give the boards file and the names file"),
    (["missing.csv", "missing2.csv"], "Cannot read missing.csv"),
    (["--json", "missing.json"], "Cannot read missing.json"),
    (["--json", "a.json", "b.csv"], "not both"),
])
def test_command_argument_problems(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("import_session", "--name", "E", "--date", "2026-02-03", *args,
                     stdout=io.StringIO())


CELLS = st.sampled_from(["1", "2", "3", "4", "9", "0", "", "4S=", "3NT-1", "PASS", "pass",
                         "4H", "N", "E", "x", "10", "14", "22", "41", "-1", "=", "7NTXX+1",
                         "3БК= Ю", " ", '"', ";", "\t"]) | st.text(max_size=4)
LINES = st.lists(st.lists(CELLS, max_size=9).map(",".join), max_size=6).map("\n".join)


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(boards=LINES, names=LINES | st.just(NAMES), raw=st.binary(max_size=20))
def test_any_file_is_imported_or_refused_cleanly(boards, names, raw):
    for boards_data in (boards.encode(), raw):
        sessions = Session.objects.count()
        try:
            import_csv(name="Evening", date="2026-11-20", boards_data=boards_data,
                       names_data=names.encode())
        except ImportFailed as err:
            assert err.errors and all(isinstance(e, str) for e in err.errors)
            assert Session.objects.count() == sessions


def test_a_bad_names_line_is_reported_once():
    # Pair 2 has no first player; the boards file's results for pair 2 are not blamed too.
    errors = errors_of(names="1,Anna,Boris\n2,,Dmitry\n3,Olga,Sergei\n4,Tatiana,Mikhail\n")
    assert errors == ["names.csv line 2: each pair needs two player names of 1 to 120 "
                      "characters."]
