"""A logged action in plain words, for the admin and the match log ("Sparta created 2 hoplites at
Pylos (2 iron)"), in the active language. Proper names stay as the rulebook prints them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.utils import translation
from django.utils.text import capfirst, get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_noop
from django.utils.translation import ngettext

from engine import editions, event_cards
from engine.data import battle_cards, geography, markets, poleis
from engine.data.sides import opponent
from polis_site.matches.models import ABORTED, DEFAULT_RULESET, RESIGNED, SIDES, TIME_OUT

T = TypeVar("T")
Describe = Callable[[Mapping[str, Any]], str]
#: The languages a log entry is sent in (the page picks its own).
LANGUAGES = ("en", "es")
#: The ruleset of the match whose log is being told (`telling`): a round's name, a tribute row, a
#: market space, the goods the round's end halves are its edition's.
_RULESET: ContextVar[str] = ContextVar("ruleset", default=DEFAULT_RULESET)


@contextmanager
def telling(ruleset: str) -> Iterator[None]:
    """Words of a match of this ruleset, as `translation.override` gives them a language."""
    token = _RULESET.set(ruleset)
    try:
        yield
    finally:
        _RULESET.reset(token)


def _rules() -> editions.Edition:
    return editions.EDITIONS[_RULESET.get()]


def name(place: str) -> str:
    if place in poleis.POLEIS:
        return poleis.polis(place).name
    return geography.NAMES.get(place, place)


#: The tracks' names, translated when said (`good`): a move's log line names a few of them.
GOODS = {"prestige": gettext_noop("prestige"), "iron": gettext_noop("iron"), "wood": gettext_noop("wood"),
         "wine": gettext_noop("wine"), "oil": gettext_noop("oil"), "silver": gettext_noop("silver"),
         "wheat": gettext_noop("wheat")}
SIDE_NAMES = dict(SIDES)


#: The 2020 rounds' names, as each language's rulebook spells them (Alfa, Épsilon, Omega); the
#: 2012 rounds are numbers.
ROUND_NAMES = {"Alpha": gettext_noop("Alpha"), "Epsilon": gettext_noop("Epsilon"), "Omega": gettext_noop("Omega")}


def round_name(name: str) -> str:
    return _(ROUND_NAMES[name]) if name in ROUND_NAMES else name


def good(resource: str) -> str:
    """A track's name in the active language."""
    return _(GOODS[resource]) if resource in GOODS else resource


def side_name(side: str) -> str:
    return str(SIDE_NAMES.get(side, side))


def counted(n: int | str, resource: str) -> str:
    """"4 wine", "4 de vino": a count and its good as the language joins them (the page's too)."""
    return _("%(n)s %(good)s") % {"n": n, "good": good(resource)}


def _goods(counts: Mapping[str, int]) -> str:
    return ", ".join(counted(n, g) for g, n in counts.items()) or _("nothing")


def _placed(counts: Mapping[str, int]) -> str:
    """Poleis with a number each (cubes grown or lost): "Athinae +2, Chalkis +1"."""
    return ", ".join(f"{name(p)} {n:+d}" for p, n in counts.items()) or _("nothing")


def _count(n: int, area: str) -> str:
    """`n` units of the kind that stands in `area`: "1 hoplite", "3 galleys"."""
    return (ngettext("%(count)s hoplite", "%(count)s hoplites", n) if geography.is_territory(area)
            else ngettext("%(count)s galley", "%(count)s galleys", n)) % {"count": n}


def _units(counts: Mapping[str, int]) -> str:
    """Units by where they stand: "2 hoplites in Boiotia, 1 galley in Kyklades"."""
    said = [_("%(units)s in %(place)s") % {"units": _count(n, area), "place": name(area)} for area, n in counts.items()]
    return ", ".join(said) or _("nothing")


def _cards(site: str, numbers: list[int | None]) -> str:
    """Battle cards by their faces on the battle's terrain: "Phalanx (+2), Cavalry (+1)"."""
    terrain = battle_cards.SEA if site in geography.SEAS else battle_cards.LAND
    faces = (battle_cards.card(n).face(terrain) for n in numbers if n is not None)
    return ", ".join(f"{face.formation_name} ({face.value:+d})" for face in faces) or _("no card")


