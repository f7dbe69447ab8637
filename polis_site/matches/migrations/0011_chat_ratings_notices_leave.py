"""The chat, the ratings and the notices move to apps of their own (issue 34): their models leave
this app's state only; their tables and rows stay, and each app's first migration takes them over."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0010_computer_thought_leaves'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name=name) for name in (
                'ChatReport', 'ChatMessage', 'RatingChange', 'Rating', 'Notification', 'Preferences')],
            database_operations=[],
        ),
    ]
