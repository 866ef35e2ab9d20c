"""django-tables2 tables of the public pages: the standings (page and downloads)."""

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from club.io.exports import EXPORT_FORMATS

__all__ = ["EXPORT_FORMATS", "StandingsTable", "signed", "signed_html"]


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
    """The standings. The page shows a shared rank as "3="; the downloads give the rank as a
    number and whether it is shared in a column of its own, so spreadsheets can sort them."""

    rank = tables.Column(verbose_name=_("Rank"), order_by=("rank", "number"))
    tied = tables.Column(verbose_name=_("Tied"), visible=False)
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
        template_name = "reports/table.html"
        attrs = {"class": "standings"}
        orderable = True
        empty_text = _("No pairs yet.")

    def __init__(self, data, *, scorecard_prefix="", **kwargs):
        super().__init__(data, **kwargs)
        # Pages link each pair with a prefix string (one reverse() per page, not per row).
        self.scorecard_prefix = scorecard_prefix

    def render_rank(self, record):
        return record.rank_label

    def value_rank(self, value):
        return value

    def value_tied(self, value):
        return value

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
