"""A complete Polis Online bot over HTTP alone, written from docs/api.md: it logs in with a personal
access token, accepts the challenges its flags allow, and plays each match to its end by walking
the options call (the API's legal-move generator), choosing at random among what it offers. It
imports nothing of the server's: a bot in any language can do the same.

    python examples/bot.py --server https://polis.example --token polis_...

Make the token on your preferences page with the scopes read, play and challenge. Options:
`--challenge NAME` challenges a player first, `--computer LEVEL` plays the site's computer,
`--games N` stops after N matches, `--become-bot` turns the account into a bot account first (the
token needs the bot scope), `--rulesets` and `--time` say which challenges it accepts. Standard
library only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

#: Seconds a stream may stay silent: the server sends an empty line every few seconds.
STREAM_TIMEOUT = 60
#: Refusals that mean the match moved on under the bot: it reads the match again.
MOVED_ON = {"stale_version", "stale_decision", "conflict", "not_your_decision"}
#: Builds of one decision before the bot gives up on it (a combination the rules refuse is built anew).
TRIES = 30


class Refused(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('message')}")
        self.status, self.body = status, body
        self.code = body.get("code")


class Client:
    """The API's calls, each with the token; a call past the rate waits as long as the server says
    (`Retry-After`) and is made again."""

    def __init__(self, server: str, token: str) -> None:
        self.base = server.rstrip("/") + "/api/v1"
        self.token = token

    def _request(self, method: str, path: str, body: dict[str, Any] | None = None) -> urllib.request.Request:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        return request

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        while True:
            try:
                with urllib.request.urlopen(self._request(method, path, body), timeout=30) as response:
                    text = response.read()
                    typed = response.headers.get("Content-Type", "").startswith("application/json")
                    return json.loads(text) if typed else text.decode()
            except urllib.error.HTTPError as error:
                refusal = json.loads(error.read() or b"{}")
                if error.code == 429:
                    time.sleep(float(error.headers.get("Retry-After") or refusal.get("retry_after") or 1))
                    continue
                raise Refused(error.code, refusal) from None

    def stream(self, path: str) -> Iterator[dict[str, Any]]:
        """Each JSON line of a stream (keep-alive lines skipped) until the server ends it."""
        try:
            with urllib.request.urlopen(self._request("GET", path), timeout=STREAM_TIMEOUT) as response:
                for raw in response:
                    if raw.strip():
                        yield json.loads(raw)
        except urllib.error.HTTPError as error:
            raise Refused(error.code, json.loads(error.read() or b"{}")) from None


def counts(rng: random.Random, answer: dict[str, Any]) -> dict[str, int]:
    """A `counts` field: some of the choices, each at most its limit, together from least to most."""
    chosen: dict[str, int] = {}
    goal = rng.randint(answer["least"], answer["most"])
    open_keys = [key for key in answer["choices"] if answer["limits"].get(key, 0) > 0]
    while sum(chosen.values()) < goal and open_keys:
        key = rng.choice(open_keys)
        chosen[key] = chosen.get(key, 0) + 1
        if chosen[key] >= answer["limits"][key]:
            open_keys.remove(key)
    return chosen


def cards(rng: random.Random, answer: dict[str, Any]) -> list[Any]:
    """A `cards` field: `count` cards; defending, each in the slot of the attacking card it answers."""
    picked = rng.sample(answer["choices"], answer["count"])
    if "attack" not in answer:
        return picked
    slots: list[Any] = [None] * len(answer["attack"])
    for slot, card in zip(rng.sample(range(len(slots)), len(picked)), picked):
        slots[slot] = card
    return slots


def answer_field(rng: random.Random, partial: dict[str, Any], answer: dict[str, Any]) -> None:
    """Puts a value for the field the options ask into `partial`, by the field's form alone."""
    field, form, choices = answer["next"], answer["form"], answer["choices"]
    if form == "one":
        # A turn's action is more often something than a pass, so that games move on.
        offered = [c for c in choices if c != "pass"] if field == "type" and rng.random() < 0.85 else choices
        partial[field] = rng.choice(offered or choices)
    elif form == "more":
        partial[field] = [*partial.get(field, []), rng.choice(choices)]
    elif form == "counts":
        partial[field] = counts(rng, answer)
    elif form == "some":
        # A famine lists every answer the rules take (`accepted`): one of them, never a guess.
        accepted = answer.get("accepted")
        partial[field] = rng.choice(accepted) if accepted else [choice for choice in choices if rng.random() < 0.5]
    elif form == "cards":
        partial[field] = cards(rng, answer)
    else:
        raise ValueError(f"a form the docs do not name: {form!r}")


