"""The refusal codes a client may meet, as docs/api.md lists them: each code, its HTTP status and its
words (English), made from the one table (polis_site/presentation/refusals.py), so that the list cannot
drift from what the server sends (`manage.py apicodes --write`; a test finds the page current)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.utils import translation

from engine.errors import ActionError, MalformedAction
from polis_site.presentation import refusals

BEGIN = "<!-- refusal codes: made by `python manage.py apicodes --write` from polis_site/presentation/refusals.py -->"
END = "<!-- end of the refusal codes -->"
#: Where the list stands.
PAGE = Path(settings.BASE_DIR) / "docs" / "api.md"


def status_of(code: str) -> int:
    """The HTTP status a refusal of `code` is answered with (its own table, or its family's)."""
    family = MalformedAction if code in refusals.MALFORMED else ActionError
    return refusals.http_status(family("", code=code))


def table() -> str:
    """The list, as Markdown: by status, then code."""
    with translation.override("en"):
        rows = sorted((status_of(code), code, str(text).replace("|", "\\|"))
                      for code, text in refusals.WORDS.items() if code not in refusals.PAGE)
    lines = ["| status | code | what it means (the match page's words) |", "| --- | --- | --- |"]
    lines += [f"| {status} | `{code}` | {text} |" for status, code, text in rows]
    return "\n".join(lines)


def current(page: str) -> str:
    """`page` with its list made afresh."""
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"
