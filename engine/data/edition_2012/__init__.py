"""Board data of the 2012 edition (Asylum Games): what differs from the 2020 data beside it.

The order of authority (docs/edition-2012.md): the 2012 text
(``../shared/rules/polis-2012-edition-online-rules-en.md``, tagged ``2012 text``); then the nearest
public source for 2012 (S4, the German card sheet of 2012; S7, ``juanjepl/polisgame`` @ 9e3f719, a
program from the designer's pre-publication rules; both tagged ``reconstructed`` with their name);
then the 2020 data where the component is the same (used from ``engine.data`` unchanged); invention
last, marked as such. Modules: rounds, goods, tribute, markets, projects, event_cards, setup, components.
"""

DATA_MODULES: tuple[str, ...] = ("rounds", "goods", "tribute", "markets", "projects", "event_cards", "setup", "components")
