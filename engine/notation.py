"""Polis notation: a whole game as text, a line per decision, that a person reads and a program
parses, as chess keeps its games in PGN. The grammar is docs/notation.md's:

    [Ruleset "2020"]
    [Athens "pericles"]
    [Sparta "archidamos"]
    [Setup "{\\"project_order\\": [...], \\"events\\": [...], \\"edition\\": \\"2020\\"}"]

    1. sparta {"type": "trade", ...} ; Sparta traded silver at Persia for 3 wheat
    ~ {"dice": [3, 5]}

Tags first (`[Name "value"]`, the value a JSON string), then a blank line, then the moves: each
decision `N. side ACTION`, ACTION the engine's JSON of it, and each chance outcome drawn after it
`~ OUTCOME`; a `;` after the JSON begins words for people, which a reader skips. The Setup tag
holds what chance decided before the first turn, so the text replays alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.api import apply_entry
from engine.data.sides import SIDES
from engine.errors import ActionError, MalformedAction
from engine.setup import Setup, new_game
from engine.state import GameState

Event = dict[str, Any]

#: The `Ending` of a game the server ended, not the rules: its moves end with the game in play.
SERVER_ENDINGS = ("resigned", "time_out", "aborted")
#: The tags every game carries, first and in this order; others follow.
ORDER = ("Event", "Site", "Date", "Ruleset", "Athens", "Sparta", "Result", "Ending", "Setup")
TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) ("(?:[^"\\]|\\.)*")\]')
DECISION = re.compile(r"(\d+)\. (athens|sparta) ")
CHANCE = "~ "
_decoder = json.JSONDecoder()


@dataclass(frozen=True)
class Game:
    """A game read from text: its tags, its setup and its log (engine entries: `{"side",
    "action"}` and `{"chance"}`)."""

    tags: dict[str, str]
    setup: Setup
    log: list[dict[str, Any]] = field(default_factory=list)
    #: The text's line of each log entry: a refusal names where to look.
    lines: list[int] = field(default_factory=list)

    def replayed(self) -> GameState:
        """The game replayed to its last line; refused (`bad_notation`) at the line and move that
        does not replay, or where the moves end short of the `Result` the tags give (a file cut,
        or altered): never a finished game read as one in play."""
        state = new_game(self.setup)
        moves = 0
        for entry, at in zip(self.log, self.lines, strict=True):
            moves += "side" in entry
            try:
                state, _ = apply_entry(state, entry)
            except ActionError as error:
                what = "the chance outcome after move" if "chance" in entry else "move"
                raise MalformedAction(f"line {at}, {what} {moves}, does not replay: {error}", code="bad_notation") from error
        said = self.tags.get("Result", "*")
        # A game the rules ended with no winner (a shared victory) is "shared"; one the server ended
        # (a resignation, a time-out) has no move of its end, so its moves end in play.
        ended = "*" if state.outcome is None else result(state.outcome["winner"] or "")
        if said != "*" and said != ended and self.tags.get("Ending") not in SERVER_ENDINGS:
            where = "in play" if state.outcome is None else f"with the result {ended!r}"
            raise MalformedAction(f"the tags say [Result {said!r}], but its {moves} moves end {where}: the file "
                                  "is cut short or altered", code="bad_notation")
        return state


def write(tags: Mapping[str, str], setup: Setup, log: Iterable[Mapping[str, Any]],
          words: Callable[[Mapping[str, Any], list[Event]], str] | None = None) -> str:
    """The game as text; `words(entry, events)`, a log entry (a decision, or what chance drew) and
    what it set off, in words after its `;`: a reader of the file alone reads what each die did."""
    tags = {**tags, "Ruleset": setup.edition, "Setup": _dumps(setup.to_json())}
    names = [n for n in ORDER if n in tags] + sorted(n for n in tags if n not in ORDER)
    lines = [f"[{name} {json.dumps(str(tags[name]), ensure_ascii=False)}]" for name in names]
    lines.append("")
    number = 0
    state = new_game(setup) if words is not None else None
    for entry in log:
        said = ""
        if words is not None and state is not None:
            state, events = apply_entry(state, entry)
            said = words(entry, events)
        comment = f" ; {_one_line(said)}" if said else ""
        if "chance" in entry:
            lines.append(CHANCE + _dumps(entry["chance"]) + comment)
            continue
        number += 1
        lines.append(f"{number}. {entry['side']} {_dumps(entry['action'])}{comment}")
    return "\n".join(lines) + "\n"


def read(text: str) -> Game:
    """A game from text; a line that breaks the grammar is refused (`bad_notation`) naming it."""
    if not isinstance(text, str):
        raise MalformedAction("a game in notation is text", code="bad_notation")
    if not text.strip():
        raise MalformedAction("the text is empty: a game in notation opens with its tags", code="bad_notation")
    tags: dict[str, str] = {}
    log: list[dict[str, Any]] = []
    lines: list[int] = []
    number = 0
    for at, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            matched = TAG.fullmatch(line)
            if matched is None or log:
                raise _bad(at, raw, "a tag is [Name \"value\"], before the moves")
            tags[matched.group(1)] = json.loads(matched.group(2))
        elif line.startswith(CHANCE):
            if not log:
                raise _bad(at, raw, "a chance outcome follows a decision")
            log.append({"chance": _json(line, len(CHANCE), at, raw)})
            lines.append(at)
        else:
            matched = DECISION.match(line)
            if matched is None:
                raise _bad(at, raw, 'a move is "N. athens {...}" or "N. sparta {...}"')
            number += 1
            if int(matched.group(1)) != number:
                raise _bad(at, raw, f"decision {number} was expected here")
            action = _json(line, matched.end(), at, raw)
            if not isinstance(action, dict):
                raise _bad(at, raw, "an action is a JSON object")
            log.append({"side": matched.group(2), "action": action})
            lines.append(at)
    if "Setup" not in tags:
        raise MalformedAction("the game has no [Setup \"...\"] tag: it cannot be replayed", code="bad_notation")
    try:
        setup = Setup.from_json(json.loads(tags["Setup"]))
    except (ValueError, MalformedAction) as error:
        raise MalformedAction(f"the Setup tag does not load: {error}", code="bad_notation") from error
    return Game(tags, setup, log, lines)


def _json(line: str, start: int, at: int, raw: str) -> Any:
    """The JSON value at `start`, which may be followed only by a `;` comment."""
    try:
        value, end = _decoder.raw_decode(line, start)
    except json.JSONDecodeError as error:
        raise _bad(at, raw, f"its JSON does not parse ({error.msg})") from error
    rest = line[end:].strip()
    if rest and not rest.startswith(";"):
        raise _bad(at, raw, "only a ; comment may follow the JSON")
    return value


def _bad(at: int, raw: str, why: str) -> MalformedAction:
    return MalformedAction(f"line {at} ({raw.strip()[:80]!r}): {why}", code="bad_notation")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def result(winner: str | None) -> str:
    """The Result tag: the side that won, "shared", or "*" for a game not finished."""
    return winner if winner in SIDES else "shared" if winner == "" else "*"
