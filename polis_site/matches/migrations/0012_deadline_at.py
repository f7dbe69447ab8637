"""Each match in play with a time limit stores when its side to move runs out of time, indexed, so
that a sweep finds the late ones (issue 39): filled here from `waiting_since` and `move_days`."""

from datetime import timedelta
from typing import Any

from django.db import migrations, models


def fill(apps: Any, schema_editor: Any) -> None:
    match = apps.get_model('matches', 'Match')
    timed = match.objects.filter(status='active', move_days__isnull=False, waiting_since__isnull=False,
                                 waiting_for__in=('athens', 'sparta'))
    for row in timed.only('pk', 'waiting_since', 'move_days'):
        match.objects.filter(pk=row.pk).update(deadline_at=row.waiting_since + timedelta(days=row.move_days))


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0011_chat_ratings_notices_leave'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='deadline_at',
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
