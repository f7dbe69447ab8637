"""Ratings and their history, taken over from the matches app with their tables and rows (issue
34), and their content types with them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from polis_site.migrating import content_types_follow


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('matches', '0011_chat_ratings_notices_leave'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Rating',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('rating', models.FloatField(default=1500.0)),
                        ('deviation', models.FloatField(default=350.0)),
                        ('volatility', models.FloatField(default=0.06)),
                        ('games', models.PositiveIntegerField(default=0)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='polis_rating', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'matches_rating',
                        'indexes': [models.Index(fields=['-rating'], name='leaderboard')],
                    },
                ),
                migrations.CreateModel(
                    name='RatingChange',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('side', models.CharField(choices=[('athens', 'Athens'), ('sparta', 'Sparta')], max_length=10)),
                        ('score', models.FloatField()),
                        ('before', models.FloatField()),
                        ('after', models.FloatField()),
                        ('deviation', models.FloatField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to='matches.match')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='polis_rating_changes', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'matches_ratingchange',
                        'ordering': ['user', 'created_at'],
                        'constraints': [models.UniqueConstraint(fields=('user', 'match'), name='one_change_per_match')],
                    },
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(('rating', 'ratingchange'), 'matches', 'ratings'),
    ]
