"""Masterpoints (docs/masterpoints.md): the one writer of a session's awards, and of the
award schemes. A published session with a scheme has the awards its standings give; any
other session has none. `award_session` brings the stored awards to that state (creating,
changing and deleting rows, each with a history entry naming why); the status service
calls it on publishing and on leaving publication, the player merge when the pairs of a
published session change, and `save_award_scheme` for every published session of a
scheme whose figures change."""

from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from club.models import AwardScheme, MasterpointAward, Pair, Result, Session
from club.models.choices import TEAMS
from club.plan import SessionPlan
from club.queries import pair_entries, ranked_lines
from club.services.errors import Refused
from club.services.locks import lock_session
from club.stats.individual import player_standings
from club.stats.teams import teams_standings
from scoring.engine import compute_standings
from scoring.engine.masterpoints import award_field
from scoring.engine.standings import rank

SCHEME_FIELDS = ("name", "top_fixed", "top_per_table", "top_cap", "scoring_numerator",
                 "scoring_denominator", "place_table", "minimum", "others", "win_bonus",
                 "decimals", "source")
REASON_LENGTH = 100

# The schemes a club can start from (docs/masterpoints.md says where each figure comes from
# and which could not be verified). Added on the director's request, not by a migration:
# a backup is restored into a freshly migrated, empty database.
SHIPPED_SCHEMES = [
    {
        "name": "EBU club scale (individual figures)",
        "top_per_table": Decimal(4), "scoring_numerator": 1, "scoring_denominator": 3,
        "minimum": Decimal(6), "decimals": 0,
        "source": (
            "English Bridge Union, Licensing and Master Points Handbook (2021 edition): "
            "club-scale local points; the top third of the field scores, awards fall in "
            "equal steps from the top award, no club award below 6; tied places share "
            "their awards equally (EBU White Book, 143.4). The 4 points a table are the "
            "handbook's single-winner individual scale for 18-35 boards (6 tables: top "
            "award 24); the pairs "
            "scale's figure was not found in the sources consulted: check it in the "
            "handbook before using this scheme for pairs."),
    },
    {
        "name": "Russian club pairs (Moscow federation place table)",
        "top_fixed": Decimal(20), "place_table": "20 17 15 13 12 11 10 9 8 7 6 5 4 3 2",
        "others": Decimal(1), "decimals": 2,
        "source": (
            "Moscow Bridge Federation, regulation of the pairs series 'Letniy Kubok na "
            "MAKS' (2024), item 3: points by place in one section 20, 17, 15, 13, 12, 11, "
            "10, 9, 8, 7, 6, 5, 4, 3, 2, and 1 from 16th place on; tied places share the "
            "sum of their points equally. The Russian Bridge Federation's own club "
            "masterpoint figures were not found in the sources consulted."),
    },
]


def session_awards(session, plan=None):
    """{player id: MasterpointAward (unsaved)} that the session's standings earn under its
    scheme: each field (the whole room, or each line of a two-winner Mitchell) of the
    pairs that played a board, ranked by IMPs; both players of a pair get its award (an
    individual ranks its players, a teams session its teams); nothing without a scheme or
    before publication."""
    scheme = session.award_scheme
    if scheme is None or session.status != Session.Status.PUBLISHED:
        return {}
    plan = plan or SessionPlan.load(session)
    if session.movement == TEAMS:
        return _team_awards(session, plan, scheme)
    if plan.individual:
        return _individual_awards(session, plan, scheme)
    results = Result.objects.filter(board__session=session).order_by().values_list(
        "ns_pair_id", "ew_pair_id", "ns_imps", "ew_imps")
    rows = compute_standings(pair_entries(session, plan.pairs), results)
    played = [row for row in rows if row.boards]  # a pair without a board is no entry
    by_number = {pair.number: pair for pair in plan.pairs}
    scale = scheme.scale
    awards = {}
    for line, field in ranked_lines(session, played):
        if line is None:  # one winner: rank the pairs that played among themselves
            field = _ranked_again(field)
        points = award_field(scale, [(row.number, row.rank) for row in field],
                             tables=Decimal(len(field)) / 2)
        for row in field:
            if not points[row.number]:
                continue
            pair = by_number[row.number]
            for player_id in (pair.player1_id, pair.player2_id):
                awards[player_id] = MasterpointAward(
                    session=session, player_id=player_id, scheme=scheme,
                    pair_number=row.number, line=line or "", rank=row.rank, tied=row.tied,
                    points=points[row.number])
    return awards


def _individual_awards(session, plan, scheme):
    """An individual's awards: its players that played a board ranked by their IMPs
    (club.stats.individual), one field of four players a table; each award's
    `pair_number` is the player's number."""
    field = _ranked_again([row for row in player_standings(plan) if row.boards])
    points = award_field(scheme.scale, [(row.number, row.rank) for row in field],
                         tables=Decimal(len(field)) / 4)
    return {plan.entries_by_number[row.number].player_id: MasterpointAward(
                session=session, player_id=plan.entries_by_number[row.number].player_id,
                scheme=scheme, pair_number=row.number, line="", rank=row.rank,
                tied=row.tied, points=points[row.number])
            for row in field if points[row.number]}


