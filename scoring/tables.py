"""django-tables2 tables: the standings (page and exports) and all results (exports)."""

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.engine import format_result, parse_contract

EXPORT_FORMATS = ("csv", "xlsx", "json")


def signed(value):
    """+3 / −3 / 0 with the sign a reader expects."""
    if value is None:
        return "—"
    if isinstance(value, float):
        # "1.43" in English, "1,43" in Russian.
        text = number_format(abs(value), decimal_pos=2)
    else:
        text = str(abs(value))
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def signed_html(value):
    css = "pos" if value and value > 0 else "neg" if value and value < 0 else ""
    return format_html('<span class="{}">{}</span>', css, signed(value))


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), accessor="rank_label",
                         order_by=("rank", "number"))
    pair = tables.Column(verbose_name=_("Pair"), accessor="label", order_by=("number",))
    players = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "players-cell"}})
    boards = tables.Column(verbose_name=_("Boards"), initial_sort_descending=True,
                           attrs={"th": {"class": "num hide-narrow"},
                                  "td": {"class": "num hide-narrow"}})
    imps = tables.Column(verbose_name=_("IMPs"), order_by=("imps", "-number"),
                         initial_sort_descending=True,
                         attrs={"th": {"class": "num"}, "td": {"class": "num"}})
    imps_per_board = tables.Column(verbose_name=_("IMPs per board"), default=None,
                                   order_by=("imps_per_board", "-number"),
                                   initial_sort_descending=True,
                                   attrs={"th": {"class": "num"}, "td": {"class": "num"}})

    class Meta:
        template_name = "scoring/table.html"
        attrs = {"class": "standings"}
        orderable = True
        empty_text = _("No pairs yet.")

    def __init__(self, data, *, scorecard_prefix="", **kwargs):
        super().__init__(data, **kwargs)
        # Pages link each pair with a prefix string (one reverse() per page, not per row).
        self.scorecard_prefix = scorecard_prefix

    def render_pair(self, value, record):
        return format_html('<a href="{}{}/">{}</a>', self.scorecard_prefix, record.number, value)

    def render_imps(self, value):
        return signed_html(value)

    def render_imps_per_board(self, value):
        return signed_html(value)

    def value_pair(self, value):
        return value

    def value_imps(self, value):
        return value

    def value_imps_per_board(self, value):
        return value


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
