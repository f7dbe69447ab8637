"""What followed each action, in words: every event the engine can emit is either told or
deliberately silent, and whole games (one with a battle) read in English and in Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from django.utils import translation

from engine import api, editions, playout
from polis_site.presentation import words
from tests.support.games import bot_game, foresee_a_battle

ENGINE = Path(api.__file__).parent


def test_every_event_the_engine_emits_is_told_or_deliberately_silent() -> None:
    emitted = {name for path in ENGINE.rglob("*.py")
               for name in re.findall(r'"event": "([a-z_]+)"', path.read_text())}
    assert emitted, "the engine's event names were not found"
    assert emitted - words.SILENT - set(words.HAPPENINGS) == set()
    assert words.SILENT & set(words.HAPPENINGS) == set()




@pytest.mark.parametrize("match_seed, bot_seed", [("battle-game", None), ("whole-game", 5), ("words-1", 2)])
def test_whole_games_read_in_english_and_spanish(match_seed: str, bot_seed: int | None) -> None:
    bot_seed = foresee_a_battle(match_seed) if bot_seed is None else bot_seed
    _, log = bot_game(match_seed, bot_seed)
    state = api.new_game(api.Setup.from_seed(match_seed))
    told: dict[str, list[str]] = {"en": [], "es": []}
    for entry in log:
        if "chance" in entry:
            state, events = api.apply_chance(state, entry["chance"])
        else:
            state, events = api.apply_action(state, entry["side"], entry["action"])
        said = words.in_every_language(lambda: words.happenings(events))
        assert len(said["en"]) == len(said["es"])
        for language, lines in said.items():
            told[language] += lines
    assert state.outcome is not None
    for language, lines in told.items():
        assert lines and not [line for line in lines if "%(" in line or "{" in line], lines
    english, spanish = "\n".join(told["en"]), "\n".join(told["es"])
    assert "Round Epsilon begins" in english and "Comienza la ronda Épsilon" in spanish
    assert "The game is over." in english and "La partida ha terminado." in spanish
    if match_seed == "battle-game":
        assert re.search(r"A battle begins in .+ \(Athens \d+, Sparta \d+\); (Athens|Sparta) attacks first\.", english)
        # Cards by their faces, never their numbers.
        assert re.search(r"Clash in [A-Z][a-z]+.* \([A-Z][^()]+ \([+-]\d\) against ([A-Z][^()]+ \([+-]\d\)|no card)", english)
        assert not re.search(r"Clash in [^(]+\(\d", english)
        assert "Comienza una batalla en" in spanish and "Choque en" in spanish
        assert re.search(r"(retreated from the battle|The battle in .+ ends)", english)


def test_the_log_says_what_happened_in_words_not_ids_or_card_numbers() -> None:
    """The wording the match page once got wrong: each pinned."""
    from django.utils import translation

    from engine.data import battle_cards

    with translation.override("en"):
        opening = words.happenings([{"event": "round_begins", "round": 1, "event_card": "eurymedon",
                                     "order": ["athens", "sparta"]}])
        assert opening[0].endswith("; Athens resolves it first.")  # the card's order, not the turns'
        assert words.happenings([{"event": "megalopolis", "side": "sparta", "poleis": ["sparti"], "prestige": 1}]) == [
            "Megalopolis: Sparta's Sparti above base population (+1 prestige)."]
        assert words.happenings([{"event": "event_effect", "side": "athens", "placed": {"boiotia": 1}, "unit": "hoplites"}]) \
            == ["Event card: Athens places 1 hoplite in Boiotia."]
        assert words.happenings([{"event": "event_effect", "side": "sparta", "blocking": ["aegyptos"],
                                  "gained": {"prestige": -1}}]) == [
            "Event card: Sparta ends its turn blocking the way to Aegyptos (-1 prestige)."]
        assert words.happenings([
            {"event": "event_effect", "side": "athens", "removed": {"kyklades": 2}, "gained": {"prestige": 0},
             "abroad": "aegyptos"},
            {"event": "event_effect", "side": "athens", "returned": {"kyklades": 1}, "lost": 1},
            {"event": "event_effect", "side": "sparta", "defected": "gythion", "to": "athens"},
            {"event": "invasion", "territory": "sicelia", "losses": {"athens": 2}, "no_tribute": False},
            {"event": "invasion", "territory": "sicelia", "losses": {}, "no_tribute": True},
            {"event": "market_value_set", "good": "wine", "position": 0}]) == [
            "Event card: Athens sends 2 galleys in Kyklades to Aegyptos.",  # no "+0 prestige" (an outside tour)
            "Event card: Athens's units come home: 1 galley in Kyklades; 1 lost.",
            "Event card: Gythion goes over from Sparta to Athens.",
            "Event card: the landing in Sicelia costs Athens 2.",
            "Event card: nobody meets the landing in Sicelia, which pays no tribute this round.",
            "Event card: wine's market value returns to box 1."]
        assert words.happenings([{"event": "battle_replay", "site": "boiotia", "pairs": 2}]) == [
            "Superstition: the 2 tied pairs are fought again."]
        assert words.describe("sparta", {"type": "event", "polis": "gythion"}) == "Sparta lost Gythion to the event card"
        assert words.describe("sparta", {"type": "event", "remove": {}}) == "Sparta declined the event card's offer"
        assert words.describe("athens", {"type": "collect_tribute", "territory": "attika",
                                         "columns": {"prestige": 2, "silver": 1}}) == \
            "Athens collected tribute in Attika (1 silver); 2 hoplites quelled the pacifists"
        assert words.describe("athens", {"type": "create_galleys", "polis": "athinae", "seas": {"kyklades": 1},
                                         "payment": {"wood": 1}}) == \
            "Athens created galleys at Athinae: 1 galley in Kyklades (1 wood)"
        assert words.describe("sparta", {"type": "event", "polis": "gythion"}) == "Sparta lost Gythion to the event card"
        assert words.describe("sparta", {"type": "event", "remove": {}}) == "Sparta declined the event card's offer"
        assert words.describe("athens", {"type": "collect_tribute", "territory": "attika", "columns": {"wine": 2}}) \
            == "Athens collected tribute in Attika (3 wine)"  # what two hoplites collect, not 2
        face = battle_cards.card(15).land
        attack = words.describe("sparta", {"type": "attack", "cards": [15]},
                                [{"event": "battle_attack", "site": "boiotia", "side": "sparta", "cards": [15]}])
        assert attack == f"Sparta attacked with {face.formation_name} ({face.value:+d})"
        assert words.happenings([{"event": "famine", "side": "athens", "prestige": 0, "poleis": ["chalkis"]}]) == [
            "Famine: Athens gives up Chalkis."]
    with translation.override("es"):
        assert words.describe("athens", {"type": "create_merchants", "polis": "athinae", "count": 1,
                                         "payment": {"wood": 1}}).startswith("Atenas creó 1 mercader en")


def test_a_siege_is_told_with_its_roll_and_result() -> None:
    taken = {"event": "result", "side": "sparta", "result": {
        "polis": "argos", "roll": 3, "bonus": 1, "fortification": 3, "success": True, "prestige": 3,
        "proxenos_captured": "athens"}}
    held = {"event": "result", "side": "sparta", "result": {
        "polis": "argos", "roll": 1, "bonus": 0, "fortification": 3, "success": False, "rebelled": True}}
    assert words.happenings([taken]) == [
        "Siege of Argos: 3 rolled + 1 against fortification 3: taken (+3 prestige); the proxenos of Athens is captured."]
    assert words.happenings([held]) == [
        "Siege of Argos: 1 rolled + 0 against fortification 3: it holds; a hoplite is lost; "
        "the polis is left empty and turns neutral."]


def test_a_2012_siege_of_fortification_1_is_told_with_no_roll() -> None:
    """The engine's own report of a 2012 siege that needs no die (issue 53), in both languages."""
    from tests.engine.helpers import act
    from tests.engine.test_edition_2012 import besieging_nafpaktos

    _, events = act(besieging_nafpaktos("2012"), "athens", "lay_siege", polis="nafpaktos")
    told = words.happenings([e for e in events if e["event"] == "result"])
    assert told == ["Siege of Nafpaktos: fortification 1 needs no roll: taken (+1 prestige)."]
    with translation.override("es"):
        spanish = words.happenings([e for e in events if e["event"] == "result"])
    assert spanish[0].startswith("Asedio de Nafpaktos: la fortificación 1 no necesita tirada"), spanish


