"""The eleven actions of the rulebook (pp. 9-18), one module each, plus the registry by type.

FREE_ACTIONS are done during one's turn without using up an action (the proxenos's ransom).
"""

from __future__ import annotations

from types import ModuleType

from engine.actions import (
    collect_tribute,
    create_galleys,
    create_hoplites,
    create_merchants,
    develop_project,
    instigate_civil_war,
    lay_siege,
    move_galleys,
    move_hoplites,
    move_proxenos,
    ransom_proxenos,
    trade,
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
        trade,
        move_proxenos,
        instigate_civil_war,
    )
}

FREE_ACTIONS: dict[str, ModuleType] = {ransom_proxenos.TYPE: ransom_proxenos}

#: Every action module by type; which are free is the edition's (engine.editions: the 2012 edition
#: makes releasing the proxenos an action of the turn).
MODULES: dict[str, ModuleType] = {**ACTIONS, **FREE_ACTIONS}

