"""The built-in Moscow compensation table (HCP: not vulnerable, vulnerable).

Written out here rather than imported from the engine so the migration never changes
when code does; a test checks both agree.
"""

from django.db import migrations

MOSCOW_ROWS = [
    (21, 50, 50), (22, 70, 70), (23, 110, 110), (24, 200, 200), (25, 300, 440),
    (26, 350, 520), (27, 400, 600), (28, 430, 630), (29, 460, 660), (30, 490, 690),
    (31, 600, 900), (32, 750, 1050), (33, 900, 1350), (34, 1000, 1500), (35, 1100, 1650),
    (36, 1200, 1800), (37, 1200, 1800), (38, 1200, 1800), (39, 1200, 1800), (40, 1200, 1800),
]


def create_moscow(apps, schema_editor):
    Table = apps.get_model("scoring", "CompensationTable")
    Row = apps.get_model("scoring", "CompensationRow")
    table, _ = Table.objects.get_or_create(name="Moscow", defaults={"builtin": True})
    Row.objects.bulk_create(
        Row(table=table, hcp=hcp, not_vul=not_vul, vul=vul) for hcp, not_vul, vul in MOSCOW_ROWS
    )


def remove_moscow(apps, schema_editor):
    apps.get_model("scoring", "CompensationTable").objects.filter(
        name="Moscow", builtin=True).delete()


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial")]
    operations = [migrations.RunPython(create_moscow, remove_moscow)]
