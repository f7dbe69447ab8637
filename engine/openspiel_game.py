"""Polis as an OpenSpiel Python game, `python_polis` (docs/openspiel.md): imperfect information,
explicit chance, an information-state string and tensor per player.

OpenSpiel wants a fixed set of integer actions; a Polis action is a JSON object of several fields.
Each is played as a sequence of *tokens*, one decision each, the way the page builds an action
step by step: its type, then each field in a fixed order (`field=value`; a dict entry is
`field.key=value`, a list's items repeat `field=item`), then `done`. At each step the legal
tokens are those that continue some legal action of the engine (`api.legal_actions`), so every
completed sequence is one the engine accepts. `TOKENS` is the whole vocabulary, drawn from the
board's data (ids, resources, counts up to MAX_NUMBER), and fixed: token i is always the same.

Chance is explicit and one outcome at a time: the setup (each round's event card, then the
project tiles in order), each die of a roll, each card of a battle deck's shuffle. A state's
hidden parts are those of the engine (`api.view_for`): the project pile, later events, the battle
deck and the opponent's hand. `resample_from_infostate` re-deals them (`api.from_view`).

Only research tools import this module; open_spiel is the optional extra `.[research]`.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from engine import api, end_of_round, flow
from engine.actions import ACTIONS, FREE_ACTIONS
from engine.data import battle_cards, components, geography, markets, poleis, projects, resources, rounds
from engine.data import event_cards as event_cards_data
from engine.data.sides import SIDES
from engine.state import GameState

Action = dict[str, Any]

#: The largest number a token carries (a count, a payment, hoplites in a column).
MAX_NUMBER = 12
DONE = "done"
#: Fields whose value is a list: each item is a token of its own.
LIST_FIELDS = ("origins", "route", "give_up", "silver_for", "cards")


def _vocabulary() -> tuple[str, ...]:
    """Every token, in a fixed order."""
    areas = (*geography.TERRITORIES, *geography.SEAS)
    numbers = range(MAX_NUMBER + 1)
    answer_types = sorted({kind for prompt in flow.PROMPTS.values() for kinds in prompt.ANSWER_TYPES.values()
                           for kind in kinds})
    labels = sorted({label for card in event_cards_data.EVENT_BY_ID.values() for effect in card.effects
                     if isinstance(effect, event_cards_data.Choose) for label, _ in effect.options})
    scalar: dict[str, Any] = {
        "type": [api.PASS, *ACTIONS, *FREE_ACTIONS, "discard_project", *answer_types],
        "polis": poleis.POLEIS, "territory": geography.TERRITORIES, "destination": (*areas, *poleis.POLEIS),
        "space": [s.id for s in markets.SPACES], "give": (*resources.MARKET_GOODS, markets.SILVER),
        "project": projects.PROJECTS, "extra": resources.RESOURCES, "site": areas, "option": labels,
        "hire": (True,), "count": numbers, "prestige": numbers,
        "origins": areas, "route": areas, "give_up": poleis.POLEIS,
        "silver_for": sorted({good for tile in projects.PROJECTS for good in projects.tile(tile).cost}),
        "cards": (*battle_cards.CARD_NUMBERS, None),
    }
    keyed: dict[str, Any] = {
        "payment": resources.RESOURCES, "columns": (*resources.RESOURCES, resources.PRESTIGE, "pacifists"),
        "seas": geography.SEAS, "poleis": poleis.POLEIS, "remove": areas,
    }
    tokens = [DONE]
    tokens += [f"{name}={_text(value)}" for name, values in scalar.items() for value in values]
    tokens += [f"{name}.{key}={n}" for name, keys in keyed.items() for key in keys for n in numbers]
    return tuple(dict.fromkeys(tokens))


def _text(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def tokens_of(action: Mapping[str, Any]) -> tuple[str, ...]:
    """An action's tokens: its type, its fields by name (dict entries by key, list items in order), done."""
    tokens = [f"type={action['type']}"]
    for name in sorted(k for k in action if k not in ("type", "decision")):
        value = action[name]
        if isinstance(value, Mapping):
            tokens += [f"{name}.{key}={_text(value[key])}" for key in sorted(value)]
        elif isinstance(value, list):
            tokens += [f"{name}={_text(item)}" for item in value]
        else:
            tokens.append(f"{name}={_text(value)}")
    return (*tokens, DONE)


TOKENS = _vocabulary()
TOKEN_ID = {token: number for number, token in enumerate(TOKENS)}

