"""Battles (pp. 18-21): when they break out, the battle cards, the end conditions, hidden hands."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from engine import api, battles
from engine.data import battle_cards
from engine.errors import IllegalAction, MalformedAction
from engine.playout import random_action
from engine.state import GameState
from tests.engine.helpers import act, game, refused, set_units

# Card numbers by face (engine/data/battle_cards.py deals the printed rows in order).
PHALANX_OTHISMOS, PHALANX_PROOTHISI = 1, 4          # land 2, 1 | sea: Anotera Treeris Diekplous 2, Periplous 1
IPPIKO_PROOTHISI, IPPIKO_ANTISTASI = 9, 13          # land 1, 0 | sea: Treeris Periplous 1, Kyklos 0
TOXOTIS_PROOTHISI, TOXOTIS_VOLI = 15, 18            # land 1, 0 | sea: Bireme Periplous 1, Kyklos 0
PELTASTA = 20                                       # land 0    | sea: Triacontor Kyklos 0
MISTHOFOROS, SALPINX = 23, 24
ANOTERA_DIEKPLOUS, TREERIS_PERIPLOUS, TREERIS_KYKLOS = 1, 9, 13


def deck(*hands: Iterable[int]) -> list[int]:
    """A shuffled deck whose top cards are the given hands, in the order they are drawn."""
    top = [c for hand in hands for c in hand]
    return top + [c for c in battle_cards.CARD_NUMBERS if c not in top]


def board(round: int = 2, **units: dict[str, int]) -> GameState:
    """Sparta to play in `round`, with the given units (`athens={...}`, `sparta={...}`)."""
    state = game(round=round)
    for side in ("athens", "sparta"):
        set_units(state, side, **units.get(side, {}))
    return state


def fight(state: GameState, site: str, *hands: Iterable[int]) -> GameState:
    """Make the battle check break out at the end of Sparta's turn, shuffle, and fight on to the draw."""
    state, _ = act(state, "sparta", "create_hoplites", polis="sparti", count=1, payment={"iron": 1})
    state, events = act(state, "sparta", "develop_project", polis="sparti", project=state.projects_offer[0],
                        payment=_any_payment(state)) if False else act(state, "sparta", "pass")
    assert site in [s for e in events if e["event"] == "battle_check" for s in e["sites"]]
    while state.decision.kind == battles.CHOOSE_BATTLE:
        state, _ = act(state, "sparta", "choose_battle", site=site)
    state, _ = api.apply_chance(state, {"deck": deck(*hands)})
    return fight_on(state)


def _any_payment(state: GameState) -> dict[str, int]:
    return {}


def fight_on(state: GameState) -> GameState:
    """Both sides decline to retreat in the current window."""
    while state.decision is not None and state.decision.kind == battles.RETREAT_WINDOW:
        state, _ = act(state, state.decision.side, "fight_on")
    return state


def land_battle(sparta_hand: list[int], athens_hand: list[int], athens: int = 4, sparta: int = 4) -> GameState:
    state = board(athens={"boiotia": athens}, sparta={"boiotia": sparta - 1})  # +1 created in Sparti? no: moved
    set_units(state, "sparta", boiotia=sparta)
    return fight(state, "boiotia", sparta_hand, athens_hand)


# --- The three examples of the rulebook --------------------------------------------------------


def test_example_1_land_both_formations_matched_othismos_beats_proothisi_by_one() -> None:
    state = land_battle([PHALANX_OTHISMOS, TOXOTIS_VOLI, PELTASTA, 21], [PHALANX_PROOTHISI, TOXOTIS_PROOTHISI, 5, 6])
    assert state.decision.kind == battles.ATTACK and state.decision.side == "sparta"  # Sparta attacks first on land
    prestige = state.players["sparta"].tracks["prestige"]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state, events = act(state, "athens", "defend", cards=[PHALANX_PROOTHISI, TOXOTIS_PROOTHISI])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert [p["matched"] for p in clash["pairs"]] == [True, True]
    assert clash["units_lost"] == 0 and clash["prestige"] == 1
    assert state.players["sparta"].tracks["prestige"] == prestige + 1
    assert state.players["athens"].units["boiotia"] == 4


def test_example_2_sea_treeris_matched_for_nothing_salpinx_costs_one_and_sinks_a_galley() -> None:
    state = board(athens={"kyklades": 4}, sparta={"kyklades": 4})
    state = fight(state, "kyklades", [TREERIS_KYKLOS, SALPINX, 20, 21], [TREERIS_PERIPLOUS, ANOTERA_DIEKPLOUS, 5, 6])
    assert state.decision.side == "athens"  # Athens attacks first at sea
    prestige = state.players["athens"].tracks["prestige"]
    state, _ = act(state, "athens", "attack", cards=[TREERIS_KYKLOS, SALPINX])
    state, events = act(state, "sparta", "defend", cards=[TREERIS_PERIPLOUS, ANOTERA_DIEKPLOUS])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert clash["pairs"][0] == {"attack": TREERIS_KYKLOS, "defend": TREERIS_PERIPLOUS, "matched": True,
                                 "unit_lost": False, "prestige": 0}
    assert clash["pairs"][1]["unit_lost"] and clash["pairs"][1]["prestige"] == -1
    assert state.players["athens"].tracks["prestige"] == prestige - 1
    assert state.players["sparta"].units["kyklades"] == 3


def test_example_3_land_misthoforos_matches_the_phalanx_ippiko_fails_the_toxotis() -> None:
    state = land_battle([PHALANX_OTHISMOS, TOXOTIS_PROOTHISI, 20, 21], [MISTHOFOROS, IPPIKO_PROOTHISI, 5, 6])
    prestige = state.players["sparta"].tracks["prestige"]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_PROOTHISI])
    state, events = act(state, "athens", "defend", cards=[MISTHOFOROS, IPPIKO_PROOTHISI])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert [(p["matched"], p["unit_lost"], p["prestige"]) for p in clash["pairs"]] == [(True, False, 2), (False, True, 1)]
    assert state.players["sparta"].tracks["prestige"] == prestige + 3
    assert state.players["athens"].units["boiotia"] == 3
