"""`python -m benchmarks.api_load --base URL [--bots 50] [--moves 20] [--think 2] [--matches 20]`:
bots over the open API playing at once against one process (bots/2 matches of bot against bot,
each bot following its match on its stream and acting with POST /act, as examples/bot.py does),
while `benchmarks.load`'s socket players play `--matches` matches in the same run. Prints the API's
act round trip (the POST until its answer) p50/p99 beside the page socket's (an act until both seats
hold the new version), both under the same load. Results: docs/bench.md."""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import threading
import time
import uuid
from typing import Any

from benchmarks import load
from benchmarks.client import SiteUser
from engine import players
from examples.bot import Client, Refused


def bot(client: Client, match_id: int, moves: int, think: float, seed: str, round_trips: list[float],
        failures: list[str]) -> None:
    """One bot's part: its decisions in match `match_id`, each after thinking; after `moves` of them
    it resigns, which ends its opponent's part too (a bot waiting for a turn would wait forever)."""
    decide = players.player("random").decide
    rng = random.Random(seed)
    made = 0
    try:
        for line in client.stream(f"/matches/{match_id}/stream"):
            if line.get("type") != "state" or not line["prompts"]:
                if line.get("status") == "finished":
                    return
                continue
            action = decide(line["view"], rng)
            time.sleep(think * rng.uniform(0.5, 1.5))
            sent = time.perf_counter()
            try:
                client.call("POST", f"/matches/{match_id}/act", {"action": action, "version": line["version"]})
            except Refused as refused:
                # Moved on while it thought: another answer, or its opponent's resignation.
                if refused.code not in ("stale_version", "conflict", "game_over"):
                    raise
            round_trips.append((time.perf_counter() - sent) * 1000)
            made += 1
            if made >= moves:
                try:
                    client.call("POST", f"/matches/{match_id}/resign")
                except Refused as refused:
                    if refused.code != "game_over":  # its opponent resigned first
                        raise
                return
    except Exception as error:  # noqa: BLE001 — reported with the figures, not lost in a thread
        failures.append(f"{seed}: {error!r}")


def bots_in_matches(base: str, bots: int) -> list[tuple[Client, int, str]]:
    """`bots` accounts with tokens, paired in matches by challenges over the API."""
    tag = uuid.uuid4().hex[:8]
    seated: list[tuple[Client, int, str]] = []
    for pair in range(bots // 2):
        clients = []
        for side in ("a", "b"):
            user = SiteUser(base, f"api-{side}-{tag}-{pair}").sign_up()
            clients.append((user, Client(base, user.make_token("load", ("read", "play", "challenge")))))
        (_, first), (second_user, second) = clients
        match_id = first.call("POST", f"/challenges/users/{second_user.username}", {"side": "athens"})["id"]
        second.call("POST", f"/challenges/{match_id}/accept")
        seated += [(first, match_id, f"{tag}-{pair}-a"), (second, match_id, f"{tag}-{pair}-b")]
    return seated


def run(base: str, bots: int, moves: int, think: float, matches: int) -> dict[str, Any]:
    seated = bots_in_matches(base, bots)
    round_trips: list[float] = []
    failures: list[str] = []
    threads = [threading.Thread(target=bot, args=(client, match_id, moves, think, seed, round_trips, failures),
                                daemon=True) for client, match_id, seed in seated]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    sockets = asyncio.run(load.run([base], matches, moves, think))
    for thread in threads:
        thread.join(moves * think * 4 + 120)
    return {"bots": len(seated), "api_actions": len(round_trips), "seconds": time.perf_counter() - began,
            "api_act_p50": statistics.median(round_trips) if round_trips else 0.0,
            "api_act_p99": load.percentile(round_trips, 0.99) if round_trips else 0.0,
            "failures": failures, **{f"socket_{key}": value for key, value in sockets.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--bots", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20, help="decisions each bot makes")
    parser.add_argument("--think", type=float, default=2.0, help="seconds a bot thinks before each, on average")
    parser.add_argument("--matches", type=int, default=20, help="socket players' matches measured meanwhile")
    args = parser.parse_args()
    result = run(args.base, args.bots, args.moves, args.think, args.matches)
    print(f"{result['bots']} bots over the API and {result['socket_matches']} socket matches on one process, a "
          f"decision every {args.think:.1f} s a seat on average, in {result['seconds']:.1f} s")
    print(f"API act (POST -> its answer), {result['api_actions']} actions: p50 {result['api_act_p50']:.1f} ms, "
          f"p99 {result['api_act_p99']:.1f} ms")
    print(f"socket act (act -> both seats updated), {result['socket_actions']} actions: "
          f"p50 {result['socket_act_p50']:.1f} ms, p99 {result['socket_act_p99']:.1f} ms")
    if result["failures"]:
        print(f"{len(result['failures'])} bots failed: {result['failures'][:3]}")


if __name__ == "__main__":
    main()
