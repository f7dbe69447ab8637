"""The eleven actions of the rulebook (pp. 9-18), one module each, plus the registry by type."""

from __future__ import annotations

from types import ModuleType

from engine.actions import (
    collect_tribute,
    create_galleys,
    create_hoplites,
    create_merchants,
    develop_project,
    lay_siege,
    move_galleys,
    move_hoplites,
)

ACTIONS: dict[str, ModuleType] = {
    module.TYPE: module
    for module in (
        create_hoplites,
        create_galleys,
        create_merchants,
        develop_project,
        move_hoplites,
        move_galleys,
        lay_siege,
        collect_tribute,
    )
}
