"""ComputerThought, taken over from the matches app with its table and rows (issue 34)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('matches', '0010_computer_thought_leaves'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='ComputerThought',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('version', models.PositiveIntegerField()),
                        ('worker', models.CharField(max_length=100)),
                        ('started_at', models.DateTimeField(auto_now_add=True)),
                        ('seconds', models.FloatField(blank=True, null=True)),
                        ('answered', models.BooleanField(default=False)),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='computer_thoughts', to='matches.match')),
                    ],
                    options={
                        'db_table': 'matches_computerthought',
                        'ordering': ['match', 'version', 'started_at'],
                        'indexes': [models.Index(fields=['match', 'version'], name='thought_decision')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