def _moved(a: Mapping[str, Any]) -> str:
    """A move, each origin named once: "moved 3 hoplites to Messinia from Lakedaemon", or with
    several origins "from Lakedaemon (2), Arcadia (1)"."""
    origins = Counter(a.get("origins", []))
    where = (name(next(iter(origins))) if len(origins) == 1
             else ", ".join(f"{name(o)} ({n})" for o, n in origins.items()))
    return _("moved %(units)s to %(place)s from %(origins)s") % {
        "units": _count(sum(origins.values()), a["destination"]), "place": name(a["destination"]), "origins": where}


def _trade(a: Mapping[str, Any]) -> str:
    space = _rules().space(a["space"])
    return _("traded %(give)s at %(market)s for %(load)s %(receive)s") % {
        "give": good(a["give"]), "market": name(space.market), "load": space.load, "receive": good(space.receive)}


def _develop(a: Mapping[str, Any]) -> str:
    """With the goods paid in silver, where some were: two ways to pay read apart (the analysis
    names the way it preferred)."""
    said = {"project": editions.tile(a["project"]).name, "polis": name(a["polis"])}
    if not a.get("silver_for"):
        return _("began %(project)s in %(polis)s") % said
    return _("began %(project)s in %(polis)s, paying silver for its %(goods)s") % {
        **said, "goods": get_text_list([good(g) for g in a["silver_for"]], _("and"))}


def _feed(a: Mapping[str, Any]) -> str:
    """The answer, what was given up named: two answers read apart (the analysis names the one it
    preferred); the famine's own line after it says the prestige it cost."""
    if a.get("give_up"):
        return _("gave up %(poleis)s to the famine") % {"poleis": get_text_list([name(p) for p in a["give_up"]], _("and"))}
    return _("kept every polis in the famine")


def _event(a: Mapping[str, Any]) -> str:
    if "option" in a:
        return _("chose “%(option)s” on the event card") % {"option": _(a["option"])}
    if "polis" in a:
        return _("lost %(polis)s to the event card") % {"polis": name(a["polis"])}
    if not a.get("remove"):
        return _("declined the event card's offer")
    return _("removed %(units)s for the event card") % {"units": _units(a["remove"])}


def _tribute(a: Mapping[str, Any]) -> str:
    """What the columns collected; hoplites quelling pacifists (an event card) are said apart."""
    columns = {r: n for r, n in a["columns"].items() if r != "prestige"}
    said = _("collected tribute in %(territory)s (%(columns)s)") % {
        "territory": name(a["territory"]),
        "columns": _goods({r: _rules().column(a["territory"], r).pays(n) for r, n in columns.items()})}
    quelling = a["columns"].get("prestige", 0)
    if quelling:
        said += "; " + ngettext("%(n)s hoplite quelled the pacifists", "%(n)s hoplites quelled the pacifists",
                                quelling) % {"n": quelling}
    return said


