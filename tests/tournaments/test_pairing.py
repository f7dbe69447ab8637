"""The tournament's pairings (polis_site/tournaments/pairing.py) over seeded random tournaments and
every small case: Swiss rounds never pair a pair twice while another pairing exists, pair equal
scores first (no pairing of small rounds does better), give the bye to the lowest-ranked of the
lowest score who has had none and keep each player's sides within two; Berger's tables pair each
pair once a cycle; a bracket gives its byes to the top seeds."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.pairing import swiss_tournament
from polis_site.tournaments.pairing import (ATHENS, SPARTA, Entrant, PairingImpossible, Round, first_round,
                                            round_robin, seeded_slots, swiss_round)


def play_swiss(count: int, rounds: int, seed: int) -> list[tuple[list[Entrant], Round]]:
    """A Swiss tournament of `count` players played with random results (a shared victory now and
    then): each round's entrants as the pairing saw them, and its round."""
    return [(entrants, paired) for entrants, paired, _ in swiss_tournament(count, rounds, seed)]


@pytest.mark.parametrize("count", [2, 3, 4, 7, 10, 16, 25, 40])
def test_a_swiss_round_pairs_everyone_once_never_twice_the_same_pair_and_gives_the_bye_rightly(count: int) -> None:
    rounds = max(1, min(count - 1, 7))
    for seed in range(4):
        sides_seen: Counter[int] = Counter()
        for number, (entrants, paired) in enumerate(play_swiss(count, rounds, seed), 1):
            ids = [p for pairing in paired.pairings for p in (pairing.athens, pairing.sparta)]
            ids += [paired.bye] if paired.bye is not None else []
            assert sorted(ids) == list(range(count)), (number, paired)
            assert (paired.bye is None) == (count % 2 == 0)
            # Repeats only where no other pairing of everyone exists: never in the first half.
            if number <= count // 2:
                assert paired.repeats == (), (count, seed, number, paired.repeats)
            if paired.bye is not None:
                by_id = {e.id: e for e in entrants}
                eligible = [e for e in entrants if not e.had_bye] or entrants
                lowest = min(e.score for e in eligible)
                wanted = max((e for e in eligible if e.score == lowest), key=lambda e: e.rank)
                assert paired.bye == wanted.id, (number, by_id[paired.bye], wanted)
            for entrant in entrants:
                sides_seen[entrant.id] = abs(entrant.balance)
                # FIDE's absolute colour rules: never a side three times in a row.
                assert not any(entrant.sides[i] == entrant.sides[i + 1] == entrant.sides[i + 2]
                               for i in range(len(entrant.sides) - 2)), (count, seed, entrant)
        assert max(sides_seen.values()) <= 2, sides_seen


def perfect_matchings(ids: list[int]):
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 9), st.integers(1, 4), st.integers(0, 10_000))
def test_no_pairing_of_a_small_swiss_round_has_fewer_repeats_or_nearer_scores(count: int, rounds: int, seed: int) -> None:
    """Every pairing of the round's players (the bye's aside) checked: the round's is the best by
    repeats, then by pairs both of whom must have the same side, then by the sum of its score
    differences."""
    played = play_swiss(count, rounds, seed)
    entrants, paired = played[-1]
    by_id = {e.id: e for e in entrants}

    def must(e: Entrant) -> str | None:  # the side FIDE's absolute colour rules leave a player
        if e.balance >= 2 or e.sides[-2:] == (ATHENS, ATHENS):
            return SPARTA
        return ATHENS if e.balance <= -2 or e.sides[-2:] == (SPARTA, SPARTA) else None

    def cost(pairs: list[tuple[int, int]]) -> tuple[int, int, float]:
        return (sum(b in by_id[a].met for a, b in pairs),
                sum(must(by_id[a]) is not None and must(by_id[a]) == must(by_id[b]) for a, b in pairs),
                sum(abs(by_id[a].score - by_id[b].score) for a, b in pairs))

    ids = sorted(e.id for e in entrants if e.id != paired.bye)
    best = min(cost(pairs) for pairs in perfect_matchings(ids))
    assert cost([(p.athens, p.sparta) for p in paired.pairings]) == best


@pytest.mark.parametrize("count, cycles", [(2, 1), (3, 1), (4, 2), (6, 1), (7, 2), (10, 1), (11, 1)])
def test_berger_tables_pair_each_pair_once_a_cycle_and_balance_sides(count: int, cycles: int) -> None:
    players = [100 + n for n in range(count)]
    rounds = round_robin(players, cycles)
    per_cycle = count - 1 + count % 2
    assert len(rounds) == per_cycle * cycles
    for cycle in range(cycles):
        meetings = Counter(frozenset((p.athens, p.sparta)) for r in rounds[cycle * per_cycle:(cycle + 1) * per_cycle]
                           for p in r.pairings)
        assert set(meetings) == {frozenset(pair) for pair in itertools.combinations(players, 2)}
        assert set(meetings.values()) == {1}
    for r in rounds:
        ids = [p for pairing in r.pairings for p in (pairing.athens, pairing.sparta)] + ([r.bye] if r.bye else [])
        assert sorted(ids) == players
    athens = Counter(p.athens for r in rounds[:per_cycle] for p in r.pairings)
    sparta = Counter(p.sparta for r in rounds[:per_cycle] for p in r.pairings)
    assert all(abs(athens[p] - sparta[p]) <= 1 for p in players), (athens, sparta)
    if cycles == 2:  # the second cycle swaps each pair's sides
        assert [[(p.sparta, p.athens) for p in r.pairings] for r in rounds[per_cycle:]] == \
            [[(p.athens, p.sparta) for p in r.pairings] for r in rounds[:per_cycle]]
    assert Counter(r.bye for r in rounds[:per_cycle] if r.bye is not None) == (
        Counter(players) if count % 2 else Counter())


def test_berger_tables_are_fidess_for_six() -> None:
    """FIDE C.05, annex 1, six players: the first four rounds as printed."""
    rounds = [[(p.athens, p.sparta) for p in r.pairings] for r in round_robin([1, 2, 3, 4, 5, 6])]
    assert rounds[:4] == [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
                          [(6, 5), (1, 4), (2, 3)]]


@pytest.mark.parametrize("count", range(2, 20))
def test_a_bracket_gives_its_byes_to_the_top_seeds_and_keeps_them_apart(count: int) -> None:
    seeded = [1000 + n for n in range(count)]
    pairs, size = first_round(seeded)
    assert size >= count and size // 2 < count
    byes = [a for a, b in pairs if b is None]
    assert sorted(byes) == seeded[:size - count]
    slots = seeded_slots(size)
    if size >= 2:
        half = size // 2
        assert (1 in slots[:half]) != (2 in slots[:half])  # 1 and 2 meet only in the final
    assert sorted(p for pair in pairs for p in pair if p is not None) == sorted(seeded)


def test_too_few_entrants_are_refused_by_name() -> None:
    with pytest.raises(PairingImpossible, match="two entrants"):
        swiss_round([Entrant(1)])
    with pytest.raises(PairingImpossible, match="two players"):
        round_robin([1])
    with pytest.raises(PairingImpossible, match="once or twice"):
        round_robin([1, 2], cycles=3)
