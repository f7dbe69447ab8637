"""The forms an options answer offers its field in, and whether a value sent for that field is one
the answer offers: what lets a client in any language walk `api.options` with no knowledge of the
fields, and lets `api.options` refuse what it never offered (docs/api.md, "Building an action").

- `one`: the field's value is one of `choices` (each a value to send as it is).
- `more`: the field is a list, built one item at a time: each item one of `choices` at its step;
  `done_allowed` says when the list may end.
- `counts`: the field maps some of `choices` to whole numbers, each at most `limits[key]`, together
  from `least` to `most`.
- `some`: the field is a list of distinct items of `choices`, any number of them.
- `cards`: battle cards. Attacking, a list of `count` distinct cards of `choices`; defending, a list
  as long as `attack` (one entry for each card laid against it), `count` of them cards of `choices`
  and the others null.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

ONE, MORE, COUNTS, SOME, CARDS = "one", "more", "counts", "some", "cards"
#: The fields whose form is not `one`.
FORMS = {"origins": MORE, "seas": COUNTS, "columns": COUNTS, "poleis": COUNTS, "remove": COUNTS,
         "give_up": SOME, "cards": CARDS}


def form(field: str) -> str:
    return FORMS.get(field, ONE)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values (True is not 1, a list is not a tuple's text)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def among(value: Any, choices: Any) -> bool:
    """Whether `value` is one of `choices` (a list of JSON values)."""
    return isinstance(choices, list) and any(_same(value, choice) for choice in choices)


def _whole(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def offered(answer: Mapping[str, Any], value: Any) -> bool:
    """Whether `value`, sent for the field `answer` asks (`answer["next"]`), has the answer's form and
    lies among what it offers. A `more` field's items are checked one step at a time by the caller."""
    kind = form(answer["next"])
    choices = answer.get("choices")
    if kind == ONE:
        return among(value, choices)
    if kind == COUNTS:
        limits = answer["limits"]
        return (isinstance(value, Mapping) and all(key in limits and _whole(n) and n <= limits[key]
                                                  for key, n in value.items())
                and answer["least"] <= sum(value.values()) <= answer["most"])
    if kind == SOME:
        return (isinstance(value, list) and all(among(item, choices) for item in value)
                and len({json.dumps(item) for item in value}) == len(value))
    if kind == CARDS:
        if not isinstance(value, list):
            return False
        cards = [card for card in value if card is not None]
        shaped = len(value) == len(answer["attack"]) if "attack" in answer else len(cards) == len(value)
        return (shaped and len(cards) == answer["count"] and len(set(map(json.dumps, cards))) == len(cards)
                and all(among(card, choices) for card in cards))
    raise AssertionError(f"the field {answer['next']!r} is built a step at a time")
