"""The calibration page: what the club's results say about its compensation table (the mean
score of the line holding each HCP count, the table's value and a proposed value), the
average net of the stronger line per HCP band for each board set (session), and one click
that makes the proposal a new club table (club.services.compensation_tables.create_table)."""

import json

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from club.forms.seasons import CalibrationForm, NewTableForm
from club.models import Session
from club.permissions import director_required
from club.services.compensation_tables import create_table
from club.stats.calibration import calibrate, table_in_use
from club.stats.methods import MIN_BOARDS_A_HALF, period_agreement
from scoring.engine.calibration import BANDS, MIN_RESULTS, proposed_rows

BOARD_SETS_SHOWN = 52  # a year of weekly evenings; narrow the period to see older ones


def band_cells(buckets):
    """[(average net or None, results)] for each band, in BANDS order."""
    cells = []
    for key, _label, _low, _high in BANDS:
        results, total = buckets.get(key, (0, 0))
        cells.append((round(total / results) if results else None, results))
    return cells


def board_sets(figures):
    """The newest board sets (sessions) of the period with their band averages."""
    sessions = (Session.objects.filter(pk__in=list(figures.bands))
                .order_by("-date", "-id")[:BOARD_SETS_SHOWN])
    return [{"session": s, "bands": band_cells(figures.bands[s.pk])} for s in sessions]


def calibration_context(form):
    data = form.cleaned_data
    table = table_in_use(data["table"].pk if data.get("table") else None)
    proposals, figures = calibrate(table, data.get("start"), data.get("end"),
                                   data.get("min_results") or MIN_RESULTS)
    return table, proposals, figures


# The plot's box and colours (SVG attributes: the site's stylesheet colours only its own
# chart classes). The template templates/club/calibration/chart.svg draws it.
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 260, 44, 10, 24, 22
COLOURS = {False: "#1f5fae", True: "#b3261e"}


def chart(proposals):
    """The plot's geometry: for each vulnerability the table in use (dashed line), the
    proposal (solid line) and the plain means (dots, hollow when thin), HCP across."""
    top = max([10] + [v for p in proposals for v in (p.table, p.proposed, p.mean_score or 0)])
    hcps = sorted({p.hcp for p in proposals})
    step = (WIDTH - LEFT - RIGHT) / len(hcps)

    def x(hcp):
        return round(LEFT + (hcps.index(hcp) + 0.5) * step, 1)

    def y(value):
        return round(TOP + (top - max(value, 0)) * (HEIGHT - BOTTOM - TOP) / top, 1)

    series = []
    for vulnerable in (False, True):
        own = [p for p in proposals if p.vulnerable == vulnerable]
        series.append({
            "colour": COLOURS[vulnerable], "vulnerable": vulnerable,
            "table": " ".join(f"{x(p.hcp)},{y(p.table)}" for p in own),
            "proposed": " ".join(f"{x(p.hcp)},{y(p.proposed)}" for p in own),
            "dots": [{"x": x(p.hcp), "y": y(p.mean_score), "proposal": p} for p in own
                     if p.mean_score is not None],
        })
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT,
            "top": TOP, "bottom": HEIGHT - BOTTOM, "zero": y(0),
            "ticks": [(y(v), v) for v in (0, top // 2, top)],
            "hcps": [(x(h), h) for h in hcps], "series": series,
            "label_y": HEIGHT - 6}


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def calibration_page(request):
    """GET: the calibration of a period (or all results) against a table; `_export=json`
    downloads it. POST (with the same query string): the proposal becomes a new table."""
    form = CalibrationForm(request.GET)
    if not form.is_valid():
        return render(request, "club/calibration/page.html", {"form": form})
    table, proposals, figures = calibration_context(form)
    if request.GET.get("_export") == "json":
        response = HttpResponse(json.dumps([p.as_dict() for p in proposals], indent=1),
                                content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="calibration.json"'
        return response
    changed = sum(p.proposed != p.table for p in proposals)
    new_table = NewTableForm(request.POST or None)
    if request.method == "POST" and new_table.is_valid() and not changed:
        new_table.add_error(None, gettext(
            "The proposal is the table itself: no cell has enough results to change it. "
            "Nothing was created."))
    elif request.method == "POST" and new_table.is_valid():
        try:
            created = create_table(new_table.cleaned_data["name"], proposed_rows(proposals))
        except ValidationError as err:
            for message in err.messages:
                new_table.add_error("name", message)
        else:
            messages.success(request, gettext(
                "Table “%(name)s” created from the proposal. Choose it in the setup of the "
                "sessions that should use it.") % {"name": created.name})
            query = {k: v for k, v in request.GET.items() if k != "table"}
            return redirect(f"{reverse('calibration')}?"
                            f"{urlencode({**query, 'table': created.pk})}")
    data = form.cleaned_data
    compared_sessions, agreements = period_agreement(data.get("start"), data.get("end"))
    return render(request, "club/calibration/page.html", {
        "compared_sessions": compared_sessions, "agreements": agreements,
        "min_boards": MIN_BOARDS_A_HALF,
        "form": form, "table": table, "new_table": new_table, "proposals": proposals,
        "rows": [(h, [p for p in proposals if p.hcp == h])
                 for h in sorted({p.hcp for p in proposals})],
        "changed": changed,
        "bands": [gettext(label) for _key, label, _low, _high in BANDS],
        "overall": band_cells(figures.overall), "board_sets": board_sets(figures),
        "results": sum(p.results for p in proposals), "chart": chart(proposals),
        "query": request.GET.urlencode(),
    })
