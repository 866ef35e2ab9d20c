"""Players on the public pages: the list, a player's page (published evenings, partners,
trend and best evenings), a partnership's page, and the way there from a standings row.
Membership and federation numbers never appear here: only names and figures."""

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.http import urlencode
from django.views.decorators.http import require_safe

from club.models import Pair, Player
from club.notation import signed
from club.permissions import is_director
from club.queries import name_contains, normalize_name
from club.stats.masterpoints import player_masterpoints
from club.stats.players import (
    best_evenings,
    partners,
    partnership_evenings,
    player_evenings,
    totals,
)
from club.stats.ratings import partnership_figures, player_ratings, rating_trends
from club.stats.totals import published_sessions
from reports.charts import rating_trend_svg, trend_svg
from reports.presenters import evening_partner, evening_rows, imps_cell, trend_points
from reports.views.common import get_session, url_prefix, visible_sessions

PAGE_SIZE = 50


def player_prefix():
    """"/players/": reverse once, append "<id>/" per link."""
    return url_prefix("player")


def refuse_unseen(request, played, player_ids):
    """404 unless the players have a published evening, or a pair in a session this
    visitor may see: a player registered only for an evening in setup stays unknown."""
    if played or is_director(request.user):
        return
    either = Q()
    for player_id in player_ids:
        either |= Q(player1_id=player_id) | Q(player2_id=player_id)
    if not Pair.objects.filter(either, session__in=visible_sessions(request.user)).exists():
        raise Http404


def summary(played):
    figures = totals(played)
    return {"totals": figures, "imps": imps_cell(figures.imps),
            "per_board": signed(figures.imps_per_board)}


def rating_cells(rating):
    """The player page's rating, signed, and its uncertainty, to 2 decimals; None unrated."""
    if rating is None:
        return None
    return {"rating": signed(round(rating.rating, 2)),
            "uncertainty": number_format(rating.uncertainty, decimal_pos=2),
            "boards": rating.boards}


@require_safe
def player_index(request):
    """Everyone who played a published session, by name, with a search."""
    term = normalize_name(request.GET.get("q", "").replace("\x00", ""))[:120]
    played = Pair.objects.filter(session__in=published_sessions())
    players = (Player.objects.filter(Q(pk__in=played.values("player1_id"))
                                     | Q(pk__in=played.values("player2_id")))
               .only("id", "name").order_by("name", "id"))
    if term:
        players = players.filter(name_contains(term))
    page = Paginator(players, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "reports/players/index.html", {
        "page": page, "term": term, "player_prefix": player_prefix(),
        "extra": f"&{urlencode({'q': term})}" if term else ""})


@require_safe
def player_page(request, player_id):
    player = get_object_or_404(Player.objects.only("id", "name"), pk=player_id)
    played, names = player_evenings(player.pk)
    refuse_unseen(request, played, [player.pk])
    prefix = player_prefix()
    best = [{"date": e.date, "session": e.session_name,
             **evening_partner(e, names, prefix),
             "boards": e.boards, "per_board": signed(e.imps_per_board),
             "imps": imps_cell(e.imps)} for e in best_evenings(played)]
    rating = player_ratings().get(player.pk) if played else None
    trend = [(day.strftime("%Y-%m"), round(value, 2))
             for day, value in (rating_trends().get(player.pk, []) if played else [])]
    lifetime, seasons = player_masterpoints(player.pk) if played else (0, [])
    return render(request, "reports/players/player.html", {
        "player": player, **summary(played), "rating": rating_cells(rating),
        "masterpoints": {"lifetime": lifetime, "seasons": seasons},
        "rating_chart": rating_trend_svg(trend),
        "rating_trend": [{"month": month, "rating": signed(value)} for month, value in trend],
        "partners": [{"partner": p, "url": reverse("partnership", args=[player.pk,
                                                                        p.partner_id]),
                      "partner_url": f"{prefix}{p.partner_id}/",
                      "per_board": signed(p.totals.imps_per_board),
                      "imps": imps_cell(p.totals.imps)} for p in partners(played, names)],
        "best": best, "rows": evening_rows(played, names, prefix),
        "chart": trend_svg(trend_points(played)),
    })


@require_safe
def partnership(request, player_id, partner_id):
    """Two players' evenings together, from the first one's side."""
    if player_id == partner_id:
        raise Http404
    players = {p.pk: p for p in Player.objects.only("id", "name")
               .filter(pk__in=[player_id, partner_id])}
    if len(players) < 2:
        raise Http404
    played, names = partnership_evenings(player_id, partner_id)
    refuse_unseen(request, played, [player_id, partner_id])
    prefix = player_prefix()
    figures = partnership_figures(player_id, partner_id) if played else None
    return render(request, "reports/players/partnership.html", {
        "rating": figures and {"together": signed(round(figures.together, 2)),
                               "expected": signed(round(figures.expected, 2)),
                               "boards": figures.boards},
        "player": players[player_id], "partner": players[partner_id],
        "player_url": f"{prefix}{player_id}/", "partner_url": f"{prefix}{partner_id}/",
        **summary(played), "rows": evening_rows(played, names, prefix),
        "chart": trend_svg(trend_points(played)),
    })


@require_safe
def pair_players(request, session_id, number):
    """From a pair of a session (a standings row) to its partnership's page."""
    session = get_session(request, session_id)
    pair = get_object_or_404(Pair.objects.only("player1_id", "player2_id"),
                             session=session, number=number)
    return redirect("partnership", pair.player1_id, pair.player2_id)
