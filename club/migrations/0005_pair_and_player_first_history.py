"""Give the pairs and players that existed before their history was kept a first
("created") history record, so that the first change made to them shows what it changed."""

from django.db import migrations
from django.utils import timezone


def first_records(apps, schema_editor):
    for model_name, fields in (("Player", ["id", "name", "membership_number", "active"]),
                               ("Pair", ["id", "session_id", "number", "player1_id",
                                         "player2_id"])):
        model = apps.get_model("club", model_name)
        history = apps.get_model("club", f"Historical{model_name}")
        now = timezone.now()
        records = [history(**{name: getattr(obj, name) for name in fields},
                           history_date=now, history_type="+",
                           history_change_reason="history started")
                   for obj in model.objects.all().iterator()]
        history.objects.bulk_create(records, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0004_pair_and_player_history"),
    ]

    operations = [
        migrations.RunPython(first_records, migrations.RunPython.noop),
    ]
