"""The 24 event cards: 8 with each round's back (Alpha, Epsilon, Omega).

Only the cards' existence, their backs and how they are resolved are printed (Game setup D, How
to play, Components); their texts are not. Each card here is reconstructed from the history the
rulebook tells for its round and from the 2012 edition's Alpha card sheet (board-facts.md §3.6 and
§4), at the scale of effect that sheet shows: a unit or two, a resource or two, a point of
prestige. A card is data: a tuple of effects in the game's vocabulary, which engine.event_cards
resolves. Who a card affects (its blue, red or neutral background) is derived from its effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ._i18n import gettext_noop
from .provenance import reconstructed
from .rounds import ROUNDS
from .sides import ATHENS, SIDES, SPARTA

EACH = SIDES


# --------------------------------------------------------------------------- effects
# Resolved at once, when the card is read (each side resolves those naming it, in turn):


class Gain(NamedTuple):
    """Each named side gains (or, if negative, loses) a track. Resources lost stop at 0; prestige
    lost follows the rule for any prestige loss (not enough of it loses the game)."""

    sides: tuple[str, ...]
    track: str
    amount: int


class Place(NamedTuple):
    """New hoplites (territory) or galleys (sea) from the side's reserve, as many as the reserve and
    the round's stacking limit allow."""

    side: str
    area: str
    amount: int


class Remove(NamedTuple):
    """The side removes hoplites or galleys of its choice (to its reserve); `optional`: it may
    remove fewer, or none; `reward`: prestige gained for each removed."""

    sides: tuple[str, ...]
    amount: int
    optional: bool
    reward: int
    #: "hoplites", "galleys" or "units" (either).
    kind: str
    #: A market the units are sent to instead of the reserve: they stay off the map, out of the
    #: reserve, until the round's end (`Homecoming`).
    abroad: str | None = None
    #: Prestige lost for each unit of `amount` the side cannot remove (it lacks them).
    penalty: int = 0


class Defect(NamedTuple):
    """One polis of the side with population 1 (not its capital, nor one that changed sides on this
    card) goes over to the other side with its projects; the side chooses which."""

    side: str


class Depopulate(NamedTuple):
    """Cubes leave one of the side's poleis for its reserve, never its last one."""

    side: str
    polis: str
    amount: int


class Choose(NamedTuple):
    """The side picks one option; each is a label and the effects it brings."""

    side: str
    options: tuple[tuple[str, tuple[Gain | Place, ...]], ...]


# Turned over with the card, before either side reads its part (they change the board, not a side):


class SetMarketValue(NamedTuple):
    """A good's market-value cube goes to this box of its row."""

    good: str
    position: int


class Invasion(NamedTuple):
    """The side with more hoplites in the territory loses up to `losses` of them (each side on a tie);
    if neither has any there, the territory pays no tribute this round."""

    territory: str
    losses: int


# In force the whole round (the rules consult them):


class Starts(NamedTuple):
    """This side takes the round's first turn, whatever the prestige."""

    side: str


class CloseMarket(NamedTuple):
    """These foreign-market spaces take no merchant of these sides this round."""

    sides: tuple[str, ...]
    spaces: tuple[str, ...]


class Truce(NamedTuple):
    """No siege and no civil war against a polis of the other side this round (neutral poleis only)."""


class BarTribute(NamedTuple):
    """The side collects no tribute in this territory this round."""

    side: str
    territory: str


class BattleThreshold(NamedTuple):
    """This round a battle breaks out where this many units of both sides stand together (not 8)."""

    units: int


class TributeCap(NamedTuple):
    """This round at most this many hoplites may collect tribute in the territory."""

    territory: str
    hoplites: int


class BlockadePenalty(NamedTuple):
    """This round a side that ends its turn blocking the other's sea routes to one of these markets
    loses this much prestige."""

    markets: tuple[str, ...]
    prestige: int


class Pacifists(NamedTuple):
    """Collecting tribute in its capital's territory, a side may put hoplites, up to its capital's
    population, on quelling the pacifists instead of a column: `prestige` each."""

    prestige: int


class Commanders(NamedTuple):
    """Once this round, when a battle ends, each side may double the prestige its cards earned it
    in that battle."""


