"""`manage.py vapidkeys`: Web Push's VAPID key pair, made once into var/vapid.json (never committed;
`make run` calls this), or printed as the environment a production site sets instead (`--print`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from polis_site.notices import push


class Command(BaseCommand):
    help = "Make the site's VAPID key pair for Web Push (var/vapid.json), unless it exists; --print: as environment."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--print", action="store_true", help="print a new pair as VAPID_PRIVATE_KEY and "
                                                                 "VAPID_PUBLIC_KEY lines, writing nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["print"]:
            private, public = push.new_key_pair()
            one_line = private.strip().replace("\n", "\\n")  # config.vapid reads the newlines back
            self.stdout.write(f"VAPID_PRIVATE_KEY={one_line}\nVAPID_PUBLIC_KEY={public}")
            return
        stored = Path(settings.BASE_DIR) / "var" / "vapid.json"
        if stored.exists():
            self.stdout.write(f"VAPID keys: {stored} (kept)")
            return
        stored.parent.mkdir(parents=True, exist_ok=True)
        private, public = push.new_key_pair()
        stored.write_text(json.dumps({"private": private, "public": public}))
        stored.chmod(0o600)
        self.stdout.write(f"VAPID keys: {stored} (made)")
