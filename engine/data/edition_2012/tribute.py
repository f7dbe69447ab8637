"""The 2012 tribute boxes: S7's rows as they are, oil included (2020 reads oil as wine).

The boxes (which territories have one, and the two home boxes) are 2020's, the same component
(engine.data.tribute.BOXES). Sicelia's is in the 2012 text; every other row is S7's.
"""

from __future__ import annotations

from engine.data.provenance import reconstructed, text_2012
from engine.data.tribute import SERIES, TributeColumn

_S7 = "S7, juanjepl/polisgame src/data/territories/ES (board-facts.md section 4): "
_SICELIA = text_2012("8. Collection: 1/2/3/4/5 hoplites collecting wine in Sikelia could collect 1/3/6/10 or 15 wine; "
                     "example: up to 15 wine or oil and up to 6 wheat can be collected in Sikelia")

#: territory -> (resource, spaces) in S7's order.
_ROWS: dict[str, tuple[tuple[str, int], ...]] = {
    "attika": (("wine", 4), ("oil", 4), ("silver", 3), ("wheat", 1)),
    "lakedaemon": (("iron", 4), ("oil", 3), ("silver", 2)),
    "sicelia": (("wine", 5), ("oil", 5), ("wheat", 3)),
    "boiotia": (("iron", 5), ("wood", 4), ("oil", 3), ("wheat", 1)),
    "megaris": (("wood", 5), ("silver", 3), ("wheat", 2)),
    "arcadia": (("iron", 4), ("wood", 4), ("wine", 2), ("oil", 2)),
    "messinia": (("oil", 4), ("wheat", 3)),
    "makedonia": (("wood", 4), ("wine", 3), ("wheat", 2)),
    "akarnania": (("iron", 4), ("wine", 3), ("silver", 2)),
    "ionia": (("wine", 4), ("silver", 2), ("wheat", 1)),
    "thessalia": (("iron", 3), ("wood", 3), ("wheat", 1)),
    "achaea": (("iron", 2), ("wood", 2), ("wine", 1), ("oil", 1)),
}


def _source(territory: str, resource: str, spaces: int) -> str:
    if territory == "sicelia":
        return _SICELIA
    return reconstructed(_S7 + f"{territory} {resource} " + ":".join(map(str, SERIES[:spaces])))


COLUMNS: tuple[TributeColumn, ...] = tuple(
    TributeColumn(territory, resource, SERIES[:spaces], _source(territory, resource, spaces))
    for territory, rows in _ROWS.items() for resource, spaces in rows)
