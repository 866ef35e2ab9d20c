"""The double-dummy analysis of a session's deals as work that reports its progress.

Storing hand records (club.services.boards.import_deals) is quick and all or nothing; solving
the deals takes a fifth of a second each or more, many seconds for 36 boards. So the deals
are stored first, without analysis, with a new AnalysisJob for the session; the analysis then
runs ANALYSIS_CHUNK deals at a time, each chunk stored with the job's count in a short
transaction of its own, so the hand records page shows "Analysing deals: 12 of 36" and each
board's table as it comes. Where it runs:

- in a thread of the server process started when the transaction that stored the deals
  commits (settings.ANALYSIS_IN_BACKGROUND: a laptop's runserver, gunicorn's sync workers);
- in the caller's thread, before the call returns, for a command (`foreground`, with its
  progress printed) and in the tests (the setting off), so that they are deterministic.

A failure is stored on the job and shown on the page; the deals stay stored, and
`analyse_deals` runs the analysis again. A job replaced by a newer one (the director imports
again meanwhile) stops at its next chunk, and a board whose deal changed meanwhile keeps what
its new deal gave: a chunk writes a board's analysis only while it still has the deal it was
solved from.
"""

import logging
import threading
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connections, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from club.models import AnalysisJob, Board
from club.notation import bridge_message
from club.services.errors import Refused
from club.services.locks import lock_session
from scoring.engine import BridgeError
from scoring.engine.analysis import analyse

logger = logging.getLogger(__name__)

# Deals a solver call takes while the job reports its progress: a few per call keep every
# solver thread of a small machine busy (bench_analysis measures it).
ANALYSIS_CHUNK = 4
# A job that shows no sign of life for this long stopped without finishing (its server
# process ended); the page then offers to run the analysis again.
STALLED_AFTER = timedelta(minutes=10)
ANALYSIS_FIELDS = ["double_dummy", "par_score", "par_contracts"]


def unanalysed_boards(session_id):
    """The session's boards with a deal and no analysis yet, by number."""
    return (Board.objects.filter(session_id=session_id, double_dummy="").exclude(deal="")
            .order_by("number"))


def queue_analysis(session, boards, *, foreground=False):
    """Clear the analysis of `boards` (whose deals were just stored, in the caller's
    transaction, the session locked) and make a new job for every deal of the session
    without one; it replaces the session's last job. Without `foreground` (and with
    settings.ANALYSIS_IN_BACKGROUND) a thread runs it once the transaction commits;
    otherwise the caller runs it (run_analysis) when its transaction ends. Returns the
    job."""
    for board in boards:
        board.double_dummy, board.par_score, board.par_contracts = "", None, ""
    Board.objects.filter(pk__in=[board.pk for board in boards]).update(
        double_dummy="", par_score=None, par_contracts="")
    AnalysisJob.objects.filter(session=session).delete()
    job = AnalysisJob.objects.create(session=session,
                                     total=unanalysed_boards(session.pk).count())
    if runs_here(foreground):
        return job
    language = translation.get_language()
    transaction.on_commit(lambda: _start_thread(job.pk, language))
    return job


def runs_here(foreground):
    """Whether queue_analysis left the job for its caller to run (run_analysis)."""
    return foreground or not settings.ANALYSIS_IN_BACKGROUND


def analyse_deals(session_id, *, foreground=False, progress=None):
    """Analyse again the session's deals that have no analysis (after a failure, a stalled
    job or a restored backup taken while an analysis ran). Refused while a job runs or
    when every deal is analysed. Returns the job."""
    with transaction.atomic():
        session = lock_session(session_id)
        job = AnalysisJob.objects.filter(session=session).first()
        if job is not None and job.active and not stalled(job):
            raise Refused(gettext("The deals are being analysed already."))
        if not unanalysed_boards(session.pk).exists():
            raise Refused(gettext("Every deal of the session is analysed."))
        job = queue_analysis(session, [], foreground=foreground)
    if runs_here(foreground):
        run_analysis(job.pk, progress)
    return job


def stalled(job):
    """Whether an unfinished job has shown no sign of life for STALLED_AFTER."""
    return job.active and timezone.now() - job.updated_at > STALLED_AFTER


def _start_thread(job_id, language):
    """Run the job in a thread of its own (not a daemon: a server process stopping
    gracefully lets it finish)."""
    thread = threading.Thread(target=_run_in_thread, args=(job_id, language),
                              name=f"analysis-{job_id}")
    thread.start()
    return thread


def _run_in_thread(job_id, language):
    try:
        with translation.override(language):
            run_analysis(job_id)
    finally:
        connections.close_all()  # the thread's own connections


