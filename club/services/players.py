"""The club's players: adding one and changing one's name, numbers or active flag, and
merging two records of the same person (each change kept in the history of the player and
of the pairs it moves)."""

from django.db import transaction
from django.db.models import ProtectedError, Q
from django.utils.translation import gettext
from simple_history.utils import bulk_update_with_history

from club.models import CarryOver, IndividualEntry, Pair, Player, Session, Team, TeamMember
from club.schedule import listing
from club.services.errors import Refused
from club.services.locks import lock_session, locked_row, touch_sessions_of
from club.services.masterpoints import award_session

PLAYER_FIELDS = ("name", "membership_number", "federation_number", "active")
NUMBER_FIELDS = ("membership_number", "federation_number")
REASON_LENGTH = 100  # simple_history's change reason column


def save_player(fields, player_id=None):
    """Create a player, or change player `player_id`; the model's checks (a name, a
    membership or federation number used once) raise ValidationError naming the field."""
    unknown = set(fields) - set(PLAYER_FIELDS)
    assert not unknown, f"not player fields: {unknown}"
    with transaction.atomic():
        player = (Player() if player_id is None else
                  locked_row(Player, player_id, gettext("This player no longer exists.")))
        renamed = player.pk is not None and fields.get("name", player.name) != player.name
        for name, value in fields.items():
            setattr(player, name, value)
        player.full_clean()
        player.save()
        if renamed:
            touch_sessions_of(player.pk)  # their pages show the name: new ETags
    return player


def hold_players(player_ids, gone=None):
    """Lock these players' rows until the transaction ends, before writing a pair or a
    carry-over that points at them (inside a transaction, and before lock_session:
    merge_players locks its players, then their sessions). A merge deleting one of them
    then either waits for this transaction (and moves what it wrote) or has already
    happened, and the change is refused here: the row's foreign key is checked only at
    commit, where a deleted player would fail with an IntegrityError. None is skipped (a
    player not saved yet); `gone` is the refusal's message, if not the default."""
    ids = sorted({pk for pk in player_ids if pk is not None})
    held = (Player.objects.select_for_update(no_key=True).filter(pk__in=ids)
            .order_by("pk").values_list("pk", flat=True))
    if len(held) < len(ids):
        raise Refused(gone or gettext(
            "A player chosen here is no longer in the player list (merged into another "
            "record, or deleted, meanwhile); choose the players again."))


def merge_refusal(keep, merged, pairs, carry_overs, entries=()):
    """Why `merged` cannot be folded into `keep`, or "". `pairs`: every pair of either
    (with their sessions); `carry_overs`: every carry-over row of either; `entries`:
    every individual entry and team membership of either (with their sessions): two
    records entered in one session are two people."""
    both = {keep.pk, merged.pk}
    together = sorted({str(p.session) for p in pairs if {p.player1_id, p.player2_id} == both})
    if together:
        return gettext("%(keep)s and %(merged)s played together in %(sessions)s: they are two "
                       "people, not one.") % {"keep": keep.name, "merged": merged.name,
                                              "sessions": listing(together)}
    seen = {}
    for pair in pairs:
        for player_id in {pair.player1_id, pair.player2_id} & both:
            seen.setdefault(pair.session_id, {})[player_id] = pair
    for entry in entries:  # both entered one individual, or both in a session's teams
        seen.setdefault(entry.session_id, {})[entry.player_id] = entry
    apart = sorted({str(next(iter(by_player.values())).session)
                    for by_player in seen.values() if len(by_player) == 2})
    if apart:
        return gettext("%(keep)s and %(merged)s both played in %(sessions)s (in different "
                       "pairs): they are two people, not one.") % {
                           "keep": keep.name, "merged": merged.name,
                           "sessions": listing(apart)}
    conflicts = {
        "membership_number": gettext("The two records have different membership numbers "
                                     "(%(first)s and %(second)s): clear the wrong one first."),
        "federation_number": gettext("The two records have different federation numbers "
                                     "(%(first)s and %(second)s): clear the wrong one first."),
    }
    for field in NUMBER_FIELDS:
        first, second = getattr(keep, field), getattr(merged, field)
        if first and second and first != second:
            return conflicts[field] % {"first": first, "second": second}
    events = {}
    for row in carry_overs:
        events.setdefault(row.event_id, []).append(row)
    for rows in events.values():
        keys = {tuple(keep.pk if pid == merged.pk else pid for pid in row.key) for row in rows}
        if len(keys) < len(rows) or any(len(set(key)) < len(key) for key in keys):
            return gettext("Both records carry IMPs into the event “%(event)s”: keep one "
                           "carry-over there first.") % {"event": rows[0].event.name}
    return ""


def _either(player_ids):
    return Q(player1_id__in=player_ids) | Q(player2_id__in=player_ids)


