"""Reading the club's data for pages and exports: each function loads what it needs in a
fixed number of queries, whatever the size of the session. Nothing here writes."""

from django.db.models import Q

from club.models import Player, Result
from scoring.engine import compute_standings


def session_pairs(session):
    """The session's pairs with their players (one query), by number."""
    return list(session.pairs.select_related("player1", "player2").order_by("number"))


def pair_entries(session, pairs):
    """(pair_id, number, label, players) for pairs loaded with their players."""
    return [(p.id, p.number, session.pair_label(p.number), p.players) for p in pairs]


def result_imps(session):
    """(ns_pair_id, ew_pair_id, ns_imps, ew_imps) of every result of the session (one query)."""
    return list(Result.objects.filter(board__session=session).order_by()
                .values_list("ns_pair_id", "ew_pair_id", "ns_imps", "ew_imps"))


def session_standings(session, pairs=None):
    """The standings of a session (two queries, or one when `pairs` are given)."""
    if pairs is None:
        pairs = session_pairs(session)
    return compute_standings(pair_entries(session, pairs), result_imps(session))


def boards_with_results(session):
    """The numbers of the session's boards that have a result, in order (one query)."""
    return sorted(set(Result.objects.filter(board__session=session)
                      .values_list("board__number", flat=True)))


# --- players ------------------------------------------------------------------------------

def normalize_name(text):
    """`text` (or None) with its runs of white space made one space and NUL characters
    dropped (PostgreSQL refuses them; no name has one)."""
    return " ".join((text or "").replace("\x00", "").split())


def name_contains(term):
    """Names containing `term`, ignoring case. SQLite folds only ASCII letters in LIKE, so
    the usual capitalisations are tried too (Cyrillic names)."""
    condition = Q()
    for variant in {term, term.lower(), term.capitalize(), term.title(), term.upper()}:
        condition |= Q(name__icontains=variant)
    return condition


def search_players(term, limit=20):
    """Active players whose name contains `term`, each with the text that picks it in the
    pair form: the name, or "name #id" when several active players share that name."""
    term = normalize_name(term)
    if not term:
        return []
    players = list(Player.objects.filter(name_contains(term), active=True)
                   .order_by("name", "id")[:limit])
    names = [p.name.casefold() for p in players]
    for player in players:
        shared = names.count(player.name.casefold()) > 1
        player.pick = f"{player.name} #{player.pk}" if shared else player.name
    return players
