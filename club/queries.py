"""Reading the club's data for pages and exports: each function loads what it needs in a
fixed number of queries, whatever the size of the session. Nothing here writes."""

from dataclasses import dataclass, replace

from django.db.models import Q

from club.models import Pair, Player, Result
from club.plan import SessionPlan
from club.visibility import Visibility, played_from, public_boards
from scoring.engine import compute_standings, rank_apart


def pair_entries(session, pairs):
    """(pair_id, number, label, players) for pairs loaded with their players."""
    return [(p.id, p.number, session.pair_label(p.number), p.players) for p in pairs]


def result_rows(session):
    """Every result of the session (one query): board number and id, the pairs' ids, the
    stored IMPs, and what the other methods score (club.stats.methods.other_methods)."""
    return list(Result.objects.filter(board__session=session).order_by()
                .values_list("board__number", "ns_pair_id", "ew_pair_id", "ns_imps",
                             "ew_imps", "board_id", "ns_score", "not_played",
                             "ns_adjustment", "ew_adjustment", named=True))


NS_LINE, EW_LINE = "NS", "EW"


def ranked_lines(session, rows):
    """The standings `rows` (compute_standings) as the session ranks them: [(None, rows)]
    with one winner; with two winners [("NS", the NS line), ("EW", the EW line)], each
    line ranked on its own. A session in sections ranks each section apart: [("A", its
    rows), ("B", ...)], or with two winners each section's lines ("A NS", "A EW", ...)."""
    sections = session.section_list
    if not sections:
        if not session.two_winners:
            return [(None, rows)]
        ns, ew = rank_apart(rows, lambda row: session.in_ns_line(row.number))
        return [(NS_LINE, ns), (EW_LINE, ew)]
    lines = []
    for section in sections:
        own = [row for row in rows if row.number in section.pair_numbers]
        if session.two_winners:
            ns, ew = rank_apart(own, lambda row: session.in_ns_line(row.number))
            lines += [(f"{section.letter} {NS_LINE}", ns), (f"{section.letter} {EW_LINE}", ew)]
        else:
            lines.append((section.letter, rank_apart(own, lambda row: True)[0]))
    return lines


def field_ranking(rows):
    """Every pair of a session in sections ranked in one list across the field (copies of
    the standings `rows`, in their order): compensation scores each result on its own, so
    pairs of different sections compare directly."""
    return rank_apart([replace(row) for row in rows], lambda row: True)[0]


@dataclass
class PublicStandings:
    """The standings the public may see (club.visibility): while play is on, each pair's
    total counts only the released boards. `lines` are ranked_lines (one list, or the NS
    and the EW line), `rows` all of them in that order; `visible` says which boards
    count, `boards` how many the session plays."""

    lines: list
    visible: Visibility
    boards: int
    field: list | None = None  # sections: every pair ranked across the field

    @property
    def rows(self):
        return [row for _line, rows in self.lines for row in rows]

    @property
    def counted(self):
        """How many boards the totals count while play is on; None when they count all."""
        return None if self.visible.everything else len(self.visible.public)


def public_standings(plan, ranking=None):
    """The public standings of the session of `plan` (club.plan.SessionPlan; one query):
    the engine's arithmetic over the results of the boards the public may see. `ranking`
    (club.stats.methods.MethodRanking) ranks them by another method than the session's
    compensation IMPs, from the same results."""
    session = plan.session
    results = result_rows(session)
    visible = public_boards(plan, played_from(results, {p.pk: p.number for p in plan.pairs}))
    counted = [row for row in results if row.board__number in visible]
    if ranking is None:
        figures = [(r.ns_pair_id, r.ew_pair_id, r.ns_imps, r.ew_imps) for r in counted]
    else:
        figures = ranking.results(counted)
    rows = compute_standings(pair_entries(session, plan.pairs), figures)
    if ranking is not None:
        rows = ranking.finish(rows)
    field = field_ranking(rows) if session.sections else None
    return PublicStandings(ranked_lines(session, rows), visible, plan.played_board_total,
                           field)


def session_standings(session):
    """The rows of public_standings (loading the session's plan)."""
    return public_standings(SessionPlan.load(session)).rows


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


def last_session(player):
    """The latest session `player` played in (by date), or None (one query)."""
    pair = (Pair.objects.filter(Q(player1=player) | Q(player2=player))
            .select_related("session").order_by("-session__date", "-session_id").first())
    return pair.session if pair else None


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
