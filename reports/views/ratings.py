"""The public ratings list (club.stats.ratings, docs/ratings.md): page and downloads."""

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.io.exports import EXPORT_FORMATS
from club.stats.ratings import ratings_list
from reports.season_grids import RatingsTable
from reports.views.common import table_download_or_page
from reports.views.players import player_prefix


@require_safe
def ratings_page(request):
    """Every player with at least settings.RATINGS_MIN_BOARDS boards in published sessions,
    best first."""
    min_boards = settings.RATINGS_MIN_BOARDS
    table = RatingsTable(ratings_list(min_boards), player_prefix=player_prefix())
    download = table_download_or_page(request, table, _("Ratings"), "ratings")
    if download is not None:
        return download
    return render(request, "reports/ratings.html", {
        "table": table, "min_boards": min_boards, "export_formats": EXPORT_FORMATS})
