"""ComputerThought moves to the computer app (issue 34): gone from this app's state only, its
table and rows stay, and the computer app's first migration takes them over."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0009_computer_thought'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='ComputerThought')],
            database_operations=[],
        ),
    ]
