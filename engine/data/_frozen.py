"""A read-only mapping for record fields (records are frozen; their maps must be too)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def frozen_map(items: Mapping[K, V] | Iterable[tuple[K, V]]) -> Mapping[K, V]:
    """Copy ``items`` into a read-only mapping (insertion order kept)."""
    return MappingProxyType(dict(items))
