"""Every message of the site has its Spanish, none left fuzzy, and the compiled catalogues the
site reads (.mo) say what their sources (.po) say: a word added without its translation, or a
translation not compiled, shows English on a Spanish page (issue 51). A plural has each of the
forms the catalogue's Plural-Forms counts (Spanish has three, as Django's own catalogue says: a
missing third form printed nothing for 2 and more)."""

from __future__ import annotations

import re
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


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_plural_has_every_form_the_language_counts(domain: str) -> None:
    source = polib.pofile(str(LOCALE / f"{domain}.po"))
    forms = int(re.search(r"nplurals=(\d+)", source.metadata["Plural-Forms"]).group(1))
    short = [e.msgid for e in source if e.msgid_plural and sorted(k for k, v in e.msgstr_plural.items() if v) != list(range(forms))]
    assert short == [], f"plurals without all {forms} forms: {short}"
