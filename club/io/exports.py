"""Every result of a session as a table for the downloads (CSV, XLSX, JSON through
django-tables2 and tablib): the results download of the public pages and the
`export_session --format csv` command; and how every table download is written so that
spreadsheets open it safely (`export_table`)."""

import codecs
from types import SimpleNamespace

import django_tables2 as tables
from django.utils.translation import get_language
from django_tables2.export import TableExport
from tablib import Dataset

from club.stats.methods import other_methods
from scoring.engine import format_result, parse_contract

EXPORT_FORMATS = ("csv", "xlsx", "json")
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "json": "application/json; charset=utf-8",
}
# A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Languages whose spreadsheets use the decimal comma, and so ";" between CSV fields.
SEMICOLON_LANGUAGES = ("ru",)
# The contract of a board not played in the results tables (the CSV import reads it back).
NOT_PLAYED = "NOT PLAYED"


def defused(value):
    """A text cell a spreadsheet would run as a formula (a player named "=HYPERLINK(...)"),
    made plain text with a leading apostrophe; numbers, even negative, stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_delimiter(language=None):
    """";" where Excel expects it (Russian settings use the decimal comma), "," elsewhere."""
    language = (language or get_language() or "en").split("-")[0]
    return ";" if language in SEMICOLON_LANGUAGES else ","


def export_table(table, fmt, title, delimiter=None):
    """The download of a django-tables2 table as bytes: CSV in UTF-8 with a byte order mark
    (Excel then reads it as UTF-8) and `delimiter` (by default the language's), XLSX, or
    JSON. Text cells that would run as formulas are defused in CSV and XLSX."""
    dataset = TableExport(fmt, table, dataset_kwargs={"title": str(title)[:31]}).dataset
    if fmt == "json":
        return dataset.export("json").encode()
    safe = Dataset(*(tuple(defused(value) for value in row) for row in dataset),
                   headers=[defused(header) for header in dataset.headers],
                   title=dataset.title)
    if fmt == "xlsx":
        return safe.export("xlsx")
    text = safe.export("csv", delimiter=delimiter or csv_delimiter())
    return codecs.BOM_UTF8 + text.encode()


def assigned_text(assigned):
    """The assigned result of an archive record in the director's shorthand ("4S= N")."""
    if assigned is None:
        return ""
    contract = assigned["contract"]
    if contract is None:
        return "PASS"
    return format_result(parse_contract(contract), assigned["declarer"], assigned["tricks"],
                         notation="ascii")


def numeric(name):
    return tables.Column(verbose_name=name, attrs={"td": {"class": "num"}})


class ResultsTable(tables.Table):
    """Every result of a session, one row each, from the archive's result records.

    Headers are the archive's field names (docs/export-format.md), so the CSV, XLSX and
    JSON exports read the same whatever the page language; the first seven columns are
    those the CSV import reads. Empty cells (no declarer on a passed-out board, no
    adjustment) export as empty (null in JSON).
    """

    board = numeric("board")
    ns = numeric("ns")
    ew = numeric("ew")
    contract = tables.Column(verbose_name="contract")
    declarer = tables.Column(verbose_name="declarer")
    tricks = numeric("tricks")
    ns_hcp = numeric("ns_hcp")
    round = numeric("round")
    table = numeric("table")
    ns_label = tables.Column(verbose_name="ns_label")
    ew_label = tables.Column(verbose_name="ew_label")
    ns_adjustment = tables.Column(verbose_name="ns_adjustment")
    ew_adjustment = tables.Column(verbose_name="ew_adjustment")
    assigned = tables.Column(verbose_name="assigned")
    ns_score = numeric("ns_score")
    ew_score = numeric("ew_score")
    ns_compensation = numeric("ns_compensation")
    ns_net = numeric("ns_net")
    ns_imps = numeric("ns_imps")
    ew_imps = numeric("ew_imps")
    # The same results as other methods score them (club.stats.methods), for comparison.
    ns_percent = numeric("ns_percent")
    ew_percent = numeric("ew_percent")
    ns_butler = numeric("ns_butler")
    ew_butler = numeric("ew_butler")
    ns_cross_imps = numeric("ns_cross_imps")
    ew_cross_imps = numeric("ew_cross_imps")

    class Meta:
        orderable = False

    def as_values(self, exclude_columns=None):
        """What TableExport writes. The columns are plain keys of the row dicts, so read them
        directly: the generic path inspects a value method's signature for every cell,
        which takes most of a second for an 810-result session."""
        exclude_columns = exclude_columns or ()
        columns = [c for c in self.columns.iterall()
                   if not (c.column.exclude_from_export or c.name in exclude_columns)]
        yield [str(c.header) for c in columns]
        keys = [c.accessor for c in columns]
        for record in self.data:
            yield [None if record[key] == "" else record[key] for key in keys]


def results_rows(archive):
    """Flat rows for ResultsTable from the archive's result records: the pairs' labels
    added, a passed-out board written PASS, a board not played NOT PLAYED (its adjusted
    scores in their columns) and an assigned result in shorthand (the CSV import reads the
    first seven columns back, and the rulings)."""
    labels = {p["number"]: p["label"] for p in archive["pairs"]}
    methods = other_methods_of_records(archive["results"])
    return [dict(record, contract=NOT_PLAYED if record["not_played"]
                 else record["contract"] or "PASS",
                 assigned=assigned_text(record["assigned"]),
                 ns_label=labels[record["ns"]], ew_label=labels[record["ew"]],
                 **methods[index])
            for index, record in enumerate(archive["results"])]


def other_methods_of_records(records):
    """For each archive result record, in order: its matchpoint percentages, Butler IMPs
    and cross-IMPs among its board's results (club.stats.methods.other_methods), as
    numbers with at most two decimals."""
    by_board = {}
    for index, record in enumerate(records):
        by_board.setdefault(record["board"], []).append(index)
    figures = [None] * len(records)
    for indexes in by_board.values():
        rows = [SimpleNamespace(ns_score=records[i]["ns_score"],
                                not_played=records[i]["not_played"],
                                ns_adjustment=records[i]["ns_adjustment"] or "",
                                ew_adjustment=records[i]["ew_adjustment"] or "")
                for i in indexes]
        for index, scored in zip(indexes, other_methods(rows), strict=True):
            figures[index] = {
                "ns_percent": round(float(scored.ns_percent), 2),
                "ew_percent": round(float(scored.ew_percent), 2),
                "ns_butler": scored.ns_butler, "ew_butler": scored.ew_butler,
                "ns_cross_imps": round(float(scored.ns_cross), 2),
                "ew_cross_imps": round(float(scored.ew_cross), 2),
            }
    return figures
