"""django-tables2 tables of the public pages: the standings (page and downloads).

The page prints the standings from plain rows (`StandingsTable.html_parts`): django-tables2's
own rendering inspects a render method's signature for every cell, which made it most of the
standings' time; the downloads keep its value_* methods."""

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from club.notation import signed  # one way to sign a number, on every page
from club.stats.methods import COMPENSATION, MATCHPOINTS


def signed_html(value):
    css = "pos" if value and value > 0 else "neg" if value and value < 0 else ""
    return format_html('<span class="{}">{}</span>', css, signed(value))


class SignedColumn(tables.Column):
    """IMPs: signed and coloured on the page, the plain number in the downloads."""

    def render(self, value):
        return signed_html(value)

    def value(self, value):
        return value


def percent_text(value):
    """A matchpoint percentage (2 decimals in the page's language), "—" for none."""
    return "—" if value is None else number_format(value, decimal_pos=2)


class PercentColumn(tables.Column):
    """Matchpoints: the average percentage, unsigned; the plain number in the downloads."""

    def render(self, value):
        return percent_text(value)

    def value(self, value):
        return value


# The heading of the score column for each ranking (club.stats.methods.RANK_BY).
SCORE_HEADINGS = {COMPENSATION: _("IMPs"), "butler": _("Butler IMPs"),
                  "cross_imps": _("Cross-IMPs")}


class AwardsShown:
    """The Masterpoints column of a standings table: `masterpoints_of` ({number: points})
    of a published, awarded session; a row below the scoring places has none."""

    masterpoints_of = {}

    def render_masterpoints(self, value):
        return number_format(self.masterpoints_of[value]) if value in self.masterpoints_of \
            else ""

    def value_masterpoints(self, value):
        """A number in the downloads (JSON writes a Decimal as text): 10, 7.5."""
        points = self.masterpoints_of.get(value)
        if points is None:
            return None
        return int(points) if points == points.to_integral_value() else float(points)


def masterpoints_column():
    return tables.Column(verbose_name=_("Masterpoints"), accessor="number", orderable=False,
                         attrs={"th": {"class": "num"}, "td": {"class": "num masterpoints"}})


