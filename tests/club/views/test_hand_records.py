"""The director's hand records page: import a file (overrides listed, errors shown), deal
the boards here, print them by board set, download them as PBN; a fixed number of queries."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from club.models import AnalysisJob, Board
from club.services import boards as boards_service
from club.services.boards import DealRecord, deal_boards, import_deals
from scoring.engine import format_deal, parse_deal
from tests.deals import whole_suit_deals
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

PBN = (Path(__file__).parents[1] / "io" / "fixtures" / "hand_records.pbn").read_bytes()


def url(session, tail=""):
    return f"/director/sessions/{session.id}/hand-records/{tail}"


@pytest.mark.parametrize("method,tail", [("get", ""), ("post", "import/"), ("post", "deal/"),
                                         ("get", "boards/"), ("post", "analyse/")])
def test_only_directors(client, django_user_model, method, tail):
    session = make_session(tables=3, status="setup")
    response = getattr(client, method)(url(session, tail))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(django_user_model.objects.create_user("x", password="pw-12345",
                                                             is_staff=True))
    assert getattr(client, method)(url(session, tail)).status_code == 403
    assert not session.boards.exclude(deal="").exists()


def test_dashboard_and_entry_page_link_the_hand_records(director_client):
    session = make_session(tables=3)
    for page in (f"/director/sessions/{session.id}/",
                 f"/director/sessions/{session.id}/entry/"):
        assert f'href="{url(session)}"' in director_client.get(page).content.decode()


def test_import_lists_the_overrides_and_prints_board_sets(director_client):
    session = make_session(tables=3, boards_per_round=2, status="setup")
    response = director_client.post(url(session, "import/"), {
        "file": SimpleUploadedFile("deals.pbn", PBN)}, follow=True)
    html = response.content.decode()
    assert "Hand records imported from deals.pbn." in html
    assert ("Board 3: the file gives dealer W instead of S, vulnerability All instead of EW; "
            "kept as an override.") in html
    assert html.count('class="board-set"') == 2  # boards 1-2 and 3 (4-6 have no deal)
    assert "board set 1" in html and "Board 3" in html
    assert f'href="/director/sessions/{session.id}/hand-records.pbn"' in html


def test_a_bad_file_is_listed_and_nothing_imported(director_client):
    session = make_session(tables=3, boards_per_round=2, status="setup")
    bad = PBN.replace(b"AKQJ987\"]", b"AKQJ98\"]", 1)
    response = director_client.post(url(session, "import/"), {
        "file": SimpleUploadedFile("deals.pbn", bad)})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported: there is 1 problem." in html
    assert "Board 1: The W hand has 12 cards; a hand has 13." in html
    assert not session.boards.exclude(deal="").exists()


def test_deal_button_deals_once(director_client):
    session = make_session(tables=3, boards_per_round=2, status="setup")
    assert "Deal the boards here" in director_client.get(url(session)).content.decode()
    html = director_client.post(url(session, "deal/"), follow=True).content.decode()
    assert "6 boards dealt." in html
    assert html.count('class="hand-record"') == 6
    assert "Deal the boards here" not in html
    html = director_client.post(url(session, "deal/"), follow=True).content.decode()
    assert "already have deals" in html
    response = director_client.get(f"/director/sessions/{session.id}/hand-records.pbn")
    assert response["Content-Type"].startswith("application/x-pbn")
    assert response.content.decode().count("[Deal ") == 6


def test_no_deal_button_once_boards_are_played(director_client):
    session = make_session(tables=3, boards_per_round=2)
    make_result(session, 1, 1, 4, "3NT= N")
    assert "Deal the boards here" not in director_client.get(url(session)).content.decode()


def test_fixed_number_of_queries(director_client, django_assert_max_num_queries):
    counts = []
    for tables, per_round in ((3, 1), (5, 2)):
        session = make_session(tables=tables, boards_per_round=per_round, status="setup")
        deal_boards(session.id)
        with django_assert_max_num_queries(12) as captured:
            assert director_client.get(url(session)).status_code == 200
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]


def test_deal_button_deals_more_boards_than_the_solver_takes_at_once(director_client,
                                                                     monkeypatch):
    # A 7-table Mitchell of 6 boards a round: 42 boards, beyond the solver's 40 a call.
    deals = iter(deal for deal, _dealer, _vul in whole_suit_deals(42))
    monkeypatch.setattr(boards_service, "random_deal", lambda: next(deals))
    session = make_session(tables=7, boards_per_round=6, status="setup")
    response = director_client.post(url(session, "deal/"), follow=True)
    assert response.status_code == 200
    assert "42 boards dealt." in response.content.decode()
    assert session.boards.exclude(double_dummy="").count() == 42


def test_a_hand_record_file_of_42_boards_imports(director_client):
    session = make_session(tables=7, boards_per_round=6, status="setup")
    games = "\n".join(f'[Board "{n}"]\n[Deal "{deal}"]\n'
                      for n, (deal, _dealer, _vul) in enumerate(whole_suit_deals(42), start=1))
    response = director_client.post(url(session, "import/"), {
        "file": SimpleUploadedFile("deals.pbn", games.encode())}, follow=True)
    assert "Hand records imported from deals.pbn." in response.content.decode()
    boards = session.boards.order_by("number")
    assert [b.deal for b in boards] == [format_deal(parse_deal(deal))
                                        for deal, _dealer, _vul in whole_suit_deals(42)]
    assert all(b.double_dummy and b.par_score is not None for b in boards)


def test_a_dealing_machine_file_of_more_boards_imports_the_session_s(director_client):
    # 12 boards for a 6-board evening: 1-6 imported, the rest left out and listed.
    session = make_session(tables=3, boards_per_round=2, status="setup")
    deals = [deal for deal, _dealer, _vul in whole_suit_deals(12)]
    games = "\n".join(f'[Board "{n}"]\n[Deal "{deal}"]\n' for n, deal in enumerate(deals, 1))
    html = director_client.post(url(session, "import/"), {
        "file": SimpleUploadedFile("machine.pbn", games.encode())}, follow=True
    ).content.decode()
    assert "Hand records imported from machine.pbn." in html
    assert "Boards 7–12 of the file were left out: the session has 6 boards." in html
    assert list(session.boards.order_by("number").values_list("deal", flat=True)) == deals[:6]


def test_a_file_with_gaps_names_the_boards_still_without_a_deal(director_client):
    session = make_session(tables=3, boards_per_round=2, status="setup")
    deals = [deal for deal, _dealer, _vul in whole_suit_deals(6)]
    games = "\n".join(f'[Board "{n}"]\n[Deal "{deals[n - 1]}"]\n' for n in (1, 2, 5))
    html = director_client.post(url(session, "import/"), {
        "file": SimpleUploadedFile("some.pbn", games.encode())}, follow=True).content.decode()
    assert "Boards 3–4, 6 have no deal: the file holds none for them." in html
    assert "3 of 6 boards have a deal." in html


def test_a_bad_deal_beyond_the_session_s_boards_imports_nothing(director_client):
    session = make_session(tables=3, boards_per_round=2, status="setup")
    deals = [deal for deal, _dealer, _vul in whole_suit_deals(12)]
    deals[9] = deals[9][:-1]  # board 10 (left out) is a card short
    games = "\n".join(f'[Board "{n}"]\n[Deal "{deal}"]\n' for n, deal in enumerate(deals, 1))
    response = director_client.post(url(session, "import/"), {
        "file": SimpleUploadedFile("machine.pbn", games.encode())})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported: there is 1 problem." in html and "Board 10:" in html
    assert not session.boards.exclude(deal="").exists()


# --- the analysis's progress ----------------------------------------------------------------

def dealt_session(tables, **job):
    """A session whose boards are dealt and analysed, then given an analysis job in the
    state `job` (its unfinished deals without analysis)."""
    session = make_session(tables=tables, boards_per_round=2, status="setup")
    import_deals(session.id, [DealRecord(n, deal) for n, (deal, _dealer, _vul)
                              in enumerate(whole_suit_deals(2 * tables), start=1)])
    if job:
        AnalysisJob.objects.filter(session=session).update(**job)
        unfinished = session.boards.order_by("number")[job.get("done", 0):]
        Board.objects.filter(pk__in=[b.pk for b in unfinished]).update(
            double_dummy="", par_score=None, par_contracts="")
    return session


@pytest.mark.parametrize("job,shown,polls", [
    ({"state": "pending", "done": 0}, "Analysing deals: 0 of {total}.", True),
    ({"state": "running", "done": 2}, "Analysing deals: 2 of {total}.", True),
    ({}, None, False),
    ({"state": "failed", "done": 2, "error": "The solver ran out of memory."},
     "The analysis of the deals failed: The solver ran out of memory. The deals are stored; "
     "analyse them again.", False),
])
def test_the_page_shows_how_the_analysis_stands_in_fixed_queries(
        director_client, django_assert_max_num_queries, job, shown, polls):
    counts = []
    for tables in (3, 5):
        session = dealt_session(tables, **job)
        total = 2 * tables
        for tail in ("", "boards/"):
            with django_assert_max_num_queries(13) as captured:
                response = director_client.get(url(session, tail))
            counts.append((tail, len(captured.captured_queries)))
            html = response.content.decode()
            assert response.status_code == 200
            if shown:
                assert shown.format(total=total) in html
            assert (f'hx-get="{url(session, "boards/")}"' in html) is polls
            assert f'data-analysis="{job.get("state", "")}"' in html
            analysed = session.boards.exclude(double_dummy="").count()
            # Each analysed board shows its table and par as soon as it is stored.
            assert html.count('class="dd-table"') == analysed
            assert html.count("Par (NS)") == analysed
            assert ("Analyse the deals" in html) is (job.get("state") == "failed")
    assert counts[:2] == counts[2:]


def test_a_stalled_analysis_can_be_run_again(director_client):
    session = dealt_session(3, state="running", done=2)
    AnalysisJob.objects.filter(session=session).update(
        updated_at=timezone.now() - timedelta(hours=1))
    html = director_client.get(url(session)).content.decode()
    assert "The analysis of the deals stopped at 2 of 6 without finishing" in html
    assert "hx-get" not in html and "Analyse the deals" in html
    html = director_client.post(url(session, "analyse/"), follow=True).content.decode()
    assert html.count('class="dd-table"') == 6 and "Analyse the deals" not in html
    assert AnalysisJob.objects.get(session=session).state == "done"


def test_analysing_again_while_it_runs_is_refused(director_client):
    session = dealt_session(3, state="running", done=2)
    html = director_client.post(url(session, "analyse/"), follow=True).content.decode()
    assert "The deals are being analysed already." in html
    assert AnalysisJob.objects.get(session=session).done == 2


def test_deals_without_analysis_and_no_job_are_offered_an_analysis(director_client):
    session = dealt_session(3)
    AnalysisJob.objects.filter(session=session).delete()  # as restored from a backup
    Board.objects.filter(session=session, number__gt=4).update(
        double_dummy="", par_score=None, par_contracts="")
    html = director_client.get(url(session)).content.decode()
    assert "2 deals have no double-dummy analysis." in html and "Analyse the deals" in html


@pytest.mark.parametrize(("language", "facts", "seats"), [
    ("ru", ["Сдающий С · Зона Никто", "Сдающий В · Зона СЮ", "Сдающий Ю · Зона ВЗ",
            "Сдающий З · Зона Все"], ["С", "В", "Ю", "З"]),
    ("en", ["Dealer N · Vulnerability None", "Dealer E · Vulnerability NS",
            "Dealer S · Vulnerability EW", "Dealer W · Vulnerability All"],
     ["N", "E", "S", "W"]),
])
def test_dealer_vulnerability_and_seats_in_the_page_language(director_client, language,
                                                             facts, seats):
    session = make_session(tables=3, boards_per_round=2, status="setup")
    import_deals(session.id, [DealRecord(n, deal) for n, (deal, _dealer, _vul)
                              in enumerate(whole_suit_deals(4), start=1)])
    html = director_client.get(url(session), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for fact in facts:
        assert fact in html
    first = html.split('<div class="deal">')[1].split("</div>\n    </div>")[0]
    assert [tag.split("</strong>")[0] for tag in first.split("<strong>")[1:]] == seats
