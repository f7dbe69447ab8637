"""The chat's lines and reports, taken over from the matches app with their tables and rows (issue
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
                    name='ChatMessage',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('side', models.CharField(choices=[('athens', 'Athens'), ('sparta', 'Sparta')], max_length=10)),
                        ('text', models.TextField()),
                        ('version', models.PositiveIntegerField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('hidden_at', models.DateTimeField(blank=True, null=True)),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chat', to='matches.match')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'matches_chatmessage',
                        'ordering': ['match', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='ChatReport',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('message', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reports', to='chat.chatmessage')),
                        ('reporter', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'matches_chatreport',
                        'constraints': [models.UniqueConstraint(fields=('message', 'reporter'), name='one_report_per_reader')],
                    },
                ),
            ],
            database_operations=[],
        ),
        content_types_follow(('chatmessage', 'chatreport'), 'matches', 'chat'),
    ]
