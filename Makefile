# Polis Online. `make run` and `make test` work on a fresh machine: see README.md.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test install install-test system-packages migrate bench engine-compiled messages clean

# The virtualenv is made once; each install is redone only when pyproject.toml changes.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

migrate: install
	$(BIN)/python manage.py migrate --noinput

## The embedded default: SQLite on disk, the in-memory channel layer, one Daphne. No service to start.
run: migrate
	$(BIN)/python manage.py vapidkeys
	@echo "Polis Online on http://$(HOST):$(PORT)/"
	$(BIN)/daphne -b $(HOST) -p $(PORT) polis_site.asgi:application

## Redis, PostgreSQL, nginx and Chromium from Debian when missing; the tests start and stop them.
system-packages:
	scripts/install-system-packages.sh

test: install-test system-packages
	$(BIN)/python -m pytest $(PYTEST_ARGS)

## Optional: the engine compiled by mypyc from the same source, in build/compiled
## (selected by PYTHONPATH=build/compiled with python -P, which keeps the source folder off the path).
engine-compiled: install-test
	scripts/build-compiled-engine.sh $(BIN)/python build/compiled

## The engine's speed, pure Python and compiled.
bench: engine-compiled
	$(BIN)/python -m engine.bench
	PYTHONPATH=build/compiled $(BIN)/python -P -m engine.bench

messages: install
	$(BIN)/python manage.py makemessages -l es --no-wrap --ignore '$(VENV)/*' --ignore 'tests/*'
	$(BIN)/python manage.py makemessages -d djangojs -l es --no-wrap --ignore '$(VENV)/*' --ignore 'tests/*'
	$(BIN)/python manage.py compilemessages -l es --ignore '$(VENV)'

clean:
	rm -rf $(VENV) var test-artifacts .pytest_cache .ci-run build
