from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from polis_site.api import codes


class Command(BaseCommand):
    help = "Print the refusal codes' table of docs/api.md, or write it there (--write)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--write", action="store_true", help="write the table into docs/api.md")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["write"]:
            codes.PAGE.write_text(codes.current(codes.PAGE.read_text()))
        else:
            self.stdout.write(codes.table())