def test_every_event_card_and_option_reads_in_spanish() -> None:
    """The cards' words live in the engine (in English, marked for the catalogue); the page shows them
    in the reader's language, so a card added without its translation fails here."""
    from django.utils import translation

    from polis_site.presentation import board

    with translation.override("en"):
        english = board.catalogue()
    with translation.override("es"):
        spanish = board.catalogue()
    assert spanish["events"]["etna_erupts"]["title"] == "El Etna entra en erupción"
    for card_id, card in english["events"].items():
        assert spanish["events"][card_id]["title"] != card["title"], card_id
        assert spanish["events"][card_id]["text"] != card["text"], card_id
    assert all(english["event_options"][label] == label for label in english["event_options"])
    assert spanish["event_options"]["sail"] == "zarpar" and spanish["event_options"]["stay"] == "quedarse"
    assert spanish["event_options"]["1 prestige for 2 silver"] == "1 de prestigio por 2 de plata"
    assert all(spanish["event_options"][label] != label for label in english["event_options"])


def test_each_edition_names_its_project_types_as_it_prints_them_in_either_language() -> None:
    """The names live in each edition's data (the 2012 text's "Festivals" are 2020's "Mysteries")."""
    from django.utils import translation

    from polis_site.presentation import board

    with translation.override("en"):
        english = {ruleset: board.catalogue(ruleset)["categories"] for ruleset in ("2020", "2012-s1")}
    with translation.override("es"):
        spanish = board.catalogue("2012")["categories"]
    assert english["2020"]["mysteries"] == "Mysteries" and english["2012-s1"]["mysteries"] == "Festivals"
    assert (english["2020"]["artists"], english["2012-s1"]["artists"]) == ("Artists", "Artist")
    assert spanish["mysteries"] == "Festivales" and spanish["artists"] == "Artista"
    assert len(english["2020"]) == len(spanish) == 7


