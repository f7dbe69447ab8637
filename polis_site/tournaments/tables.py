"""What a tournament's pages show, read from its models: the lists of tournaments, the standings with
their tie-breaks, the crosstable (each player's game of each round) and the rounds with their
matches. Read-only: every write is services.py's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from polis_site.presentation import words
from polis_site.tournaments import services
from polis_site.tournaments.models import Entry, Game, Tournament

#: Finished tournaments a list shows at most.
FINISHED_SHOWN = 30


def listing() -> dict[str, QuerySet[Tournament]]:
    counted = Tournament.objects.annotate(players=Count("entries", filter=Q(entries__withdrawn=False)))
    return {"upcoming": counted.filter(status=Tournament.Status.OPEN).order_by("starts_at", "created_at"),
            "in_play": counted.filter(status__in=(Tournament.Status.RUNNING, Tournament.Status.PAUSED)),
            "finished": counted.filter(status__in=(Tournament.Status.FINISHED, Tournament.Status.CANCELLED))
            [:FINISHED_SHOWN]}


#: The fractions a score or a tie-break takes (a shared game's Sonneborn-Berger is a quarter).
FRACTIONS = {0.0: "", 0.25: "¼", 0.5: "½", 0.75: "¾"}


def points(value: float) -> str:
    """1.5 as "1½", 0.25 as "¼", as chess tables write them (a quarter showed as 0)."""
    whole = int(value)
    mark = FRACTIONS.get(round(value - whole, 2))
    if mark is None:
        return f"{value:g}"
    return f"{whole if whole or not mark else ''}{mark}"


@dataclass
class Cell:
    round: int
    text: str  # "+3 A": won against the player on line 3, as Athens
    said: str  # the same in words, for a screen reader and a tooltip
    url: str = ""
    result: str = ""  # "won", "lost", "shared", "bye", "playing"

    def html(self) -> SafeString:
        """The crosstable's cell, drawn here rather than by the template: a 200-player table has
        1,400 of them, and the template's loop over them took most of the page's time
        (benchmarks/tournament_page.py)."""
        inner = (format_html('<a href="{}" aria-label="{}">{}</a>', self.url, self.said, self.text) if self.url
                 else format_html('<span aria-label="{}" role="img">{}</span>', self.said, self.text))
        return format_html('<td class="cell {}" title="{}">{}</td>', self.result, self.said, inner)


@dataclass
class Line:
    number: int  # the line's own number, which the cells name (places may be shared)
    place: int
    entry: Entry
    points: str
    buchholz: str
    sonneborn_berger: str
    cells: list[Cell] = field(default_factory=list)

    def cells_html(self) -> SafeString:
        return mark_safe("".join(cell.html() for cell in self.cells))  # noqa: S308 — each cell escaped by format_html


def crosstable(tournament: Tournament) -> list[Line]:
    """The standings, each line with the player's game of each round played or in play."""
    entries = {e.pk: e for e in tournament.entries.select_related("user")}
    rows = services.table(tournament)
    number = {row.player: n for n, row in enumerate(rows, 1)}
    by_round: dict[int, dict[int, Game]] = {}
    for game in tournament.games.select_related("match"):
        for player in (game.athens_id, game.sparta_id):
            if player is not None:
                by_round.setdefault(player, {})[game.round] = game
    lines = []
    for row in rows:
        line = Line(number[row.player], row.place, entries[row.player], points(row.points), points(row.buchholz),
                    points(row.sonneborn_berger))
        for round_number in range(1, tournament.current_round + 1):
            game = by_round.get(row.player, {}).get(round_number)
            line.cells.append(_cell(round_number, row.player, game, entries, number))
        lines.append(line)
    return lines


def _cell(number: int, player: int, game: Game | None, entries: dict[int, Entry], line: dict[int, int]) -> Cell:
    if game is None:
        return Cell(number, "–", _("Round %(round)s: not paired") % {"round": number})
    if game.is_bye:
        return Cell(number, _("bye"), _("Round %(round)s: a bye, scored as a win") % {"round": number}, result="bye")
    side = "athens" if game.athens_id == player else "sparta"
    other = game.sparta_id if side == "athens" else game.athens_id
    assert other is not None
    facts = {"round": number, "name": entries[other].user.get_username(), "place": line[other],
             "side": words.side_name(side)}
    url = game.match.get_absolute_url() if game.match else ""
    mark = side[0].upper()
    if not game.result:
        return Cell(number, f"… {line[other]} {mark}",
                    _("Round %(round)s: playing %(name)s, as %(side)s") % facts, url, "playing")
    if game.result == "shared":
        return Cell(number, f"½ {line[other]} {mark}",
                    _("Round %(round)s: shared with %(name)s, as %(side)s") % facts, url, "shared")
    won = game.result == side
    return Cell(number, f"{'+' if won else '−'}{line[other]} {mark}",
                (_("Round %(round)s: won against %(name)s, as %(side)s") if won
                 else _("Round %(round)s: lost to %(name)s, as %(side)s")) % facts, url,
                "won" if won else "lost")


def rounds(tournament: Tournament) -> list[tuple[int, list[Game]]]:
    """Each round's games, the latest round first."""
    games: dict[int, list[Game]] = {}
    for game in tournament.games.select_related("athens__user", "sparta__user", "match"):
        games.setdefault(game.round, []).append(game)
    return sorted(games.items(), reverse=True)


def of_player(user: Any) -> list[dict[str, Any]]:
    """A player's tournaments, the latest first: each with its place as things stand."""
    shown = []
    for entry in Entry.objects.filter(user=user).select_related("tournament").order_by("-joined_at")[:20]:
        tournament = entry.tournament
        place = next((row.place for row in services.table(tournament) if row.player == entry.pk), None) \
            if tournament.current_round else None
        shown.append({"tournament": tournament, "place": place, "players": tournament.entries.count(),
                      "withdrawn": entry.withdrawn})
    return shown
