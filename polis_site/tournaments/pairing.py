"""Who plays whom, and on which side, in each format: a Swiss round (a maximum-weight matching,
networkx's, over the pairs the rules allow), a round robin (Berger's tables) and a single
elimination's bracket (seeded by rating, byes to the top seeds). Pure: entrants in, pairings out;
docs/tournaments.md says each rule and its source."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


ATHENS, SPARTA = "athens", "sparta"


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing sees them: their score so far, rank (1 the highest: rating, then
    entry), the opponents they have met, the sides they have played (in order) and whether they had
    a bye."""

    id: int
    score: float = 0.0
    rank: int = 0
    met: frozenset[int] = frozenset()
    sides: tuple[str, ...] = ()
    had_bye: bool = False

    @property
    def balance(self) -> int:
        """Athens games less Sparta games: positive wants Sparta next."""
        return self.sides.count(ATHENS) - self.sides.count(SPARTA)


@dataclass(frozen=True)
class Pairing:
    athens: int
    sparta: int


@dataclass(frozen=True)
class Round:
    pairings: tuple[Pairing, ...]
    bye: int | None = None
    #: Pairs that could not be kept apart from a second meeting (only when no other pairing exists).
    repeats: tuple[Pairing, ...] = field(default=())


class PairingImpossible(ValueError):
    """No pairing of the round exists under the rules (fewer than two entrants)."""


# --------------------------------------------------------------------------- Swiss

#: The most entrants a Swiss round pairs (docs/tournaments.md times a round of 1,000).
MOST = 2000
#: How many neighbours each way in the standings' order a player is first offered (`swiss_round`).
NEAREST = 24


