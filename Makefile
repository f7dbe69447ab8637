# Polis Online. `make run` and `make test` work on a fresh machine: see README.md.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
## The suite's workers (pytest-xdist): three on two cores, each test file kept on one worker, so that
## a module's site and browser start once (docs/bench.md measures it). PYTEST_WORKERS=0: one process.
PYTEST_WORKERS ?= 3

.PHONY: run test test-busy install install-test system-packages migrate bench engine-compiled compiled-if-cc messages clean

# The virtualenv is made once; each install is redone only when pyproject.toml changes.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# After the compiled extra (mypy), so that the engine's build may run while the rest installs.
$(VENV)/.installed-test: pyproject.toml | $(VENV)/.installed-compiled
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

migrate: install
	$(BIN)/python manage.py migrate --noinput

## The embedded default: SQLite on disk, the in-memory channel layer, one Daphne. No service to start.
## Where a C compiler exists the computer thinks with the compiled engine (built once per source change).
run: migrate compiled-if-cc
	$(BIN)/python manage.py vapidkeys
	@echo "Polis Online on http://$(HOST):$(PORT)/"
	$(BIN)/daphne -b $(HOST) -p $(PORT) polis_site.asgi:application

## Redis, PostgreSQL, nginx and Chromium from Debian when missing; the tests start and stop them.
system-packages:
	scripts/install-system-packages.sh

## The compiled engine is built first, outside any test's time limit (and reused while its source is),
## on one core while the test packages and Debian's install beside it (-j3).
test:
	$(MAKE) --no-print-directory $(VENV)/.installed-compiled
	$(MAKE) --no-print-directory -j3 --output-sync=target install-test system-packages compiled-if-cc
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

## The whole suite beside as many busy processes as cores (BUSY=N): what a loaded machine or a shared
## CI runner does to it (docs/bench.md has its time beside the quiet one's).
test-busy:
	scripts/test-busy.sh $(PYTEST_ARGS)

## The engine compiled by mypyc from the same source, in build/compiled: the computer's worker
## thinks with it (manage.py computer); tools select it by PYTHONPATH=build/compiled with python -P,
## which keeps the source folder off the path. Rebuilt when the engine's source changes.
ENGINE_SOURCES := $(shell find engine -name '*.py' -o -name '*.json' | grep -v __pycache__)
build/compiled/.built: $(ENGINE_SOURCES) scripts/build-compiled-engine.sh | $(VENV)/.installed-compiled
	scripts/build-compiled-engine.sh $(BIN)/python build/compiled
	touch $@

engine-compiled: build/compiled/.built

$(VENV)/.installed-compiled: pyproject.toml | $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[compiled]'
	touch $@

compiled-if-cc:
	@if command -v cc >/dev/null 2>&1; then $(MAKE) --no-print-directory engine-compiled; \
	else echo "no C compiler: the computer thinks with the pure-Python engine (hard decides in about 0.8 s instead of 0.5 s)"; fi

## The engine's speed, pure Python and compiled.
bench: engine-compiled
	$(BIN)/python -m engine.bench
	PYTHONPATH=build/compiled $(BIN)/python -P -m engine.bench

messages: install
	$(BIN)/python manage.py makemessages -l es -e html,txt,py,svg --no-wrap --no-obsolete --ignore '$(VENV)/*' --ignore 'tests/*'
	$(BIN)/python manage.py makemessages -d djangojs -l es --no-wrap --no-obsolete --ignore '$(VENV)/*' --ignore 'tests/*'
	$(BIN)/python manage.py compilemessages -l es --ignore '$(VENV)'

clean:
	rm -rf $(VENV) var test-artifacts .pytest_cache .ci-run build
