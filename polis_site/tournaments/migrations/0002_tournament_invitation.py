from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="invitation",
            field=models.CharField(blank=True, editable=False, max_length=32),
        ),
    ]