#: Chance outcomes: the dice faces, the event cards, the project tiles, the battle cards.
CHANCE = (*(f"die={face}" for face in range(1, components.DIE_SIDES + 1)),
          *(f"event={card}" for round_id in rounds.ROUNDS for card in event_cards_data.DECKS[round_id]),
          *(f"project={tile}" for tile in projects.PROJECTS),
          *(f"card={number}" for number in battle_cards.CARD_NUMBERS))
CHANCE_ID = {outcome: number for number, outcome in enumerate(CHANCE)}

#: A bound on a game's length in OpenSpiel steps (tokens and chance outcomes).
MAX_GAME_LENGTH = 20_000

_GAME_TYPE = pyspiel.GameType(
    short_name="python_polis",
    long_name="Polis (Devir 2020)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={},
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=len(TOKENS),
    max_chance_outcomes=len(CHANCE),
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=MAX_GAME_LENGTH,
)


class PolisGame(pyspiel.Game):
    """Player 0 is Athens, player 1 Sparta."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, dict(params or {}))

    def new_initial_state(self) -> PolisState:
        return PolisState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PolisObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return PolisObserver(perfect_recall)


class PolisState(pyspiel.State):
    def __init__(self, game: PolisGame, engine_state: GameState | None = None) -> None:
        super().__init__(game)
        #: The engine's state once chance has dealt the setup.
        self.engine = engine_state
        #: The setup being dealt: the event cards, then the project tiles.
        self.events: list[str] = []
        self.tiles: list[str] = []
        #: The current decision's outcomes drawn so far (dice, or a deck's cards).
        self.drawn: list[int] = []
        #: The current player's action so far, as tokens.
        self.prefix: list[str] = []
        #: What every player saw happen: actions sent (both sides) and dice rolled.
        self.public: list[str] = []
        #: The legal actions, as tokens, that begin with the prefix (None: not listed yet): listed
        #: once a decision, then narrowed token by token (listing is the costly part of a step).
        self.matching: list[tuple[tuple[str, ...], Action]] | None = None

    # ------------------------------------------------------------------ whose turn

    def current_player(self) -> int:
        if self.engine is None or self._chance_request() is not None:
            return pyspiel.PlayerId.CHANCE
        if self.engine.outcome is not None:
            return pyspiel.PlayerId.TERMINAL
        decision = self.engine.decision
        assert decision is not None and decision.side is not None
        return SIDES.index(decision.side)

    def _chance_request(self) -> dict[str, Any] | None:
        return None if self.engine is None or self.engine.outcome is not None else api.chance_request(self.engine)

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.outcome is not None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        assert self.engine is not None and self.engine.outcome is not None
        winner = self.engine.outcome.get("winner")
        return [0.0 if winner not in SIDES else 1.0 if winner == side else -1.0 for side in SIDES]

    # ------------------------------------------------------------------ chance

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._chance_left()
        return [(CHANCE_ID[outcome], 1 / len(left)) for outcome in left]

    def _chance_left(self) -> list[str]:
        if self.engine is None:
            if len(self.events) < len(rounds.ROUNDS):
                return [f"event={card}" for card in event_cards_data.DECKS[rounds.ROUNDS[len(self.events)]]]
            return [f"project={tile}" for tile in projects.PROJECTS if tile not in self.tiles]
        request = self._chance_request()
        assert request is not None
        if "shuffle" in request:
            return [f"card={number}" for number in battle_cards.CARD_NUMBERS if number not in self.drawn]
        return [f"die={face}" for face in range(1, components.DIE_SIDES + 1)]

    def _apply_chance(self, outcome: str) -> None:
        kind, value = outcome.split("=")
        if kind == "event":
            self.events.append(value)
        elif kind == "project":
            self.tiles.append(value)
            if len(self.tiles) == len(projects.PROJECTS):
                self.engine = api.new_game(api.Setup(tuple(self.tiles), tuple(self.events)))
        else:
            assert self.engine is not None
            request = self._chance_request()
            assert request is not None
            self.drawn.append(int(value))
            if kind == "die":
                self.public.append(outcome)
            if len(self.drawn) == (len(battle_cards.CARD_NUMBERS) if "shuffle" in request else request["dice"]):
                drawn, self.drawn = self.drawn, []
                self.engine, _ = api.apply_chance(self.engine, {"deck" if "shuffle" in request else "dice": drawn})

    # ------------------------------------------------------------------ the players' tokens

    def _matching(self) -> list[tuple[tuple[str, ...], Action]]:
        if self.matching is None:
            assert self.engine is not None and self.engine.decision is not None
            side = self.engine.decision.side
            assert side is not None
            depth = len(self.prefix)
            self.matching = [(tokens, action) for action in api.legal_actions(self.engine, side)
                             if list((tokens := tokens_of(action))[:depth]) == self.prefix]
        return self.matching

    def _legal_actions(self, player: int) -> list[int]:
        depth = len(self.prefix)
        return sorted({TOKEN_ID[tokens[depth]] for tokens, _ in self._matching()})

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._apply_chance(CHANCE[action])
            return
        token, depth = TOKENS[action], len(self.prefix)
        self.matching = [(tokens, legal) for tokens, legal in self._matching() if tokens[depth] == token]
        self.prefix.append(token)
        if token != DONE:
            return
        assert self.engine is not None and self.engine.decision is not None
        side = self.engine.decision.side
        assert side is not None
        chosen = next(legal for tokens, legal in self.matching if len(tokens) == len(self.prefix))
        self.prefix, self.matching = [], None
        self.public.append(f"{side}:{json.dumps({k: v for k, v in chosen.items() if k != 'decision'}, sort_keys=True)}")
        self.engine, _ = api.apply_action(self.engine, side, chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        return CHANCE[action] if player == pyspiel.PlayerId.CHANCE else TOKENS[action]

    # ------------------------------------------------------------------ what a player knows

    def view(self, player: int) -> dict[str, Any] | None:
        """The engine's view for the player's side (None while the setup is dealt)."""
        return None if self.engine is None else api.view_for(self.engine, SIDES[player])

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PolisState:
        """A state the player cannot tell from this one: the engine's secrets dealt again."""
        assert self.engine is not None, "no decision is taken while the setup is dealt"
        view = self.view(player_id)
        assert view is not None
        rng = random.Random(probability_sampler())
        sample = PolisState(self.get_game(), api.from_view(view, rng))
        sample.prefix, sample.public = list(self.prefix), list(self.public)
        if self.current_player() != player_id:
            sample.prefix = []  # the opponent's action under way is not seen until it is sent
        return sample

    def __str__(self) -> str:
        if self.engine is None:
            return f"setup: events {self.events}, tiles {self.tiles}"
        return json.dumps({"state": api.to_json(self.engine), "prefix": self.prefix}, sort_keys=True)


