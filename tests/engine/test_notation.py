"""Polis notation (engine/notation.py, docs/notation.md): every seeded game of every ruleset
written and read back is the same game, and a text that breaks the grammar is refused naming the
line."""

from __future__ import annotations

import pytest

from engine import api, notation, playout
from engine.errors import MalformedAction


@pytest.mark.parametrize("edition", ["2020", "2012", "2012-s1"])
def test_every_game_written_and_read_back_replays_alike(edition: str) -> None:
    for game in range(25):
        seed = f"notation-{edition}-{game}"
        final, log = playout.play(seed, edition=edition)
        setup = api.Setup.from_seed(seed, edition)
        text = notation.write({"Athens": "pericles", "Sparta": "archidamos \"the king\""}, setup, log,
                              words=lambda entry, events: (f"{entry['side']} did {entry['action']['type']}\nat once"
                                                           if "side" in entry else f"{len(events)} events"))
        read = notation.read(text)
        assert read.setup == setup and read.log == log
        assert read.tags["Sparta"] == 'archidamos "the king"' and read.tags["Ruleset"] == edition
        assert api.to_json(api.replay(read.setup, read.log)) == api.to_json(final)
        decisions = [line for line in text.splitlines() if line[:1].isdigit()]
        assert len(decisions) == sum("side" in e for e in log) and decisions[0].startswith("1. ")
        assert all(" ; " in line and "\n" not in line for line in decisions)  # words on the line
        assert all(" ; " in line for line in text.splitlines() if line.startswith("~ "))  # and what chance did
        assert notation.read(notation.write({}, setup, log)).log == log  # words are optional


@pytest.mark.parametrize("text, where", [
    ("1. athens {\"type\": \"pass\"}\n", "Setup"),
    ('[Ruleset "2020"\n', "line 1"),
    ('[Setup "{}"]\n\n2. athens {"type": "pass"}\n', "decision 1 was expected"),
    ('[Setup "{}"]\n\n~ {"dice": [1]}\n', "follows a decision"),
    ('[Setup "{}"]\n\n1. persia {"type": "pass"}\n', "line 3"),
    ('[Setup "{}"]\n\n1. athens {"type": pass}\n', "does not parse"),
    ('[Setup "{}"]\n\n1. athens {"type": "pass"} extra\n', "only a ; comment"),
    ('[Setup "{}"]\n\n1. athens [1, 2]\n', "a JSON object"),
    ('[Setup "{}"]\n\n1. athens {"type": "pass"}\n', "Setup tag does not load"),
    (" \n\n", "the text is empty"),
])
def test_a_text_that_breaks_the_grammar_is_refused_naming_what(text: str, where: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        notation.read(text)
    assert refused.value.code == "bad_notation" and where in refused.value.message


def test_a_game_cut_short_of_its_result_or_altered_is_refused_at_its_line_and_move() -> None:
    """A file cut between lines imported silently as a match in play though its header said who had
    won; a move that did not replay was named "log entry 27", counting the dice lines."""
    seed = "notation-cut"
    final, log = playout.play(seed)
    setup = api.Setup.from_seed(seed)
    text = notation.write({"Result": notation.result(final.outcome["winner"])}, setup, log)
    assert api.to_json(notation.read(text).replayed()) == api.to_json(final)
    lines = text.splitlines()
    cut = "\n".join(lines[:len(lines) - 10]) + "\n"
    with pytest.raises(MalformedAction) as refused:
        notation.read(cut).replayed()
    assert "end in play: the file is cut short or altered" in refused.value.message
    assert notation.read(notation.write({"Result": "*"}, setup, log[:6])).replayed().outcome is None  # in play, said so
    # A resignation or a time-out ends a game with no move of its own: its moves end in play.
    resigned = notation.write({"Result": "sparta", "Ending": "resigned"}, setup, log[:6])
    assert notation.read(resigned).replayed().outcome is None
    # A move altered: refused at its line, by its number among the moves.
    at = next(n for n, line in enumerate(lines) if line.startswith("12. "))
    side = lines[at].split()[1]
    lines[at] = f"12. {side} " + '{"type": "lay_siege", "polis": "athinae", "decision": 1}'
    with pytest.raises(MalformedAction) as refused:
        notation.read("\n".join(lines)).replayed()
    assert refused.value.message.startswith(f"line {at + 1}, move 12, does not replay")
