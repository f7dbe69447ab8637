"""Scenario 2's starting position (the 2012 text: "set up the play area as shown here", a picture).

The picture is not in the text. S7's standard start has the same poleis, population and hoplites as
2020's printed setup and 4 of every good; it differs in prestige and one Spartan galley, which a
pre-publication program cannot settle against 2020's print. So each side starts as in 2020, with
4 oil beside its other goods (docs/rulings.md R25). Scenario 1 starts the same (R26).
"""

from __future__ import annotations

from dataclasses import replace

from engine.data._frozen import frozen_map
from engine.data.provenance import reconstructed
from engine.data import setup as setup_2020
from engine.data.setup import SideSetup

_SOURCE = reconstructed("the 2012 text shows the setup in a picture only; 2020's printed setup (the same poleis, "
                        "population and hoplites as S7's standard start) with 4 oil, as S7 starts every good at 4 "
                        "(open question 2)")

#: The oil cube covers the printed 3: 4 oil, like the other goods a side starts with.
SIDE_SETUPS: tuple[SideSetup, ...] = tuple(
    replace(printed, cube_spaces=frozen_map({**printed.cube_spaces, "oil": 3}), source=_SOURCE)
    for printed in setup_2020.SETUP_BY_SIDE.values())
SETUP_BY_SIDE_2012: dict[str, SideSetup] = {s.side: s for s in SIDE_SETUPS}
