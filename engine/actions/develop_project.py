"""Action 4, Develop a project (p. 10): a tile on offer goes face down on a polis of the side.

Each resource of the cost may be paid entirely (never partly) in silver instead. A polis
develops one project per round; the tile completes at the round's end (engine.end_of_round).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine import editions
from engine.actions.base import Fields, Refusable, affordable, no_prestige
from engine.data import poleis
from engine.data.projects import ProjectTile
from engine.errors import IllegalAction, MalformedAction
from engine.state import GameState

TYPE = "develop_project"


@dataclass(frozen=True)
class DevelopProject:
    project: str
    polis: str
    #: Resources of the cost paid entirely in silver instead.
    silver_for: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "project": self.project, "polis": self.polis, "silver_for": list(self.silver_for)}


#: What `parse` reads an action into.
ACTION = DevelopProject


def offered_in(edition: Any) -> bool:
    """A ruleset without projects (the learning scenario: "events and projects are excluded") has
    no such action at all."""
    return bool(edition.tiles)


def parse(fields: Fields) -> DevelopProject:
    project = fields.text("project", fields.rules.projects)
    polis_id = fields.text("polis", poleis.POLEIS)
    silver_for: tuple[str, ...] = ()
    if fields.raw.get("silver_for"):
        cost_resources = tuple(r for r in fields.rules.tile(project).cost if r != "silver")
        if not cost_resources:
            raise MalformedAction(f"develop_project: {project} is paid in silver already; "
                                  f"silver_for={fields.raw['silver_for']!r} must be empty",
                                  code="bad_list", field="silver_for")
        silver_for = tuple(sorted(set(fields.id_list("silver_for", cost_resources))))
    return DevelopProject(project, polis_id, silver_for)


def price(tile: ProjectTile, silver_for: tuple[str, ...]) -> dict[str, int]:
    total: dict[str, int] = {}
    for resource, amount in tile.cost.items():
        paid_in = "silver" if resource in silver_for else resource
        total[paid_in] = total.get(paid_in, 0) + amount
    return total


def hosts(state: GameState, side: str, project: str) -> list[str]:
    """Poleis of the side that may take this tile now."""
    return [p for p in sorted(editions.of(state).hosts(project))
            if state.poleis[p].owner == side and state.poleis[p].developing is None]


def check(state: GameState, side: str, action: DevelopProject) -> None:
    if action.project not in state.projects_offer:
        raise IllegalAction(f"develop_project: {action.project} is not on offer (on offer: "
                            f"{', '.join(state.projects_offer) or 'none'})", code="not_on_offer")
    allowed = editions.of(state).hosts(action.project)
    if action.polis not in allowed:
        raise IllegalAction(f"develop_project: {action.project} can be developed only in "
                            f"{', '.join(sorted(allowed))}, not {action.polis}",
                            code="not_allowed_here")
    polis = state.poleis[action.polis]
    if polis.owner != side:
        raise IllegalAction(f"develop_project: {action.polis} is not controlled by {side}", code="not_your_polis")
    if polis.developing is not None:
        raise IllegalAction(f"develop_project: {action.polis} is already developing {polis.developing} this round",
                            code="one_project_per_round")


def cost(state: GameState, side: str, action: DevelopProject) -> dict[str, int]:
    return price(editions.of(state).tile(action.project), action.silver_for)


prestige_cost = no_prestige


def apply(state: GameState, side: str, action: DevelopProject) -> None:
    state.projects_offer.remove(action.project)
    state.change_polis(action.polis, developing=action.project)


def substitutions(tile: ProjectTile) -> Iterator[tuple[str, ...]]:
    own = sorted(r for r in tile.cost if r != "silver")
    for size in range(len(own) + 1):
        yield from combinations(own, size)


def payable_substitutions(state: GameState, side: str, project: str) -> list[tuple[str, ...]]:
    tile = editions.of(state).tile(project)
    return [subs for subs in substitutions(tile) if affordable(state, side, price(tile, subs))]


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    """Only tiles the side can pay for (with silver in place of any resource) and has a polis for."""
    if "project" not in partial:
        return {"next": "project", "choices": [p for p in state.projects_offer
                                               if hosts(state, side, p) and payable_substitutions(state, side, p)]}
    project = partial["project"]
    if "polis" not in partial:
        return {"next": "polis", "choices": hosts(state, side, project)}
    tile = editions.of(state).tile(project)
    substitutions = payable_substitutions(state, side, project)
    # Each choice is the resources paid in silver; what it then costs beside it, in the same order.
    return {"next": "silver_for", "choices": [list(subs) for subs in substitutions],
            "details": [{"cost": price(tile, subs)} for subs in substitutions]}


def generate(state: GameState, side: str) -> Iterator[DevelopProject]:
    for project in list(state.projects_offer):
        for polis_id in hosts(state, side, project):
            for subs in substitutions(editions.of(state).tile(project)):
                yield DevelopProject(project, polis_id, subs)


def _on_offer(state: GameState, side: str, partial: Mapping[str, Any]) -> list[str]:
    return list(state.projects_offer)


def _allowed(state: GameState, side: str, partial: Mapping[str, Any]) -> list[str]:
    return sorted(editions.of(state).hosts(partial["project"]))


def _in_a_polis(state: GameState, side: str, tried: Mapping[str, Any]) -> Mapping[str, Any]:
    """The tile in a polis that may take it (the side's own first), paid in its own goods."""
    allowed = sorted(editions.of(state).hosts(tried["project"]), key=lambda p: state.poleis[p].owner != side)
    return {"polis": allowed[0], "silver_for": [], **tried}


#: Tiles left out (no polis of the side for them, the price) and the poleis a tile may go to.
REFUSALS = {"project": Refusable(_on_offer, _in_a_polis), "polis": Refusable(_allowed, _in_a_polis)}
