"""Readiness checks behind /healthz: each part the site needs, checked for real."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connections

from polis_site import storage

CHECK_TIMEOUT_S = 3.0


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    ms: float


def _query_database() -> str:
    connection = connections["default"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return connection.vendor


async def check_database() -> Check:
    started = time.perf_counter()
    try:
        vendor = await asyncio.wait_for(
            sync_to_async(_query_database, thread_sensitive=False)(), CHECK_TIMEOUT_S
        )
        return Check("database", True, vendor, _ms(started))
    except Exception as exc:  # noqa: BLE001 — any failure means "down", and its text is the detail
        return Check("database", False, _describe(exc), _ms(started))


async def check_channel_layer() -> Check:
    """A message round trip through the layer: proves Redis answers, not just that it is configured."""
    started = time.perf_counter()
    layer = get_channel_layer()
    if layer is None:
        return Check("channel_layer", False, "no channel layer configured", _ms(started))
    try:
        channel = await layer.new_channel("healthz.")
        token = f"{time.time_ns()}"
        await asyncio.wait_for(layer.send(channel, {"type": "healthz", "token": token}), CHECK_TIMEOUT_S)
        message = await asyncio.wait_for(layer.receive(channel), CHECK_TIMEOUT_S)
        if message.get("token") != token:
            return Check("channel_layer", False, "the message came back altered", _ms(started))
        return Check("channel_layer", True, type(layer).__name__, _ms(started))
    except Exception as exc:  # noqa: BLE001
        return Check("channel_layer", False, _describe(exc), _ms(started))


async def check_storage() -> Check:
    """Whether a write would go through: the last one did (or none failed), and SQLite's disk has room."""
    started = time.perf_counter()
    problem = await sync_to_async(storage.problem, thread_sensitive=False)()
    return Check("storage", problem is None, problem or "writable", _ms(started))


async def run_checks() -> list[Check]:
    return list(await asyncio.gather(check_database(), check_channel_layer(), check_storage()))


async def computer_report() -> dict[str, Any]:
    """How the computer's workers are (`heartbeat.report`), hosts named only with DEBUG on."""
    from polis_site.computer import heartbeat  # a Django app's models: imported once apps are ready

    started = time.perf_counter()
    try:
        report = await asyncio.wait_for(sync_to_async(heartbeat.report, thread_sensitive=False)(
            names=settings.DEBUG), CHECK_TIMEOUT_S)
    except Exception as exc:  # noqa: BLE001 — the database's own check says why
        return {"status": "unknown", "detail": _describe(exc) if settings.DEBUG else type(exc).__name__,
                "ms": _ms(started)}
    return {**report, "ms": _ms(started)}


def _describe(exc: BaseException) -> str:
    if isinstance(exc, asyncio.TimeoutError):
        return f"no answer within {CHECK_TIMEOUT_S:g} s"
    return f"{type(exc).__name__}: {exc}"[:300]


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)
