"""Board data of Polis (Devir 2020): pure data records, each tagged with its provenance.

Modules (one topic each): provenance, resources, sides, rounds, poleis, geography,
projects, tribute, markets, battle_cards, components, personal_board, setup, event_cards; and the
package edition_2012, what the 2012 edition's board holds that differs.
Every record is a frozen dataclass with a ``source`` field (see ``provenance``);
reconstructed data is explained in docs/board-reconstruction.md.
"""

DATA_MODULES: tuple[str, ...] = (
    "provenance",
    "resources",
    "sides",
    "rounds",
    "poleis",
    "geography",
    "projects",
    "tribute",
    "markets",
    "battle_cards",
    "components",
    "personal_board",
    "setup",
    "event_cards",
    "edition_2012",
)
