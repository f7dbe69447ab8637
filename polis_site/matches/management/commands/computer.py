"""`manage.py computer`: the computer's worker as a process of its own (COMPUTER_WORKER=external,
docker-compose's `computer` service), answering every match that waits for the computer."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from polis_site.matches.computer import Worker, mode


class Command(BaseCommand):
    help = "Run the computer opponent's worker until stopped (SIGTERM or SIGINT)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--processes", type=int, help="thinking processes (default: COMPUTER_PROCESSES)")

    def handle(self, *args: Any, **options: Any) -> None:
        if mode() == "embedded":
            self.stderr.write("COMPUTER_WORKER is 'embedded': the web processes think as well, and each decision is "
                              "made twice (one answer is kept); set COMPUTER_WORKER=external for them")
        asyncio.run(self.serve(Worker(processes=options["processes"])))

    async def serve(self, worker: Worker) -> None:
        task = asyncio.create_task(worker.run())
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, task.cancel)
        self.stdout.write(f"computer worker: {worker.processes} thinking processes", ending="\n")
        self.stdout.flush()
        try:
            await task
        except asyncio.CancelledError:
            self.stdout.write("computer worker: stopped")
