"""`python -m benchmarks.throttle [--redis URL]`: what the per-user socket limit costs each
message (docs/bench.md): counted on the event loop (the embedded default's in-memory cache) and in
a thread (the only way for Redis, whose client blocks), as the consumer would, so the hop is in the
figure."""

from __future__ import annotations

import argparse
import asyncio
import os
import time
from collections.abc import Awaitable, Callable


def percentiles(samples: list[float]) -> str:
    samples = sorted(samples)
    return f"p50 {samples[len(samples) // 2]:.0f} µs, p99 {samples[int(len(samples) * 0.99)]:.0f} µs"


async def timed(count: Callable[[], Awaitable[bool]], runs: int) -> list[float]:
    for _ in range(runs // 10):  # warm up: the cache's connection, the thread pool
        await count()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await count()
        samples.append((time.perf_counter() - started) * 1e6)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--redis", help="a Redis URL: count in Redis, as the scaled-out site does")
    parser.add_argument("--messages", type=int, default=5000)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "polis_site.settings")
    os.environ["SOCKET_RATE_PER_USER"] = "1000000000/d"  # counted, never refused
    if args.redis:
        os.environ["REDIS_URL"] = args.redis
    import django

    django.setup()
    from asgiref.sync import sync_to_async

    from polis_site import throttles

    async def on_loop() -> bool:
        return await throttles.socket_message_wait_async(1)

    async def in_thread() -> bool:
        return await sync_to_async(throttles.socket_message_wait, thread_sensitive=False)(1)

    async def run() -> None:
        where = "Redis" if args.redis else "the in-memory cache"
        print(f"per-user socket count in {where}, {args.messages} messages")
        print(f"  as the consumer counts it: {percentiles(await timed(on_loop, args.messages))}")
        if not args.redis:
            print(f"  in a thread instead:       {percentiles(await timed(in_thread, args.messages))}")

    asyncio.run(run())


if __name__ == "__main__":
    main()