DESCRIBE: dict[str, Describe] = {
    "pass": lambda a: _("passed"),
    "create_hoplites": lambda a: (ngettext("hired %(count)s mercenary hoplite at %(polis)s (%(paid)s)",
                                           "hired %(count)s mercenary hoplites at %(polis)s (%(paid)s)", a["count"])
                                  if a.get("hire") else
                                  ngettext("created %(count)s hoplite at %(polis)s (%(paid)s)",
                                           "created %(count)s hoplites at %(polis)s (%(paid)s)", a["count"])) % {
        "count": a["count"], "polis": name(a["polis"]), "paid": _goods(a["payment"])},
    "create_galleys": lambda a: (_("hired mercenary galleys at %(polis)s: %(seas)s (%(paid)s)") if a.get("hire")
                                 else _("created galleys at %(polis)s: %(seas)s (%(paid)s)")) % {
        "polis": name(a["polis"]), "seas": _units(a["seas"]), "paid": _goods(a["payment"])},
    "create_merchants": lambda a: ngettext("created %(count)s merchant at %(polis)s (%(paid)s)",
                                           "created %(count)s merchants at %(polis)s (%(paid)s)", a["count"]) % {
        "count": a["count"], "polis": name(a["polis"]), "paid": _goods(a["payment"])},
    "develop_project": _develop,
    "move_hoplites": _moved,
    "move_galleys": _moved,
    "lay_siege": lambda a: _("laid siege to %(polis)s") % {"polis": name(a["polis"])},
    "collect_tribute": _tribute,
    "trade": _trade,
    "move_proxenos": lambda a: _("sent the proxenos to %(polis)s") % {"polis": name(a["destination"])},
    "instigate_civil_war": lambda a: _("instigated a civil war in %(polis)s") % {"polis": name(a["polis"])},
    "ransom_proxenos": lambda a: _("ransomed the proxenos"),
    "choose_battle": lambda a: _("chose to fight in %(place)s first") % {"place": name(a["site"])},
    "attack": lambda a: _("attacked with %(cards)s") % {"cards": _cards(a["site"], a.get("cards", []))}
    if "site" in a else _("attacked"),
    "defend": lambda a: _("defended with %(cards)s") % {"cards": _cards(a["site"], a.get("cards", []))}
    if "site" in a else _("defended"),
    "retreat": lambda a: _("retreated"),
    "double": lambda a: _("had its great commander double the battle's prestige"),
    "decline": lambda a: _("kept its great commander for another battle"),
    "fight_on": lambda a: _("chose to fight on rather than retreat"),
    "feed": _feed,
    "grow": lambda a: (_("grew %(poleis)s") % {"poleis": _placed(a["poleis"])} if a.get("poleis")
                       else _("grew no polis")),
    "phoros": lambda a: (_("gave %(prestige)s prestige for phoros") % {"prestige": a["prestige"]}
                         if a.get("prestige") else _("gave no prestige for phoros")),
    "discard_project": lambda a: _("discarded %(project)s") % {"project": editions.tile(a["project"]).name},
    "event": _event,
}


def describe(side: str, action: Mapping[str, Any], events: list[Mapping[str, Any]] = ()) -> str:
    """One line; an action this module does not know (or a malformed one) is shown as its JSON.
    `events` (what the action set off) name the battle whose cards an attack or defence lays."""
    site = next((e["site"] for e in events if e.get("event") in ("battle_attack", "battle_clash")), None)
    if site is not None and isinstance(action, Mapping):
        action = {**action, "site": site}
    try:
        words = DESCRIBE[action["type"]](action)
    except (KeyError, TypeError, AttributeError):
        words = _("sent %(action)r") % {"action": dict(action) if isinstance(action, Mapping) else action}
    extra = (" " + _("(paying 1 %(good)s more, acting alone: %(other)s had passed)") % {
        "good": good(action["extra"]), "other": side_name(opponent(side))}
        if isinstance(action, Mapping) and action.get("extra") else "")
    return f"{side_name(side)} {words}{extra}"


def in_every_language(say: Callable[[], T]) -> dict[str, T]:
    """`say()` in each language the site speaks: a broadcast goes to readers of both."""
    said = {}
    for language in LANGUAGES:
        with translation.override(language):
            said[language] = say()
    return said


# --------------------------------------------------------------------------- what followed an action

ENDINGS: dict[str, Describe] = {
    "score": lambda o: _("%(winner)s wins on points (%(totals)s).") % {
        "winner": side_name(o["winner"]), "totals": _sides(o.get("totals", {}))},
    "resources_tiebreak": lambda o: _("%(winner)s wins: the points are tied and it holds more resources.") % {
        "winner": side_name(o["winner"])},
    "shared_victory": lambda o: _("The victory is shared: points and resources are tied."),
    "famine": lambda o: _("%(winner)s wins: the other side could not feed its population.") % {
        "winner": side_name(o["winner"])},
    "prestige_exhausted": lambda o: _("%(winner)s wins: the other side had to lose prestige it did not have.") % {
        "winner": side_name(o["winner"])},
    RESIGNED: lambda o: _("%(winner)s wins: the other side resigned.") % {"winner": side_name(o["winner"])},
    TIME_OUT: lambda o: _("%(winner)s wins: the other side ran out of time.") % {"winner": side_name(o["winner"])},
    ABORTED: lambda o: _("The match was aborted before both sides had begun: nobody wins, and it counts for nothing."),
    "no_prestige_at_round_end": lambda o: (
        _("%(winner)s wins: the other side ended the round with no prestige.") % {"winner": side_name(o["winner"])}
        if o.get("winner") else _("Nobody wins: both sides ended the round with no prestige.")),
}

