"""The 14 project tiles (seven categories of two).

The category descriptions and the poleis that may host each category are printed
(4. Develop a project); so is Myron's tile (2 wood + 3 silver, 2 prestige + 3 at the
end of the game). Every other cost and prestige value is reconstructed from the
category descriptions and the 2012 edition's tiles (docs/board-reconstruction.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ._frozen import frozen_map
from ._i18n import gettext_noop
from .provenance import reconstructed, rulebook


@dataclass(frozen=True, slots=True)
class ProjectCategory:
    """A project type: what it costs in kind, and the poleis that may host it."""

    id: str
    name: str
    tiles: tuple[str, ...]
    hosts: tuple[str, ...]
    description: str
    source: str


@dataclass(frozen=True, slots=True)
class ProjectTile:
    """A project tile; silver may replace any whole resource of its cost (engine rule)."""

    id: str
    name: str
    category: str
    cost: Mapping[str, int] = field(hash=False)
    #: Prestige given to the polis's controller when completed (end of round).
    prestige: int
    #: Blue squares: prestige counted at the end of the game.
    end_game_prestige: int
    source: str

    @property
    def total_cost(self) -> int:
        """Resources paid in all."""
        return sum(self.cost.values())


_CAT = "4. Develop a project, list of the seven project types"
CATEGORY_RECORDS: tuple[ProjectCategory, ...] = (
    ProjectCategory("philosophers", gettext_noop("Philosophers"), ("protagoras", "socrates"), ("athinae", "syrakousae"),
                    "paid in silver only", rulebook(_CAT + ": Philosophers, Athinae and Syrakousae")),
    ProjectCategory("artists", gettext_noop("Artists"), ("myron", "fidas"), ("athinae", "syrakousae", "korinthos"),
                    "wood and silver", rulebook(_CAT + ": Artists, Athinae, Syrakousae, Korinthos")),
    ProjectCategory("temples", gettext_noop("Temples"), ("apollo", "zeus"), ("sparti", "syrakousae"),
                    "wood, iron and silver; substantial prestige", rulebook(_CAT + ": Temples, Sparta and Syrakousae")),
    ProjectCategory("theaters", gettext_noop("Theaters"), ("koilon", "skini"), ("korinthos", "athinae", "thibae"),
                    "more affordable than temples", rulebook(_CAT + ": Theaters, Korinthos, Athinae, Thibae")),
    ProjectCategory("statues", gettext_noop("Statues"), ("efebos", "aphrodite"), ("abdira", "gela", "epidamnos", "sparti"),
                    "wood and a bit of iron; least prestige", rulebook(_CAT + ": Statues, Abdira, Gela, Epidamnos, Sparta")),
    ProjectCategory("mysteries", gettext_noop("Mysteries"), ("dionysos", "demeter"), ("sparti", "potidaea", "samos"),
                    "large quantities of wine", rulebook(_CAT + ": Mysteries, Sparta, Potidaea, Samos")),
    ProjectCategory("games", gettext_noop("Games"), ("isthmia", "nemea"), ("korinthos", "pydna", "argos"),
                    "winners awarded wine and wheat", rulebook(_CAT + ": Games, Korinthos, Pydna, Argos")),
)


TILE_RECORDS: tuple[ProjectTile, ...] = (
    ProjectTile("protagoras", "Protagoras", "philosophers", frozen_map({"silver": 3}), 2, 1,
                reconstructed("pre-publication data (board-facts section 4): Protagoras 3 silver for 2 + 1; philosophers cost silver only")),
    ProjectTile("socrates", "Socrates", "philosophers", frozen_map({"silver": 6}), 4, 2,
                reconstructed("the 2012 rules' example and the pre-publication data both give Socrates 6 silver for 4 + 2; assumed unchanged in 2020")),
    ProjectTile("myron", "Myron", "artists", frozen_map({"wood": 2, "silver": 3}), 2, 3,
                rulebook("4. Develop a project example: Myron costs 2 wood and 3 silver, 2 prestige at round end, 3 at game end")),
    ProjectTile("fidas", "Phidias", "artists", frozen_map({"wood": 3, "silver": 2}), 3, 2,
                reconstructed("artists cost wood + silver; mirror of the printed Myron (same total), more prestige now and less later, "
                   "echoing 2012 Phidias's population-dependent prestige")),
    ProjectTile("apollo", "Apollo", "temples", frozen_map({"iron": 2, "wood": 3, "silver": 2}), 3, 2,
                reconstructed("pre-publication data (board-facts section 4): Temple of Apollo 2 iron 3 wood 2 silver for 3 + 2")),
    ProjectTile("zeus", "Zeus", "temples", frozen_map({"iron": 3, "wood": 4, "silver": 3}), 4, 3,
                reconstructed("pre-publication data (board-facts section 4): Temple of Zeus 3 iron 4 wood 3 silver for 4 + 3")),
    ProjectTile("koilon", "Koilon", "theaters", frozen_map({"iron": 1, "wood": 2, "silver": 1}), 2, 1,
                reconstructed("pre-publication data (board-facts section 4): 'Theatre' (the koilon, the seating) 1 iron 2 wood 1 silver for 2 + 1")),
    ProjectTile("skini", "Skini", "theaters", frozen_map({"iron": 1, "wood": 2, "silver": 2}), 3, 1,
                reconstructed("pre-publication data (board-facts section 4): 'Theatre with skene' 1 iron 2 wood 2 silver for 3 + 1")),
    ProjectTile("efebos", "Efebos", "statues", frozen_map({"wood": 2}), 1, 0,
                reconstructed("pre-publication data (board-facts section 4): Ephebe statue 2 wood for 1 + 0 (the rulebook: "
                              "statues need wood and maybe iron, and award the least prestige)")),
    ProjectTile("aphrodite", "Aphrodite", "statues", frozen_map({"iron": 1, "wood": 2}), 1, 1,
                reconstructed("pre-publication data (board-facts section 4): Statue of Aphrodite 1 iron 2 wood for 1 + 1 ('wood and a bit of iron')")),
    ProjectTile("dionysos", "Dionysos", "mysteries", frozen_map({"wine": 4}), 2, 0,
                reconstructed("pre-publication data: Dionysos festival 3 wine 1 oil for 2 + 0; the oil rule: oil becomes wine")),
    ProjectTile("demeter", "Demeter", "mysteries", frozen_map({"wine": 4, "silver": 1}), 3, 0,
                reconstructed("pre-publication data: Demeter festival 3 wine 1 oil 1 silver for 3 + 0; the oil rule: oil becomes wine")),
    ProjectTile("isthmia", "Isthmia", "games", frozen_map({"wine": 2, "wheat": 2}), 2, 0,
                reconstructed("pre-publication data: Isthmian games 2 wine 2 oil for 2 + 0; the oil rule: the rulebook names "
                              "games' goods (wine and wheat), so oil becomes the named good the tile lacks, wheat")),
    ProjectTile("nemea", "Nemea", "games", frozen_map({"wine": 2, "wheat": 3}), 3, 0,
                reconstructed("pre-publication data: Nemean games 4 oil 1 silver for 3 + 0; the oil rule: the rulebook names "
                              "games' goods (wine and wheat), so the oil is shared between them, 2 wine 2 wheat; silver is "
                              "not a games good, so its one unit becomes wheat, keeping the source's five goods (invention)")),
)

CATEGORIES: tuple[str, ...] = tuple(c.id for c in CATEGORY_RECORDS)
PROJECTS: tuple[str, ...] = tuple(t.id for t in TILE_RECORDS)
TILE_BY_ID: dict[str, ProjectTile] = {t.id: t for t in TILE_RECORDS}
CATEGORY_BY_ID: dict[str, ProjectCategory] = {c.id: c for c in CATEGORY_RECORDS}


def tile(project_id: str) -> ProjectTile:
    """The tile record for an id."""
    return TILE_BY_ID[project_id]
