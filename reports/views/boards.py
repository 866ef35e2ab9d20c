"""A session's boards: the list (and the download of every result) and each board's report
with its traveller and deal."""

from django.db.models import Count
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.io import archive, pbn, usebio
from club.io.exports import EXPORT_FORMATS, ResultsTable, results_rows
from club.models import Result
from club.plan import SessionPlan
from club.visibility import public_boards
from reports.presenters import (
    SEAT_NAMES,
    VULNERABILITY_NAMES,
    board_analysis,
    board_rows,
    deal_diagram,
    pair_names,
)
from reports.views.common import (
    download,
    export_format,
    export_response,
    get_session,
    url_prefix,
)

# The session's own formats, beside the tables: deals and results for other bridge programs.
FILE_DOWNLOADS = {
    "pbn": ("application/x-pbn; charset=utf-8", "pbn"),
    "usebio": ("application/xml; charset=utf-8", "xml"),
}


def file_download(session, fmt, visible):
    """The session as PBN (deals and results) or USEBIO XML; public, so without the
    players' membership numbers, and without the boards still in play."""
    content_type, extension = FILE_DOWNLOADS[fmt]
    if fmt == "pbn":
        content = pbn.session_pbn(session, only_boards=visible.only).encode("utf-8")
    else:
        content = usebio.export_usebio(session, membership=False, only_boards=visible.only)
    return download(content, content_type, f"results-{session.date}-{session.id}.{extension}")


@require_safe
def board_list(request, session_id):
    """The boards of a session with links to their reports; exports every result."""
    session = get_session(request, session_id)
    visible = public_boards(SessionPlan.load(session))
    if request.GET.get("_export") in FILE_DOWNLOADS:
        return file_download(session, request.GET["_export"], visible)
    fmt = export_format(request)
    if fmt:
        rows = [row for row in results_rows(archive.export_session(session))
                if row["board"] in visible]
        return export_response(ResultsTable(rows), fmt, _("Results"),
                               f"results-{session.date}-{session.id}")
    boards = session.boards.annotate(result_count=Count("results")).order_by("number")
    prefix = url_prefix("board-report", session.id)
    rows = [{
        "number": b.number, "url": f"{prefix}{b.number}/" if b.number in visible else "",
        "dealer": b.dealer.value, "vulnerability": VULNERABILITY_NAMES[b.vulnerability.value],
        "ns_hcp": b.ns_hcp if b.number in visible else None, "results": b.result_count,
        "in_play": b.number not in visible,
    } for b in boards]
    return render(request, "reports/board_list.html", {
        "session": session, "rows": rows, "export_formats": EXPORT_FORMATS,
        "in_play": any(row["in_play"] for row in rows),
    })


@require_safe
def board_report(request, session_id, number):
    session = get_session(request, session_id)
    plan = SessionPlan.load(session)
    boards = list(plan.boards.values())
    index = next((i for i, b in enumerate(boards) if b.number == number), None)
    if index is None:
        raise Http404
    board = boards[index]
    pairs = plan.pairs
    in_play = number not in public_boards(plan)
    rows, hands, analysis = [], None, None
    if not in_play:
        results = list(Result.objects.filter(board=board).order_by())
        for result in results:
            result.board = board
        rows = board_rows(session, results, pair_names(pairs),
                          url_prefix("pair-scorecard", session.id), par_score=board.par_score)
        hands, analysis = deal_diagram(board.deal), board_analysis(board, session)
    prefix = url_prefix("board-report", session.id)
    return render(request, "reports/board_report.html", {
        "session": session, "board": board, "rows": rows, "in_play": in_play,
        "dealer": SEAT_NAMES[board.dealer.value],
        "vulnerability": VULNERABILITY_NAMES[board.vulnerability.value],
        "hands": hands, "analysis": analysis,
        "previous": boards[index - 1].number if index > 0 else None,
        "next": boards[index + 1].number if index + 1 < len(boards) else None,
        "board_prefix": prefix,
        "board_links": [(b.number, f"{prefix}{b.number}/") for b in boards],
    })
