# The project's own commands. `make test` is what CI runs (.ci/run).
PYTHON ?= python3

.PHONY: install test lint typecheck unit demo

install:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev]'

lint:
	$(PYTHON) -m ruff check src tests
	$(PYTHON) -m ruff format --check src tests

typecheck:
	$(PYTHON) -m mypy

unit:
	$(PYTHON) -m pytest

# Install, then lint, type-check and run the whole test suite.
test: install lint typecheck unit

demo:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check . && sleuth ask "Who founded Acme Robotics?"
