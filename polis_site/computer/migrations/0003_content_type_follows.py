"""ComputerThought's content type follows it from the matches app (polis_site/migrating.py)."""

from django.db import migrations

from polis_site.migrating import content_types_follow


class Migration(migrations.Migration):

    dependencies = [
        ('computer', '0002_drop_tasks_of_the_old_path'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [content_types_follow(('computerthought',), 'matches', 'computer')]
