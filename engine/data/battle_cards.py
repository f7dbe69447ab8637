"""The 24 battle cards: the printed land and sea tables, and the physical pairing.

Each card has a land face and a sea face. Both tables are printed (Combat cards, back
page) and share the count column 3, 5, 4, 2, 3, 2, 3, 1, 1, but which land face is on
the back of which sea face is not printed: the pairing here (row i with row i) is
reconstructed. It matters only if a variant ever shows both faces; battles use one face.
"""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import reconstructed, rulebook

LAND = "land"
SEA = "sea"
MISTHOFOROS = "misthoforos"
SALPINX = "salpinx"
#: Formations with special rules (Battles: Misthoforos is a wild card, Salpinx can never be matched).
SPECIAL_FORMATIONS: frozenset[str] = frozenset({MISTHOFOROS, SALPINX})


@dataclass(frozen=True, slots=True)
class BattleFace:
    """One printed row of a combat-card table: ``count`` cards show this face."""

    terrain: str
    count: int
    formation: str
    formation_name: str
    maneuver: str
    maneuver_name: str
    value: int
    source: str

    @property
    def special(self) -> bool:
        """Misthoforos or Salpinx."""
        return self.formation in SPECIAL_FORMATIONS


@dataclass(frozen=True, slots=True)
class BattleCard:
    """A physical card: ``number`` 1..24, a land face and a sea face."""

    number: int
    land: BattleFace
    sea: BattleFace
    source: str

    def face(self, terrain: str) -> BattleFace:
        """The face used in a battle on ``terrain`` ("land" or "sea")."""
        if terrain == LAND:
            return self.land
        if terrain == SEA:
            return self.sea
        raise ValueError(terrain)


_LAND_T = rulebook("Combat cards table (back page), land; Description of the battle cards")
_SEA_T = rulebook("Combat cards table (back page), sea; Description of the battle cards")

LAND_FACES: tuple[BattleFace, ...] = (
    BattleFace(LAND, 3, "phalanx", "Phalanx", "othismos", "Othismos", 2, _LAND_T),
    BattleFace(LAND, 5, "phalanx", "Phalanx", "proothisi", "Proothisi", 1, _LAND_T),
    BattleFace(LAND, 4, "ippiko", "Ippiko", "proothisi", "Proothisi", 1, _LAND_T),
    BattleFace(LAND, 2, "ippiko", "Ippiko", "antistasi", "Antistasi", 0, _LAND_T),
    BattleFace(LAND, 3, "toxotis", "Toxotis", "proothisi", "Proothisi", 1, _LAND_T),
    BattleFace(LAND, 2, "toxotis", "Toxotis", "voli", "Voli", 0, _LAND_T),
    # The table prints "PELASTA"; the text says Peltasta (light infantry).
    BattleFace(LAND, 3, "peltasta", "Peltasta", "antistasi", "Antistasi", 0, _LAND_T),
    BattleFace(LAND, 1, MISTHOFOROS, "Misthoforos", "antistasi", "Antistasi", 0, _LAND_T),
    BattleFace(LAND, 1, SALPINX, "Salpinx", "enedra", "Enedra", -1, _LAND_T),
)

SEA_FACES: tuple[BattleFace, ...] = (
    BattleFace(SEA, 3, "anotera_treeris", "Anotera Treeris", "diekplous", "Diekplous", 2, _SEA_T),
    BattleFace(SEA, 5, "anotera_treeris", "Anotera Treeris", "periplous", "Periplous", 1, _SEA_T),
    BattleFace(SEA, 4, "treeris", "Treeris", "periplous", "Periplous", 1, _SEA_T),
    BattleFace(SEA, 2, "treeris", "Treeris", "kyklos", "Kyklos", 0, _SEA_T),
    BattleFace(SEA, 3, "bireme", "Bireme", "periplous", "Periplous", 1, _SEA_T),
    BattleFace(SEA, 2, "bireme", "Bireme", "kyklos", "Kyklos", 0, _SEA_T),
    BattleFace(SEA, 3, "triacontor", "Triacontor", "kyklos", "Kyklos", 0, _SEA_T),
    BattleFace(SEA, 1, MISTHOFOROS, "Misthoforos", "kyklos", "Kyklos", 0, _SEA_T),
    BattleFace(SEA, 1, SALPINX, "Salpinx", "enedra", "Enedra", -1, _SEA_T),
)

_PAIRING = reconstructed(
    "the land/sea pairing on one card is not printed; both tables have the count column 3,5,4,2,3,2,3,1,1, "
    "so the i-th land row is paired with the i-th sea row (strength 2 with 2, specials with specials)"
)


def _deal() -> tuple[BattleCard, ...]:
    cards: list[BattleCard] = []
    for land, sea in zip(LAND_FACES, SEA_FACES, strict=True):
        assert land.count == sea.count, (land, sea)
        for _ in range(land.count):
            cards.append(BattleCard(len(cards) + 1, land, sea, _PAIRING))
    return tuple(cards)


BATTLE_CARDS: tuple[BattleCard, ...] = _deal()
CARD_NUMBERS: tuple[int, ...] = tuple(c.number for c in BATTLE_CARDS)
CARD_BY_NUMBER: dict[int, BattleCard] = {c.number: c for c in BATTLE_CARDS}


def card(number: int) -> BattleCard:
    """The card with this number (1..24)."""
    return CARD_BY_NUMBER[number]
