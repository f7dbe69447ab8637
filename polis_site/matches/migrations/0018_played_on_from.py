"""A match played on from a replay's step keeps its source and the steps it took from it (its analysis
judges only its own)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0017_clock_start'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='played_on_from',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='played_on', to='matches.match'),
        ),
        migrations.AddField(
            model_name='match',
            name='steps_taken',
            field=models.PositiveIntegerField(default=0),
        ),
    ]
