"""django-tables2 tables of the pages that add sessions up: a season's ladder and an event's
standings (page and downloads, like the session standings in reports.grids)."""

from collections import Counter

import django_tables2 as tables
from django.core.paginator import Paginator
from django.utils.formats import number_format
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _

from reports.grids import SignedColumn, signed_html

# Rows a page shows (django-tables2 takes a fraction of a millisecond a cell).
PER_PAGE = 30
NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
NUM_NARROW = {"th": {"class": "num hide-narrow"}, "td": {"class": "num hide-narrow"}}


def player_links(prefix, ids, names):
    """"A – B" with each name linking to its player page (`prefix` + id + "/")."""
    return format_html_join(" – ", '<a href="{}{}/">{}</a>',
                            ((prefix, pid, name) for pid, name in zip(ids, names, strict=True)))


class SortableTable(tables.Table):
    """Common to both tables: player links from one prefix, plain values in downloads."""

    def __init__(self, data, *, player_prefix="", **kwargs):
        super().__init__(data, **kwargs)
        self.player_prefix = player_prefix

    def sort_by(self, sort):
        """django-tables2's ?sort=, limited to the table's columns (anything else is
        ignored)."""
        if sort.removeprefix("-") in {column.name for column in self.columns}:
            self.order_by = sort
        return self

    def page_of(self, page, per_page=PER_PAGE):
        """Show one page of rows (any ?page= answered: the nearest page); the downloads
        keep every row."""
        number = Paginator(self.rows, per_page).get_page(page).number
        self.paginate(page=number, per_page=per_page)
        return self

    def render_player(self, value, record):
        """A table's player column (the ladder's, the ratings'): the name, linked."""
        return player_links(self.player_prefix, [record.player_id], [value])

    def value_player(self, value):
        return value

    class Meta:
        template_name = "reports/seasons/grid.html"
        orderable = True


class LadderTable(SortableTable):
    rank = tables.Column(verbose_name=_("Rank"), accessor="rank_label",
                         order_by=("rank_sort",))
    player = tables.Column(verbose_name=_("Player"), accessor="name",
                           order_by=("name",), attrs={"td": {"class": "players-cell"}})
    sessions = tables.Column(verbose_name=_("Sessions"), initial_sort_descending=True,
                             attrs=NUM)
    counted = tables.Column(verbose_name=_("Counted"), accessor="counted_sessions",
                            initial_sort_descending=True, attrs=NUM_NARROW)
    boards = tables.Column(verbose_name=_("Boards"), initial_sort_descending=True,
                           attrs=NUM_NARROW)
    imps = SignedColumn(verbose_name=_("IMPs"), initial_sort_descending=True, attrs=NUM)
    imps_per_board = SignedColumn(verbose_name=_("IMPs per board"),
                                  order_by=("score",), initial_sort_descending=True,
                                  attrs=NUM)
    qualified = tables.BooleanColumn(verbose_name=_("Qualified"), visible=False)

    class Meta(SortableTable.Meta):
        attrs = {"class": "standings ladder"}
        empty_text = _("Nobody has played a published session of this season yet.")


def plain_number(value):
    """A Decimal as an int when whole, else a float (shown and exported like other IMPs)."""
    if value is None:
        return None
    return int(value) if value == int(value) else float(value)


def session_headings(sessions):
    """{session id: heading} for an event's columns: the date, with the name when another
    session has the same date, and the id when the name is the same too. Headings are the
    downloads' keys (JSON) and column names (CSV, XLSX), so no two may be equal."""
    dates = Counter(session.date for session in sessions)
    named = Counter((session.date, session.name) for session in sessions)
    headings = {}
    for session in sessions:
        heading = str(session.date)
        if dates[session.date] > 1:
            heading += f" {session.name}"
            if named[(session.date, session.name)] > 1:
                heading += f" #{session.pk}"
        headings[session.pk] = heading
    return headings


class SessionColumn(tables.Column):
    """One session's IMPs in an event, read by its id: "—" when the entry did not play it."""

    def __init__(self, session_id, heading):
        super().__init__(verbose_name=heading, accessor="by_session", orderable=False,
                         attrs=NUM)
        self.session_id = session_id

    def render(self, value):
        return signed_html(value[self.session_id]) if self.session_id in value else "—"

    def value(self, value):
        return value.get(self.session_id)


class EventTable(SortableTable):
    rank = tables.Column(verbose_name=_("Rank"), accessor="rank_label",
                         order_by=("rank", "total"))
    entry = tables.Column(verbose_name=_("Players"), accessor="names",
                          order_by=("names",), attrs={"td": {"class": "players-cell"}})
    carry = tables.Column(verbose_name=_("Carry-over"), initial_sort_descending=True,
                          attrs=NUM_NARROW)
    boards = tables.Column(verbose_name=_("Boards"), initial_sort_descending=True,
                           attrs=NUM_NARROW)
    total = tables.Column(verbose_name=_("Total IMPs"), initial_sort_descending=True,
                          attrs=NUM)

    class Meta(SortableTable.Meta):
        attrs = {"class": "standings event"}
        empty_text = _("No published session of this event yet.")

    def __init__(self, data, *, sessions=(), **kwargs):
        """One column per session (session_headings), before the boards and total."""
        extra = [(f"s{pk}", SessionColumn(pk, heading))
                 for pk, heading in session_headings(sessions).items()]
        sequence = ["rank", "entry", "carry", *[name for name, _column in extra], "boards",
                    "total"]
        super().__init__(data, extra_columns=extra, sequence=sequence, **kwargs)

    def render_entry(self, value, record):
        return player_links(self.player_prefix, record.key, value)

    def render_carry(self, value):
        return signed_html(plain_number(value)) if value else "—"

    def render_total(self, value):
        return signed_html(plain_number(value))

    def value_entry(self, value):
        return " – ".join(value)

    def value_carry(self, value):
        return plain_number(value)

    def value_total(self, value):
        return plain_number(value)


class RatingsTable(SortableTable):
    """The ratings list (club.stats.ratings): rating and uncertainty in IMPs a board."""

    rank = tables.Column(verbose_name=_("Rank"), order_by=("rank",))
    player = tables.Column(verbose_name=_("Player"), accessor="name",
                           order_by=("name",), attrs={"td": {"class": "players-cell"}})
    rating = SignedColumn(verbose_name=_("Rating"), initial_sort_descending=True, attrs=NUM)
    uncertainty = tables.Column(verbose_name=_("Uncertainty (±)"), attrs=NUM_NARROW)
    boards = tables.Column(verbose_name=_("Boards"), initial_sort_descending=True,
                           attrs=NUM_NARROW)

    class Meta(SortableTable.Meta):
        attrs = {"class": "standings ratings"}
        empty_text = _("Nobody has played enough boards in published sessions yet.")

    def render_uncertainty(self, value):
        return number_format(value, decimal_pos=2)

    def value_uncertainty(self, value):
        return value
