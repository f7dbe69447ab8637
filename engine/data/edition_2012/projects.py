"""The 2012 edition's 14 project tiles in 7 types, and the poleis each type may be begun in.

The types, their counts and their hosts are in the 2012 text (4. Begin Project); costs and prestige
are S7's, and match the text wherever it speaks (Socrates: 6 silver, 4 prestige and 2 for posterity;
Phidias paid in silver; philosophers in silver). Tiles the same as 2020's keep their ids and records;
those that differ (oil in their cost, another prestige) have their own.
"""

from __future__ import annotations

from engine.data import projects as projects_2020
from engine.data._frozen import frozen_map
from engine.data._i18n import gettext_noop
from engine.data.projects import ProjectCategory, ProjectTile
from engine.data.provenance import reconstructed, text_2012

_TYPES = "4. Begin Project: The 14 projects are divided into 7 different types"
_S7 = "S7, juanjepl/polisgame src/data/projects/ES (board-facts.md section 4): "

CATEGORY_RECORDS: tuple[ProjectCategory, ...] = (
    ProjectCategory("philosophers", gettext_noop("Philosophers"), ("protagoras", "democritus", "socrates"), ("athinae", "syrakousae"),
                    "paid in silver", text_2012(_TYPES + ": Philosophers (3x), Syrakousai and Athenai")),
    ProjectCategory("artists", gettext_noop("Artist"), ("phidias",), ("athinae",),
                    "paid in silver; prestige half Athenai's population", text_2012(_TYPES + ": Artist (1x), Phidias, "
                                                                                    "only in Athenai")),
    ProjectCategory("temples", gettext_noop("Temples"), ("apollo", "zeus"), ("sparti", "syrakousae"),
                    "wood, metal and wages", text_2012(_TYPES + ": Temples (2x), Syrakousai or Sparta")),
    ProjectCategory("theaters", gettext_noop("Theatres"), ("koilon", "skini"), ("korinthos", "athinae", "thibae"),
                    "more affordable", text_2012(_TYPES + ": Theatres (2x), Korinthos, Athenai or Thebai")),
    ProjectCategory("statues", gettext_noop("Statues"), ("efebos", "aphrodite"), ("abdira", "gela", "epidamnos", "sparti"),
                    "a bit of wood and maybe metal", text_2012(_TYPES + ": Statues (2x), Abdera, Gela, Epidamnos, Sparta")),
    ProjectCategory("mysteries", gettext_noop("Festivals"), ("dionysos_2012", "demeter_2012"), ("sparti", "potidaea", "samos"),
                    "wine", text_2012(_TYPES + ": Festivals (2x), Sparta, Poteideia and Samos")),
    ProjectCategory("games", gettext_noop("Games"), ("isthmia_2012", "nemea_2012"), ("korinthos", "pydna", "argos"),
                    "oil, wine or silver", text_2012(_TYPES + ": Games (2x), Pydna, Argos or Korinthos")),
)

_SAME = ("protagoras", "socrates", "apollo", "zeus", "koilon", "skini", "efebos", "aphrodite")
#: The 2020 tiles with the same cost and prestige as S7's (their 2020 records cite S7 or the 2012 text).
SHARED: tuple[ProjectTile, ...] = tuple(projects_2020.tile(t) for t in _SAME)

OWN: tuple[ProjectTile, ...] = (
    ProjectTile("democritus", "Democritus", "philosophers", frozen_map({"silver": 5}), 4, 1,
                reconstructed(_S7 + "Democritus 5 silver for 4 + 1")),
    ProjectTile("phidias", "Phidias", "artists", frozen_map({"silver": 4}), 0, 2,
                reconstructed(_S7 + "Phidias 4 silver for 0 + 2; the 2012 text: its prestige at the round's end is half "
                              "Athenai's population, rounded up (engine.editions: `project_prestige`)")),
    ProjectTile("dionysos_2012", "Dionysos", "mysteries", frozen_map({"wine": 3, "oil": 1}), 2, 0,
                reconstructed(_S7 + "Dionysos festival 3 wine 1 oil for 2 + 0")),
    ProjectTile("demeter_2012", "Demeter", "mysteries", frozen_map({"wine": 3, "oil": 1, "silver": 1}), 3, 0,
                reconstructed(_S7 + "Demeter festival 3 wine 1 oil 1 silver for 3 + 0")),
    ProjectTile("isthmia_2012", "Isthmia", "games", frozen_map({"wine": 2, "oil": 2}), 2, 0,
                reconstructed(_S7 + "Isthmian games 2 wine 2 oil for 2 + 0")),
    ProjectTile("nemea_2012", "Nemea", "games", frozen_map({"oil": 4, "silver": 1}), 3, 0,
                reconstructed(_S7 + "Nemean games 4 oil 1 silver for 3 + 0")),
)

TILE_RECORDS: tuple[ProjectTile, ...] = SHARED + OWN
PROJECTS: tuple[str, ...] = tuple(t for c in CATEGORY_RECORDS for t in c.tiles)
