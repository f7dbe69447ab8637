"""Provenance tags: where each board datum comes from.

The rulebook we have reached us without its pictures, so part of the board
had to be reconstructed. Every record in ``engine.data`` carries a ``source``
string built with this module, so a person holding a physical copy of the game
can find (and correct) exactly the data that was guessed.

A source is one of:

* ``"rulebook"`` — printed (or directly implied) by the Devir 2020 rulebook;
* ``"rulebook: <page or passage>"`` — the same, with a pointer;
* ``"reconstructed: <why>"`` — not printed anywhere we have; ``why`` names
  the reasoning (geography, a rulebook passage, the 2012 edition's hint);
* ``"2012 text: <passage>"`` — written in the 2012 edition's rules
  (``../shared/rules/polis-2012-edition-online-rules-en.md``), the first authority for the
  2012 edition's data (``engine.data.edition_2012``), as the 2020 rulebook is for 2020's.
"""

from __future__ import annotations

RULEBOOK = "rulebook"
_RULEBOOK_PREFIX = "rulebook: "
_RECONSTRUCTED_PREFIX = "reconstructed: "
_TEXT_2012_PREFIX = "2012 text: "

#: The shortest reason we accept after "reconstructed: " (a word or two is
#: not a reason a reviewer can check).
MIN_REASON_LENGTH = 12


def rulebook(where: str) -> str:
    """A rulebook source pointing at a page or passage."""
    if not where.strip():
        raise ValueError("rulebook(): give the page or passage")
    return _RULEBOOK_PREFIX + where.strip()


def reconstructed(why: str) -> str:
    """A reconstructed source; ``why`` says what the choice rests on."""
    if len(why.strip()) < MIN_REASON_LENGTH:
        raise ValueError(f"reconstructed(): the reason {why!r} is too short to check")
    return _RECONSTRUCTED_PREFIX + why.strip()


def text_2012(where: str) -> str:
    """A source in the 2012 edition's text, pointing at its passage."""
    if not where.strip():
        raise ValueError("text_2012(): give the passage")
    return _TEXT_2012_PREFIX + where.strip()


def is_text_2012(s: str) -> bool:
    """True for ``"2012 text: <passage>"``."""
    return s.startswith(_TEXT_2012_PREFIX) and bool(s[len(_TEXT_2012_PREFIX):].strip())


def is_rulebook(s: str) -> bool:
    """True for ``"rulebook"`` or ``"rulebook: <where>"``."""
    return s == RULEBOOK or (s.startswith(_RULEBOOK_PREFIX) and bool(s[len(_RULEBOOK_PREFIX):].strip()))


def is_reconstructed(s: str) -> bool:
    """True for ``"reconstructed: <why>"`` with a checkable reason."""
    return s.startswith(_RECONSTRUCTED_PREFIX) and len(s[len(_RECONSTRUCTED_PREFIX):].strip()) >= MIN_REASON_LENGTH


def is_source(s: str) -> bool:
    """True if ``s`` is a well-formed provenance tag."""
    return isinstance(s, str) and (is_rulebook(s) or is_reconstructed(s) or is_text_2012(s))
