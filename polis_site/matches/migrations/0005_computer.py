"""The computer's seats: a match's level and side, and one account per level to hold the seats (its
password unusable: nobody logs in as the computer; its name is taken, so nobody signs up with it)."""

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import migrations, models

LEVELS = ("easy", "medium", "hard")


def accounts(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    for level in LEVELS:
        User.objects.get_or_create(username=f"computer-{level}", defaults={"password": make_password(None)})


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0004_match_listed'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='computer_level',
            field=models.CharField(blank=True, choices=[('easy', 'easy'), ('medium', 'medium'), ('hard', 'hard')], max_length=10),
        ),
        migrations.AddField(
            model_name='match',
            name='computer_side',
            field=models.CharField(blank=True, choices=[('athens', 'Athens'), ('sparta', 'Sparta')], max_length=10),
        ),
        migrations.AddIndex(
            model_name='match',
            index=models.Index(fields=['computer_side', 'status'], name='computer_waiting'),
        ),
        migrations.RunPython(accounts, migrations.RunPython.noop),
    ]
