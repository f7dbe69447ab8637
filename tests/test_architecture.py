"""The architecture of docs/architecture.md, held by import-linter's contracts ([tool.importlinter]
in pyproject.toml): the engine imports no Django; the apps stand in floors, each importing only
floors below it, play none; the product never imports the measuring tools; no import circle among
the engine's modules. An import that breaks one fails here with the chain that breaks it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_every_import_contract_is_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run([str(lint), "--config", str(REPO / "pyproject.toml"), "--no-cache"], cwd=REPO,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and "0 broken" in run.stdout, run.stdout[-4000:] + run.stderr[-2000:]
    assert "4 kept" in run.stdout, run.stdout[-2000:]
