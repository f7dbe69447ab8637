"""docker-compose.yml read as data, so the native topology test runs exactly what it describes."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

REPO = Path(__file__).resolve().parents[2]
COMPOSE = REPO / "docker-compose.yml"
SUBSTITUTION = re.compile(r"\$\{(?P<name>[A-Z0-9_]+)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\}")


def load() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text())


def interpolate(value: str) -> str:
    """Compose's ${VAR:-default} with every variable unset: the default, or '' for ${VAR:?msg}."""
    def substitute(match: re.Match[str]) -> str:
        return match.group("arg") if (match.group("op") or "").endswith("-") else ""

    return SUBSTITUTION.sub(substitute, value)


def command(service: dict[str, Any]) -> list[str]:
    raw = service["command"]
    return list(raw) if isinstance(raw, list) else shlex.split(raw)


@dataclass(frozen=True)
class WebService:
    name: str
    command: list[str]
    environment: dict[str, str]

    @property
    def application(self) -> str:
        return self.command[-1]


def web_services(compose: dict[str, Any]) -> list[WebService]:
    """The services that run Daphne: the site's processes."""
    return [
        WebService(name, command(service), {k: str(v) for k, v in service.get("environment", {}).items()})
        for name, service in compose["services"].items()
        if "command" in service and command(service)[0] == "daphne"
    ]


def worker_command(compose: dict[str, Any]) -> list[str]:
    """The computer's worker as compose runs it (`python manage.py computer`)."""
    return command(compose["services"]["computer"])


def service_of_url(url: str) -> tuple[str, int]:
    parts = urlsplit(interpolate(url))
    return parts.hostname or "", parts.port or 0