#: How a match ended, in a word or two for listings ("Won on time"): the engine's reasons and the
#: server's.
HOW = {"score": gettext_lazy("on points"), "resources_tiebreak": gettext_lazy("on resources"),
       "shared_victory": gettext_lazy("on a tie"), "famine": gettext_lazy("by famine"),
       "prestige_exhausted": gettext_lazy("on prestige"), "no_prestige_at_round_end": gettext_lazy("on prestige"),
       RESIGNED: gettext_lazy("by resignation"), TIME_OUT: gettext_lazy("on time"), ABORTED: gettext_lazy("aborted")}


def ending(outcome: Mapping[str, Any]) -> str:
    """Who won a finished game, and why (an outcome of `engine.api.outcome`)."""
    return ENDINGS[outcome["reason"]](outcome)


BATTLE_ENDINGS: dict[str, Describe] = {
    "retreat": lambda e: _("%(side)s retreated from the battle in %(place)s; %(other)s gains %(prestige)s prestige.") % {
        "side": side_name(e["retreated"]), "place": name(e["site"]),
        "other": side_name(opponent(e["retreated"])), "prestige": e.get("opponent_gained", 0)},
    "defender_below_two": lambda e: _("The battle in %(place)s ends: %(side)s has fewer than two units left.") % {
        "place": name(e["site"]), "side": side_name(e["defender"])},
    "deck_exhausted": lambda e: _("The battle in %(place)s ends: the battle deck cannot deal the next hands.") % {
        "place": name(e["site"])},
}


