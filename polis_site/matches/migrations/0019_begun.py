"""Which sides have decided so far (`Match.begun`): a match may be aborted until both have. Existing
matches are read from their logs."""

from django.db import migrations, models


def from_the_logs(apps, schema_editor) -> None:  # type: ignore[no-untyped-def]
    Match = apps.get_model("matches", "Match")
    ActionRecord = apps.get_model("matches", "ActionRecord")
    sides: dict[int, set[str]] = {}
    for match_id, side in ActionRecord.objects.order_by().values_list("match_id", "side").distinct():
        sides.setdefault(match_id, set()).add(side)
    for match_id, decided in sides.items():
        Match.objects.filter(pk=match_id).update(begun="both" if len(decided) > 1 else next(iter(decided)))


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0018_played_on_from'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='begun',
            field=models.CharField(blank=True, default='', max_length=10),
        ),
        migrations.RunPython(from_the_logs, migrations.RunPython.noop),
    ]
