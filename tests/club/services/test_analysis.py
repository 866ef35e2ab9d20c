"""The double-dummy analysis of stored deals as work that reports its progress
(club.services.analysis): chunks and counts, a failure stored and shown, a job replaced
meanwhile, a stalled job, the background thread."""

import threading
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from club.models import AnalysisJob, Board
from club.services import analysis as analysis_service
from club.services.analysis import (
    ANALYSIS_CHUNK,
    analyse_deals,
    failure_message,
    progress_message,
    queue_analysis,
    run_analysis,
    runs_here,
    stalled,
    unanalysed_boards,
)
from club.services.boards import DealRecord, import_deals
from club.services.errors import Refused
from club.services.locks import lock_session
from scoring.engine import DealError
from scoring.engine.analysis import analyse
from tests.deals import whole_suit_deals
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def records(count):
    return [DealRecord(n, deal) for n, (deal, _dealer, _vul)
            in enumerate(whole_suit_deals(count), start=1)]


def analysed(session):
    return list(session.boards.order_by("number").values_list("double_dummy", flat=True))


def test_the_analysis_goes_a_chunk_at_a_time_and_counts():
    session = make_session(tables=5)  # 10 boards
    seen = []
    imported = import_deals(session.pk, records(10), foreground=True,
                            progress=lambda done, total: seen.append((done, total)))
    assert ANALYSIS_CHUNK == 4 and seen == [(4, 10), (8, 10), (10, 10)]
    job = AnalysisJob.objects.get(session=session)
    assert job == imported.job
    assert (job.state, job.done, job.total, job.error) == ("done", 10, 10, "")
    assert job.started_at <= job.finished_at
    assert all(analysed(session)) and not unanalysed_boards(session.pk).exists()
    assert progress_message(4, 10) == "Analysing deals: 4 of 10."


def test_each_chunk_bumps_the_session_s_version_for_the_public_pages():
    session = make_session(tables=5)
    before = type(session).objects.get(pk=session.pk).version
    import_deals(session.pk, records(10), foreground=True)
    # One lock to store the deals, one for each of the three chunks.
    assert type(session).objects.get(pk=session.pk).version == before + 4


def test_a_failure_is_stored_and_the_deals_stay(monkeypatch):
    session = make_session(tables=3)

    def broken_solver(deals):
        raise DealError("The double-dummy solver failed: %(problem)s.", problem="no memory")
    monkeypatch.setattr(analysis_service, "analyse", broken_solver)
    imported = import_deals(session.pk, records(6))
    job = AnalysisJob.objects.get(pk=imported.job.pk)
    assert (job.state, job.done) == ("failed", 0)
    assert job.error == "The double-dummy solver failed: no memory."
    assert failure_message(job) == (
        "The analysis of the deals failed: The double-dummy solver failed: no memory. The "
        "deals are stored; analyse them again.")
    assert all(session.boards.values_list("deal", flat=True)) and not any(analysed(session))
    monkeypatch.undo()
    again = analyse_deals(session.pk)
    assert again.pk != job.pk and not AnalysisJob.objects.filter(pk=job.pk).exists()
    assert AnalysisJob.objects.get(pk=again.pk).state == "done" and all(analysed(session))
    with pytest.raises(Refused, match="Every deal of the session is analysed"):
        analyse_deals(session.pk)


def test_an_unexpected_error_is_stored_too(monkeypatch):
    session = make_session(tables=3)
    monkeypatch.setattr(analysis_service, "analyse", lambda deals: 1 / 0)
    job = import_deals(session.pk, records(6)).job
    job.refresh_from_db()
    assert (job.state, job.error) == ("failed", "division by zero")


def test_a_board_whose_deal_changed_meanwhile_keeps_what_its_new_deal_gives(monkeypatch):
    session = make_session(tables=3)
    solve = analysis_service.analyse
    new_deal = whole_suit_deals(7)[6][0]

    def solve_while_the_director_types(deals):
        Board.objects.filter(session=session, number=1).update(deal=new_deal)
        return solve(deals)
    monkeypatch.setattr(analysis_service, "analyse", solve_while_the_director_types)
    import_deals(session.pk, records(6))
    assert analysed(session)[0] == "" and all(analysed(session)[1:])
    assert list(unanalysed_boards(session.pk).values_list("number", flat=True)) == [1]


