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
from club.queries import session_pairs
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


def file_download(session, fmt):
    """The session as PBN (deals and results) or USEBIO XML; public, so without the
    players' membership numbers."""
    content_type, extension = FILE_DOWNLOADS[fmt]
    if fmt == "pbn":
        content = pbn.session_pbn(session).encode("utf-8")
    else:
        content = usebio.export_usebio(session, membership=False)
    return download(content, content_type, f"results-{session.date}-{session.id}.{extension}")


@require_safe
def board_list(request, session_id):
    """The boards of a session with links to their reports; exports every result."""
    session = get_session(request, session_id)
    if request.GET.get("_export") in FILE_DOWNLOADS:
        return file_download(session, request.GET["_export"])
    fmt = export_format(request)
    if fmt:
        table = ResultsTable(results_rows(archive.export_session(session)))
        return export_response(table, fmt, _("Results"), f"results-{session.date}-{session.id}")
    boards = session.boards.annotate(result_count=Count("results")).order_by("number")
    prefix = url_prefix("board-report", session.id)
    rows = [{
        "number": b.number, "url": f"{prefix}{b.number}/",
        "dealer": b.dealer.value, "vulnerability": VULNERABILITY_NAMES[b.vulnerability.value],
        "ns_hcp": b.ns_hcp, "results": b.result_count,
    } for b in boards]
    return render(request, "reports/board_list.html", {
        "session": session, "rows": rows, "export_formats": EXPORT_FORMATS,
    })


@require_safe
def board_report(request, session_id, number):
    session = get_session(request, session_id)
    boards = list(session.boards.order_by("number"))
    index = next((i for i, b in enumerate(boards) if b.number == number), None)
    if index is None:
        raise Http404
    board = boards[index]
    board.session = session
    results = list(Result.objects.filter(board=board).order_by())
    for result in results:
        result.board = board
    rows = board_rows(session, results, pair_names(session_pairs(session)),
                      url_prefix("pair-scorecard", session.id), par_score=board.par_score)
    prefix = url_prefix("board-report", session.id)
    return render(request, "reports/board_report.html", {
        "session": session, "board": board, "rows": rows,
        "dealer": SEAT_NAMES[board.dealer.value],
        "vulnerability": VULNERABILITY_NAMES[board.vulnerability.value],
        "hands": deal_diagram(board.deal),
        "analysis": board_analysis(board, session),
        "previous": boards[index - 1].number if index > 0 else None,
        "next": boards[index + 1].number if index + 1 < len(boards) else None,
        "board_prefix": prefix,
        "board_links": [(b.number, f"{prefix}{b.number}/") for b in boards],
    })
