"""The 2012 edition's event cards: four decks by their backs (3, 4, 5α, 5β), one card drawn from each.

Round 3's eight cards are S4's (the German card sheet of 2012, read in full); the later decks are
S7's by their file names (round4_*, round5a_*, round5b_*). A card the 2020 decks also hold is
reprinted here with its 2020 effects and words (the 2020 cards were made from these very sources);
the three S7 cards 2020 has no card for carry an invented effect of the same small size, and the
2020 cards with an invented effect say so in their source.
"""

from __future__ import annotations

from dataclasses import replace

from engine.data import event_cards as cards_2020
from engine.data._i18n import gettext_noop
from engine.data.event_cards import BarTribute, CloseMarket, EventCard, Gain, SetMarketValue
from engine.data.provenance import reconstructed, text_2012
from engine.data.sides import ATHENS, SPARTA

_S4 = "S4, the German card sheet of 2012 (scribd 143762762), round 3"
_S7 = "S7, juanjepl/polisgame src/data/gameEvents/ES"
_YEAR = {"3": 478, "4": 460, "5a": 431, "5b": 413}


def _reprint(card_id: str, round_id: str, source: str) -> EventCard:
    """The 2020 card of this id with the 2012 back `round_id` (its effects and words unchanged)."""
    original = cards_2020.card(card_id)
    return replace(original, id=f"{card_id}_{round_id}", round=round_id,
                   source=reconstructed(f"{source}; the 2020 card {card_id!r} ({original.source})"))


def _no_event(round_id: str, number: int) -> EventCard:
    return EventCard(f"no_event_{round_id}_{number}", round_id, gettext_noop("No event"), _YEAR[round_id],
                     gettext_noop("Nothing happens this round."), (),
                     reconstructed(f"{_S4 if round_id == '3' else _S7}: 'no event' cards in this deck"))


def _s7(name: str) -> str:
    return f"{_S7} {name}"


ROUND_3: tuple[EventCard, ...] = (
    *(_reprint(c, "3", _S4) for c in ("eurymedon", "trial_of_leotychidas", "earthquake_at_sparta", "philopersians",
                                       "xerxes_assassinated", "holy_war")),
    _no_event("3", 1), _no_event("3", 2),
)

ROUND_4: tuple[EventCard, ...] = (
    _reprint("betrayal", "4", _s7("round4_betrayal")),
    _reprint("egypt_revolts", "4", _s7("round4_egyptRevoltsAgainstPersia")),
    _reprint("persian_king_murdered", "4", _s7("round4_murderOfThePersianKing")),
    _reprint("treasury_moved", "4", _s7("round4_treasuryTransfers")),
    _reprint("age_of_pericles", "4", _s7("round4_periclesAge (no rule text there: 2020's invented effect)")),
    EventCard("peasant_revolts_4", "4", gettext_noop("Peasant revolts"), 464,
              gettext_noop("Oppressed by both leagues, the peasants of Messinia and Ionia rise. This round nobody "
                           "collects tribute in Messinia or Ionia."),
              tuple(BarTribute(side, t) for t in ("messinia", "ionia") for side in (ATHENS, SPARTA)),
              reconstructed(_s7("round4_peasantRevolts") + ": its text has the peasants of Messinia and Ionia rebel, "
                            "without a rule; the effect (no tribute there this round) is invented, small and the same "
                            "for both sides")),
    _no_event("4", 1), _no_event("4", 2), _no_event("4", 3),
)