def build(client: Client, match_id: int, prompt: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """An action or answer for the prompt, built field by field through the options call."""
    for _ in range(TRIES):
        partial: dict[str, Any] = {}
        answer = prompt["options"]
        try:
            while True:
                if answer.get("type") and "type" not in partial:
                    partial["type"] = answer["type"]  # a prompt names its own type
                if answer["next"] is None:
                    break
                if answer["done_allowed"] and (not answer["choices"] or rng.random() < 0.5):
                    break
                answer_field(rng, partial, answer)
                answer = client.call("POST", f"/matches/{match_id}/options", {"partial": partial})["options"]
        except Refused as refused:
            if refused.code in MOVED_ON or refused.status in (401, 403, 404):
                raise
            continue  # a combination the rules refuse (a famine's poleis): built anew
        return {**partial, "decision": prompt["decision"]}
    raise RuntimeError(f"no answer to {prompt['kind']} found in {TRIES} tries")


def play(client: Client, match_id: int, seed: str, log: Any = print, heard: Any = None) -> dict[str, Any]:
    """Plays match `match_id` to its end; its last state. `heard`, if given, is told every line. A
    dropped stream is opened again where it left off."""
    rng = random.Random(seed)
    last: dict[str, Any] = {}
    since = None
    while True:
        path = f"/matches/{match_id}/stream" + (f"?since={since}" if since is not None else "")
        try:
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
                try:
                    action = build(client, match_id, line["prompts"][0], rng)
                    client.call("POST", f"/matches/{match_id}/act", {
                        "action": action, "version": line["version"],
                        "client_action_id": f"bot-{match_id}-{line['version']}"})
                except Refused as refused:
                    if refused.code not in MOVED_ON:
                        raise
        except (OSError, http.client.HTTPException, json.JSONDecodeError):
            time.sleep(1)  # the connection dropped: read on from the last version seen
        if last.get("status") == "finished":
            return last


def acceptable(challenge: dict[str, Any], rulesets: set[str], times: set[str]) -> bool:
    """Whether the bot's flags allow this challenge: its ruleset, and its time (days, live, none)."""
    kind = "days" if challenge["days_per_move"] else "live" if challenge["clock"] else "none"
    return challenge["ruleset"] in rulesets and kind in times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--challenge", metavar="NAME", help="challenge this player first")
    parser.add_argument("--computer", metavar="LEVEL", help="play the site's computer at this level first")
    parser.add_argument("--ruleset", default="2020", help="the ruleset of the challenge it makes")
    parser.add_argument("--rulesets", default="2020,2012,2012-s1", help="the rulesets of challenges it accepts")
    parser.add_argument("--time", default="days,live,none", help="the time limits it accepts: days, live, none")
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
    rulesets, times = set(args.rulesets.split(",")), set(args.time.split(","))
    playing: dict[int, threading.Thread] = {}
    finished = 0
    while True:  # the event stream, opened again if it drops
        try:
            for event in client.stream("/stream/events"):
                kind = event.get("type")
                challenge = event.get("challenge") or {}
                if kind == "challenge" and (challenge["challenged"] or {}).get("username") == me["username"]:
                    verdict = "accept" if acceptable(challenge, rulesets, times) else "decline"
                    try:
                        client.call("POST", f"/challenges/{challenge['id']}/{verdict}")
                    except Refused as refused:  # withdrawn meanwhile
                        print(f"challenge {challenge['id']}: {refused}", flush=True)
                elif kind == "match_started" and event["match"]["id"] not in playing:
                    match_id = event["match"]["id"]
                    playing[match_id] = threading.Thread(target=play, daemon=True,
                                                         args=(client, match_id, f"{me['username']}-{match_id}"))
                    playing[match_id].start()
                elif kind == "match_finished":
                    finished += 1
                    if args.games is not None and finished >= args.games:
                        for thread in playing.values():
                            thread.join(STREAM_TIMEOUT)
                        return
                elif kind == "error":
                    sys.exit(f"the server ended the stream: {event.get('message')}")
        except (OSError, http.client.HTTPException, json.JSONDecodeError):
            time.sleep(1)


if __name__ == "__main__":
    main()
