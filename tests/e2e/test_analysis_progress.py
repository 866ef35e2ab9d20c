"""The hand records page while the deals are analysed, in a real browser: htmx polls the
boards part and shows "Analysing deals: n of m" as each chunk is stored, each board's table
and par appearing with it, then stops polling once the job is done.

The tests analyse in the caller's thread (ANALYSIS_IN_BACKGROUND is off in tests/settings):
this test makes the session's job pending again and runs it itself, chunk by chunk, looking
at the page between the chunks (run_analysis's progress callback)."""

from playwright.sync_api import expect

from club.models import AnalysisJob, Board
from club.services.analysis import ANALYSIS_CHUNK, run_analysis
from club.services.boards import DealRecord, import_deals
from tests.deals import whole_suit_deals
from tests.factories import make_session

BOARDS = 6  # two chunks: 4 deals, then 2
POLL = 2_000  # milliseconds: the boards part's hx-trigger="every 2s"


def pending_analysis():
    """A session with six dealt boards whose analysis job waits to start, no deal analysed."""
    session = make_session(tables=3, boards_per_round=2, status="setup", name="Friday")
    import_deals(session.id, [DealRecord(n, deal) for n, (deal, _dealer, _vul)
                              in enumerate(whole_suit_deals(BOARDS), start=1)])
    Board.objects.filter(session=session).update(double_dummy="", par_score=None,
                                                 par_contracts="")
    AnalysisJob.objects.filter(session=session).update(state="pending", done=0,
                                                       started_at=None, finished_at=None)
    return session, AnalysisJob.objects.get(session=session)


def test_the_page_follows_the_analysis_and_stops_polling(logged_in_page, live_server,
                                                        screenshot):
    page = logged_in_page
    session, job = pending_analysis()
    # The page's own timers, under Playwright's clock: the test moves time on by one poll
    # interval where it waits for a poll, instead of waiting two seconds for each.
    page.clock.install()
    page.goto(f"{live_server.url}/director/sessions/{session.id}/hand-records/")
    sets = page.locator("#hand-record-sets")
    status = page.get_by_role("status")
    expect(status).to_have_text(f"Analysing deals: 0 of {BOARDS}.")
    expect(sets).to_have_attribute("hx-trigger", f"every {POLL // 1000}s")
    expect(page.locator(".dd-table")).to_have_count(0)

    seen, failures = [], []

    def look(done, total):
        # Called between the chunks; an assertion here would be stored as the job's
        # failure, so it is kept and raised after the job.
        try:
            if done < total:  # the last chunk's count is shown with the job done
                page.clock.fast_forward(POLL)
                expect(status).to_have_text(f"Analysing deals: {done} of {total}.",
                                            timeout=10_000)
                expect(page.locator(".dd-table")).to_have_count(done)
                expect(page.locator(".par")).to_have_count(done)
                screenshot("analysis-01-progress")
            seen.append(done)
        except AssertionError as err:
            failures.append(err)
            raise

    run_analysis(job.pk, progress=look)
    job.refresh_from_db()
    if failures:
        raise failures[0]
    assert (job.state, job.done, seen) == ("done", BOARDS, [ANALYSIS_CHUNK, BOARDS])

    # The next poll brings every board's table and par, and no more polling.
    page.clock.fast_forward(POLL)
    expect(page.locator(".dd-table")).to_have_count(BOARDS, timeout=10_000)
    expect(status).to_have_count(0)
    expect(sets).to_have_attribute("data-analysis", "")
    expect(sets).not_to_have_attribute("hx-trigger", f"every {POLL // 1000}s")
    expect(page.locator(".par").first).to_contain_text("Par (NS)")
    screenshot("analysis-02-done")
