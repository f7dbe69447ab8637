"""What the migrations of a model that changes app share (issue 34): its content type follows it,
so its permissions, the admin's history of it and any generic relation keep pointing at it."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def content_types_follow(models: tuple[str, ...], old: str, new: str) -> migrations.RunPython:
    """Relabels the content types of `models` (lower-case names) from app `old` to app `new`, and
    back when unapplied. A fresh database has none yet (they are made after migrating): no-op."""

    def move(source: str, target: str) -> Any:
        def run(apps: Any, schema_editor: Any) -> None:
            content_type = apps.get_model("contenttypes", "ContentType")
            for model in models:
                if not content_type.objects.filter(app_label=target, model=model).exists():
                    content_type.objects.filter(app_label=source, model=model).update(app_label=target)
        return run

    return migrations.RunPython(move(old, new), move(new, old))