def run_analysis(job_id, progress=None):
    """Solve the deals of the job's session that have no analysis, ANALYSIS_CHUNK at a
    time, storing each chunk and the job's count; `progress(done, total)` after each.
    Never raises: a failure is stored on the job (state failed, with its message)."""
    if not _update(job_id, state=AnalysisJob.State.RUNNING, started_at=timezone.now()):
        return
    try:
        session_id = AnalysisJob.objects.values_list("session_id", flat=True).get(pk=job_id)
        boards = list(unanalysed_boards(session_id))
        done = 0
        _update(job_id, total=len(boards))
        for start in range(0, len(boards), ANALYSIS_CHUNK):
            chunk = boards[start:start + ANALYSIS_CHUNK]
            analyse_boards(chunk)
            done += len(chunk)
            if not _store_chunk(job_id, session_id, chunk, done):
                return  # a newer job took over
            if progress is not None:
                progress(done, len(boards))
        _update(job_id, state=AnalysisJob.State.DONE, finished_at=timezone.now())
    except Exception as err:  # stored for the page, whatever it is
        if not isinstance(err, ValidationError):
            logger.exception("The analysis of job %s failed.", job_id)
        _update(job_id, state=AnalysisJob.State.FAILED, finished_at=timezone.now(),
                error=_failure_text(err))


def analyse_boards(boards):
    """Set the double-dummy table and par of each board from its deal (cleared without
    one), solving the deals together (the board objects only: the caller saves them).
    A deal already solved for the same dealer and vulnerability (another session's board
    with the same hand record, an archive read back, the same deal twice in `boards`)
    takes that analysis instead of solving it again (one query). Raises Refused naming a
    board whose deal cannot be read."""
    with_deal = [b for b in boards if b.deal]
    for board in boards:
        if not board.deal:
            board.double_dummy, board.par_score, board.par_contracts = "", None, ""
    known = _solved_deals(with_deal)
    unsolved = list(dict.fromkeys(_solving_key(b) for b in with_deal
                                  if _solving_key(b) not in known))
    try:
        analyses = analyse(unsolved)
    except BridgeError as err:
        raise Refused({"deal": [bridge_message(err)]}) from None
    for key, analysis in zip(unsolved, analyses, strict=True):
        known[key] = (analysis.double_dummy.text, analysis.par.score, analysis.par.text)
    for board in with_deal:
        board.double_dummy, board.par_score, board.par_contracts = known[_solving_key(board)]


def _solving_key(board):
    """What a board's analysis depends on: its deal, dealer and vulnerability."""
    return board.deal, board.dealer, board.vulnerability


def _solved_deals(boards):
    """{(deal, dealer, vulnerability): (double-dummy text, par score, par contracts)} of
    the stored boards already analysed whose deal is one of `boards`' (one query)."""
    stored = Board.objects.filter(deal__in={b.deal for b in boards}).exclude(
        double_dummy="").exclude(par_score=None).only(
        "number", "deal", "dealer_override", "vulnerability_override", *ANALYSIS_FIELDS)
    return {_solving_key(board): tuple(getattr(board, name) for name in ANALYSIS_FIELDS)
            for board in (stored if boards else ())}


def _store_chunk(job_id, session_id, chunk, done):
    """Write the chunk's analysis and the job's count, the session locked (its version
    bumped, so the public pages show the new par). False when the job was replaced."""
    with transaction.atomic():
        lock_session(session_id)
        if not _update(job_id, done=done):
            return False
        for board in chunk:
            # Only while the board still has the deal (and dealer, vulnerability) solved.
            Board.objects.filter(
                pk=board.pk, deal=board.deal, dealer_override=board.dealer_override,
                vulnerability_override=board.vulnerability_override,
            ).update(**{name: getattr(board, name) for name in ANALYSIS_FIELDS})
    return True


def _update(job_id, **fields):
    """Change the job's row (its sign of life too); False when it no longer exists."""
    return AnalysisJob.objects.filter(pk=job_id).update(updated_at=timezone.now(),
                                                        **fields) == 1


def _failure_text(err):
    """What the page says of a failure: a refusal's messages, else the error itself."""
    if isinstance(err, ValidationError):
        return " ".join(err.messages)
    return str(err) or type(err).__name__


def progress_message(done, total):
    """How far an analysis got, for the page and the command."""
    return gettext("Analysing deals: %(done)s of %(total)s.") % {"done": done,
                                                                 "total": total}


def failure_message(job):
    """What the page and the command say of a failed job."""
    return gettext("The analysis of the deals failed: %(error)s The deals are stored; "
                   "analyse them again.") % {"error": job.error}
