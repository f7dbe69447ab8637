"""`python -m benchmarks.load`: N concurrent matches of scripted players over websockets.

Prints the action round trip (an `act` sent until both seats hold the new version) p50/p99, next to
a bare Channels echo (a socket's message through the channel layer and back) measured in the same
run with as many sockets. Targets (docs/bench.md): with 200 concurrent matches, p50 no more than
3x the echo's and p99 under 50 ms, on one process and on two with Redis + PostgreSQL.

    python -m benchmarks.load --base http://127.0.0.1:8000 [--base http://127.0.0.1:8001]

With two --base URLs, Athens plays on the first process and Sparta on the second.

`--computer N` adds N matches against the computer, each with a scripted player who answers at
once, so the computer is nearly always thinking in all N; a finished one is replaced by a new one.
Their round trips are not counted: the figures are the other matches', under that load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
import uuid

from websockets.asyncio.client import connect

from benchmarks.client import SiteUser, pause, play


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def one_match(athens: SiteUser, sparta: SiteUser, match_id: int, ws_bases: tuple[str, str], moves: int,
                    think: float, seed: int, started: asyncio.Event, round_trips: list[float]) -> int:
    seats = {"athens": await athens.socket(match_id, ws_bases[0]), "sparta": await sparta.socket(match_id, ws_bases[1])}
    await started.wait()
    version = await play(seats, moves, random.Random(seed), think, round_trips)
    for seat in seats.values():
        await seat.close()
    return version


async def against_the_computer(user: SiteUser, ws_base: str, level: str, seed: int, waits: list[float]) -> None:
    """Matches against the computer one after another, until cancelled; how long each of its
    answers took to arrive (its pause and thinking, and its turn on the queue) goes to `waits`."""
    rng = random.Random(seed)
    while True:
        match_id = await asyncio.to_thread(user.create_match, "random", level)
        seat = await user.socket(match_id, ws_base)
        try:
            while seat.state["status"] == "active":
                await seat.play_mine(rng)
                if seat.state["status"] == "active":
                    asked = time.perf_counter()
                    await seat.until_version(seat.state["version"] + 1, timeout=600)
                    waits.append(time.perf_counter() - asked)
        finally:
            await seat.close()


#: Seconds an echo may take before it counts as lost: far above any round trip measured, so a
#: lost message is reported beside the figures instead of hanging the run.
ECHO_WAIT = 30.0


async def echo_round_trips(ws_base: str, origin: str, sockets: int, messages: int,
                           think: float) -> tuple[list[float], int]:
    """The bare baseline: each socket's echo goes through the channel layer and back, paced as
    the players are. Returns the round trips in ms and how many echoes never came back."""
    times: list[float] = []
    lost = 0

    async def one(seed: int) -> None:
        nonlocal lost
        rng = random.Random(seed)
        async with connect(f"{ws_base}/ws/echo/", origin=origin, open_timeout=ECHO_WAIT) as socket:
            async with asyncio.timeout(ECHO_WAIT):
                await socket.recv()  # hello
            for number in range(messages):
                await pause(rng, think)
                sent = time.perf_counter()
                await socket.send(json.dumps({"type": "echo", "text": str(number)}))
                try:
                    async with asyncio.timeout(ECHO_WAIT):
                        while json.loads(await socket.recv()).get("text") != str(number):
                            pass  # a late answer to an echo already counted lost
                except TimeoutError:
                    lost += 1
                    continue
                times.append((time.perf_counter() - sent) * 1000)

    await asyncio.gather(*(one(n) for n in range(sockets)))
    return times, lost


async def run(bases: list[str], matches: int, moves: int, think: float, echo: str = "during",
              pairs: int = 20, computers: int = 0, level: str = "hard") -> dict[str, float]:
    """`echo="during"` paces the echo sockets alongside the matches, so both see the same load;
    "after" measures them on their own once the matches are done. `pairs` of players share the
    matches (each player has matches/pairs pages open, and each hears every notice of its turns).
    `computers` matches against the computer at `level` go on meanwhile, on the first process."""
    tag = uuid.uuid4().hex[:8]
    loners = [SiteUser(bases[0], f"ld-a-{tag}-{n}") for n in range(computers)]
    for user in loners:
        await asyncio.to_thread(user.sign_up)
    waits: list[float] = []
    busy = [asyncio.create_task(against_the_computer(user, bases[0].replace("http", "ws", 1), level, n, waits))
            for n, user in enumerate(loners)]
    await asyncio.sleep(2 if computers else 0)  # the computer is thinking before the measure begins
    players = [(SiteUser(bases[0], f"ld-ath-{tag}-{n}"), SiteUser(bases[-1], f"ld-spa-{tag}-{n}"))
               for n in range(max(1, min(pairs, matches)))]
    for athens, sparta in players:
        await asyncio.to_thread(athens.sign_up)
        await asyncio.to_thread(sparta.sign_up)

    def make_match(n: int) -> tuple[SiteUser, SiteUser, int]:
        athens, sparta = players[n % len(players)]
        match_id = athens.create_match("athens")
        sparta.join(match_id)
        return athens, sparta, match_id

    seated = [await asyncio.to_thread(make_match, n) for n in range(matches)]
    ws_bases = (bases[0].replace("http", "ws", 1), bases[-1].replace("http", "ws", 1))
    started = asyncio.Event()
    round_trips: list[float] = []
    tasks = [asyncio.create_task(one_match(athens, sparta, match_id, ws_bases, moves, think, n, started, round_trips))
             for n, (athens, sparta, match_id) in enumerate(seated)]
    echo_messages = max(5, moves // 2)
    await asyncio.sleep(0.5)
    began = time.perf_counter()
    started.set()
    if echo == "during":
        # As many echo messages a second as the matches' seats send (each seat acts every other turn).
        echo_task = asyncio.create_task(echo_round_trips(ws_bases[0], bases[0], matches * 2, echo_messages, think * 2))
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - began
        echoes, echoes_lost = await echo_task
    else:
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - began
        echoes, echoes_lost = await echo_round_trips(ws_bases[0], bases[0], matches * 2, echo_messages, think)
    for task in busy:
        task.cancel()
    await asyncio.gather(*busy, return_exceptions=True)
    return {
        "computer_answers": len(waits), "computer_wait_p50": statistics.median(waits) if waits else 0.0,
        "computer_wait_p99": percentile(waits, 0.99) if waits else 0.0,
        "matches": matches, "actions": len(round_trips), "seconds": elapsed,
        "act_p50": statistics.median(round_trips), "act_p99": percentile(round_trips, 0.99),
        "echo_p50": statistics.median(echoes), "echo_p99": percentile(echoes, 0.99), "echoes": len(echoes),
        "echoes_lost": echoes_lost,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", action="append", help="the site's URL (twice for two processes)")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--pairs", type=int, default=20, help="pairs of players sharing the matches")
    parser.add_argument("--moves", type=int, default=20, help="decisions played in each match")
    parser.add_argument("--think", type=float, default=2.0,
                        help="seconds a player thinks before each decision, on average (0: as fast as possible)")
    parser.add_argument("--echo", choices=("during", "after"), default="during",
                        help="measure the echo alongside the matches (default) or after them")
    parser.add_argument("--computer", type=int, default=0, metavar="N",
                        help="N matches against the computer going on meanwhile (the site's COMPUTER_PAUSE applies)")
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard"), help="the computer's level")
    args = parser.parse_args()
    bases = args.base or ["http://127.0.0.1:8000"]
    result = asyncio.run(run(bases, args.matches, args.moves, args.think, args.echo, args.pairs, args.computer,
                             args.level))
    if args.computer:
        print(f"{args.computer} matches against the computer ({args.level}) meanwhile: {result['computer_answers']} "
              f"answers, each arriving after p50 {result['computer_wait_p50']:.1f} s, "
              f"p99 {result['computer_wait_p99']:.1f} s")
    print(f"{result['matches']} concurrent matches on {len(bases)} process(es), a decision every "
          f"{args.think:.1f} s a match on average, {result['actions']} actions "
          f"in {result['seconds']:.1f} s ({result['actions'] / result['seconds']:.0f} actions/s)")
    print(f"action round trip (submit -> both seats updated): p50 {result['act_p50']:.1f} ms, "
          f"p99 {result['act_p99']:.1f} ms (target: p99 < 50 ms)")
    print(f"bare echo through the channel layer ({args.echo}):       p50 {result['echo_p50']:.1f} ms, "
          f"p99 {result['echo_p99']:.1f} ms" + (f", {result['echoes_lost']} lost" if result["echoes_lost"] else ""))
    print(f"ratio of the p50s: {result['act_p50'] / result['echo_p50']:.1f}x (target: <= 3x)")


if __name__ == "__main__":
    main()
