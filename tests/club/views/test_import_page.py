"""The director's import page: CSV files or a JSON archive, errors shown with the typed fields
kept, and only directors may use it."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from club.io.archive import dumps, export_session
from club.models import Result, Session
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

URL = "/director/import/"
NAMES = "1,Anna,Boris\n2,Elena,Dmitry\n3,Olga,Sergei\n4,Tatiana,Mikhail\n"
BOARDS = "1,1,2,4S=,N,,22\n1,3,4,3NT+1,S,,22\n"


def csv_post(client, boards=BOARDS, names=NAMES, **fields):
    data = {"which": "csv", "csv-name": "Tuesday pairs", "csv-date": "2026-11-24",
            "csv-policy": "line", "csv-duplicated": "on", "csv-table": "Moscow",
            "csv-boards": SimpleUploadedFile("boards.csv", boards.encode()),
            "csv-names": SimpleUploadedFile("names.csv", names.encode())}
    data.update(fields)
    return client.post(URL, data)


@pytest.mark.parametrize("method", ["get", "post"])
def test_only_directors(client, django_user_model, method):
    response = getattr(client, method)(URL)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    client.force_login(django_user_model.objects.create_user("someone", password="pw-12345",
                                                             is_staff=True))
    assert getattr(client, method)(URL).status_code == 403
    assert not Session.objects.exists()


def test_page_shows_both_forms(director_client):
    html = director_client.get(URL).content.decode()
    assert 'name="csv-boards"' in html and 'name="csv-names"' in html
    assert 'name="archive-archive"' in html
    assert html.count("csrfmiddlewaretoken") >= 2
    assert 'enctype="multipart/form-data"' in html


def test_csv_import_creates_the_session(director_client):
    response = csv_post(director_client)
    session = Session.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/sessions/{session.id}/"
    assert session.name == "Tuesday pairs" and session.duplicated
    assert Result.objects.filter(board__session=session).count() == 2
    page = director_client.get(response["Location"]).content.decode()
    assert "Imported “Tuesday pairs”: 4 pairs, 2 results." in page


def test_errors_are_listed_and_typed_fields_kept(director_client):
    response = csv_post(director_client, boards="1,1,9,4S=,N,,22\n1,3,4,4S=,N,,\n",
                        **{"csv-policy": "declarer"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Nothing was imported: there are 2 problems." in html
    assert "boards.csv line 1: there is no pair 9" in html
    assert "boards.csv line 2:" in html
    assert 'value="Tuesday pairs"' in html
    assert 'value="2026-11-24"' in html
    assert '<option value="declarer" selected>' in html
    assert not Session.objects.exists()


def test_form_errors_for_missing_fields(director_client):
    response = director_client.post(URL, {"which": "csv", "csv-name": "", "csv-date": "soon",
                                          "csv-table": "Moscow", "csv-policy": "line"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "This field is required." in html and "Enter a valid date." in html
    assert not Session.objects.exists()


def test_wrong_encoding_is_reported(director_client):
    data = {"csv-names": SimpleUploadedFile("names.csv", "1,Jürgen,B\n2,C,D\n".encode("latin-1"))}
    html = csv_post(director_client, **data).content.decode()
    assert "names.csv is not UTF-8 text" in html


def test_archive_import(director_client):
    session = make_session(tables=3)
    make_result(session, 1, 1, 4, "4S= N", board_hcp=25)
    text = dumps(export_session(session))
    response = director_client.post(URL, {
        "which": "archive",
        "archive-archive": SimpleUploadedFile("evening.json", text.encode())})
    new = Session.objects.exclude(pk=session.pk).get()
    assert response["Location"] == f"/sessions/{new.id}/"
    # The running session comes in finished, for the director to check and publish.
    assert new.status == "finished"
    assert dumps(export_session(new)) == text.replace('"status": "running"',
                                                      '"status": "finished"', 1)


def test_bad_archive_is_reported(director_client):
    response = director_client.post(URL, {
        "which": "archive", "archive-archive": SimpleUploadedFile("evening.json", b"{")})
    assert response.status_code == 200
    assert "evening.json is not valid JSON" in response.content.decode()
    assert not Session.objects.exists()


USEBIO = (Path(__file__).parents[1] / "io" / "fixtures" / "usebio_compscore.xml").read_bytes()


def test_usebio_import(director_client):
    html = director_client.get(URL).content.decode()
    assert 'name="usebio-usebio"' in html
    response = director_client.post(URL, {
        "which": "usebio", "usebio-policy": "line", "usebio-table": "Moscow",
        "usebio-usebio": SimpleUploadedFile("compscore.xml", USEBIO)})
    session = Session.objects.get()
    assert response["Location"] == f"/sessions/{session.id}/"
    assert (session.name, session.status) == ("Wednesday Butler", "finished")
    assert Result.objects.filter(board__session=session).count() == 4


def test_bad_usebio_is_reported(director_client):
    bad = USEBIO.replace(b"<CONTRACT>3NT*</CONTRACT>", b"<CONTRACT>9Z</CONTRACT>")
    response = director_client.post(URL, {
        "which": "usebio", "usebio-policy": "line", "usebio-table": "Moscow",
        "usebio-usebio": SimpleUploadedFile("compscore.xml", bad)})
    html = response.content.decode()
    assert "Nothing was imported: there is 1 problem." in html
    assert "BOARD 1, TRAVELLER_LINE 1: CONTRACT “9Z” is not a contract." in html
    assert not Session.objects.exists()


RUTER = (Path(__file__).parents[1] / "io" / "fixtures" / "results_ruter.pbn").read_bytes()


def pbn_post(client, data):
    return client.post(URL, {"which": "pbn", "pbn-policy": "line", "pbn-table": "Moscow",
                             "pbn-pbn": SimpleUploadedFile("kveld.pbn", data)})


def test_pbn_import(director_client):
    html = director_client.get(URL).content.decode()
    assert 'name="pbn-pbn"' in html
    response = pbn_post(director_client, RUTER)
    session = Session.objects.get()
    assert response["Location"] == f"/sessions/{session.id}/"
    assert (session.name, session.status) == ("Kveldsturnering", "finished")
    assert Result.objects.filter(board__session=session).count() == 6


def test_a_pbn_adjusted_score_read_as_the_nearest_is_told(director_client):
    data = RUTER.replace(b"-     -  1.2  0.8  60  40", b"-     -  1.2  0.8  55  45")
    response = pbn_post(director_client, data)
    page = director_client.get(response["Location"]).content.decode()
    assert "Board 3, line 44: the adjusted score 55% for NS and 45% for EW is read" in page


def test_bad_pbn_is_reported(director_client):
    response = pbn_post(director_client, RUTER.replace(b"4S    N 10 H10", b"9Z    N 10 H10"))
    html = response.content.decode()
    assert "Nothing was imported: there is 1 problem." in html
    assert "Board 1, line 16: Contract “9Z” is not a contract" in html
    assert 'name="pbn-pbn"' in html and not Session.objects.exists()


VUGRAPH = (Path(__file__).parents[1] / "io" / "fixtures" / "results_vugraph.lin").read_bytes()


def lin_post(client, data, **fields):
    post = {"which": "lin", "lin-name": "", "lin-date": "2026-11-28", "lin-policy": "line",
            "lin-table": "Moscow", "lin-lin": SimpleUploadedFile("final.lin", data)}
    post.update(fields)
    return client.post(URL, post)


def test_lin_import_of_a_vugraph_file(director_client):
    html = director_client.get(URL).content.decode()
    assert 'name="lin-lin"' in html and 'name="lin-date"' in html
    response = lin_post(director_client, VUGRAPH)
    session = Session.objects.get()
    assert response["Location"] == f"/sessions/{session.id}/"
    assert (session.name, str(session.date), session.status) == (
        "Club Teams Final", "2026-11-28", "finished")
    assert Result.objects.filter(board__session=session).count() == 6


def test_bad_lin_is_reported_and_the_typed_fields_kept(director_client):
    response = lin_post(director_client, VUGRAPH.replace(b"4SXE-1,", b"4ZE-1,"),
                        **{"lin-name": "Friday final"})
    html = response.content.decode()
    assert "Nothing was imported: there is 1 problem." in html
    assert "rs| result 4 (board 2, closed room): “4ZE-1” is not a result" in html
    assert 'value="Friday final"' in html and 'value="2026-11-28"' in html
    assert not Session.objects.exists()


def test_a_lin_file_needs_a_date(director_client):
    response = lin_post(director_client, VUGRAPH, **{"lin-date": ""})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert not Session.objects.exists()