def _team_awards(session, plan, scheme):
    """A teams session's awards by team place: the teams that played a match, ranked as
    the standings rank them (a knockout: its winner first, nothing while undecided), one
    table a team (a match fills two). Each member who sat in a room that played a board
    gets the team's award (a reserve who never played gets none); `pair_number` is the
    team's number."""
    standings = teams_standings(plan)
    if standings.knockout is not None:
        winner = standings.knockout.winner
        if winner is None:
            return {}
        order = [(winner.number, 1)] + [(team.number, 2) for team in standings.teams.values()
                                         if team != winner]
    else:  # teams without a match leave the field, the others keep their order and ties
        order = [(line.team.number, line.row.rank) for line in standings.rows
                 if line.row.matches]
    field = rank([TeamPlace(number, place) for number, place in order],
                 lambda team: team.place)
    points = award_field(scheme.scale, [(team.number, team.rank) for team in field],
                         tables=Decimal(len(field)))
    placed = {team.number: team for team in field}
    seated = _players_who_played(session)
    awards = {}
    for team in standings.teams.values():
        if not points.get(team.number):
            continue
        place = placed[team.number]
        for member in team.members.all():
            if member.player_id in seated:
                awards[member.player_id] = MasterpointAward(
                    session=session, player_id=member.player_id, scheme=scheme,
                    pair_number=team.number, line="", rank=place.rank, tied=place.tied,
                    points=points[team.number])
    return awards


@dataclass
class TeamPlace:
    """A team in the field of a teams session's awards: its place in the standings, and
    its rank among the teams that played."""

    number: int
    place: int
    rank: int = 0
    tied: bool = False


def _players_who_played(session):
    """The players of every pair (a room's line-up) with a result in the session."""
    pairs = Result.objects.filter(board__session=session).order_by()
    ids = set(pairs.values_list("ns_pair_id", flat=True)) \
        | set(pairs.values_list("ew_pair_id", flat=True))
    return {player for pair in Pair.objects.filter(pk__in=ids)
            for player in (pair.player1_id, pair.player2_id)}


def _ranked_again(rows):
    return rank(rows, lambda row: row.imps)


def award_session(session, reason, plan=None):
    """Make the stored awards of `session` (locked by the caller) what session_awards
    says, each write with `reason` in its history. Returns how many rows changed."""
    wanted = session_awards(session, plan)
    stored = {award.player_id: award for award in
              MasterpointAward.objects.filter(session=session).select_for_update()}
    reason = reason[:REASON_LENGTH]
    changed = 0
    for player_id, award in stored.items():
        if player_id not in wanted:
            award._change_reason = reason
            award.delete()
            changed += 1
    for player_id, award in wanted.items():
        old = stored.get(player_id)
        fields = ("scheme_id", "pair_number", "line", "rank", "tied", "points")
        if old is not None:
            if all(getattr(old, f) == getattr(award, f) for f in fields):
                continue
            award.pk = old.pk
        award._change_reason = reason
        award.save()
        changed += 1
    return changed


def save_award_scheme(fields, scheme_id=None):
    """Create an award scheme, or change one and recompute the awards of every published
    session that uses it (with history). Raises Refused naming the fields at fault."""
    with transaction.atomic():
        if scheme_id is None:
            scheme = AwardScheme()
        else:
            scheme = AwardScheme.objects.select_for_update().filter(pk=scheme_id).first()
            if scheme is None:
                raise Refused(gettext("This award scheme no longer exists."))
        for name in SCHEME_FIELDS:
            if name in fields:
                setattr(scheme, name, fields[name])
        try:
            scheme.full_clean()
        except ValidationError as err:
            raise Refused(err.message_dict) from None
        scheme.save()
        if scheme_id is not None:
            reason = gettext("award scheme “%(name)s” changed") % {"name": scheme.name}
            for session_id in (Session.objects.filter(award_scheme=scheme,
                                                      status=Session.Status.PUBLISHED)
                               .order_by("pk").values_list("pk", flat=True)):
                award_session(lock_session(session_id), reason)
    return scheme


def missing_shipped_schemes():
    """The shipped schemes whose name no scheme has yet."""
    taken = set(AwardScheme.objects.values_list("name", flat=True))
    return [fields for fields in SHIPPED_SCHEMES if fields["name"] not in taken]


def add_shipped_schemes():
    """Create the shipped schemes the club does not have yet (by name); returns them."""
    with transaction.atomic():
        return [save_award_scheme(fields) for fields in missing_shipped_schemes()]
