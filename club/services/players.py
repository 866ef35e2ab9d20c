"""The club's players: adding one and changing one's name, membership number or active flag
(each change kept in the player's history)."""

from django.db import transaction

from club.models import Player

PLAYER_FIELDS = ("name", "membership_number", "active")


def save_player(fields, player_id=None):
    """Create a player, or change player `player_id`; the model's checks (a name, a
    membership number used once) raise ValidationError naming the field."""
    unknown = set(fields) - set(PLAYER_FIELDS)
    assert not unknown, f"not player fields: {unknown}"
    with transaction.atomic():
        player = (Player() if player_id is None
                  else Player.objects.select_for_update().get(pk=player_id))
        for name, value in fields.items():
            setattr(player, name, value)
        player.full_clean()
        player.save()
    return player
