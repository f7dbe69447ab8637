"""Django's JSONField, read and written with orjson.

Every move writes a whole game state (the match's snapshot) and reads it back at the next one;
the json module took a tenth of a move's time in the database thread for it (docs/bench.md).
What is stored is the same JSON; only the encoder and decoder change.
"""

from __future__ import annotations

from typing import Any

import orjson
from django.db import models
from django.db.models.fields.json import KeyTransform

from polis_site.matches import wire


class JSONField(models.JSONField):
    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if isinstance(value, str) and not isinstance(expression, KeyTransform):
            try:
                return orjson.loads(value)
            except orjson.JSONDecodeError:
                return value
        return super().from_db_value(value, expression, connection)

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        """Dicts and lists (all this site stores) through orjson; anything else as Django does."""
        if not isinstance(value, (dict, list)):
            return super().get_db_prep_value(value, connection, prepared)
        if connection.vendor == "postgresql":
            from psycopg.types.json import Jsonb  # the adapter Django's own PostgreSQL operations use

            return Jsonb(value, dumps=wire.dumps)
        return wire.dumps(value)
