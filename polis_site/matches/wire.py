"""The JSON text that goes to the pages: orjson, for the websocket's frames and the channel layer's
events. A move's three state messages (each a whole view) took 0.1 ms of it with the json module,
a fifth of that with orjson (docs/bench.md)."""

from __future__ import annotations

from typing import Any

import orjson


def dumps(message: Any) -> str:
    """`json.dumps` without the spaces; int keys (a prompt's options have them) become strings, as
    there."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