def _merge_inputs(player_ids):
    """(pairs with their sessions, carry-over rows with their events, individual entries
    and team memberships with their sessions) of these players."""
    pairs = list(Pair.objects.filter(_either(player_ids)).select_related("session"))
    carry_overs = list(CarryOver.objects.select_related("event")
                       .filter(Q(player_id__in=player_ids) | Q(partner_id__in=player_ids)))
    entries = [*IndividualEntry.objects.filter(player_id__in=player_ids)
               .select_related("session"),
               *TeamMember.objects.filter(player_id__in=player_ids).select_related("session")]
    return pairs, carry_overs, entries


def merge_problem(keep, merged):
    """Why merging player `merged` into player `keep` (both loaded) would be refused now,
    or ""."""
    return merge_preview(keep, merged)[0]


def merge_preview(keep, merged):
    """(why the merge would be refused now or "", {player id: how many pairs of theirs})
    for the page that asks the director to confirm (four queries)."""
    if keep.pk == merged.pk:
        return gettext("Choose two different records to merge."), {}
    pairs, carry_overs, entries = _merge_inputs([keep.pk, merged.pk])
    counts = {keep.pk: 0, merged.pk: 0}
    for pair in pairs:
        for player_id in {pair.player1_id, pair.player2_id} & counts.keys():
            counts[player_id] += 1
    return merge_refusal(keep, merged, pairs, carry_overs, entries), counts


def merge_players(keep_id, merged_id):
    """Fold player `merged_id` into player `keep_id` (two records of one person, e.g. made
    by an import and by a director typing the name): every pair (and so every result) and
    carry-over of the merged record moves to the kept one, with a history entry each, and
    the merged record is deleted (its history stays). Individual entries, team
    memberships and captaincies move too.

    The kept record keeps its name; it takes the merged record's membership and federation
    numbers where it has none, and stays active if either was. Refused when the two played
    in the same session (together or apart), when both hold different numbers of the same
    kind, or when both carry IMPs into the same event. Returns the kept player."""
    if keep_id == merged_id:
        raise Refused(gettext("Choose two different records to merge."))
    with transaction.atomic():
        players = {p.pk: p for p in Player.objects.select_for_update()
                   .filter(pk__in=[keep_id, merged_id]).order_by("pk")}
        if len(players) < 2:
            raise Refused(gettext("One of the two players no longer exists."))
        keep, merged = players[keep_id], players[merged_id]
        ids = [keep_id, merged_id]
        entered = IndividualEntry.objects.filter(player_id__in=ids)
        members = TeamMember.objects.filter(player_id__in=ids)
        for session_id in sorted(set(Pair.objects.filter(_either(ids))
                                     .values_list("session_id", flat=True))
                                 | set(entered.values_list("session_id", flat=True))
                                 | set(members.values_list("session_id", flat=True))):
            lock_session(session_id)  # their pairs change: one writer per session
        pairs, carry_overs, entries = _merge_inputs(ids)
        refusal = merge_refusal(keep, merged, pairs, carry_overs, entries)
        if refusal:
            raise Refused(refusal)
        reason = (gettext("merged player #%(merged)s into #%(keep)s")
                  % {"merged": merged.pk, "keep": keep.pk})[:REASON_LENGTH]
        moved = []
        for pair in pairs:
            if merged.pk in (pair.player1_id, pair.player2_id):
                pair.player1 = keep if pair.player1_id == merged.pk else pair.player1
                pair.player2 = keep if pair.player2_id == merged.pk else pair.player2
                moved.append(pair)
        if moved:
            bulk_update_with_history(moved, Pair, ["player1", "player2"], batch_size=500,
                                     default_change_reason=reason)
        _move_carry_overs(carry_overs, keep, merged)
        entered.filter(player=merged).update(player=keep)
        # A team member or captain: the team keeps the person under the kept record.
        members.filter(player=merged).update(player=keep)
        Team.objects.filter(captain=merged).update(captain=keep)
        # The published sessions' masterpoints follow their pairs to the kept record.
        for session in Session.objects.filter(pk__in={p.session_id for p in moved},
                                              status=Session.Status.PUBLISHED):
            award_session(session, reason)
        merged._change_reason = reason
        try:
            merged.delete()
        except ProtectedError as err:  # a record of another kind still points at it
            raise Refused(gettext("“%(name)s” (#%(id)s) is still used by %(what)s; nothing was "
                                  "merged.") % {"name": merged.name, "id": merged.pk,
                                                "what": listing(sorted({
                                                    str(o._meta.verbose_name_plural)
                                                    for o in err.protected_objects}))}) from None
        for field in NUMBER_FIELDS:
            setattr(keep, field, getattr(keep, field) or getattr(merged, field))
        keep.active = keep.active or merged.active
        keep._change_reason = reason
        keep.full_clean()
        keep.save()
    return keep


def _move_carry_overs(rows, keep, merged):
    """Point the merged record's carry-overs at the kept one, the lower id first."""
    for row in rows:
        ids = [keep.pk if pid == merged.pk else pid for pid in row.key]
        if list(row.key) == ids:
            continue
        ids.sort()
        row.player_id = ids[0]
        row.partner_id = ids[1] if len(ids) > 1 else None
        row.save(update_fields=["player", "partner"])