def swiss_round(entrants: Sequence[Entrant]) -> Round:
    """A Swiss round: as many pairs as the entrants allow; with an odd count, a bye to the
    lowest-ranked of those with the lowest score who have had none (FIDE C.04.1, c and d). Pairs are
    chosen together, as one maximum-weight matching, so that no pair meets twice unless no other
    pairing of everyone exists (then the fewest repeats), score differences are the smallest, and
    sides alternate. Up to 2 x NEAREST + 1 entrants the pairing is the best there is; beyond, the
    best among partners near in the standings, widened until it pairs everyone without a repeat or
    a side both must have."""
    if len(entrants) < 2:
        raise PairingImpossible(f"a round needs two entrants, not {len(entrants)}")
    if len(entrants) > MOST:
        raise PairingImpossible(f"a Swiss round pairs at most {MOST} entrants, not {len(entrants)}")
    players = sorted(entrants, key=lambda e: (-e.score, e.rank, e.id))
    bye = _bye(players) if len(players) % 2 else None
    paired = [e for e in players if e.id != bye]
    position = {e.id: n for n, e in enumerate(paired)}
    # The weights, in strictly decreasing importance, each tier outweighing every sum of those
    # below it over the round (exact integers): no repeated pair; no pair both of whom must have the same
    # side (FIDE's absolute colour rules: never three in a row, never two more of one side); the
    # smallest score differences; sides each wants; then, within a score group, the Dutch system's
    # top half against its bottom half.
    tier = 4 * (len(paired) + 1) ** 2
    groups = Counter(e.score for e in paired)

    def weight(a: Entrant, b: Entrant) -> int:
        repeat = int(b.id in a.met)
        absolute = int(_must(a) is not None and _must(a) == _must(b))
        gap = round(abs(a.score - b.score) * 2)  # in half points
        dutch = (abs(abs(position[b.id] - position[a.id]) - groups[a.score] // 2) if a.score == b.score
                 else len(paired))
        cost = (((repeat * tier + absolute) * tier + gap) * tier + _colour_clash(a, b)) * tier + dutch
        return tier ** 5 - cost

    # Each player is first offered only its NEAREST neighbours each way in the standings' order
    # (the matching's time grows as the cube of the players: a complete graph of 1,000 takes
    # minutes); if that leaves anyone unpaired, a repeat or a side both must have, twice as many,
    # up to everyone, where the result is the best pairing there is.
    # Imported here: networkx is 0.3 s of every process's start (`python -X importtime manage.py
    # check`), and only a Swiss round's pairing uses it.
    import networkx

    reach = NEAREST
    while True:
        graph = networkx.Graph()
        for i, a in enumerate(paired):
            for b in paired[i + 1:i + 1 + reach]:
                graph.add_edge(a.id, b.id, weight=weight(a, b))
        matching = networkx.max_weight_matching(graph, maxcardinality=True)
        whole = len(matching) == len(paired) // 2
        flawless = all(weight(a, b) > tier ** 5 - tier ** 3 for a, b in
                       ((paired[position[x]], paired[position[y]]) for x, y in matching))
        if reach >= len(paired) or (whole and flawless):
            break
        reach *= 2
    by_id = {e.id: e for e in paired}
    pairings = [_sides(by_id[x], by_id[y]) for x, y in matching]
    pairings.sort(key=lambda p: min(position[p.athens], position[p.sparta]))
    repeats = tuple(p for p in pairings if p.sparta in by_id[p.athens].met)
    return Round(tuple(pairings), bye, repeats)


def _bye(players: Sequence[Entrant]) -> int:
    """The lowest-ranked of the lowest score group who has had no bye (anyone, if all have)."""
    eligible = [e for e in players if not e.had_bye] or list(players)
    return max(eligible, key=lambda e: (-e.score, e.rank, e.id)).id


def _must(e: Entrant) -> str | None:
    """The side a player must have next (FIDE's absolute colour rules): not a third in a row, not
    a third more of one side than of the other."""
    if e.balance >= 2 or e.sides[-2:] == (ATHENS, ATHENS):
        return SPARTA
    if e.balance <= -2 or e.sides[-2:] == (SPARTA, SPARTA):
        return ATHENS
    return None


def _colour_clash(a: Entrant, b: Entrant) -> int:
    """How badly any sides given to the pair miss what each wants: 0 when their wishes differ (or
    neither has one), more as both lean the same way harder (two players who both had Athens
    twice more than Sparta)."""
    if a.balance * b.balance > 0:
        return min(abs(a.balance), abs(b.balance)) * 2
    if a.balance == b.balance == 0 and a.sides and b.sides and a.sides[-1] == b.sides[-1]:
        return 1  # both played the same side last: one of them repeats it
    return 0


def _sides(a: Entrant, b: Entrant) -> Pairing:
    """Athens to whoever must have it, or has played it less (then whoever had Sparta last; then the
    higher-ranked)."""
    first, second = (a, b) if (a.rank, a.id) <= (b.rank, b.id) else (b, a)
    for one, other in ((first, second), (second, first)):
        if _must(one) is not None and _must(one) != _must(other):
            return Pairing(one.id, other.id) if _must(one) == ATHENS else Pairing(other.id, one.id)
    if first.balance != second.balance:
        return Pairing(first.id, second.id) if first.balance < second.balance else Pairing(second.id, first.id)
    for x, y in zip(reversed(first.sides), reversed(second.sides)):
        if x != y:
            return Pairing(first.id, second.id) if x == SPARTA else Pairing(second.id, first.id)
    return Pairing(first.id, second.id)


# --------------------------------------------------------------------------- round robin


def round_robin(players: Sequence[int], cycles: int = 1) -> list[Round]:
    """Berger's tables (FIDE C.05, annex 1), the first of each pair playing Athens: n-1 rounds for n
    players (n rounds, each with a bye, when n is odd), each pair once; with two cycles each pair
    twice, sides swapped in the second."""
    if len(players) < 2:
        raise PairingImpossible(f"a round robin needs two players, not {len(players)}")
    if cycles not in (1, 2):
        raise PairingImpossible(f"a round robin is played once or twice, not {cycles} times")
    seats: list[int | None] = [*players, *([None] if len(players) % 2 else [])]
    n = len(seats)
    seat = lambda number: seats[(number - 1) % (n - 1)]  # noqa: E731  (numbers 1..n-1 turn round)
    rounds: list[Round] = []
    for k in range(1, n):
        # The last player meets a_k, Sparta in odd rounds; the others pair outwards from a_k.
        a = (k - 1) * (n // 2) % (n - 1) + 1
        pairs = [(seat(a), seats[-1]) if k % 2 else (seats[-1], seat(a))]
        pairs += [(seat(a + i), seat(a - i)) for i in range(1, n // 2)]
        rounds.append(_table_round(pairs))
    if cycles == 2:
        rounds += [Round(tuple(Pairing(p.sparta, p.athens) for p in r.pairings), r.bye) for r in rounds]
    return rounds


def _table_round(pairs: Iterable[tuple[int | None, int | None]]) -> Round:
    """A round of the table; the seat paired with the empty one (an odd count's) has the bye."""
    pairings = []
    bye = None
    for a, b in pairs:
        if a is None or b is None:
            bye = b if a is None else a
            continue
        pairings.append(Pairing(a, b))
    return Round(tuple(pairings), bye)


# --------------------------------------------------------------------------- single elimination


def bracket_size(count: int) -> int:
    """The bracket's size: the least power of two holding everyone."""
    size = 1
    while size < count:
        size *= 2
    return size


def seeded_slots(count: int) -> list[int]:
    """The standard seeding of a bracket of `count` (a power of two): slot order by seed, 1 and 2
    meeting only in the final, 1-4 only from the semi-finals on (the tennis and chess draw)."""
    slots = [1]
    while len(slots) < count:
        size = len(slots) * 2
        slots = [s for seed in slots for s in (seed, size + 1 - seed)]
    return slots


def first_round(seeded: Sequence[int]) -> tuple[list[tuple[int, int | None]], int]:
    """The bracket's first round for players in seed order (by rating): pairs, a bye (None) to each
    of the top seeds the bracket leaves without an opponent; and the bracket's size."""
    if len(seeded) < 2:
        raise PairingImpossible(f"a knockout needs two players, not {len(seeded)}")
    size = bracket_size(len(seeded))
    slots = seeded_slots(size)
    seat = lambda seed: seeded[seed - 1] if seed <= len(seeded) else None  # noqa: E731
    pairs: list[tuple[int, int | None]] = []
    for i in range(0, size, 2):
        a, b = seat(slots[i]), seat(slots[i + 1])
        if a is None:
            a, b = b, a
        assert a is not None  # a bye never meets a bye: byes go to the top seeds only
        pairs.append((a, b))
    return pairs, size
