"""Where the other apps add to a match, so that play names none of them (docs/architecture.md): the
messages its socket passes on, what a page is sent when it joins, parts of its page and the lines
beside its replay's log. Each app fills these in its `AppConfig.ready()`; play reads them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest

from engine import api
from polis_site.matches.models import ActionRecord, Match

#: Channel-layer events by group, sent once the message's work has committed.
Events = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class SocketMessage:
    """A client message another app answers. `handle(match_id, user, message)` runs in the database
    thread and returns the events to send and the reply to its sender (None: a bare `done`); it
    refuses with an `ActionError`, whose `error` names `about` (the page shows it beside that form)."""

    handle: Callable[[int, Any, dict[str, Any]], tuple[Events, dict[str, Any] | None]]
    about: str
    #: The channel-layer groups, for a match's id, that a socket which sent this message joins once
    #: it is answered: what it asked to hear from then on (the number watching). None: none.
    listens: Callable[[int], list[str]] | None = None


#: What a change to a match tells its pages: each gives the channel-layer event per group for the
#: match as `state` has it, with the log's `records` just added (the presentation app's: each seat's
#: own view, the log in words). Play's broadcast sends what they make.
announcers: list[Callable[[Match, api.GameState, list[ActionRecord]], Events]] = []
#: The socket's messages from other apps, by their `type`.
socket_messages: dict[str, SocketMessage] = {}
#: What a page is sent on joining a match and after an outage, read in the database thread from the
#: match (its players loaded), the page's seat and its user: a message, or None.
on_join: list[Callable[[Match, str | None, Any], dict[str, Any] | None]] = []
#: Parts of a match's page (not of its replay), by where they go: "head" (under the players' names),
#: "buttons" (among a seat's buttons), "side" (beside the board, under the actions) and "cards"
#: (below the board). Each gives its HTML for this request, the match and the viewer's seat, or ""
#: to show nothing.
page_parts: dict[str, list[Callable[[HttpRequest, Match, str | None], str]]] = {
    "head": [], "buttons": [], "side": [], "cards": []}
#: Lines beside a replay's log, as HTML by the version they follow (0: before the first action).
replay_lines: list[Callable[[HttpRequest, Match], dict[int, list[str]]]] = []
#: Parts of a finished match's replay, beside the board under its steps (the computer's analysis): each gives its
#: HTML for this request and the match, or "".
replay_parts: list[Callable[[HttpRequest, Match], str]] = []
#: Whether a viewer who holds no seat (logged in or not) may watch a match, its page, socket and
#: replay: every one must agree (the watch app refuses a private player's matches). Staff always may.
may_watch: list[Callable[[Match, Any], bool]] = []
#: Told in the database thread as a socket on a match opens (True) and closes (False): the match's
#: id, the socket's seat (None: a spectator) and its channel name; the events to send (the number
#: watching, to the match's pages).
presence: list[Callable[[int, str | None, str, bool], Events]] = []
#: Words beside a match in a player's list of matches (My matches, the home page): each gives, for
#: the matches listed, safe HTML by match id (a tournament's round and its link).
row_notes: list[Callable[[list[Match]], dict[int, str]]] = []
#: Matches that are lessons, not games between players (the tutorial): each gives a filter of them.
#: "My matches" and the Watch page leave them out; the app that made one leads its player back.
lessons: list[Callable[[], Q]] = []


def without_lessons(matches: QuerySet[Match]) -> QuerySet[Match]:
    for lesson in lessons:
        matches = matches.exclude(lesson())
    return matches


def watchable(match: Match, user: Any) -> bool:
    """Whether `user` may see the match: a seat's player, staff, or a viewer every `may_watch` admits."""
    if match.side_of(user) is not None or getattr(user, "is_staff", False):
        return True
    return all(hook(match, user) for hook in may_watch)


def watched(match_id: int, user: Any) -> Match | None:
    """The match, its players loaded, if `user` may see it (`watchable`); None when there is none or
    it is kept from them, alike, so that a private match's id tells nothing."""
    match = Match.objects.select_related("athens", "sparta").filter(pk=match_id).first()
    return match if match is not None and watchable(match, user) else None
