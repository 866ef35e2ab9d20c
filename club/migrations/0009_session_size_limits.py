"""The size limits of a session (club.models.sessions) as check constraints. A database
holding a session beyond them (imported from a results file before the readers checked
the limits) is not migrated: the sessions are named, for the club to export and delete
them first, rather than changed or dropped here."""

from django.core.management import CommandError
from django.db import migrations, models
from django.db.models import Q

# The limits when this migration was written (club.models.sessions may change later).
TABLES, PAIRS, BOARDS_PER_ROUND, ROUNDS, BOARDS = 50, 100, 36, 200, 7200


def refuse_sessions_beyond_the_limits(apps, schema_editor):
    Session = apps.get_model("club", "Session")
    beyond = Session.objects.filter(
        Q(tables__gt=TABLES) | Q(rounds__gt=ROUNDS) | Q(boards_per_round__gt=BOARDS_PER_ROUND)
        | Q(pairs__number__gt=PAIRS) | Q(boards__number__gt=BOARDS)).distinct()
    found = [f"{s.pk} “{s.name}” ({s.date})" for s in beyond.order_by("pk")]
    if found:
        raise CommandError(
            f"Sessions beyond the size limits of a session ({TABLES} tables, pairs 1 to "
            f"{PAIRS}, {BOARDS_PER_ROUND} boards a round, {ROUNDS} rounds, boards 1 to "
            f"{BOARDS}): {'; '.join(found)}. This migration was not applied. Keep a copy "
            "of each (python manage.py export_session ID --format json), delete them, then "
            "migrate again.")


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0008_table_entry_and_rulings'),
        ('scoring', '0002_moscow_table'),
    ]

    operations = [
        migrations.RunPython(refuse_sessions_beyond_the_limits, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name='board',
            name='board_number_positive',
        ),
        migrations.RemoveConstraint(
            model_name='pair',
            name='pair_number_positive',
        ),
        migrations.RemoveConstraint(
            model_name='session',
            name='session_tables_positive',
        ),
        migrations.RemoveConstraint(
            model_name='session',
            name='session_rounds_positive',
        ),
        migrations.RemoveConstraint(
            model_name='session',
            name='session_boards_per_round_positive',
        ),
        migrations.AddConstraint(
            model_name='board',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1), ('number__lte', 7200)), name='board_number_in_range'),
        ),
        migrations.AddConstraint(
            model_name='pair',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1), ('number__lte', 100)), name='pair_number_in_range'),
        ),
        migrations.AddConstraint(
            model_name='session',
            constraint=models.CheckConstraint(condition=models.Q(('tables__gte', 1), ('tables__lte', 50)), name='session_tables_in_range'),
        ),
        migrations.AddConstraint(
            model_name='session',
            constraint=models.CheckConstraint(condition=models.Q(('rounds__gte', 1), ('rounds__lte', 200)), name='session_rounds_in_range'),
        ),
        migrations.AddConstraint(
            model_name='session',
            constraint=models.CheckConstraint(condition=models.Q(('boards_per_round__gte', 1), ('boards_per_round__lte', 36)), name='session_boards_per_round_in_range'),
        ),
    ]