class Superstition(NamedTuple):
    """A matched pair of battle cards of equal strength is fought again: the attacker lays another
    card against it and the defender answers."""


class Mercenaries(NamedTuple):
    """Creating hoplites or galleys, a side may hire them instead: `silver` each, from its reserve,
    without taking population from the polis."""

    silver: int


# At the round's end, before its first step:


class Homecoming(NamedTuple):
    """The units a side sent abroad on this card come back at the round's end: one in `share`
    (rounded down) to `areas` (the first with room first), as the stacking limit allows; the others
    go back to the reserve, lost to the map."""

    side: str
    share: int
    areas: tuple[str, ...]


class FoodRelief(NamedTuple):
    """The side's population eats this much less wheat in this round's food step."""

    side: str
    amount: int


class AtRoundEnd(NamedTuple):
    """A gain (or loss) applied at the round's end, if the side `if_side` still has at least
    `at_least` hoplites or galleys in `area` then."""

    effect: Gain
    if_side: str
    area: str
    at_least: int


Effect = (Gain | Place | Remove | Defect | Depopulate | Choose | SetMarketValue | Invasion | Starts | CloseMarket
          | Truce | BarTribute | BattleThreshold | TributeCap | BlockadePenalty | Pacifists | Commanders | Superstition | Mercenaries | FoodRelief | AtRoundEnd
          | Homecoming)
#: Effects resolved by the sides when the card is read; the others are in force during the round.
AT_ONCE = (Gain, Place, Remove, Defect, Depopulate, Choose)
#: Effects applied to the board when the card is turned over.
BOARD = (SetMarketValue, Invasion)


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    round: str
    title: str
    #: The year (B.C.E.) the card's history happened.
    year: int
    text: str
    effects: tuple[Effect, ...]
    source: str


def background(effect: Effect) -> str:
    """An effect's background on the card (Components): "neutral" for one that lasts the round or
    waits for its end; otherwise "blue" (Athens only), "red" (Sparta only) or "both" (each side)."""
    if not isinstance(effect, AT_ONCE):
        return "neutral"
    named = effect.sides if isinstance(effect, (Gain, Remove)) else (effect.side,)  # type: ignore[union-attr]
    if set(named) == {ATHENS}:
        return "blue"
    return "red" if set(named) == {SPARTA} else "both"


def _history(round_id: str, what: str) -> str:
    return reconstructed(f"the rulebook's history of the {round_id} round ({what}); effect sized like the "
                         "2012 Alpha cards")


def _sheet(what: str) -> str:
    return reconstructed(f"the source's first-round deck, board-facts.md section 4 ({what}), in the 2020 vocabulary")


def _later(what: str) -> str:
    return reconstructed(f"the source's later-round card, board-facts.md section 4 ({what}), adapted to 2020's "
                         "components and three rounds")


def _treasury(side: str) -> Choose:
    """Treasury moved: the side picks how much prestige to give up, 1 to 5, for twice as much silver."""
    return Choose(side, tuple((label, (Gain((side,), "prestige", -n), Gain((side,), "silver", 2 * n)))
                              for n, label in enumerate(_TREASURY_LABELS, start=1)))


_TREASURY_LABELS = (gettext_noop("1 prestige for 2 silver"), gettext_noop("2 prestige for 4 silver"),
                    gettext_noop("3 prestige for 6 silver"), gettext_noop("4 prestige for 8 silver"),
                    gettext_noop("5 prestige for 10 silver"))


def _no_event(round_id: str, number: int = 1) -> EventCard:
    return EventCard(
        f"no_event_{round_id}" + (f"_{number}" if number > 1 else ""), round_id, gettext_noop("No event"),
        {"alpha": 478, "epsilon": 460, "omega": 431}[round_id], gettext_noop("Nothing happens this round."), (),
        reconstructed("the source's first-round deck holds two 'no event' cards among eight (both kept in Alpha); "
                      "one in each later deck"),
    )