def test_a_move_names_each_origin_once_and_counts_its_units_in_the_right_number() -> None:
    """Issue 36: "moved 3 hoplites from Lakedaemon, Lakedaemon, Lakedaemon" and "moved 1 hoplites"."""
    from django.utils import translation

    def moved(action: dict) -> str:
        return words.describe("sparta", action)

    with translation.override("en"):
        assert moved({"type": "move_hoplites", "destination": "messinia", "origins": ["lakedaemon"] * 3}) == \
            "Sparta moved 3 hoplites to Messinia from Lakedaemon"
        assert moved({"type": "move_hoplites", "destination": "arcadia",
                      "origins": ["lakedaemon", "messinia", "lakedaemon"]}) == \
            "Sparta moved 3 hoplites to Arcadia from Lakedaemon (2), Messinia (1)"
        assert moved({"type": "move_galleys", "destination": "kyklades", "origins": ["myrtoon_pelagos"]}) == \
            "Sparta moved 1 galley to Kyklades from Myrtóon pelagos"
    with translation.override("es"):
        assert moved({"type": "move_hoplites", "destination": "messinia", "origins": ["lakedaemon"]}) == \
            "Esparta movió 1 hoplita a Messinia desde Lakedaemon"


def test_a_round_without_an_event_card_says_so_instead_of_naming_a_card_no_event() -> None:
    """Issue 51: "Round Epsilon begins with the event “No event”; Athens resolves it first."."""
    begins = [{"event": "round_begins", "round": 1, "event_card": "no_event_epsilon", "order": ["athens", "sparta"]}]
    said = words.in_every_language(lambda: words.happenings(begins))
    assert said == {"en": ["Round Epsilon begins, with no event this round."],
                    "es": ["Comienza la ronda Épsilon, sin evento esta ronda."]}  # as the Spanish rulebook spells it
    dealt = [{**begins[0], "round": 0, "event_card": "no_event_alpha"}]
    assert words.in_every_language(lambda: words.happenings(dealt))["en"] == ["Round Alpha begins, with no event this round."]


@pytest.mark.parametrize("edition", sorted(editions.EDITIONS))
def test_every_rounds_growth_is_told_for_both_sides(edition: str) -> None:
    """Where a round's growth step runs, the log tells each side's: what it grew (its answer's line)
    or why it could not (no wheat, no room, no cube): never one side's alone."""
    told_why = 0
    for game in range(6):
        seed = f"growth-told-{edition}-{game}"
        state = api.new_game(api.Setup.from_seed(seed, edition))
        _, log = playout.play(seed, edition=edition)
        told: dict[int, set[str]] = {}  # each round's sides whose growth the log tells
        for entry in log:
            round_ = state.round
            if "chance" in entry:
                state, events = api.apply_chance(state, entry["chance"])
            else:
                state, events = api.apply_action(state, entry["side"], entry["action"])
                if entry["action"].get("type") == "grow":
                    told.setdefault(round_, set()).add(entry["side"])
            for event in (e for e in events if e["event"] == "no_growth"):
                told_why += 1
                told.setdefault(round_, set()).add(event["side"])
                assert " cannot grow: " in words.happenings([event])[0]
        assert all(sides == {"athens", "sparta"} for sides in told.values()), (seed, told)
    assert told_why, "no side was kept from growing in these games"


@pytest.mark.parametrize("edition", sorted(editions.EDITIONS))
def test_a_market_move_names_only_prices_that_changed(edition: str) -> None:
    """An outside tour: "The market moves: a load of 3 now costs 3 wood" where wood already cost 3.
    Over random games, each good a trade's dice name has a new price, and a move that changes none
    says the market holds."""
    said = 0
    for game in range(6):
        seed = f"market-moves-{edition}-{game}"
        state = api.new_game(api.Setup.from_seed(seed, edition))
        _, log = playout.play(seed, edition=edition)
        for entry in log:
            before = dict(state.market_value)
            state, events = (api.apply_chance(state, entry["chance"]) if "chance" in entry
                             else api.apply_action(state, entry["side"], entry["action"]))
            for event in events:
                moved = (event.get("result") or {}).get("market_value")
                if moved is None:
                    continue
                said += 1
                assert all(before[good] != position == state.market_value[good] for good, position in moved.items())
                line = words.happenings([event])[0]
                assert ("The market holds" in line) == (not moved), line
    assert said


