"""The JSON text that goes to the pages: orjson, for the websocket's frames and the channel layer's
events. A move's three state messages (each a whole view) took 0.1 ms of it with the json module,
a fifth of that with orjson (docs/bench.md)."""

from __future__ import annotations

from typing import Any

import orjson

#: What a client may send: one message, well under the 1 MiB frame Daphne allows, JSON whose
#: every value the server can store and send back (SQLite and PostgreSQL refuse NUL; orjson refuses
#: integers past 64 bits and lone surrogates; Python's parser recurses on nesting).
MAX_MESSAGE = 16 * 1024
MAX_DEPTH = 32
MAX_INT = 2**53


class Refused(ValueError):
    """A client's message the server does not read: `code` says why, the text never echoes it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def loads(text: str | bytes) -> Any:
    """A client's JSON message, refused (`too_large`, `malformed`) unless it is small, shallow and
    made of values the server can store and send back as they are."""
    if len(text) > MAX_MESSAGE:
        raise Refused("too_large", f"messages are at most {MAX_MESSAGE} bytes; this one has {len(text)}")
    try:
        value = orjson.loads(text)
    except (orjson.JSONDecodeError, RecursionError) as error:
        raise Refused("malformed", f"not JSON ({str(error)[:80]})") from None
    _check(value, 0)
    return value


def _check(value: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise Refused("malformed", f"JSON nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        if "\x00" in value:
            raise Refused("malformed", "a string holds a NUL character")
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        return
    elif isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise Refused("malformed", f"a number is past ±2**53: {str(value)[:24]}…")
    elif isinstance(value, list):
        for item in value:
            _check(item, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check(key, depth + 1)
            _check(item, depth + 1)


def dumps(message: Any) -> str:
    """`json.dumps` without the spaces; int keys (a prompt's options have them) become strings, as
    there."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
