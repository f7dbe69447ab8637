"""A tournament's standings: points (a win 1, a shared victory ½, a bye 1), then the tie-breaks
chess Swiss rules use, in FIDE's order (C.07): Buchholz, Sonneborn-Berger, then the games among the
tied, then the seeding rank. Pure: results in, rows out."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN, SHARED, LOSS = 1.0, 0.5, 0.0
#: A game's result as the match's outcome gives it: the winning side, or shared.
RESULTS = ("athens", "sparta", "shared")


@dataclass(frozen=True)
class Game:
    athens: int
    sparta: int
    result: str  # "athens", "sparta" or "shared"

    def points(self, player: int) -> float:
        if self.result == "shared":
            return SHARED
        return WIN if (self.result == "athens") == (player == self.athens) else LOSS

    def opponent(self, player: int) -> int:
        return self.sparta if player == self.athens else self.athens


@dataclass(frozen=True)
class Row:
    player: int
    points: float
    buchholz: float
    sonneborn_berger: float
    direct: float
    rank: int
    place: int = 0


def standings(players: Sequence[int], games: Iterable[Game], byes: Iterable[int] = (),
              rank: dict[int, int] | None = None) -> list[Row]:
    """The rows in order, each with its place (tied rows, equal in every tie-break, share one).
    A bye scores a win; for the tie-breaks an absent opponent counts as the player's own score
    (FIDE C.07's rule for unplayed games), so a bye neither lifts nor sinks a player's Buchholz."""
    rank = rank or {player: n for n, player in enumerate(players, 1)}
    games = list(games)
    byes = list(byes)
    points: dict[int, float] = defaultdict(float)
    played: dict[int, list[Game]] = defaultdict(list)
    for game in games:
        for player in (game.athens, game.sparta):
            points[player] += game.points(player)
            played[player].append(game)
    for player in byes:
        points[player] += WIN
    unplayed = defaultdict(int, {p: byes.count(p) for p in set(byes)})

    def buchholz(player: int) -> float:
        return sum(points[g.opponent(player)] for g in played[player]) + unplayed[player] * points[player]

    def sonneborn_berger(player: int) -> float:
        return sum(points[g.opponent(player)] * g.points(player) for g in played[player]) \
            + unplayed[player] * points[player] * WIN

    rows = [Row(p, points[p], buchholz(p), sonneborn_berger(p), 0.0, rank.get(p, len(players) + 1)) for p in players]
    # The games among those equal on points and both tie-breaks decide between them.
    groups: dict[tuple[float, float, float], list[Row]] = defaultdict(list)
    for row in rows:
        groups[(row.points, row.buchholz, row.sonneborn_berger)].append(row)
    direct: dict[int, float] = {}
    for tied in groups.values():
        ids = {row.player for row in tied}
        for row in tied:
            direct[row.player] = sum(g.points(row.player) for g in played[row.player] if g.opponent(row.player) in ids) \
                if len(ids) > 1 else 0.0
    rows = [Row(r.player, r.points, r.buchholz, r.sonneborn_berger, direct[r.player], r.rank) for r in rows]
    key = lambda r: (-r.points, -r.buchholz, -r.sonneborn_berger, -r.direct)  # noqa: E731
    rows.sort(key=lambda r: (*key(r), r.rank, r.player))
    placed: list[Row] = []
    for n, row in enumerate(rows, 1):
        place = placed[-1].place if placed and key(placed[-1]) == key(row) else n
        placed.append(Row(row.player, row.points, row.buchholz, row.sonneborn_berger, row.direct, row.rank, place))
    return placed
