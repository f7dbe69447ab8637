"""Every message of the site has its Spanish, none left fuzzy, and the compiled catalogues the
site reads (.mo) say what their sources (.po) say: a word added without its translation, or a
translation not compiled, shows English on a Spanish page (issue 51)."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "es" / "LC_MESSAGES"


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_message_has_its_spanish_and_the_compiled_catalogue_is_current(domain: str) -> None:
    source = polib.pofile(str(LOCALE / f"{domain}.po"))
    assert [e.msgid for e in source.untranslated_entries()] == []
    assert [e.msgid for e in source.fuzzy_entries()] == []
    assert [e.msgid for e in source.obsolete_entries()] == []
    compiled = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in polib.mofile(str(LOCALE / f"{domain}.mo"))}
    stale = [e.msgid for e in source.translated_entries()
             if compiled.get((e.msgctxt, e.msgid)) != (e.msgstr, e.msgstr_plural)]
    assert stale == [], f"run `make messages`: {domain}.mo is older than {domain}.po for {stale[:5]}"
