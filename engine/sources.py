"""The files that make the engine: its modules and the data and weights it reads. A build of the
compiled engine is used only while it holds these files of the checkout, file for file
(polis_site/computer/compiled.py), and an analysis is made again once they change
(engine/analysis.py's `version`)."""

from __future__ import annotations

from pathlib import Path

PATTERNS = ("*.py", "*.json")


def source_files(engine_dir: Path = Path(__file__).parent) -> dict[str, bytes]:
    """Each file's content by its path within `engine_dir` (this engine's own folder by default)."""
    return {str(path.relative_to(engine_dir)): path.read_bytes()
            for pattern in PATTERNS for path in engine_dir.rglob(pattern) if "__pycache__" not in path.parts}
