"""A player over the network, as a browser is: an account, a session cookie, the match websocket.

Used by the live-process tests and the load script (`python -m benchmarks.load`). Its
bot decides on its own view only (`engine.api.from_view`), never on the server's state.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from engine import api
from engine.playout import step


class SiteUser:
    """One account's HTTP session (urllib and a cookie jar): sign up, create and join matches."""

    def __init__(self, base_url: str, username: str, password: str = "Peloponnesos-431",
                 jar: CookieJar | None = None) -> None:
        self.base_url, self.username, self.password = base_url, username, password
        self.jar = jar if jar is not None else CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect())

    def elsewhere(self, base_url: str) -> SiteUser:
        """The same logged-in session on another process of the site (a second tab)."""
        return SiteUser(base_url, self.username, self.password, self.jar)

    def request(self, path: str, data: dict[str, str] | bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        body = urllib.parse.urlencode(data).encode() if isinstance(data, dict) else data
        request = urllib.request.Request(self.base_url + path, data=body, headers=headers or {})
        try:
            with self.http.open(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def csrf(self) -> str:
        """The CSRF cookie (Django accepts its value as the form's token), fetched once."""
        token = next((c.value for c in self.jar if c.name == "csrftoken"), None)
        if token is None:
            self.request("/accounts/login/")
            token = next(c.value for c in self.jar if c.name == "csrftoken")
        return token

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
        """POST a form as a browser does (CSRF token and Referer)."""
        return self.request(path, {**fields, "csrfmiddlewaretoken": self.csrf()}, {"Referer": self.base_url + path})

    def sign_up(self) -> SiteUser:
        status, _, body = self.post("/accounts/signup/", {
            "username": self.username, "password1": self.password, "password2": self.password})
        assert status == 302, f"sign-up of {self.username} failed: {status} {body[:300]!r}"
        return self

    def create_match(self, side: str, computer: str | None = None, move_days: int | None = None) -> int:
        """A new match from the lobby's form (against the computer at level `computer`, or with
        `move_days` a decision): its id."""
        status, headers, _ = self.post("/matches/new/", {"side": side, **({"computer": computer} if computer else {}),
                                                         **({"control": f"days:{move_days}"} if move_days else {})})
        assert status == 302, status
        return int(headers["Location"].rstrip("/").split("/")[-1])

    def join(self, match_id: int) -> None:
        status, headers, _ = self.post(f"/matches/{match_id}/join/", {})
        assert status == 302 and headers["Location"] == f"/matches/{match_id}/", (status, headers)

    def make_token(self, name: str, scopes: tuple[str, ...]) -> str:
        """A personal access token made with the preferences page's form: its text, shown once."""
        fields = [("name", name), *(("scopes", scope) for scope in scopes), ("csrfmiddlewaretoken", self.csrf())]
        status, _, body = self.request("/api/account/tokens/", urllib.parse.urlencode(fields).encode(),
                                       {"Referer": self.base_url + "/matches/preferences/"})
        found = re.search(rb'id="token-value"[^>]*>(polis_[\w-]+)<', body)
        assert status == 200 and found, f"no token made: {status} {body[:300]!r}"
        return found.group(1).decode()

    def api_state(self, match_id: int) -> dict[str, Any]:
        status, _, body = self.request(f"/matches/api/{match_id}/state/")
        assert status == 200, body
        return json.loads(body)

    def api_act(self, match_id: int, message: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        status, _, body = self.request(f"/matches/api/{match_id}/act/", json.dumps(message).encode(), {
            "Content-Type": "application/json", "X-CSRFToken": self.csrf(), "Referer": self.base_url + "/matches/"})
        return status, json.loads(body)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    async def socket(self, match_id: int, ws_base: str | None = None, origin: str | None = None) -> Seat:
        """The match websocket (optionally on another process of the same site), opened from a page
        at `origin`: by default the address the socket goes to, as when one proxy fronts every
        process (a site without CSRF_TRUSTED_ORIGINS takes only its own host and port)."""
        base = ws_base or self.base_url.replace("http://", "ws://")
        connection = await connect(f"{base}/ws/match/{match_id}/", origin=origin or base.replace("ws", "http", 1),
                                   additional_headers={"Cookie": self.cookie_header()}, max_size=2**22)
        seat = Seat(connection)
        await seat.receive("state")
        return seat


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


async def pause(rng: random.Random, think: float) -> None:
    """A player's thinking time: `think` seconds on average, from half to one and a half of it."""
    if think:
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))


async def play(seats: dict[str, Seat], moves: int, rng: random.Random, think: float = 0.0,
               round_trips: list[float] | None = None) -> int:
    """Up to `moves` decisions of a match, each by the seat asked after thinking (`pause`), each
    waited for until both seats hold the new version (that
    round trip in ms goes to `round_trips`). Returns the version reached; stops at the game's end."""
    version = seats["athens"].state["version"]
    for _ in range(moves):
        waiting = seats["athens"].state["waiting_for"]
        if waiting not in seats:
            break  # the game is over
        await pause(rng, think)
        action = seats[waiting].choose(rng)
        sent = time.perf_counter()
        await seats[waiting].act(action)
        version += 1
        for seat in seats.values():
            await seat.until_version(version, timeout=60)
        if round_trips is not None:
            round_trips.append((time.perf_counter() - sent) * 1000)
    return version


class Seat:
    """An open match socket and the latest state it was sent."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.state: dict[str, Any] = {}
        self.inbox: list[dict[str, Any]] = []

    async def receive(self, kind: str | None = None, timeout: float = 10) -> dict[str, Any]:
        """The next message (of `kind`, if given, keeping the others in the inbox)."""
        deadline = time.monotonic() + timeout
        while True:
            for index, message in enumerate(self.inbox):
                if kind is None or message["type"] == kind:
                    return self.inbox.pop(index)
            # asyncio.timeout, not wait_for: no task made per frame (the load script reads thousands).
            async with asyncio.timeout(max(0.01, deadline - time.monotonic())):
                raw = await self.connection.recv()
            message = orjson.loads(raw)  # a third of json.loads's time on a view (the load script parses thousands)
            if message["type"] == "state":
                self.state = message
            self.inbox.append(message)

    async def until_version(self, version: int, timeout: float = 10) -> dict[str, Any]:
        while self.state.get("version", -1) < version:
            await self.receive("state", timeout)
        return self.state

    async def act(self, action: dict[str, Any], client_action_id: str | None = None) -> None:
        await self.connection.send(json.dumps({"type": "act", "action": action, "version": self.state["version"],
                                               **({"client_action_id": client_action_id} if client_action_id else {})}))

    async def play_mine(self, rng: random.Random, timeout: float = 60) -> None:
        """Random legal answers to this seat's decisions, each awaited, until the other side must
        decide or the match ends."""
        while self.state["status"] == "active" and self.state["waiting_for"] == self.state["seat"]:
            version = self.state["version"]
            await self.act(self.choose(rng))
            await self.until_version(version + 1, timeout)

    def my_turn(self) -> bool:
        return bool(self.state.get("prompts"))

    def choose(self, rng: random.Random) -> dict[str, Any]:
        """A random legal answer to this seat's prompt, decided on its own view only."""
        view = self.state["view"]
        side = self.state["seat"]
        action, _ = step(api.from_view(view, rng), side, rng)
        return action

    async def close(self) -> None:
        await self.connection.close()
