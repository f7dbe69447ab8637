"""Every reason an action type is greyed for is true of the position (issue 62): over positions of
seeded random games of every ruleset, each reason the options give an action type is checked
against the position by a claim of its own, independent of the probes that found it; and what the
type says agrees with why each of its first field's choices is refused: each reason with the very
choices it is the reason for (a place named, never "there" alone), the player's means first."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from engine import api, editions, essentials, flow, playout, refusals
from engine.data import geography, poleis, sides
from engine.data.resources import PRESTIGE
from engine.errors import IllegalAction
from engine.state import GameState

Claim = Callable[[GameState, str, str], bool]


def holds_no_polis_in(state: GameState, side: str, territory: str) -> bool:
    return not any(state.poleis[p].owner == side for p in poleis.POLEIS if poleis.polis(p).territory == territory)


def stands_in(state: GameState, side: str) -> list[str]:
    """The territories where the side's hoplites stand."""
    return [t for t in geography.TERRITORIES if essentials.units(state, side, t)]


def holds_no_polis_where_its_hoplites_stand(state: GameState, side: str, kind: str) -> bool:
    return all(holds_no_polis_in(state, side, t) for t in stands_in(state, side))


def holds_none_of_its_commercial_poleis(state: GameState, side: str, kind: str) -> bool:
    return not any(state.poleis[p].owner == side for p in sides.SIDE_BY_ID[side].commercial_poleis)


def richer(state: GameState, side: str) -> GameState:
    """The position with the side holding prestige enough for any action."""
    rich = state.clone()
    rich.players[side].tracks[PRESTIGE] += api.PRESTIGE_ENOUGH
    return rich


def broke(state: GameState) -> GameState:
    """The position with the side deciding left without prestige (an event card's price, a phoros)."""
    poor = state.clone()
    poor.players[state.decision.side].tracks[PRESTIGE] = 0
    return poor


#: What each reason says of the position, as the engine can check it: of the whole type where its
#: words are (an UNFIT choice said only when every choice is: `refusals.foremost`), of some choice
#: where they name one ("this territory", a polis's last cube).
CLAIMS: dict[str, Claim] = {
    "same_action_twice": lambda state, side, kind: kind in state.turn_actions,
    "other_extra": lambda state, side, kind: flow.acting_alone(state, side),
    "no_prestige": lambda state, side, kind: state.players[side].tracks[PRESTIGE] == 0,
    "not_captured": lambda state, side, kind: state.players[side].proxenos is not None,
    "no_polis": holds_no_polis_where_its_hoplites_stand,
    "not_commercial": holds_none_of_its_commercial_poleis,
    "no_commercial_polis": holds_none_of_its_commercial_poleis,
    "no_merchant": lambda state, side, kind: essentials.merchants_in_port(state, side) < 1,
    "last_cube": lambda state, side, kind: any(state.poleis[p].population == 1 for p in essentials.poleis_of(state, side)),
    "nothing_to_move": lambda state, side, kind: not any(
        n and (geography.is_territory(area) == (kind == "move_hoplites")) for area, n in state.players[side].units.items()),
    "nothing_to_besiege": lambda state, side, kind: not any(
        state.poleis[p].owner != side for t in stands_in(state, side) for p in poleis.POLEIS
        if poleis.polis(p).territory == t),
    # Nothing to be done: not even with more prestige (the player's means would be the reason then).
    "nothing_possible": lambda state, side, kind: kind not in api.options(richer(state, side), side)["choices"],
    # Said of one choice (the first the player would look at), true of that one.
    "tribute_taken": lambda state, side, kind: any(t in state.tribute for t in stands_in(state, side)),
}
#: What a reason said of named choices (an action type refused for several) says of each.
CHOICE_CLAIMS: dict[str, Callable[[GameState, str, object], bool]] = {
    "no_polis": lambda state, side, territory: holds_no_polis_in(state, side, str(territory)),
    "tribute_taken": lambda state, side, territory: territory in state.tribute,
    "last_cube": lambda state, side, polis: state.poleis[str(polis)].population == 1,
    "not_your_polis": lambda state, side, choice: all(  # a polis, or a project's poleis
        state.poleis[p].owner != side for p in ([choice] if choice in state.poleis else editions.of(state).hosts(choice))),
    "not_commercial": lambda state, side, polis: polis not in sides.SIDE_BY_ID[side].commercial_poleis,
}
#: Reasons found only by a probe the rules refused (their words name no fact checked here):
#: counted, each said of some choice of the type.
PROBED = {"cannot_afford", "space_taken", "too_few_hoplites", "no_control", "own_polis", "one_project_per_round",
          "not_your_polis", "no_route", "closed_by_event", "capital", "barred_by_event", "capped_by_event",
          "truce", "no_pieces", "stacking_limit", "proxenos_captured", "no_port", "proxenos_there",
          "not_allowed_here", "column_overflow", "space_unavailable", "not_accepted", "neutral_area"}