ROUND_5A: tuple[EventCard, ...] = (
    _reprint("long_walls", "5a", _s7("round5a_behindTheLongWalls (no rule text there: 2020's invented effect)")),
    _reprint("betrayal", "5a", _s7("round5a_betrayal")),
    _reprint("free_trade_with_persia", "5a", _s7("round5a_freeTradeWithPersia")),
    _reprint("great_commanders", "5a", _s7("round5a_greatCommanders")),
    EventCard("enemies_of_greece_5a", "5a", gettext_noop("Enemies of Greece"), 425,
              gettext_noop("The helots of Messinia rise against Sparta while Persia encourages the blockade of "
                           "Athens. This round Sparta collects no tribute in Messinia, and Persia's 3-wheat space "
                           "takes no Athenian merchant."),
              (BarTribute(SPARTA, "messinia"), CloseMarket((ATHENS,), ("persia_0",))),
              reconstructed(_s7("round5a_greeceEnemies") + ": its text has Messinia's helots rise against Sparta and "
                            "Persia encourage Athens's blockade, without a rule; the effect (one tribute box barred to "
                            "Sparta, one Persian space closed to Athens) is invented, small and even")),
    _reprint("mercenaries", "5a", _s7("round5a_mercenaries")),
    _reprint("persian_king_murdered", "5a", _s7("round5a_murderOfThePersianKing")),
    _reprint("pacifism", "5a", _s7("round5a_pacifism")),
    _reprint("plague", "5a", _s7("round5a_plagueAndHumiliation (no rule text there: 2020's invented effect)")),
    _no_event("5a", 1), _no_event("5a", 2), _no_event("5a", 3),
)

ROUND_5B: tuple[EventCard, ...] = (
    _reprint("alcibiades_flees", "5b", _s7("round5b_alcibiadesFleesToSparta")),
    _reprint("carthage_lands", "5b", _s7("round5b_carthageLandedInSicily")),
    _reprint("etna_erupts", "5b", _s7("round5b_etnaEruption")),
    _reprint("free_trade_with_persia", "5b", _s7("round5b_freeTradeWithPersia")),
    EventCard("freeing_of_slaves_5b", "5b", gettext_noop("Freeing of slaves"), 406,
              gettext_noop("Athens frees the slaves who row at Arginusae. The market values of wine and oil return "
                           "to the far left of their rows."),
              (SetMarketValue("wine", 0), SetMarketValue("oil", 0)),
              reconstructed(_s7("round5b_freedomOfSlaves") + ": the market values of wine and oil are set equal to "
                            "silver's and wheat's, which trade at par: the far-left position")),
    EventCard("hermocopids_5b", "5b", gettext_noop("The Hermocopids"), 415,
              gettext_noop("The herms of Athens are found mutilated and the city blames Sparta's friends. Athens "
                           "loses 1 prestige."),
              (Gain((ATHENS,), "prestige", -1),),
              reconstructed(_s7("round5b_hermocopidas") + ": its text has Athens shaken by the mutilated herms, without "
                            "a rule; the effect (Athens loses 1 prestige) is invented, the smallest")),
    _reprint("mercenaries", "5b", _s7("round5b_mercenaries")),
    _reprint("pacifism", "5b", _s7("round5b_pacifism")),
    _reprint("superstition", "5b", _s7("round5b_superstition")),
    _no_event("5b", 1), _no_event("5b", 2),
)

#: 40 cards, as the text counts them. S7's later decks hold 33, nine of them "no event"; one of
#: 5β's three is left out to meet the count (invention: the smallest change, and chance only).
COUNT_SOURCE = text_2012("Components: 40 Event cards, to be drawn at the beginning of each round (its back matching "
                         "the current round - 3, 4, 5α or 5β)")

EVENT_CARDS: tuple[EventCard, ...] = ROUND_3 + ROUND_4 + ROUND_5A + ROUND_5B
DECKS: dict[str, tuple[str, ...]] = {round_id: tuple(c.id for c in EVENT_CARDS if c.round == round_id)
                                     for round_id in ("3", "4", "5a", "5b")}

#: Scenario 1 excludes events: its one round draws a card that does nothing.
SCENARIO_1_CARD = EventCard("no_event_5", "5", gettext_noop("No event"), 395,
                            gettext_noop("Scenario 1 is played without events."), (),
                            text_2012("Scenario 1: the complicating aspects of events and projects are excluded"))