class StandingsTable(AwardsShown, tables.Table):
    """The standings. The page shows a shared rank as "3="; the downloads give the rank as a
    number and whether it is shared in a column of its own, so spreadsheets can sort them."""

    rank = tables.Column(verbose_name=_("Rank"), order_by=("rank", "number"))
    # Two winners: the line each pair is ranked in (the downloads; the page shows a list
    # for each line).
    line = tables.Column(verbose_name=_("Line"), accessor="number", orderable=False)
    # Sections: each pair's rank across the whole field (the downloads; the page shows the
    # field's own list).
    field_rank = tables.Column(verbose_name=_("Field rank"), accessor="number",
                               orderable=False)
    tied = tables.Column(verbose_name=_("Tied"), visible=False)
    pair = tables.Column(verbose_name=_("Pair"), accessor="label", order_by=("number",))
    players = tables.Column(verbose_name=_("Players"), attrs={"td": {"class": "players-cell"}})
    boards = tables.Column(verbose_name=_("Boards"), initial_sort_descending=True,
                           attrs={"th": {"class": "num hide-narrow"},
                                  "td": {"class": "num hide-narrow boards"}})
    imps = SignedColumn(verbose_name=_("IMPs"), order_by=("imps", "-number"),
                        initial_sort_descending=True,
                        attrs={"th": {"class": "num"}, "td": {"class": "num imps"}})
    imps_per_board = SignedColumn(verbose_name=_("IMPs per board"), default=None,
                                  order_by=("imps_per_board", "-number"),
                                  initial_sort_descending=True,
                                  attrs={"th": {"class": "num per-board"},
                                         "td": {"class": "num per-board"}})
    # A published session's awards (club.stats.masterpoints.session_masterpoints): shown
    # only when it has some; a pair below the scoring places has none.
    masterpoints = masterpoints_column()

    class Meta:
        template_name = "reports/grid.html"
        attrs = {"class": "standings"}
        orderable = True
        empty_text = _("No pairs yet.")

    def __init__(self, data, *, scorecard_prefix="", line_of=None, field_rank_of=None,
                 method=COMPENSATION, masterpoints_of=None, **kwargs):
        """`line_of`: {pair number: its line ("NS", "EW"; a section's "A", "A NS")} with
        two winners or sections, which shows the Line column; `field_rank_of`: {pair
        number: its rank across the field} with sections. None leaves a column out.
        `method`: the ranking shown (club.stats.methods.RANK_BY): matchpoints show each
        pair's average percentage instead of IMPs and IMPs per board. `masterpoints_of`:
        {pair number: its masterpoints} of an awarded session, which shows that column."""
        excluded = [name for name, given in (("line", line_of), ("field_rank", field_rank_of),
                                             ("masterpoints", masterpoints_of or None))
                    if given is None]
        self.method = method
        if method == MATCHPOINTS:
            excluded.append("imps_per_board")
            kwargs["extra_columns"] = [("imps", PercentColumn(
                verbose_name=_("Percent"), order_by=("imps", "-number"),
                initial_sort_descending=True,
                attrs={"th": {"class": "num"}, "td": {"class": "num imps"}}))]
        elif method != COMPENSATION:
            kwargs["extra_columns"] = [("imps", SignedColumn(
                verbose_name=SCORE_HEADINGS[method], order_by=("imps", "-number"),
                initial_sort_descending=True,
                attrs={"th": {"class": "num"}, "td": {"class": "num imps"}}))]
        if excluded:
            kwargs["exclude"] = excluded
        super().__init__(data, **kwargs)
        self.field_rank_of = field_rank_of or {}
        # Pages link each pair with a prefix string (one reverse() per page, not per row).
        self.scorecard_prefix = scorecard_prefix
        self.line_of = line_of or {}
        self.masterpoints_of = masterpoints_of or {}

    @classmethod
    def sort_keys(cls):
        """What ?sort= may name (anything else is ignored): the visible columns."""
        return {name for name, column in cls.base_columns.items() if column.visible}

    def html_parts(self, query=""):
        """(head, body) for reports/grid.html, in the table's order: each header as its
        attributes, text and sort link; the body's rows as HTML made here, each cell by its
        render_* method called directly (a template loop over the cells cost more than all
        the rest of the page)."""
        columns = list(self.columns)
        head = [{"attrs": column.attrs["th"].as_html(), "header": column.header,
                 "href": f"?sort={column.order_by_alias.next}{query}"
                 if column.orderable else ""}
                for column in columns]
        cells = {
            "rank": lambda record: record.rank_label,
            "line": lambda record: self.line_of[record.number],
            "field_rank": lambda record: self.field_rank_of[record.number],
            "pair": lambda record: self.render_pair(record.label, record),
            "players": lambda record: self.render_players(record.players, record),
            "boards": lambda record: record.boards,
            "imps": lambda record: (percent_text(record.imps) if self.method == MATCHPOINTS
                                    else signed_html(record.imps)),
            "imps_per_board": lambda record: (
                "—" if record.imps_per_board is None else signed_html(record.imps_per_board)),
            "masterpoints": lambda record: self.render_masterpoints(record.number),
        }
        makers = [(f"<td {column.attrs['td'].as_html()}>", cells[column.name])
                  for column in columns]
        rows = ["<tr>" + "".join(f"{td}{conditional_escape(make(record))}</td>"
                                 for td, make in makers) + "</tr>"
                for record in self.data]
        if not rows:
            rows = [format_html('<tr><td colspan="{}">{}</td></tr>', len(columns),
                                self.empty_text)]
        return head, mark_safe("\n".join(rows))  # each cell escaped above

    def render_rank(self, record):
        return record.rank_label

    def value_rank(self, value):
        return value

    def value_tied(self, value):
        return value

    def render_line(self, value):
        return self.line_of[value]

    def value_line(self, value):
        return self.line_of[value]

    def render_field_rank(self, value):
        return self.field_rank_of[value]

    def value_field_rank(self, value):
        return self.field_rank_of[value]


    def render_pair(self, value, record):
        return format_html('<a href="{}{}/">{}</a>', self.scorecard_prefix, record.number, value)

    def render_players(self, value, record):
        """The names lead to the partnership's page (through the pair: no query here)."""
        if not self.scorecard_prefix:
            return value
        return format_html('<a href="{}{}/players/">{}</a>', self.scorecard_prefix,
                           record.number, value)

    def value_players(self, value):
        return value

    def value_pair(self, value):
        return value


class PlayerStandingsTable(AwardsShown, tables.Table):
    """An individual's standings by player (club.stats.individual), for its downloads; the
    page prints the same rows (templates/reports/individual_standings.html)."""

    rank = tables.Column(verbose_name=_("Rank"))
    tied = tables.Column(verbose_name=_("Tied"))
    number = tables.Column(verbose_name=_("Number"))
    player = tables.Column(verbose_name=_("Player"), accessor="players")
    boards = tables.Column(verbose_name=_("Boards"))
    imps = tables.Column(verbose_name=_("IMPs"))
    imps_per_board = tables.Column(verbose_name=_("IMPs per board"), default=None)
    masterpoints = masterpoints_column()

    class Meta:
        orderable = False

    def __init__(self, data, *, masterpoints_of=None, **kwargs):
        """`masterpoints_of`: {player number: masterpoints} of an awarded session, which
        shows that column."""
        if not masterpoints_of:
            kwargs["exclude"] = ("masterpoints",)
        super().__init__(data, **kwargs)
        self.masterpoints_of = masterpoints_of or {}
