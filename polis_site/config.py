"""Settings read from the environment, as pure functions so each switch is testable alone.

The embedded default (no variables set) is SQLite on disk and the in-memory channel layer;
`DATABASE_URL` and `REDIS_URL` scale the site out to PostgreSQL and Redis.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

#: Django's own deploy check (security.W009) asks this much of a key that signs real sessions.
MIN_SECRET_LENGTH = 50
MIN_SECRET_CHARACTERS = 5
DEV_SECRET_KEY = "django-insecure-polis-online-development-key-never-use-in-production"

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


def env_bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    """A boolean variable; anything but a known word is an error, not a silent False."""
    raw = env.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def env_list(env: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    raw = env.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def secret_key(env: Mapping[str, str], debug: bool) -> str:
    """The development key keeps `make run` zero-config; with DEBUG off it would sign real sessions."""
    key = env.get("SECRET_KEY", "")
    if not key:
        if not debug:
            raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
        return DEV_SECRET_KEY
    if not debug and key == DEV_SECRET_KEY:
        raise ImproperlyConfigured("SECRET_KEY is the development default, which is refused when DEBUG is off")
    if not debug and (len(key) < MIN_SECRET_LENGTH or len(set(key)) < MIN_SECRET_CHARACTERS):
        raise ImproperlyConfigured(
            f"SECRET_KEY is too weak for DEBUG off: use at least {MIN_SECRET_LENGTH} characters, "
            f"{MIN_SECRET_CHARACTERS} of them different (Django's deploy check, security.W009); "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(50))' makes one")
    return key


def database(env: Mapping[str, str], base_dir: Path) -> dict[str, Any]:
    """`DATABASE_URL` as postgres://user:password@host:port/name[?options] or sqlite:///path."""
    url = env.get("DATABASE_URL", "").strip()
    if not url:
        return _sqlite(Path(env.get("SQLITE_PATH", "") or base_dir / "var" / "db.sqlite3"), env)
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        # As dj-database-url reads it: sqlite:///relative.db, sqlite:////absolute/path.db
        return _sqlite(Path(unquote(parts.path[1:])), env)
    if parts.scheme not in {"postgres", "postgresql", "postgresql+psycopg"}:
        raise ImproperlyConfigured(f"DATABASE_URL scheme {parts.scheme!r} is not supported (postgres or sqlite)")
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise ImproperlyConfigured(f"DATABASE_URL {url!r} names no database")
    options = dict(parse_qsl(parts.query))
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        "OPTIONS": options,
        # Persistent connections: Daphne's worker threads would otherwise reconnect per request.
        # Not health-checked: the check is a round trip before every socket message's first query.
        # A connection the server dropped fails one statement and is replaced; the write path
        # then tries its submission again (services.submit_action).
        "CONN_MAX_AGE": _conn_max_age(env),
        # Channels' live-server tests need an explicit test database name on PostgreSQL.
        "TEST": {"NAME": f"test_{name}"},
    }


def _conn_max_age(env: Mapping[str, str]) -> int:
    """Seconds a database connection is kept (0: closed after each use), for either engine."""
    return int(env.get("DB_CONN_MAX_AGE", "60"))


def _sqlite(path: Path, env: Mapping[str, str]) -> dict[str, Any]:
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(path),
        # WAL lets the websocket threads read while a move is written. synchronous=NORMAL syncs the
        # WAL at checkpoints rather than at every commit (a commit's fsync cost ~3 ms a move under
        # load): a crash or restart of the server loses nothing; a power cut may lose the last
        # moves, which is why the scaled-out site runs on PostgreSQL (docs/deploy.md).
        "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                    "transaction_mode": "IMMEDIATE", "timeout": 20},
        # Persistent connections, as for PostgreSQL: each socket message would otherwise open one.
        "CONN_MAX_AGE": _conn_max_age(env),
        # The live-server tests need a test database on disk, not in memory, so several threads see
        # the same data.
        "TEST": {"NAME": str(path.with_name(f"test_{path.name}"))},
    }


def channel_layers(env: Mapping[str, str]) -> dict[str, Any]:
    """`REDIS_URL` selects channels-redis; without it one process keeps its groups in memory."""
    url = env.get("REDIS_URL", "").strip()
    if not url:
        return {"default": {"BACKEND": "polis_site.layers.InMemoryChannelLayer"}}
    if urlsplit(url).scheme not in {"redis", "rediss", "unix"}:
        raise ImproperlyConfigured(f"REDIS_URL {url!r} is not a redis://, rediss:// or unix:// URL")
    return {
        "default": {
            "BACKEND": "polis_site.layers.RedisChannelLayer",
            "CONFIG": {
                # redis-py 8 gives pooled connections a 5 s socket timeout, which kills the
                # blocking receive of every idle websocket (close 1011): no timeout here. Its pool
                # also stops at 100 connections and then fails (MaxConnectionsError) instead of
                # waiting, which a burst of a few hundred sockets joining their groups reaches.
                # A pooled connection that Redis dropped (a restart) fails its next command: that
                # command is tried again on a new connection, a few times, a little apart.
                "hosts": [{"address": url, "socket_timeout": None,
                           "max_connections": int(env.get("REDIS_MAX_CONNECTIONS", "2000")),
                           "retry": Retry(ExponentialBackoff(cap=1.0, base=0.05), 3),
                           "retry_on_error": [RedisConnectionError, RedisTimeoutError]}],
                "prefix": env.get("CHANNELS_PREFIX", "polis"),
                "capacity": 1500,
                "expiry": 60,
            },
        }
    }


def caches(env: Mapping[str, str]) -> dict[str, Any]:
    """The cache the login and sign-up throttles count in: Redis where `REDIS_URL` is set, so every
    process counts the same attempts; the one process of the embedded default keeps them in memory."""
    url = env.get("REDIS_URL", "").strip()
    if not url:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                        "KEY_PREFIX": env.get("CHANNELS_PREFIX", "polis") + "-cache"}}


def vapid(env: Mapping[str, str], base_dir: Path) -> tuple[str, str]:
    """Web Push's VAPID key pair (the private key as PEM, the public one as the browser's
    applicationServerKey, base64url): from VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY, else from
    var/vapid.json, made once by `manage.py vapidkeys` (`make run` calls it; never committed). Empty
    strings: no pair, and push is off."""
    private, public = env.get("VAPID_PRIVATE_KEY", ""), env.get("VAPID_PUBLIC_KEY", "")
    if private or public:
        if not (private and public):
            raise ImproperlyConfigured("set VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY together (manage.py vapidkeys --print)")
        return private.replace("\\n", "\n"), public
    stored = base_dir / "var" / "vapid.json"
    if stored.exists():
        pair = json.loads(stored.read_text())
        return pair["private"], pair["public"]
    return "", ""
