"""Every result of a session as a table for the downloads (CSV, XLSX, JSON through
django-tables2 and tablib): the results download of the public pages and the
`export_session --format csv` command."""

import django_tables2 as tables

from scoring.engine import format_result, parse_contract

EXPORT_FORMATS = ("csv", "xlsx", "json")


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
    added, a passed-out board written PASS and an assigned result in shorthand (the CSV
    import reads the first seven columns back)."""
    labels = {p["number"]: p["label"] for p in archive["pairs"]}
    return [dict(record, contract=record["contract"] or "PASS",
                 assigned=assigned_text(record["assigned"]),
                 ns_label=labels[record["ns"]], ew_label=labels[record["ew"]])
            for record in archive["results"]]
