"""What the stored results say about the compensation table, summed by the database.

For each result without an artificial adjusted score: the line holding 21 or more HCP (NS
when the result's NS HCP, or else its board's, is 21+; EW when it is 19 or less; nobody at
20-20), that line's HCP and vulnerability (the board's override, or its number's place in
the standard cycle), its own score (NS score, or minus it for EW, as scored: an assigned
result counts as assigned) and its own net (score minus compensation, as stored)."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Sum
from django.db.models.functions import Coalesce

from club.models import Result, Session
from club.models.sessions import vulnerability_of
from scoring.engine import MAX_HCP, MIN_HCP
from scoring.engine.calibration import MIN_RESULTS, band_of, propose
from scoring.models import CompensationTable, moscow_table


def result_groups(date_from=None, date_to=None):
    """(session id, board number, vulnerability override, NS HCP, results, sum of NS
    scores, sum of NS nets): one grouped query over every result of the period."""
    results = Result.objects.filter(ns_adjustment="", ew_adjustment="")
    if date_from is not None:
        results = results.filter(board__session__date__gte=date_from)
    if date_to is not None:
        results = results.filter(board__session__date__lte=date_to)
    return (results.annotate(hcp=Coalesce("ns_hcp", "board__ns_hcp")).order_by()
            .values_list("board__session_id", "board__number",
                         "board__vulnerability_override", "hcp")
            .annotate(results=Count("id"), score=Sum("ns_score"), net=Sum("ns_net")))


def strong_line(ns_hcp, vulnerability):
    """(HCP, vulnerable, sign) of the line holding 21+ HCP (sign 1 for NS, -1 for EW, to
    read NS figures from its side); None when neither line does."""
    if ns_hcp is None:
        return None
    if ns_hcp >= MIN_HCP:
        return ns_hcp, vulnerability.ns_vulnerable, 1
    if MAX_HCP - ns_hcp >= MIN_HCP:
        return MAX_HCP - ns_hcp, vulnerability.ew_vulnerable, -1
    return None


@dataclass
class ClubFigures:
    """cells: {(hcp, vulnerable): (results, sum of the line's scores)}; bands: {session id:
    {band: [results, sum of the stronger line's nets]}}; overall: {band: [results, sum]}."""

    cells: dict = field(default_factory=dict)
    bands: dict = field(default_factory=lambda: defaultdict(dict))
    overall: dict = field(default_factory=dict)


def club_figures(date_from=None, date_to=None):
    """The calibration's figures for a period (or all results): one query."""
    figures = ClubFigures()
    for session_id, number, override, ns_hcp, results, score, net in result_groups(
            date_from, date_to):
        vulnerability = vulnerability_of(number, override)
        line = strong_line(ns_hcp, vulnerability)
        if line is None:
            continue
        hcp, vulnerable, sign = line
        count, total = figures.cells.get((hcp, vulnerable), (0, 0))
        figures.cells[(hcp, vulnerable)] = (count + results, total + sign * score)
        band = band_of(hcp)
        for bucket in (figures.bands[session_id], figures.overall):
            bucket.setdefault(band, [0, 0])
            bucket[band][0] += results
            bucket[band][1] += sign * net
    return figures


def table_in_use(table_id=None):
    """The compensation table a calibration compares with (rows loaded): `table_id`, or
    the table of the latest session, or Moscow when there is no session yet."""
    if table_id is None:
        table_id = (Session.objects.order_by("-date", "-id")
                    .values_list("compensation_table_id", flat=True).first())
    tables = CompensationTable.objects.prefetch_related("rows")
    found = tables.filter(pk=table_id).first() if table_id is not None else None
    return found or tables.get(pk=moscow_table().pk)


def calibrate(table, date_from=None, date_to=None, min_results=MIN_RESULTS):
    """(proposals, figures) for the results of a period (or all) against `table` (a
    stored table with its rows): two queries."""
    figures = club_figures(date_from, date_to)
    return propose(figures.cells, table.to_engine(), min_results), figures
