"""A logged action in plain words, for the admin and the match log ("Sparta created 2 hoplites at
Pylos (2 iron)"), in the active language. Proper names stay as the rulebook prints them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.data import geography, markets, poleis, projects
from polis_site.matches.models import SIDES

Describe = Callable[[Mapping[str, Any]], str]
#: The languages a log entry is sent in (the page picks its own).
LANGUAGES = ("en", "es")


def name(place: str) -> str:
    if place in poleis.POLEIS:
        return poleis.polis(place).name
    return geography.NAMES.get(place, place)


def good(resource: str) -> str:
    """A track's name in the active language."""
    return {"prestige": _("prestige"), "iron": _("iron"), "wood": _("wood"), "wine": _("wine"),
            "silver": _("silver"), "wheat": _("wheat")}.get(resource, resource)


def side_name(side: str) -> str:
    return str(dict(SIDES).get(side, side))


def _goods(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {good(g)}" for g, n in counts.items()) or _("nothing")


def _placed(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {name(p)}" for p, n in counts.items()) or _("nothing")


def _moved(a: Mapping[str, Any], units: str) -> str:
    origins = a.get("origins", [])
    return _("moved %(count)s %(units)s to %(place)s from %(origins)s") % {
        "count": len(origins), "units": units, "place": name(a["destination"]),
        "origins": ", ".join(name(o) for o in origins)}


def _trade(a: Mapping[str, Any]) -> str:
    space = markets.SPACE_BY_ID[a["space"]]
    return _("traded %(give)s at %(market)s for %(load)s %(receive)s") % {
        "give": good(a["give"]), "market": name(space.market), "load": space.load, "receive": good(space.receive)}


def _feed(a: Mapping[str, Any]) -> str:
    if a.get("give_up"):
        return _("fed the population, giving up %(poleis)s") % {"poleis": ", ".join(name(p) for p in a["give_up"])}
    return _("fed the population (with prestige where wheat fell short)")


def _event(a: Mapping[str, Any]) -> str:
    if "option" in a:
        return _("chose “%(option)s” on the event card") % {"option": a["option"]}
    return _("removed %(units)s for the event card") % {"units": _placed(a.get("remove", {}))}


DESCRIBE: dict[str, Describe] = {
    "pass": lambda a: _("passed"),
    "create_hoplites": lambda a: ngettext("created %(count)s hoplite at %(polis)s (%(paid)s)",
                                          "created %(count)s hoplites at %(polis)s (%(paid)s)", a["count"]) % {
        "count": a["count"], "polis": name(a["polis"]), "paid": _goods(a["payment"])},
    "create_galleys": lambda a: _("created galleys at %(polis)s: %(seas)s (%(paid)s)") % {
        "polis": name(a["polis"]), "seas": _placed(a["seas"]), "paid": _goods(a["payment"])},
    "create_merchants": lambda a: ngettext("created %(count)s merchant at %(polis)s (%(paid)s)",
                                           "created %(count)s merchants at %(polis)s (%(paid)s)", a["count"]) % {
        "count": a["count"], "polis": name(a["polis"]), "paid": _goods(a["payment"])},
    "develop_project": lambda a: _("began %(project)s in %(polis)s") % {
        "project": projects.tile(a["project"]).name, "polis": name(a["polis"])},
    "move_hoplites": lambda a: _moved(a, _("hoplites")),
    "move_galleys": lambda a: _moved(a, _("galleys")),
    "lay_siege": lambda a: _("laid siege to %(polis)s") % {"polis": name(a["polis"])},
    "collect_tribute": lambda a: _("collected tribute in %(territory)s (%(columns)s)") % {
        "territory": name(a["territory"]), "columns": _goods(a["columns"])},
    "trade": _trade,
    "move_proxenos": lambda a: _("sent the proxenos to %(polis)s") % {"polis": name(a["destination"])},
    "instigate_civil_war": lambda a: _("instigated a civil war in %(polis)s") % {"polis": name(a["polis"])},
    "ransom_proxenos": lambda a: _("ransomed the proxenos"),
    "choose_battle": lambda a: _("chose to fight in %(place)s first") % {"place": name(a["site"])},
    "attack": lambda a: _("attacked with cards %(cards)s") % {"cards": ", ".join(map(str, a.get("cards", [])))},
    "defend": lambda a: _("defended with cards %(cards)s") % {"cards": ", ".join(map(str, a.get("cards", [])))},
    "retreat": lambda a: _("retreated"),
    "fight_on": lambda a: _("fought on"),
    "feed": _feed,
    "grow": lambda a: _("grew %(poleis)s") % {"poleis": _placed(a.get("poleis", {}))},
    "phoros": lambda a: (_("demanded phoros for %(prestige)s prestige") % {"prestige": a["prestige"]}
                         if a.get("prestige") else _("demanded no phoros")),
    "discard_project": lambda a: _("discarded %(project)s") % {"project": projects.tile(a["project"]).name},
    "event": _event,
}


def describe(side: str, action: Mapping[str, Any]) -> str:
    """One line; an action this module does not know (or a malformed one) is shown as its JSON."""
    try:
        words = DESCRIBE[action["type"]](action)
    except (KeyError, TypeError, AttributeError):
        words = _("sent %(action)r") % {"action": dict(action) if isinstance(action, Mapping) else action}
    extra = (" " + _("(+1 %(good)s, acting alone)") % {"good": good(action["extra"])}
             if isinstance(action, Mapping) and action.get("extra") else "")
    return f"{side_name(side)} {words}{extra}"


def in_every_language(side: str, action: Mapping[str, Any]) -> dict[str, str]:
    """The line in each language the site speaks: a broadcast goes to readers of both."""
    lines = {}
    for language in LANGUAGES:
        with translation.override(language):
            lines[language] = describe(side, action)
    return lines
