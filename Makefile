# The project's own commands. `make test` is what CI runs (.ci/run).
PYTHON ?= python3

.PHONY: install browser test lint typecheck unit demo

install:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev]'

lint:
	$(PYTHON) -m ruff check src tests
	$(PYTHON) -m ruff format --check src tests

# Debian's Chromium, for the browser test (Playwright drives it: no browser is downloaded).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

browser:
	@if [ ! -x /usr/bin/chromium ]; then \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y --no-install-recommends chromium; \
	fi

typecheck:
	$(PYTHON) -m mypy

unit:
	$(PYTHON) -m pytest

# Install (the browser too), then lint, type-check and run the whole test suite.
test: install browser lint typecheck unit

demo:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check . && sleuth ask "Who founded Acme Robotics?"