def test_two_ways_to_pay_for_a_project_read_apart() -> None:
    """The analysis said "The computer preferred: Sparta began Aphrodite in Sparti" of the move
    played, which differed only in the goods paid in silver."""
    action = {"type": "develop_project", "project": next(iter(editions.EDITIONS["2020"].tiles)), "polis": "sparti"}
    with words.telling("2020"):
        own = words.describe("sparta", action)
        silver = words.describe("sparta", {**action, "silver_for": ["wine", "wheat"]})
        with translation.override("es"):
            spanish = words.describe("sparta", {**action, "silver_for": ["wine", "wheat"]})
    assert own != silver and silver.endswith("paying silver for its wine and wheat")
    assert spanish.endswith("pagando con plata su vino y trigo"), spanish


@pytest.mark.parametrize("edition, match_seed", [(edition, f"parts-{n}") for edition in ("2020", "2012") for n in (1, 2)])
def test_a_moves_line_holds_its_own_events_and_the_rounds_end_and_beginning_stand_apart(edition: str,
                                                                                       match_seed: str) -> None:
    """Over whole games as the server records them (each move with its chance): every event is told
    once, in order; no line of a move tells the round's end or the next round's beginning (one
    side's pass joined to the other side's famine read as if the pass did it), except the answer's
    own event; a famine's answer is not told twice."""
    _, log = bot_game(match_seed, 3, edition=edition)
    state = api.new_game(api.Setup.from_seed(match_seed, edition))
    records: list[tuple[str, dict, list]] = []
    for entry in log:
        if "chance" in entry:
            state, events = api.apply_chance(state, entry["chance"])
            records[-1][2].extend(events)
        else:
            state, events = api.apply_action(state, entry["side"], entry["action"])
            records.append((entry["side"], entry["action"], list(events)))
    seen = {"end": 0, "begins": 0}
    for side, action, events in records:
        own, parts = words.phases(side, action, events)
        assert [*own, *(e for _, part in parts for e in part)] == events
        answered = words.ANSWERED.get(action["type"])
        for event in own:
            assert event["event"] != "round_begins", (action, own)
            assert event["event"] not in words.ROUND_END or (event["event"] == answered and event["side"] == side), (action, own)
            assert not (event["event"] == "battle_check" and event["when"] == "round_end"), (action, own)
        for part, part_events in parts:
            seen[part] += 1
            assert (part_events[0]["event"] == "round_begins") == (part == "begins")
            with words.telling(edition):
                line, lines = words.in_every_language(lambda: words.round_part(part, part_events))["en"]
            assert part == "end" or line.startswith("Round ")
        if action["type"] == "feed" and action.get("give_up"):
            with words.telling(edition):
                told = " ".join(words.happenings(own, action))
            assert not [p for p in action["give_up"] if words.name(p) in told], (action, told)
    assert seen["end"] and seen["begins"]


@pytest.mark.parametrize("edition", ["2020", "2012"])
def test_the_side_a_new_round_names_to_resolve_its_card_first_is_the_first_to_resolve_it(edition: str) -> None:
    """An outside tour: "Sparta resolves it first", then "Your turn: the event card" for Athens, of a
    card that is Athens's alone. Over the round openings of whole games: a side named to resolve a
    card first has its part told before the other side is asked; one named alone is the one asked."""
    told = 0
    for match_seed in (f"opening-{n}" for n in range(12)):
        _, log = bot_game(match_seed, 1, edition=edition)
        state = api.new_game(api.Setup.from_seed(match_seed, edition))
        for entry in log:
            if "chance" in entry:
                state, events = api.apply_chance(state, entry["chance"])
            else:
                state, events = api.apply_action(state, entry["side"], entry["action"])
            begins = next((i for i, e in enumerate(events) if e["event"] == "round_begins"), None)
            if begins is None:
                continue
            with words.telling(edition), translation.override("en"):
                line = words.happenings([events[begins]])[0]
            named = re.search(r"(Athens|Sparta)(?: resolves it first|'s to resolve)", line)
            asked = state.decision.side if state.decision is not None and state.decision.kind == "event_choice" else None
            effects = {e["side"] for e in events[begins:] if e["event"] == "event_effect"}
            if named and asked:
                first = named[1].lower()
                assert asked == first or ("first" in line and first in effects), (line, asked, effects)
                told += 1
    assert told, "no round opening asked a side to choose"