EVENT_CARDS: tuple[EventCard, ...] = (
    # ---------------------------------------------------------------- Alpha (478-461): the source's first-round deck
    EventCard("eurymedon", "alpha", gettext_noop("The Persian fleet destroyed"), 466,
              gettext_noop("Cimon destroys the Persian fleet at the Eurymedon. Athens gains 1 prestige; Sparta gains 1 silver."),
              (Gain((ATHENS,), "prestige", 1), Gain((SPARTA,), "silver", 1)),
              _sheet("Persian fleet destroyed: Sparta +1 silver, Athens +1 prestige")),
    EventCard("trial_of_leotychidas", "alpha", gettext_noop("The trial of Leotychidas II"), 476,
              gettext_noop("Sparta's king is tried for bribery. Athens takes the first turn of this round."),
              (Starts(ATHENS),),
              _sheet("Leotychidas II: Athens starts the round")),
    EventCard("earthquake_at_sparta", "alpha", gettext_noop("Earthquake in Sparta"), 464,
              gettext_noop("The helots rise after the earthquake and Cimon marches to help at Ithome. Athens places 1 hoplite "
              "in Messinia; Sparta places 1 galley in the Ionion pelagos."),
              (Place(ATHENS, "messinia", 1), Place(SPARTA, "ionion_pelagos", 1)),
              _sheet("Earthquake in Sparta: Sparta +1 galley in Ionion, Athens +1 hoplite in Messinia")),
    EventCard("philopersians", "alpha", gettext_noop("The Philopersians"), 471,
              gettext_noop("Friends of Persia are found in both leagues. Each side removes 1 of its hoplites or galleys and "
              "gains 1 prestige."),
              (Remove(EACH, 1, optional=False, reward=1, kind="units"),),
              _sheet("Philopersians: each side must remove 1 hoplite or galley and gains 1 prestige")),
    EventCard("xerxes_assassinated", "alpha", gettext_noop("Xerxes assassinated"), 465,
              gettext_noop("Persia is in turmoil. Persia's 3-wheat space takes no merchant this round."),
              (CloseMarket(EACH, ("persia_0",)),),
              _sheet("Xerxes assassinated: the Persian market's first space is closed this round")),
    EventCard("holy_war", "alpha", gettext_noop("The Holy War"), 449,
              gettext_noop("Both leagues march for Delphi. Sparta places 1 hoplite in Thessalia; Athens places 1 hoplite in "
              "Boiotia."),
              (Place(SPARTA, "thessalia", 1), Place(ATHENS, "boiotia", 1)),
              _sheet("Holy War: Sparta +1 hoplite in Thessalia, Athens +1 hoplite in Boiotia")),
    _no_event("alpha"),
    _no_event("alpha", 2),
    # ---------------------------------------------------------------- Epsilon (460-432)
    EventCard("egypt_revolts", "epsilon", gettext_noop("Egypt revolts"), 460,
              gettext_noop("Inaros leads Egypt's revolt against Persia and asks Athens for ships. Athens sends 2 of its "
              "galleys to Aegyptos and loses 1 prestige for each it cannot send; at this round's end half of them "
              "(rounded down) come back to the Kyklades, the others are lost."),
              (Remove((ATHENS,), 2, optional=False, reward=0, kind="galleys", abroad="aegyptos", penalty=1),
               Homecoming(ATHENS, 2, ("kyklades",))),
              _later("Egypt revolts: Athens sends at least 2 galleys to Aegyptos before the round, 1 prestige for each "
                     "it cannot send; half return at the round's end. Exactly 2 here: more would gain nothing")),
    EventCard("betrayal", "epsilon", gettext_noop("Betrayal"), 446,
              gettext_noop("Traitors open the gates. Each side loses to the other one of its poleis of population 1 (not "
              "its capital), with its projects; the side chooses which."),
              (Defect(ATHENS), Defect(SPARTA)),
              _later("Betrayal: one polis of each side with population 1, not the capital, changes side with its "
                     "completed projects; who chooses is not said, so each side chooses its own loss, as for every "
                     "loss a card inflicts")),
    EventCard("treasury_moved", "epsilon", gettext_noop("The treasury moves to Athens"), 454,
              gettext_noop("The League's treasury is carried from Delos to Athens. Each side gives up prestige for twice as "
              "much silver: at least 1 prestige for 2 silver, at most 5 for 10."),
              (_treasury(ATHENS), _treasury(SPARTA)),
              _later("Treasury moved: each side chooses prestige to lose for twice as much silver, at least 1 for 2; "
                     "at most 5, as the silver track holds 20")),
    EventCard("free_trade_with_persia", "epsilon", gettext_noop("Free trade with Persia"), 449,
              gettext_noop("The Peace of Callias opens the East to trade. This round a side that ends its turn blocking the "
              "other's sea routes to Persia or Aegyptos loses 1 prestige."),
              (BlockadePenalty(("persia", "aegyptos"), 1),),
              _later("Free trade with Persia: a side that ends its turn blocking the other's routes to Persia or "
                     "Aegyptos loses 1 prestige")),
    EventCard("age_of_pericles", "epsilon", gettext_noop("The age of Pericles"), 447,
              gettext_noop("Athens builds on the Acropolis. Athens gains 1 iron and 2 wood."),
              (Gain((ATHENS,), "iron", 1), Gain((ATHENS,), "wood", 2)),
              _history("epsilon", "Athenian culture flourished under Pericles; the source's title 'Pericles' Age' has no "
                       "rule text, so its effect is invented")),
    EventCard("mercenaries", "epsilon", gettext_noop("Mercenaries"), 440,
              gettext_noop("Both leagues pay foreign soldiers. This round, creating hoplites or galleys, a side may hire "
              "them for 2 silver each instead: they come from its reserve and the polis keeps its population."),
              (Mercenaries(2),),
              _later("Mercenaries: each side may create hoplites or galleys for 2 silver each without losing "
                     "population; in 2020 a unit is a cube, so a hired one comes from the reserve")),
    EventCard("great_commanders", "epsilon", gettext_noop("Great commanders"), 457,
              gettext_noop("Myronides and Tolmides lead Athens's armies, Nicomedes Sparta's. Once this round, when a battle "
              "ends, each side may double the prestige its cards earned it in that battle."),
              (Commanders(),),
              _later("Great Commanders: each side may double the prestige of one battle this round; chosen when the "
                     "battle ends, when the prestige it doubles is known")),
    _no_event("epsilon"),
    # ---------------------------------------------------------------- Omega (431-404)
    EventCard("carthage_lands", "omega", gettext_noop("Carthage lands in Sicily"), 409,
              gettext_noop("A Carthaginian army lands at Selinous. The side with more hoplites in Sicelia loses 2 of them "
              "(each side on a tie); if nobody has hoplites there, Sicelia pays no tribute this round."),
              (Invasion("sicelia", 2),),
              _later("Carthage lands in Sicily: the side with more hoplites in Sicelia loses up to 2, both on a tie; "
                     "with no hoplites there Sicelia pays no tribute this round")),
    EventCard("pacifism", "omega", gettext_noop("Pacifism"), 411,
              gettext_noop("Peace parties grow in both capitals. This round, collecting tribute in its capital's territory, "
              "a side may put hoplites, up to its capital's population, on quelling the pacifists: 1 prestige each."),
              (Pacifists(1),),
              _later("Pacifism: when collecting tribute in its home territory a side may put hoplites, up to its "
                     "capital's population, to quelling pacifists instead, 1 prestige each")),
    EventCard("freeing_of_slaves", "omega", gettext_noop("Freeing of slaves"), 406,
              gettext_noop("Athens frees the slaves who row at Arginusae. Wine's market value returns to the far left of "
              "its row."),
              (SetMarketValue("wine", 0),),
              _later("Freeing of slaves: the market values of wine and oil are set equal to silver's and wheat's; "
                     "oil is wine (the oil rule), and silver and wheat trade at par, which in 2020 is the far-left box")),
    EventCard("alcibiades_flees", "omega", gettext_noop("Alcibiades flees to Sparta"), 415,
              gettext_noop("The general changes sides and tells each what the other plans. This round a battle breaks out "
              "where 7 units of both sides stand together, not 8."),
              (BattleThreshold(7),),
              _later("Alcibiades flees to Sparta: battles this round start at 7 units instead of 8")),
    EventCard("etna_erupts", "omega", gettext_noop("Etna erupts"), 425,
              gettext_noop("Ash covers the fields of Sicily. This round at most 3 hoplites may collect tribute in Sicelia."),
              (TributeCap("sicelia", 3),),
              _later("Etna erupts: at most 3 hoplites may collect tribute in Sicelia this round")),
    EventCard("superstition", "omega", gettext_noop("Superstition"), 413,
              gettext_noop("An eclipse of the moon holds the armies back. This round, in a battle, a pair of cards of the "
              "same formation and equal strength is fought again: the attacker lays another card against it."),
              (Superstition(),),
              _later("Superstition: a clash whose card difference ties is played again, land and sea; in 2020 a clash "
                     "is a pair of cards, and a tie is a matched pair of equal strength")),
    EventCard("persian_king_murdered", "omega", gettext_noop("The Persian king murdered"), 424,
              gettext_noop("Xerxes II is murdered and Persia pays for Greek spears. Each side may send any of its hoplites "
              "to Persia, gaining 2 prestige for each; at this round's end they come back to its capital's territory "
              "as the stacking limit allows, the others to its reserve."),
              (Remove(EACH, 39, optional=True, reward=2, kind="hoplites", abroad="persia"),
               Homecoming(ATHENS, 1, ("attika",)), Homecoming(SPARTA, 1, ("lakedaemon",))),
              _later("The Persian king murdered: before the round each side may send hoplites to Persia, +2 prestige "
                     "each; they return at the round's end, placed one by one alternately. Each side's come back to its "
                     "own capital's territory here, so the order of placing cannot matter; 39: any number")),
    _no_event("omega"),
)


