"""The JSON Schema of everything a seat may send as `action`: the turn's actions, the pass, the
project discard and each prompt's answers, made from the engine's own tables (each action's
dataclass, `flow.ACTION_FIELDS`, each prompt module's `ANSWER_TYPES`), so that the documented wire
format is the one the engine reads. The legal choices at each step come from the options call."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from engine import api, end_of_round, flow, forms

_DECISION = {"type": "integer", "description": "the id of the decision answered (the prompt's `decision`)"}
_EXTRA = {"type": "string", "description": "acting alone (the opponent passed): the extra resource paid"}
_CHOSEN = {"description": "one of the choices the options call lists for this field"}
#: A prompt's field by the form the options give it (engine/forms.py; docs/api.md, "Building an action").
_FORMED = {
    forms.ONE: _CHOSEN,
    forms.COUNTS: {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                   "description": "some of the options' choices, each with a count up to its limit"},
    forms.SOME: {"type": "array", "description": "distinct items of the options' choices, any number of them"},
    forms.CARDS: {"type": "array", "items": {"type": ["integer", "null"]},
                  "description": "battle cards of the options' choices: attacking, `count` of them; defending, "
                                 "one entry for each card laid against you, null where it is left unanswered"},
}


def _variant(kind: str, properties: dict[str, Any], required: list[str], about: str) -> dict[str, Any]:
    return {"title": kind, "description": about, "type": "object", "additionalProperties": False,
            "properties": {"type": {"const": kind}, "decision": _DECISION, **properties},
            "required": ["type", "decision", *required]}


def _action(kind: str, module: Any) -> dict[str, Any]:
    made = TypeAdapter(module.ACTION).json_schema()
    assert "$defs" not in made, f"{kind}: an action's fields are plain JSON"
    properties = {name: {k: v for k, v in field.items() if k != "title"}
                  for name, field in made.get("properties", {}).items() if name != "type"}
    assert set(properties) | {"extra"} == flow.ACTION_FIELDS[kind] - {"type"}, kind
    return _variant(kind, {**properties, "extra": _EXTRA}, [n for n in made.get("required", []) if n != "type"],
                    f"the turn's action {kind}")


@cache
def schema() -> dict[str, Any]:
    variants = [_variant(api.PASS, {}, [], "the turn's pass"),
                *(_action(kind, module) for kind, module in api.MODULES.items()),
                _variant("discard_project", {"project": _CHOSEN}, ["project"],
                         f"the answer to the prompt {end_of_round.PROJECT_DISCARD}")]
    for prompt, module in flow.PROMPTS.items():
        for kind, names in module.ANSWER_TYPES[prompt].items():
            variants.append(_variant(kind, {name: _FORMED[forms.form(name)] for name in sorted(names)}, [],
                                     f"an answer to the prompt {prompt}"))
    return {"oneOf": variants, "description": "An action or a prompt's answer as the engine reads it. Build one "
            "field at a time with the options call: it names the next field and its legal choices."}
