"""Every refusal has words in both languages: no page ever shows a raw code (issue 51).

The codes are found in the source, not listed by hand: every `code="…"` given to an error, every
error class's `code`, every `{"code": "…"}` sent, the wire's `Refused("…")`, the consumer's
`_error("…")`/`_refuse("…")`, the HTTP middleware's codes, a constant passed as `code=NAME`, and the
codes a `…_refusal` function returns. A new refusal without words fails here.
"""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import pytest
from django.utils import translation

from engine import api, playout
from engine.errors import IllegalAction
from polis_site.presentation import board, refusals

REPO = Path(__file__).resolve().parents[2]
#: Django's form validation codes are a form's own, shown by the form with its own words.
FORM_ERRORS = {"ValidationError"}


def _constant(node: ast.AST | None) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constant(node.body) + _constant(node.orelse)
    return []


def codes_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = {target.id: node.value.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
             and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
             for target in node.targets if isinstance(target, ast.Name) and target.id.isupper()}
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if callee in FORM_ERRORS:
                continue
            for keyword in node.keywords:
                if keyword.arg == "code":
                    found.update(_constant(keyword.value))
                    if isinstance(keyword.value, ast.Name) and keyword.value.id in names:
                        found.add(names[keyword.value.id])
            if callee in {"Refused", "_error", "_refuse"} and node.args:
                found.update(_constant(node.args[0]))
        elif isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and any(getattr(t, "id", "") == "code" for t in statement.targets):
                    found.update(_constant(statement.value))
                    if isinstance(statement.value, ast.Name) and statement.value.id in names:
                        found.add(names[statement.value.id])
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "code":
                    found.update(_constant(value))
        elif isinstance(node, ast.FunctionDef) and node.name.endswith("_refusal"):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return):
                    found.update(_constant(inner.value))
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "CODES" for t in node.targets):
            found.update(v.value for v in getattr(node.value, "values", []) if isinstance(v, ast.Constant))
    return found


def every_code() -> set[str]:
    paths = [p for folder in ("engine", "polis_site") for p in (REPO / folder).rglob("*.py") if "migrations" not in p.parts]
    return set().union(*(codes_in(p) for p in paths))


def test_the_scan_finds_the_codes_of_every_kind_of_raise() -> None:
    found = every_code()
    # One of each way a code is written: a keyword, a class, a dict sent, the wire, a constant,
    # a function returning it, the HTTP middleware, the consumer's own refusal.
    assert {"stacking_limit", "game_over", "bad_subscription", "too_large", "storage_full",
            "space_taken", "method_not_allowed", "rate_limited", "no_days_left", "bad_days"} <= found
    assert len(found) > 100


def test_every_code_raised_has_words() -> None:
    missing = every_code() - set(refusals.WORDS)
    assert not missing, f"codes without words in polis_site/presentation/refusals.py: {sorted(missing)}"


def test_every_refusal_reads_in_spanish_and_names_no_code() -> None:
    for code, text in refusals.WORDS.items():
        english = str(text)
        with translation.override("es"):
            spanish = str(text)
        assert spanish and spanish != english, f"{code} has no Spanish words"
        assert "_" not in english + spanish and "%(code)" not in english, f"{code} shows a code"


def test_the_page_catalogue_carries_every_refusal_in_the_reader_language() -> None:
    with translation.override("es"):
        words = board.catalogue()["refusals"]
    assert set(words) == set(refusals.WORDS) | {refusals.UNKNOWN}
    assert words["stacking_limit"] == "Eso supera el límite de apilamiento de esta ronda."
    assert words["bad_counts"] == "El servidor no pudo leer lo enviado: recarga la página y vuelve a intentarlo."


def test_an_unknown_code_gets_a_plain_sentence_and_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="polis_site.presentation.refusals"):
        text = refusals.said(IllegalAction("x", code="brand_new_rule"))
    assert text == "The server refused this."
    assert "brand_new_rule" in caplog.text
    with translation.override("es"):
        assert refusals.said(IllegalAction("x", code="brand_new_rule")) == "El servidor ha rechazado esto."


def test_figures_fill_the_words_and_a_missing_figure_never_shows_a_placeholder() -> None:
    assert refusals.said(IllegalAction("x", code="too_many_computer_matches", most=3)).startswith("You have 3 matches")
    assert "%(" not in refusals.said(IllegalAction("x", code="too_many_computer_matches"))


def test_every_reason_a_random_game_greys_has_words() -> None:
    """The greyed reasons come from probes of the rules (engine/refusals.py), some as codes a
    function returns: over random games, each one met has words."""
    met: set[str] = set()

    def collect(state: api.GameState) -> None:
        if state.outcome is not None or state.decision is None or state.decision.kind != "action":
            return
        side = state.decision.side
        top = api.options(state, side)
        met.update(item["reason"] for item in top["unavailable"])
        if top["alone"]:
            return
        for kind in set(top["choices"]) - {"pass"}:
            met.update(item["reason"] for item in api.options(state, side, {"type": kind}).get("unavailable", []))

    for seed in range(3):
        playout.play(seed, max_steps=120, observe=collect)
    assert len(met) >= 5
    assert met <= set(refusals.WORDS), sorted(met - set(refusals.WORDS))