def _retired(what: str) -> str:
    return reconstructed(f"the rulebook's history ({what}); invented before the source's cards were used and "
                         "retired from the decks once the source's cards were used, kept so that a match which drew it finishes as dealt")


#: Cards of earlier decks: never drawn again, still read in the matches and replays that drew them.
RETIRED_CARDS: tuple[EventCard, ...] = (
    EventCard("delian_league", "alpha", gettext_noop("The Delian League"), 478,
              gettext_noop("The allies' treasury gathers at Delos. Athens gains 2 silver."),
              (Gain((ATHENS,), "silver", 2),),
              _retired("formation of the Delian League, 478")),
    EventCard("trial_of_pausanias", "alpha", gettext_noop("The trial of Pausanias"), 470,
              gettext_noop("The victor of Plataea is accused of dealing with Persia. Sparta loses 1 prestige."),
              (Gain((SPARTA,), "prestige", -1),),
              _retired("the scandalous trial of the general Pausanias")),
    EventCard("treasury_to_athens", "epsilon", gettext_noop("The treasury moves to Athens"), 454,
              gettext_noop("The League's treasury is carried from Delos to Athens, to the allies' resentment. Athens gains "
              "3 silver and loses 1 prestige."),
              (Gain((ATHENS,), "silver", 3), Gain((ATHENS,), "prestige", -1)),
              _retired("the Delian League's treasury moved to Athens, 454")),
    EventCard("alcibiades", "omega", gettext_noop("Alcibiades flees to Sparta"), 415,
              gettext_noop("The general changes sides. Sparta gains 1 prestige; Athens loses 1 prestige."),
              (Gain((SPARTA,), "prestige", 1), Gain((ATHENS,), "prestige", -1)),
              _retired("Alcibiades changed political allegiances")),
    EventCard("persian_gold", "omega", gettext_noop("Persian gold"), 407,
              gettext_noop("Cyrus pays Lysander's rowers. Sparta gains 3 silver, and the Persian market takes no Athenian "
              "merchant this round."),
              (Gain((SPARTA,), "silver", 3), CloseMarket((ATHENS,), ("persia_0", "persia_1", "persia_2"))),
              _retired("Persia funded Sparta's fleet, which then blocked Athens's trade routes")),
    EventCard("egyptian_disaster", "epsilon", gettext_noop("Disaster in Egypt"), 454,
              gettext_noop("The expedition sent to help the Egyptian revolt is lost. Athens removes 2 of its galleys."),
              (Remove((ATHENS,), 2, optional=False, reward=0, kind="galleys"),),
              _retired("the Athenian fleet lost in the Nile delta, 454")),
    EventCard("thirty_years_peace", "epsilon", gettext_noop("The Thirty Years' Peace"), 446,
              gettext_noop("A peace between the leagues. This round no siege and no civil war may target a polis of the other "
              "side (neutral poleis only)."),
              (Truce(),),
              _retired("the Thirty Years' Peace of 446 ended the First Peloponnesian War")),
    EventCard("pylos_and_sphacteria", "omega", gettext_noop("Pylos and Sphacteria"), 425,
              gettext_noop("Athens fortifies Pylos and Spartiates surrender on Sphacteria. Athens places 1 hoplite in Messinia "
              "and 1 galley in the Ionion pelagos; Sparta loses 1 prestige."),
              (Place(ATHENS, "messinia", 1), Place(ATHENS, "ionion_pelagos", 1), Gain((SPARTA,), "prestige", -1)),
              _retired("Pylos and Sphacteria, 425")),
    EventCard("peace_of_nicias", "omega", gettext_noop("The Peace of Nicias"), 421,
              gettext_noop("Athens brokers a truce. Each side gains 1 prestige, and this round no siege and no civil war may "
              "target a polis of the other side."),
              (Gain(EACH, "prestige", 1), Truce()),
              _retired("Athens brokered a truce between the leagues, the Peace of Nicias, 421")),
    EventCard("sicilian_expedition", "omega", gettext_noop("The Sicilian expedition"), 415,
              gettext_noop("The Assembly votes for Sicily. Athens either places 2 hoplites in Sicelia or loses 1 prestige."),
              (Choose(ATHENS, ((gettext_noop("sail"), (Place(ATHENS, "sicelia", 2),)),
                               (gettext_noop("stay"), (Gain((ATHENS,), "prestige", -1),)))),),
              _retired("a disastrous campaign in Sicily by Athens, 415-413")),
    EventCard("tanagra", "epsilon", gettext_noop("The battle of Tanagra"), 457,
              gettext_noop("A Spartan army wins in Boiotia. Sparta places 1 hoplite in Boiotia and gains 1 prestige."),
              (Place(SPARTA, "boiotia", 1), Gain((SPARTA,), "prestige", 1)),
              _retired("military skirmishes of the First Peloponnesian War: Tanagra, 457")),
    EventCard("plague", "omega", gettext_noop("The plague"), 430,
              gettext_noop("The crowd behind the walls brings the plague. Athinae loses 2 population."),
              (Depopulate(ATHENS, "athinae", 2),),
              _retired("the capital's overpopulation exacerbated an outbreak of plague; the source's title 'Plague and "
                       "humiliation' has no rule text")),
    EventCard("raids_on_attika", "omega", gettext_noop("Raids on Attika"), 431,
              gettext_noop("King Archidamus ravages the fields of Attika. Sparta places 2 hoplites in Attika, and Athens collects "
              "no tribute there this round. At this round's end, if Sparta still has a hoplite in Attika, Athens "
              "loses 2 wheat."),
              (Place(SPARTA, "attika", 2), BarTribute(ATHENS, "attika"),
               AtRoundEnd(Gain((ATHENS,), "wheat", -2), SPARTA, "attika", 1)),
              _retired("Sparta began raiding Attika in the Archidamian War")),
    EventCard("long_walls", "epsilon", gettext_noop("Behind the Long Walls"), 457,
              gettext_noop("The walls to Piraeus keep grain flowing. At this round's end Athens's population eats 2 wheat less."),
              (FoodRelief(ATHENS, 2),),
              _retired("the Long Walls, finished 457; the source's title 'Behind the Long Walls' has no rule text")),
)

EVENT_BY_ID: dict[str, EventCard] = {card.id: card for card in (*EVENT_CARDS, *RETIRED_CARDS)}
DECKS: dict[str, tuple[str, ...]] = {round_id: tuple(c.id for c in EVENT_CARDS if c.round == round_id)
                                     for round_id in ROUNDS}
#: What a setup may hold for each round: its deck, and the retired cards of that round.
DEALT: dict[str, tuple[str, ...]] = {round_id: DECKS[round_id] + tuple(c.id for c in RETIRED_CARDS if c.round == round_id)
                                     for round_id in ROUNDS}
#: The quiet card of each deck: tests that need a round without surprises draw these.
NO_EVENTS: tuple[str, ...] = tuple(f"no_event_{round_id}" for round_id in ROUNDS)


def card(card_id: str) -> EventCard:
    return EVENT_BY_ID[card_id]
