"""The computer's decisions queued before its code moved name a function that is gone
(polis_site.matches.computer.decide): a worker could not load them, and while they sat in the queue
none would be enqueued again. They are dropped here, before any worker starts; every worker's
start enqueues each decision still owed (seat.enqueue_waiting)."""

from typing import Any

from django.db import migrations


def drop_unloadable(apps: Any, schema_editor: Any) -> None:
    from django_q.signing import BadSignature, SignedPackage

    queued = apps.get_model('django_q', 'OrmQ')
    for task in queued.objects.all():
        try:
            SignedPackage.loads(task.payload)
        except (BadSignature, ImportError, AttributeError):
            task.delete()


class Migration(migrations.Migration):

    dependencies = [
        ('computer', '0001_initial'),
        ('django_q', '0007_ormq'),
    ]

    operations = [
        migrations.RunPython(drop_unloadable, migrations.RunPython.noop),
    ]
