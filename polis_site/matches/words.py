"""A logged action in plain words, for the admin and the match log ("Sparta created 1 hoplite in
Pylos (1 iron)")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.data import geography, markets, poleis, projects

Describe = Callable[[Mapping[str, Any]], str]


def _name(place: str) -> str:
    if place in poleis.POLEIS:
        return poleis.polis(place).name
    return geography.NAMES.get(place, place)


def _goods(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {good}" for good, n in counts.items()) or "nothing"


def _moves(a: Mapping[str, Any]) -> str:
    return f"moved {len(a.get('origins', []))} to {_name(a['destination'])} from " + ", ".join(
        _name(o) for o in a.get("origins", []))


DESCRIBE: dict[str, Describe] = {
    "pass": lambda a: "passed",
    "create_hoplites": lambda a: f"created {a['count']} hoplites at {_name(a['polis'])} ({_goods(a['payment'])})",
    "create_galleys": lambda a: f"created galleys at {_name(a['polis'])}: "
                                f"{_goods({_name(s): n for s, n in a['seas'].items()})} ({_goods(a['payment'])})",
    "create_merchants": lambda a: f"created {a['count']} merchants at {_name(a['polis'])} ({_goods(a['payment'])})",
    "develop_project": lambda a: f"began {projects.tile(a['project']).name} in {_name(a['polis'])}",
    "move_hoplites": lambda a: "hoplites " + _moves(a),
    "move_galleys": lambda a: "galleys " + _moves(a),
    "lay_siege": lambda a: f"laid siege to {_name(a['polis'])}",
    "collect_tribute": lambda a: f"collected tribute in {_name(a['territory'])} ({_goods(a['columns'])} hoplites)",
    "trade": lambda a: f"traded {a['give']} at {markets.SPACE_BY_ID[a['space']].market.title()} "
                       f"(a {markets.SPACE_BY_ID[a['space']].load}-load space)",
    "move_proxenos": lambda a: f"sent the proxenos to {_name(a['destination'])}",
    "instigate_civil_war": lambda a: f"instigated a civil war in {_name(a['polis'])}",
    "ransom_proxenos": lambda a: "ransomed the proxenos",
    "choose_battle": lambda a: f"chose to fight in {_name(a['site'])} first",
    "attack": lambda a: f"attacked with cards {a.get('cards')}",
    "defend": lambda a: f"defended with cards {a.get('cards')}",
    "retreat": lambda a: "retreated",
    "fight_on": lambda a: "fought on",
    "feed": lambda a: "fed the population" + (f", giving up {', '.join(_name(p) for p in a['give_up'])}"
                                              if a.get("give_up") else " (with prestige where wheat fell short)"),
    "grow": lambda a: "grew " + (_goods({_name(p): n for p, n in a.get("poleis", {}).items()}) or "nothing"),
    "phoros": lambda a: f"demanded phoros for {a['prestige']} prestige" if a.get("prestige") else "demanded no phoros",
    "discard_project": lambda a: f"discarded {projects.tile(a['project']).name}",
    "event": lambda a: f"chose {a['option']!r} on the event card" if "option" in a else
                       f"removed {_goods({_name(p): n for p, n in a.get('remove', {}).items()})} for the event card",
}


def describe(side: str, action: Mapping[str, Any]) -> str:
    """One line; an action this module does not know (or a malformed one) is shown as its JSON."""
    try:
        words = DESCRIBE[action["type"]](action)
    except (KeyError, TypeError, AttributeError):
        words = f"sent {dict(action)!r}"
    extra = f" (+1 {action['extra']} acting alone)" if action.get("extra") else ""
    return f"{side.title()} {words}{extra}"
