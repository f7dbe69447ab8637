"""The computer's worker thinks with the engine compiled by mypyc where it is built for this very
source (hard's search needs its speed to keep to its time: docs/computer.md), and with the pure
engine otherwise: never with a build older than the source."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from polis_site.computer import compiled
from tests.support.services import ComputerWorker, make_run_dir, manage, site_env


@pytest.fixture
def run_dir() -> Iterator[Path]:
    path = make_run_dir("polis-compiled-worker-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_a_build_of_this_source_is_used_and_a_stale_one_is_not(compiled_engine: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "compiled"
    shutil.copytree(compiled_engine, copy)
    monkeypatch.setenv(compiled.VARIABLE, str(copy))
    assert compiled.built() == copy
    rules = copy / "engine" / "flow.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# a rule changed since the build\n", encoding="utf-8")
    assert compiled.built() is None
    monkeypatch.setenv(compiled.VARIABLE, str(tmp_path / "never-built"))
    assert compiled.built() is None


def _worker(run_dir: Path, build: Path, *arguments: str) -> str:
    env = site_env(DATABASE_URL=f"sqlite:///{run_dir}/site.sqlite3", COMPUTER_WORKER="external",
                   **{compiled.VARIABLE: str(build)})
    manage(["migrate", "--noinput"], env)
    worker = ComputerWorker(run_dir, env, ["python", "manage.py", "computer", *arguments]).start()
    try:
        return worker.log.read_text(encoding="utf-8")
    finally:
        worker.stop()


def test_the_worker_thinks_with_the_compiled_engine_built_for_its_source(compiled_engine: Path, run_dir: Path) -> None:
    log = _worker(run_dir, compiled_engine)
    assert "thinking with the compiled engine" in log, log


def test_without_a_build_the_worker_says_it_thinks_in_pure_python(run_dir: Path) -> None:
    log = _worker(run_dir, run_dir / "never-built")
    assert "no compiled engine is built for this source (make engine-compiled)" in log, log
    assert "thinking with the pure-Python engine" in log, log


def test_the_worker_may_be_told_to_think_in_pure_python(compiled_engine: Path, run_dir: Path) -> None:
    log = _worker(run_dir, compiled_engine, "--engine", "pure")
    assert "thinking with the pure-Python engine" in log and "no compiled engine" not in log, log