class PolisObserver:
    """The information state (perfect recall: what the player has seen happen, and the board it
    sees) or the observation (the board it sees). Both tensors describe the board it sees."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(FEATURES, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PolisState, player: int) -> None:
        self.tensor.fill(0.0)
        for index, value in _features(state, player):
            self.tensor[index] = value

    def string_from(self, state: PolisState, player: int) -> str:
        view = state.view(player)
        if view is None:
            return f"player {player}: the setup is being dealt ({len(state.events) + len(state.tiles)} drawn)"
        seen = {"player": player, "view": view,
                "building": state.prefix if state.current_player() == player else []}
        if self.perfect_recall:
            seen["happened"] = state.public
        return json.dumps(seen, sort_keys=True)


# ---------------------------------------------------------------------- the tensor

_AREAS = (*geography.TERRITORIES, *geography.SEAS)
_KINDS = (flow.ACTION, end_of_round.PROJECT_DISCARD, *flow.PROMPTS)
_EVENT_CARDS = tuple(card for round_id in rounds.ROUNDS for card in event_cards_data.DECKS[round_id])
#: The tensor's parts, in order, and their sizes (each side's part: the player's own side first).
_LAYOUT = (
    ("round", len(rounds.ROUNDS)), ("kind", len(_KINDS)), ("alone", 1),
    ("tracks", 2 * len(resources.TRACKS)), ("units", 2 * len(_AREAS)), ("owner", 3 * len(poleis.POLEIS)),
    ("population", len(poleis.POLEIS)), ("proxenos", 2 * (len(poleis.POLEIS) + 1)),
    ("tribute", 2 * len(geography.TERRITORIES)), ("market", len(resources.MARKET_GOODS)),
    ("spaces", 2 * len(markets.SPACES)), ("offer", len(projects.PROJECTS)), ("events", len(_EVENT_CARDS)),
    ("hand", len(battle_cards.CARD_NUMBERS)), ("played", len(battle_cards.CARD_NUMBERS)), ("building", len(TOKENS)),
)
AT = {name: sum(size for _, size in _LAYOUT[:n]) for n, (name, _) in enumerate(_LAYOUT)}
FEATURES = sum(size for _, size in _LAYOUT)


def _features(state: PolisState, player: int) -> Iterator[tuple[int, float]]:
    """The board the player sees, as (index, value) pairs of the tensor (the others are 0)."""
    view = state.view(player)
    if view is None:
        return
    me = SIDES[player]
    order = (me, *(s for s in SIDES if s != me))  # the player's own side first
    yield AT["round"] + view["round"], 1.0
    decision = view["pending"][-1] if view["pending"] else None
    if decision is not None and decision["kind"] in _KINDS:
        yield AT["kind"] + _KINDS.index(decision["kind"]), 1.0
        yield AT["alone"], float(bool(decision["data"].get("alone")))
    for n, side in enumerate(order):
        player_view = view["players"][side]
        for t, track in enumerate(resources.TRACKS):
            yield AT["tracks"] + n * len(resources.TRACKS) + t, player_view["tracks"][track] / 10
        for area, count in player_view["units"].items():
            yield AT["units"] + n * len(_AREAS) + _AREAS.index(area), count / 5
        where = player_view["proxenos"]
        at = poleis.POLEIS.index(where) if where else len(poleis.POLEIS)  # the last: held captive
        yield AT["proxenos"] + n * (len(poleis.POLEIS) + 1) + at, 1.0
    for p, polis_id in enumerate(poleis.POLEIS):
        polis = view["poleis"][polis_id]
        yield AT["owner"] + 3 * p + (order.index(polis["owner"]) if polis["owner"] else 2), 1.0
        yield AT["population"] + p, polis["population"] / 10
    for territory, side in view["tribute"].items():
        at = order.index(side) * len(geography.TERRITORIES) + geography.TERRITORIES.index(territory)
        yield AT["tribute"] + at, 1.0
    for g, good in enumerate(resources.MARKET_GOODS):
        yield AT["market"] + g, view["market_value"][good] / 10
    space_ids = [s.id for s in markets.SPACES]
    for space, side in view["market_spaces"].items():
        yield AT["spaces"] + order.index(side) * len(space_ids) + space_ids.index(space), 1.0
    for tile in view["projects_offer"]:
        yield AT["offer"] + projects.PROJECTS.index(tile), 1.0
    for card in view["events"]:
        yield AT["events"] + _EVENT_CARDS.index(card), 1.0
    battle = view["battle"]
    if battle is not None:
        for number in battle["hands"][me]:
            yield AT["hand"] + battle_cards.CARD_NUMBERS.index(number), 1.0
        for number in (*battle["discard"], *battle["laid"]):
            yield AT["played"] + battle_cards.CARD_NUMBERS.index(number), 1.0
    if state.current_player() == player:
        for token in state.prefix:
            yield AT["building"] + TOKEN_ID[token], 1.0


pyspiel.register_game(_GAME_TYPE, PolisGame)


# ---------------------------------------------------------------------- OpenSpiel's ISMCTS as a player


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot searching for a given time instead of a number of simulations (the
    arena gives it the time `hard` takes); the search itself is OpenSpiel's, unchanged."""

    def __init__(self, game: PolisGame, seconds: float, rng: random.Random, uct_c: float = 2.0) -> None:
        seeded = np.random.RandomState(rng.randrange(2**31))
        super().__init__(game, mcts.RandomRolloutEvaluator(1, seeded), uct_c, max_simulations=0,
                         random_state=seeded)
        self.seconds = seconds
        self.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))

    def run_search(self, state: PolisState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self.reset()
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        simulations = 0
        # At least two: the first only expands the root, the second gives it a child to choose.
        while simulations < 2 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            simulations += 1
        return self.get_final_policy(state, self._root_node)


def ismcts_decider(seconds: float) -> Callable[[Mapping[str, Any], random.Random], dict[str, Any]]:
    """A player for engine.arena: OpenSpiel's ISMCTS choosing each token of the action in turn, the
    `seconds` shared between them."""
    game = pyspiel.load_game("python_polis")

    def decide(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        state = PolisState(game, api.from_view(view, rng))
        side = view["viewer"]
        deadline = time.perf_counter() + seconds
        tokens: list[str] = []
        while not tokens or tokens[-1] != DONE:
            left = max(0.0, deadline - time.perf_counter())
            token = TimedISMCTSBot(game, left / max(1, 3 - len(tokens)), rng).step(state)
            tokens.append(TOKENS[token])
            if tokens[-1] != DONE:
                state.apply_action(token)
        assert state.engine is not None
        return next(a for a in api.legal_actions(state.engine, side) if list(tokens_of(a)) == tokens)

    return decide
