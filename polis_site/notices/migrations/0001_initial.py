"""Preferences and notices sent, taken over from the matches app with their tables and rows (issue
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
                    name='Notification',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('version', models.PositiveIntegerField()),
                        ('emailed', models.BooleanField(default=False)),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='notifications', to='matches.match')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='polis_notifications', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'matches_notification',
                        'ordering': ['-created_at'],
                    },
                ),
                migrations.CreateModel(
                    name='Preferences',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('email_turns', models.BooleanField(default=True)),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='polis_preferences', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'matches_preferences',
                        'verbose_name_plural': 'preferences',
                    },
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(('notification', 'preferences'), 'matches', 'notices'),
    ]
