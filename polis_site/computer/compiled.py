"""The engine the computer thinks with: compiled by mypyc where it was built (hard's median decision
0.52 s instead of 0.80 s here, docs/computer.md: the same search in less time), the pure-Python
engine otherwise.

`make engine-compiled` (and `make run` where a C compiler exists, and the Docker image) builds it in
build/compiled: the compiled modules beside a copy of the source they were compiled from. It is
used only while that copy is the source of this checkout, file for file: a build older than the
source would think with other rules. The compiled engine plays the very games the pure one plays
(tests/engine/test_compiled_engine.py), so which one a worker uses changes its speed only."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from engine.sources import source_files

ROOT = Path(__file__).resolve().parents[2]
#: Where the build puts it (scripts/build-compiled-engine.sh); POLIS_COMPILED_ENGINE names another.
VARIABLE = "POLIS_COMPILED_ENGINE"


def built() -> Path | None:
    """The build (build/compiled), if it holds the engine of this checkout's source, compiled."""
    build = Path(os.environ.get(VARIABLE) or ROOT / "build" / "compiled")
    if not any((build / "engine").glob("players.*.so")):
        return None
    return build if source_files(build / "engine") == source_files(ROOT / "engine") else None


def in_use() -> bool:
    """Whether this process imports the compiled engine."""
    spec = importlib.util.find_spec("engine.players")
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")


def command(arguments: list[str]) -> tuple[list[str], dict[str, str]] | None:
    """How to run `python -m django ARGUMENTS` on the compiled engine (argv and environment), or
    None when it is not built for this source. `-P` keeps the working folder, which holds the
    source, from coming before it on the path."""
    build = built()
    if build is None:
        return None
    path = os.pathsep.join([str(build), str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    return [sys.executable, "-P", "-m", "django", *arguments], {**os.environ, "PYTHONPATH": path}
