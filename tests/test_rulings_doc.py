"""docs/rulings.md: every ruling has its passage, decision, reason and tests, and the tests exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")


def defined_tests() -> set[str]:
    return {name for path in (ROOT / "tests").rglob("test_*.py")
            for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.MULTILINE)}


def rulings() -> dict[str, str]:
    parts = re.split(r"^## (R\d+)\. ", RULINGS, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2]))


def test_rulings_are_numbered_in_order_and_complete() -> None:
    found = rulings()
    assert list(found) == [f"R{n}" for n in range(1, len(found) + 1)]
    for number, text in found.items():
        for part in ("**Passage.**", "**Decision.**", "**Why.**"):
            assert part in text, f"{number} lacks {part}"
        assert re.search(r"\*\*Tests?\.\*\*", text), f"{number} names no test"


def test_every_test_a_ruling_names_exists() -> None:
    existing = defined_tests()
    for number, text in rulings().items():
        tests_part = re.split(r"\*\*Tests?\.\*\*", text)[1]
        named = re.findall(r"`(test_\w+)`", tests_part)
        assert named, f"{number} names no test"
        missing = [name for name in named if name not in existing]
        assert not missing, f"{number} names tests that do not exist: {missing}"