def disagreements(state: GameState, side: str, item: dict) -> list[str]:
    """What the type's reasons say against its first field's refused choices, each refused for
    one reason (`refused` at that field, the server's own refusal of each)."""
    kind = item["choice"]
    try:
        first = api.options(state, side, {"type": kind})
    except IllegalAction:  # a type with no field to choose (the ransom) is refused whole
        first = {}
    refused = {str(c["choice"]): c["reason"] for c in first.get("unavailable", [])}
    looked_at = {c: r for c, r in refused.items() if r not in refusals.UNFIT} or refused
    if "each" not in item:
        return [f"{kind}: {item['reason']!r} said, {c} refused for {r!r}" for c, r in looked_at.items()
                if r != item["reason"]]
    wrong = [f"{kind}: {c} named under {group['reason']!r}, refused for {refused.get(str(c))!r}"
             for group in item["each"] for c in group["choices"] if refused.get(str(c)) != group["reason"]]
    named = {str(c) for group in item["each"] for c in group["choices"]}
    wrong += [f"{kind}: {c} refused for {r!r}, not named" for c, r in looked_at.items() if c not in named]
    reasons = [group["reason"] for group in item["each"]]
    if item["reason"] != reasons[0]:
        wrong.append(f"{kind}: {item['reason']!r} said with {reasons}")
    if any(r in refusals.MEANS for r in reasons) and reasons[0] not in refusals.MEANS:
        wrong.append(f"{kind}: {reasons[0]!r} said before the means {reasons}")
    for group in item["each"]:
        claim = CHOICE_CLAIMS.get(group["reason"])
        wrong += [f"{kind}: {group['reason']!r} false of {c}" for c in group["choices"]
                  if claim is not None and not claim(state, side, c)]
    return wrong


@pytest.mark.parametrize("edition", sorted(editions.EDITIONS))
def test_every_reason_an_action_type_is_greyed_for_holds_in_its_position(edition: str) -> None:
    said: Counter[str] = Counter()
    false: list[str] = []
    for game in range(8):
        seen: list[GameState] = []
        playout.play(f"reasons-true-{edition}-{game}", edition=edition, observe=seen.append)
        for state in [*seen[::2], *(broke(s) for s in seen[1::8] if s.decision is not None and s.decision.side)]:
            decision = state.decision
            if decision is None or decision.kind != "action" or not decision.side:
                continue
            side = decision.side
            # Acting alone, as the page asks: with each extra resource the player may pay.
            extras = api.options(state, side)["extra_choices"] if flow.acting_alone(state, side) else []
            asked = [api.options(state, side)] + [api.options(state, side, {"extra": e}) for e in extras]
            for paying, answer in zip(extras, asked[1:]):  # open with another: the extra is what to change
                false += [f"round {state.round}, {side}, {item['choice']} with {paying}: {item['reason']!r} said, "
                          f"open with another extra" for item in answer.get("unavailable", [])
                          if item["reason"] != "other_extra"
                          and any(item["choice"] in other["choices"] for other in asked[1:] if other is not answer)]
            for item in (item for answer in asked for item in answer.get("unavailable", [])):
                kind, reason = item["choice"], item["reason"]
                said["several" if len(item.get("each", ())) > 1 else reason] += 1
                claim = CLAIMS.get(reason)
                assert claim is not None or reason in PROBED, f"{reason}: no claim to check it by"
                if len(item.get("each", ())) <= 1 and claim is not None and not claim(state, side, kind):
                    false.append(f"round {state.round}, {side}, {kind}: {reason!r} is false here")
                if reason == "other_extra":  # taken alone with another extra resource, it is open
                    if not all(kind in api.options(state, side, {"extra": e})["choices"] for e in item["extras"]):
                        false.append(f"round {state.round}, {side}, {kind}: not open with {item['extras']}")
                # A type closed by the player's prestige is closed whatever each choice's probe meets first.
                if reason not in ("same_action_twice", "no_prestige") and not flow.acting_alone(state, side):
                    false += [f"round {state.round}, {side}, {line}" for line in disagreements(state, side, item)]
    assert not false, f"{len(false)} false of {sum(said.values())} ({dict(said)}):\n" + "\n".join(false[:10])
    assert said["same_action_twice"] and said["several"] and said["other_extra"] and said["no_prestige"] and len(said) >= 6, said
