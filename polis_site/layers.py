"""The embedded default's channel layer: Channels' in-memory layer with its expiry sweep throttled."""

from __future__ import annotations

import time

from channels import layers


class InMemoryChannelLayer(layers.InMemoryChannelLayer):
    """Upstream sweeps every channel and group for expired messages on each `send` and
    `group_send`: with a few hundred sockets open that made one broadcast cost most of a
    millisecond (docs/bench.md). Expiry is a matter of seconds (`expiry`, 60 s by default), so one
    sweep every `sweep_every` seconds keeps its meaning.
    """

    sweep_every = 1.0

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._swept = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept >= self.sweep_every:
            self._swept = now
            super()._clean_expired()