def _sides(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{side_name(side)} {n}" for side, n in counts.items())


def _signed(amount: int, resource: str) -> str:
    return counted(f"{amount:+d}", resource)


def _card_pair(site: str, pair: Mapping[str, Any]) -> str:
    return _("%(attack)s against %(defence)s") % {"attack": _cards(site, [pair["attack"]]),
                                                   "defence": _cards(site, [pair["defend"]])}


def _clash(e: Mapping[str, Any]) -> str:
    words = _("Clash in %(place)s (%(pairs)s): %(defender)s loses %(lost)s") % {
        "place": name(e["site"]), "pairs": "; ".join(_card_pair(e["site"], p) for p in e["pairs"]),
        "defender": side_name(opponent(e["attacker"])),
        "lost": ngettext("%(count)s unit", "%(count)s units", e["units_lost"]) % {"count": e["units_lost"]}}
    if e["prestige"]:
        words += "; " + _("%(attacker)s %(prestige)s") % {"attacker": side_name(e["attacker"]),
                                                        "prestige": _signed(e["prestige"], "prestige")}
    if e.get("defender_paid"):  # the 2012 edition: the defender's Salpinx costs its player
        words += "; " + _("%(defender)s %(prestige)s for its Salpinx") % {
            "defender": side_name(opponent(e["attacker"])), "prestige": _signed(-e["defender_paid"], "prestige")}
    return words + "."


def _siege(r: Mapping[str, Any]) -> str:
    if r["roll"] is None:  # the 2012 edition: a fortification of 1 is taken with no roll
        roll = _("Siege of %(polis)s: fortification %(fortification)s needs no roll") % {
            "polis": name(r["polis"]), "fortification": r["fortification"]}
    else:
        roll = _("Siege of %(polis)s: %(roll)s rolled + %(bonus)s against fortification %(fortification)s") % {
            "polis": name(r["polis"]), "roll": r["roll"], "bonus": r["bonus"], "fortification": r["fortification"]}
    if r["success"]:
        words = roll + ": " + _("taken (%(prestige)s prestige)") % {"prestige": f"{r.get('prestige', 0):+d}"}
        if r.get("proxenos_captured"):
            words += "; " + _("the proxenos of %(side)s is captured") % {"side": side_name(r["proxenos_captured"])}
        return words + "."
    words = roll + ": " + _("it holds; a hoplite is lost")
    if r.get("rebelled"):
        words += "; " + _("the polis is left empty and turns neutral")
    return words + "."


def _result(e: Mapping[str, Any]) -> list[str]:
    """An action's or a chance draw's outcome; results already told by the action's line say nothing."""
    r = e.get("result") or {}
    if "battle" in r:
        return happenings(r["battle"])
    if "roll" in r:
        return [_siege(r)]
    if "market_value" in r and not r["market_value"]:
        return [_("The market holds: no price changes.")]
    if "market_value" in r:
        load = markets.CHART[0].load
        return [_("The market moves: a load of %(load)s now costs %(costs)s.") % {"load": load, "costs": ", ".join(
            counted(markets.market_cost(load, position), g) for g, position in r["market_value"].items())}]
    if "population" in r and "from" in r:
        return [_("%(polis)s changes sides with %(population)s population; %(side)s %(prestige)s.") % {
            "polis": name(r["polis"]), "population": r["population"], "side": side_name(e["side"]),
            "prestige": _signed(r.get("prestige", 0), "prestige")}]
    return []


def _famine(e: Mapping[str, Any]) -> str:
    said = {"side": side_name(e["side"]), "prestige": e["prestige"], "poleis": ", ".join(name(p) for p in e.get("poleis", []))}
    if not said["poleis"]:
        return _("Famine: %(side)s loses %(prestige)s prestige.") % said
    if not e["prestige"]:
        return _("Famine: %(side)s gives up %(poleis)s.") % said
    return _("Famine: %(side)s gives up %(poleis)s and loses %(prestige)s prestige.") % said


def _event_effect(e: Mapping[str, Any]) -> str:
    who = side_name(e["side"])
    if "placed" in e:
        return _("Event card: %(side)s places %(units)s.") % {"side": who, "units": _units(e["placed"])}
    if "depopulated" in e:
        return _("Event card: %(poleis)s lose population.") % {
            "poleis": _placed({p: -n for p, n in e["depopulated"].items()})}
    # What changed, never a "+0 prestige" (a card that rewards nothing for the units it takes).
    changes = ", ".join(_signed(n, track) for track, n in e.get("gained", {}).items() if n)
    if "abroad" in e:
        said = {"side": who, "units": _units(e["removed"]) or _("no unit"), "market": name(e["abroad"]), "changes": changes}
        return (_("Event card: %(side)s sends %(units)s to %(market)s (%(changes)s).") if changes
                else _("Event card: %(side)s sends %(units)s to %(market)s.")) % said
    if "removed" in e:
        said = {"side": who, "units": _units(e["removed"]), "changes": changes}
        return (_("Event card: %(side)s removes %(units)s (%(changes)s).") if changes
                else _("Event card: %(side)s removes %(units)s.")) % said
    if "returned" in e:
        return _("Event card: %(side)s's units come home: %(units)s; %(lost)s lost.") % {
            "side": who, "units": _units(e["returned"]) or _("none"), "lost": e["lost"]}
    if "defected" in e and e["defected"] is None:
        return _("Event card: %(side)s has no polis that may go over (population 1, not its capital).") % {"side": who}
    if "defected" in e:
        return _("Event card: %(polis)s goes over from %(side)s to %(other)s.") % {
            "polis": name(e["defected"]), "side": who, "other": side_name(e["to"])}
    if "blocking" in e:
        return _("Event card: %(side)s ends its turn blocking the way to %(markets)s (%(changes)s).") % {
            "side": who, "markets": ", ".join(name(m) for m in e["blocking"]), "changes": changes}
    return _("Event card: %(side)s %(changes)s.") % {"side": who, "changes": changes}


def _invasion(e: Mapping[str, Any]) -> str:
    if e["no_tribute"]:
        return _("Event card: nobody meets the landing in %(place)s, which pays no tribute this round.") % {
            "place": name(e["territory"])}
    return _("Event card: the landing in %(place)s costs %(losses)s.") % {
        "place": name(e["territory"]), "losses": _sides(e["losses"])}


def _round_begins(e: Mapping[str, Any]) -> str:
    """A round's start with its card; a card with nothing on it ("No event") is said as no event."""
    card = editions.card(e["event_card"])
    if not card.effects:
        return _("Round %(round)s begins, with no event this round.") % {"round": round_name(_rules().round(e["round"]).name)}
    said = {"round": round_name(_rules().round(e["round"]).name), "card": _(card.title)}
    # Who resolves it, in its order: a card of one side's ("Egypt revolts", Athens's) names that side alone.
    sides = [side for side in e["order"] if event_cards.part_of(card, side)]
    if len(sides) > 1:
        return _("Round %(round)s begins with the event “%(card)s”; %(side)s resolves it first.") % {
            **said, "side": side_name(sides[0])}
    if sides:
        return _("Round %(round)s begins with the event “%(card)s”, %(side)s's to resolve.") % {
            **said, "side": side_name(sides[0])}
    return _("Round %(round)s begins with the event “%(card)s”.") % said


HAPPENINGS: dict[str, Callable[[Mapping[str, Any]], list[str]]] = {
    "round_begins": lambda e: [_round_begins(e)],
    "event_effect": lambda e: [_event_effect(e)],
    "market_value_set": lambda e: [_("Event card: %(good)s's market value returns to box %(box)s.") % {
        "good": good(e["good"]), "box": e["position"] + 1}],
    "invasion": lambda e: [_invasion(e)],
    "battle_check": lambda e: [_("Battles are due in %(places)s.") % {"places": ", ".join(name(s) for s in e["sites"])}]
    if e["sites"] else [],
    "battle_begins": lambda e: [_("A battle begins in %(place)s (%(units)s); %(side)s attacks first.") % {
        "place": name(e["site"]), "units": _sides(e["units"]), "side": side_name(e["first_attacker"])}],
    "battle_clash": lambda e: [_clash(e)],
    "commander": lambda e: [_("%(side)s's great commander doubles the battle's prestige (+%(n)s).") % {
        "side": side_name(e["side"]), "n": e["prestige"]}],
    "battle_replay": lambda e: [ngettext("Superstition: the tied pair is fought again.",
                                         "Superstition: the %(n)s tied pairs are fought again.", e["pairs"]) % {
        "n": e["pairs"]}],
    "battle_ends": lambda e: [BATTLE_ENDINGS[e["reason"]](e)],
    "result": _result,
    "food": lambda e: [_("%(side)s feeds its population with %(wheat)s wheat.") % {
        "side": side_name(e["side"]), "wheat": e["wheat"]}],
    "famine": lambda e: [_famine(e)] if e.get("poleis") or e["prestige"] else [],
    "megalopolis": lambda e: [_("Megalopolis: %(side)s's %(poleis)s above base population (%(prestige)s).") % {
        "side": side_name(e["side"]), "poleis": ", ".join(name(p) for p in e["poleis"]),
        "prestige": _signed(e["prestige"], "prestige")}],
    "goods_adjusted": lambda e: [capfirst(_("%(goods)s are halved.") % {
        "goods": get_text_list([good(g) for g in _rules().resources if g in _rules().perishable], _("and"))})],
    "phoros": lambda e: [_("%(side)s receives %(silver)s silver of phoros.") % {
        "side": side_name(e["side"]), "silver": e["silver"]}] if e["silver"] else [],
    "project_completed": lambda e: [_("%(side)s completes %(project)s in %(polis)s (%(prestige)s).") % {
        "side": side_name(e["side"]), "project": editions.tile(e["project"]).name, "polis": name(e["polis"]),
        "prestige": _signed(e["prestige"], "prestige")}],
    "projects_drawn": lambda e: [_("New projects drawn: %(projects)s.") % {
        "projects": ", ".join(editions.tile(p).name for p in e["drawn"])}],
    "game_over": lambda e: [" ".join((_("The game is over."), ending(e)))],
    "no_growth": lambda e: [{
        "wheat": _("%(side)s cannot grow: it has no wheat left."),
        "room": _("%(side)s cannot grow: its poleis are at their most."),
        "cubes": _("%(side)s cannot grow: it has no population cube in reserve."),
    }[e["lacking"]] % {"side": side_name(e["side"])}],
}


#: Events the action's own line already tells (its payment, the pass, a chosen card, the hands
#: dealt, the growth chosen), or that are secret or empty: they add no line.
SILENT = frozenset({"action", "pass", "chance", "battle_chosen", "battle_attack", "battle_draw", "event_choice",
                    "growth", "project_discarded"})


def happenings(events: list[Mapping[str, Any]], action: Mapping[str, Any] | None = None) -> list[str]:
    """What followed an action, in lines: dice, battles, the round's events and its end. What the
    action's own line names is not said again (the poleis a famine's answer gave up)."""
    given = set(action.get("give_up") or ()) if isinstance(action, Mapping) and action.get("type") == "feed" else set()
    told = [{**e, "poleis": [p for p in e.get("poleis", []) if p not in given]} if e["event"] == "famine" and given else e
            for e in events]
    return [line for event in told if event["event"] not in SILENT for line in HAPPENINGS[event["event"]](event)]


#: The round's end, which no move makes: what the move that ends a round (the second pass, the last
#: battle's end, the last answer at the round's end) sets off beyond itself is told apart from it.
ROUND_END = frozenset({"food", "famine", "no_growth", "growth", "megalopolis", "goods_adjusted", "phoros",
                       "project_completed", "projects_drawn"})
#: The event of the round's end that answers a decision of it: the answer's own.
ANSWERED = {"feed": "famine", "grow": "growth", "phoros": "phoros"}


def _round_part(side: str, action: Mapping[str, Any], event: Mapping[str, Any]) -> str | None:
    """The part of the round `event` begins ("end", "begins"), or None where it is the move's own."""
    kind = event["event"]
    if kind == "round_begins":
        return "begins"
    own = isinstance(action, Mapping) and ANSWERED.get(str(action.get("type"))) == kind and event.get("side") == side
    if (kind in ROUND_END and not own) or (kind == "battle_check" and event.get("when") == "round_end"):
        return "end"
    return None


def phases(side: str, action: Mapping[str, Any], events: list[Mapping[str, Any]]) -> tuple[
        list[Mapping[str, Any]], list[tuple[str, list[Mapping[str, Any]]]]]:
    """A move's events cut where the round's end begins and where the next round begins: the move's
    own (its dice, its battle), then each part of the round that followed, told as lines of their
    own (a log line joining one side's pass to the other side's famine reads as if the pass did it)."""
    own: list[Mapping[str, Any]] = []
    parts: list[tuple[str, list[Mapping[str, Any]]]] = []
    for event in events:
        part = _round_part(side, action, event)
        if part is not None and (not parts or (part == "begins" and parts[-1][0] == "end")):
            parts.append((part, []))
        (parts[-1][1] if parts else own).append(event)
    return own, parts


def round_part(part: str, events: list[Mapping[str, Any]]) -> tuple[str, list[str]]:
    """A part of the round in words: its line (the new round with its card; the round's end) and
    the lines under it. A round's end that says nothing (no battle is due) is ("", [])."""
    lines = happenings(events)
    if part == "begins":
        return lines[0], lines[1:]
    return (_("At the round's end:"), lines) if lines else ("", [])


def sentence(line: str) -> str:
    """A line ended as a sentence: a screen reader runs lines without an end together
    (static/js/match/words.js's `sentence` does the same for lines that come later)."""
    return line if not line or line[-1] in ".!?…:" else f"{line}."
