"""A complete Polis Online bot over the open API alone: it logs in with a personal access token,
accepts the challenges made to it, and plays each match to its end with the engine's `easy` level,
deciding on its own seat's view, as the site's computer does.

    pip install -e .            # the engine, for the bot's decisions
    python examples/bot.py --server https://polis.example --token polis_...

Make the token on your preferences page with the scopes read, play and challenge. Options:
`--challenge NAME` challenges a player first, `--computer LEVEL` plays the site's computer,
`--games N` stops after N matches, `--become-bot` turns the account into a bot account first (the
token needs the bot scope). The bot needs nothing beyond the standard library and the engine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

from engine import players

#: Seconds a stream may stay silent: the server sends an empty line every few seconds.
STREAM_TIMEOUT = 60


class Refused(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('message')}")
        self.status, self.body = status, body
        self.code = body.get("code")


class Client:
    """The API's calls, each with the token."""

    def __init__(self, server: str, token: str) -> None:
        self.base = server.rstrip("/") + "/api/v1"
        self.token = token

    def _request(self, method: str, path: str, body: dict[str, Any] | None = None,
                 timeout: float = 30) -> urllib.request.Request:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        return request

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        try:
            with urllib.request.urlopen(self._request(method, path, body), timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise Refused(error.code, json.loads(error.read() or b"{}")) from None

    def stream(self, path: str) -> Iterator[dict[str, Any]]:
        """Each JSON line of a stream (keep-alive lines skipped) until the server ends it."""
        try:
            with urllib.request.urlopen(self._request("GET", path), timeout=STREAM_TIMEOUT) as response:
                for raw in response:
                    if raw.strip():
                        yield json.loads(raw)
        except urllib.error.HTTPError as error:
            raise Refused(error.code, json.loads(error.read() or b"{}")) from None


def play(client: Client, match_id: int, seed: str, log: Any = print,
         heard: Any = None) -> dict[str, Any]:
    """Plays match `match_id` to its end; its last state. `heard`, if given, is told every line."""
    decide = players.player("easy").decide
    rng = random.Random(seed)
    last: dict[str, Any] = {}
    since = None
    while True:  # a dropped stream is opened again where it left off
        path = f"/matches/{match_id}/stream" + (f"?since={since}" if since is not None else "")
        for line in client.stream(path):
            if heard is not None:
                heard(line)
            if line.get("type") == "error":
                raise Refused(401, line)
            if line.get("type") != "state":
                continue
            last, since = line, line["version"]
            if line["status"] == "finished":
                log(f"match {match_id}: {line['ending']['en']}")
                return line
            if not line["prompts"]:
                continue
            action = decide(line["view"], rng)
            try:
                client.call("POST", f"/matches/{match_id}/act", {
                    "action": action, "version": line["version"],
                    "client_action_id": f"bot-{match_id}-{line['version']}"})
            except Refused as refused:
                if refused.code not in ("stale_version", "conflict"):
                    raise
        if last.get("status") == "finished":
            return last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--challenge", metavar="NAME", help="challenge this player first")
    parser.add_argument("--computer", metavar="LEVEL", help="play the site's computer at this level first")
    parser.add_argument("--ruleset", default="2020")
    parser.add_argument("--games", type=int, help="stop after this many matches")
    parser.add_argument("--become-bot", action="store_true")
    args = parser.parse_args()
    client = Client(args.server, args.token)
    if args.become_bot:
        client.call("POST", "/account/bot")
    me = client.call("GET", "/account")
    print(f"playing as {'BOT ' if me['bot'] else ''}{me['username']}", flush=True)
    if args.challenge:
        made = client.call("POST", f"/challenges/users/{args.challenge}", {"ruleset": args.ruleset})
        print(f"challenged {args.challenge}: match {made['id']}", flush=True)
    if args.computer:
        client.call("POST", "/challenges/computer", {"level": args.computer, "ruleset": args.ruleset})
    playing: dict[int, threading.Thread] = {}
    finished = 0
    for event in client.stream("/stream/events"):
        kind = event.get("type")
        if kind == "challenge" and (event["challenge"]["challenged"] or {}).get("username") == me["username"]:
            client.call("POST", f"/challenges/{event['challenge']['id']}/accept")
        elif kind == "match_started" and event["match"]["id"] not in playing:
            match_id = event["match"]["id"]
            playing[match_id] = threading.Thread(target=play, args=(client, match_id, f"{me['username']}-{match_id}"),
                                                 daemon=True)
            playing[match_id].start()
        elif kind == "match_finished":
            finished += 1
            if args.games is not None and finished >= args.games:
                for thread in playing.values():
                    thread.join(STREAM_TIMEOUT)
                return
        elif kind == "error":
            sys.exit(f"the server ended the stream: {event.get('message')}")


if __name__ == "__main__":
    main()
