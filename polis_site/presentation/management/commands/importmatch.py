"""`manage.py importmatch EXPORT --athens NAME --sparta NAME [--upto N] [--move-days D] [--seed S]`: a new
match from an admin export (JSON: setup + log) or a game in Polis notation (a replay's text download,
docs/notation.md), to study, test or resume a reported position."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from polis_site.matches import imports, services
from polis_site.presentation import notations


class Command(BaseCommand):
    help = "Create a match in play from an admin export (setup + log) between two existing users."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("export", help="the JSON file the admin's 'export setup + log' gives, or a game in Polis "
                                           "notation ('-' for stdin)")
        parser.add_argument("--athens", required=True, help="username for the Athens seat")
        parser.add_argument("--sparta", required=True, help="username for the Sparta seat")
        parser.add_argument("--upto", type=int, help="replay only this many actions of the log")
        parser.add_argument("--move-days", type=int, help="the time limit per move, in days (default: none)")
        parser.add_argument("--clock", help="a live clock, SECONDS+INCREMENT (say 1200+20); not with --move-days")
        parser.add_argument("--seed", help="the seed of the chance to come (default: a new secret one); the same "
                                           "seed draws the same dice and shuffles after the same moves")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            if options["export"] == "-":
                text = sys.stdin.read()
            else:
                with open(options["export"], encoding="utf-8") as file:
                    text = file.read()
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read {options['export']}: {error}") from error
        try:
            # A game in notation opens with its tags; an export is a JSON object.
            if not text.strip():
                raise CommandError(f"{options['export']} is empty: give a game in notation or a JSON export")
            export = notations.export_from(text) if text.lstrip().startswith("[") else json.loads(text)
        except ValueError as error:
            raise CommandError(f"cannot read {options['export']}: {error}") from error
        except services.MatchError as error:
            raise CommandError(f"{error.code}: {error.message}") from error
        users = get_user_model().objects
        seats = {}
        for side in ("athens", "sparta"):
            seats[side] = users.filter(username=options[side]).first()
            if seats[side] is None:
                raise CommandError(f"no user named {options[side]!r} (for {side})")
        clock = None
        if options["clock"]:
            parts = options["clock"].split("+")
            if len(parts) != 2 or not all(part.isdigit() for part in parts) or options["move_days"]:
                raise CommandError(f"--clock {options['clock']!r} is not SECONDS+INCREMENT (nor beside --move-days)")
            clock = (int(parts[0]), int(parts[1]))
        try:
            match = imports.import_match(export, seats["athens"], seats["sparta"], upto=options["upto"],
                                          move_days=options["move_days"], seed=options["seed"], clock=clock)
        except services.MatchError as error:
            raise CommandError(f"{error.code}: {error.message}") from error
        self.stdout.write(f"{match.pk} {match.get_absolute_url()} version {match.version}")