def test_a_job_replaced_by_a_newer_one_stops(monkeypatch):
    session = make_session(tables=3)
    import_deals(session.pk, records(6))
    Board.objects.filter(session=session).update(double_dummy="", par_score=None,
                                                 par_contracts="")
    with transaction.atomic():
        old = queue_analysis(lock_session(session.pk), [])
        gone = queue_analysis(lock_session(session.pk), [])
    run_analysis(old.pk)  # replaced before it began: it writes nothing
    assert not any(analysed(session))
    solve = analysis_service.analyse

    def replaced_meanwhile(deals):  # the director imports again while it solves
        with transaction.atomic():
            queue_analysis(lock_session(session.pk), [])
        return solve(deals)
    monkeypatch.setattr(analysis_service, "analyse", replaced_meanwhile)
    run_analysis(gone.pk)
    assert not any(analysed(session))
    monkeypatch.undo()
    newer = AnalysisJob.objects.get(session=session)
    assert newer.state == "pending" and newer.pk not in (old.pk, gone.pk)
    run_analysis(newer.pk)
    assert all(analysed(session))


def test_only_a_stalled_job_may_be_run_again():
    session = make_session(tables=3)
    import_deals(session.pk, records(6))
    Board.objects.filter(session=session, number=2).update(double_dummy="", par_score=None,
                                                           par_contracts="")
    AnalysisJob.objects.filter(session=session).update(state="running", done=1)
    job = AnalysisJob.objects.get(session=session)
    assert not stalled(job)
    with pytest.raises(Refused, match="being analysed already"):
        analyse_deals(session.pk)
    AnalysisJob.objects.filter(pk=job.pk).update(
        updated_at=timezone.now() - timedelta(minutes=11))
    assert stalled(AnalysisJob.objects.get(pk=job.pk))
    seen = []
    analyse_deals(session.pk, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 1)] and all(analysed(session))


def test_the_tests_run_the_analysis_here_and_a_command_always(settings):
    assert runs_here(foreground=False) and runs_here(foreground=True)
    settings.ANALYSIS_IN_BACKGROUND = True
    assert not runs_here(foreground=False) and runs_here(foreground=True)


@pytest.mark.django_db(transaction=True)
def test_the_background_thread_analyses_after_the_deals_are_stored(settings, monkeypatch):
    settings.ANALYSIS_IN_BACKGROUND = True
    started = []
    start = analysis_service._start_thread
    monkeypatch.setattr(analysis_service, "_start_thread",
                        lambda *args: started.append(start(*args)))
    session = make_session(tables=3)
    job = import_deals(session.pk, records(6)).job
    (thread,) = started
    assert thread is not threading.current_thread() and thread.name == f"analysis-{job.pk}"
    thread.join(timeout=60)
    job.refresh_from_db()
    assert (job.state, job.done, job.total) == ("done", 6, 6)
    assert all(analysed(session))


def solver_calls(monkeypatch):
    """The deals each call of the double-dummy solver is given (counted, then solved)."""
    from scoring.engine import analysis as engine

    calls, solve = [], engine.calc_all_tables
    monkeypatch.setattr(engine, "calc_all_tables",
                        lambda deals: calls.append(len(deals)) or solve(deals))
    return calls


def stored(session):
    return list(session.boards.order_by("number").values_list(
        "number", "double_dummy", "par_score", "par_contracts"))


def test_a_deal_solved_before_for_the_same_dealer_and_vulnerability_is_not_solved_again(
        monkeypatch):
    first, second = make_session(tables=3, name="Morning"), make_session(tables=3,
                                                                        name="Evening")
    calls = solver_calls(monkeypatch)
    import_deals(first.pk, records(6), foreground=True)
    assert sum(calls) == 6
    import_deals(second.pk, records(6), foreground=True)  # the same hand record
    assert sum(calls) == 6  # nothing solved again
    assert stored(second) == stored(first) and all(row[1] for row in stored(second))


def test_a_deal_on_another_board_number_is_solved_for_its_own_dealer_and_vulnerability(
        monkeypatch):
    first, second = make_session(tables=3, name="Morning"), make_session(tables=3,
                                                                        name="Evening")
    import_deals(first.pk, records(6), foreground=True)
    calls = solver_calls(monkeypatch)
    # Board 1's deal on board 2 (dealer E, NS vulnerable): its par is worked out afresh.
    deal = whole_suit_deals(1)[0][0]
    import_deals(second.pk, [DealRecord(2, deal)], foreground=True)
    assert sum(calls) == 1
    moved = second.boards.get(number=2)
    assert moved.double_dummy == first.boards.get(number=1).double_dummy  # the same tricks
    [own] = analyse([(deal, "E", "NS")])  # board 2's dealer and vulnerability
    assert (moved.par_score, moved.par_contracts) == (own.par.score, own.par.text)


def test_the_same_deal_twice_in_one_batch_is_solved_once(monkeypatch):
    calls = solver_calls(monkeypatch)
    deal = whole_suit_deals(1)[0][0]
    boards = [Board(number=1, deal=deal), Board(number=1, deal=deal)]
    analysis_service.analyse_boards(boards)
    assert sum(calls) == 1
    assert boards[0].double_dummy == boards[1].double_dummy != ""
