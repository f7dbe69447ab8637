"""The printed starting position of both sides and of the shared board (Game setup)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ._frozen import frozen_map
from .personal_board import ICON, value_shown
from .provenance import rulebook


@dataclass(frozen=True, slots=True)
class SideSetup:
    """One side's starting pieces; a disk marks control of each starting polis."""

    side: str
    #: polis -> population cubes on its card (its base population).
    poleis: Mapping[str, int] = field(hash=False)
    #: territory -> hoplites.
    hoplites: Mapping[str, int] = field(hash=False)
    #: sea -> galleys.
    galleys: Mapping[str, int] = field(hash=False)
    #: Merchants in the side's commercial port.
    merchants: int
    #: Polis hosting the side's proxenos.
    proxenos: str
    #: track -> printed number the cube covers (None: on the icon), as the setup text says.
    cube_spaces: Mapping[str, int | None] = field(hash=False)
    source: str

    @property
    def tracks(self) -> Mapping[str, int]:
        """Starting value of each personal-board track (cube space + 1; icon = 0)."""
        return frozen_map((t, value_shown(s)) for t, s in self.cube_spaces.items())

    @property
    def disks_on_map(self) -> tuple[str, ...]:
        """Poleis that get one of this side's disks."""
        return tuple(self.poleis)


SPARTA_SETUP = SideSetup(
    side="sparta",
    poleis=frozen_map({"pylos": 2, "gythion": 1, "sparti": 4}),
    hoplites=frozen_map({"lakedaemon": 3}),
    galleys=frozen_map({"ionion_pelagos": 1, "myrtoon_pelagos": 2}),
    merchants=1,
    proxenos="sparti",
    cube_spaces=frozen_map({"prestige": 2, "iron": 3, "wood": 3, "wine": 3, "silver": 3, "wheat": ICON}),
    source=rulebook("Game setup, Sparta; Essential concepts: Sparta starts with 4 of everything, prestige 3, no wheat"),
)

ATHENS_SETUP = SideSetup(
    side="athens",
    poleis=frozen_map({"chios": 2, "chalkis": 1, "athinae": 5}),
    hoplites=frozen_map({"attika": 3, "ionia": 2}),
    galleys=frozen_map({"kyklades": 2, "noties_sporades": 1}),
    merchants=1,
    proxenos="athinae",
    cube_spaces=frozen_map({"prestige": 2, "iron": 3, "wood": 3, "wine": 3, "silver": ICON, "wheat": 3}),
    source=rulebook("Game setup, Athens; Essential concepts: Athens starts with 4 of everything, prestige 3, no silver"),
)

SIDE_SETUPS: tuple[SideSetup, ...] = (ATHENS_SETUP, SPARTA_SETUP)
SETUP_BY_SIDE: dict[str, SideSetup] = {s.side: s for s in SIDE_SETUPS}


@dataclass(frozen=True, slots=True)
class SharedSetup:
    """The common board at the start (Game setup A-F)."""

    round: str
    projects_face_up: int
    #: One random event per round deck, stacked Omega under Epsilon under Alpha.
    events_per_round: int
    #: Market-value cube position of iron, wood and wine (far left).
    market_cube_position: int
    #: Foreign-market spaces of at least this load start under a black cube.
    covered_min_load: int
    source: str


SHARED_SETUP = SharedSetup(
    round="alpha",
    projects_face_up=3,
    events_per_round=1,
    market_cube_position=0,
    covered_min_load=4,
    source=rulebook("Game setup A-F: round marker on Alpha, 3 projects face up, 1 event per round deck, "
                    "black cubes far left of iron, wood, wine and on every foreign-market 4 or 5"),
)
