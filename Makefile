# The project's own commands. `make test` is what CI runs (.ci/run).
PYTHON ?= python3
# The extras `install` takes. Under CI (CI=true) also `embeddings` (CPU torch 2.13.0, which
# this machine kind has on disk; about 1.1 GB), so the hybrid-search test runs against the
# real model; elsewhere that test skips unless you add it: `make test EXTRAS=dev,embeddings`.
comma := ,
EXTRAS ?= dev$(if $(CI),$(comma)embeddings)

.PHONY: install browser inspector test lint typecheck unit docutils-compat integration slow tiers demo

install:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[$(EXTRAS)]'

lint:
	$(PYTHON) -m ruff check src tests
	$(PYTHON) -m ruff format --check src tests
	lint-imports

# Debian's Chromium, for the browser test (Playwright drives it: no browser is downloaded).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

browser:
	@if [ ! -x /usr/bin/chromium ]; then \
		$(SUDO) apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y --no-install-recommends chromium; \
	fi

# The MCP Inspector's CLI from npm (and a Node new enough for it), for tests/test_mcp_inspector.py.
inspector:
	@if command -v npm >/dev/null; then \
		npm ci --prefix .ci/mcp-inspector --no-audit --no-fund --loglevel=error; \
	else \
		echo "npm not found: the MCP Inspector test skips"; \
	fi

typecheck:
	$(PYTHON) -m mypy

# The test targets keep compiled bytecode, and pytest's rewritten test modules, in .pycache/
# even where PYTHONDONTWRITEBYTECODE is set: compiling the sources and rewriting the tests'
# asserts again costs `make unit` about 1.5 s of CPU a run (a tenth; the first run fills
# the cache). Nothing is written beside the sources or into the Python environment;
# `make unit PYCACHE=` runs without the cache.
PYCACHE ?= $(CURDIR)/.pycache
TEST_PYTHON := $(if $(PYCACHE),PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(PYCACHE) )$(PYTHON)

# The test tiers (tests/conftest.py says what goes where). The fast tier, the default:
# no real server, browser, database or subprocess (a guard fails a test that starts one
# unmarked); under 20 s here.
# Its temporary folders (TMPDIR: pytest's tmp_path, and every temporary file the code
# makes) are on the RAM disk /dev/shm where that is a tmpfs with 1 GiB free: the
# indexes' and stores' commits sync to disk, which here cost a run 3.5 to 5.5 s of system
# time (under 2 s on tmpfs) and more of wall time while others use the disk. A run takes
# about 65 MB there, and pytest keeps the last three runs' folders; `make unit
# TEST_TMPDIR=` runs with the system's temporary folder.
TEST_TMPDIR ?= $(shell [ "$$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && [ -w /dev/shm ] \
	&& [ "$$(df -P -k /dev/shm | awk 'NR == 2 { print $$4 }')" -gt 1048576 ] && echo /dev/shm)

unit:
	$(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR) )$(TEST_PYTHON) -m pytest

# Real servers on loopback, the browser, PostgreSQL, Redis, the installed CLI in a process
# of its own, and other heavy tests.
INTEGRATION := integration and not slow
integration:
	$(TEST_PYTHON) -m pytest -m '$(INTEGRATION)'

# The slow tier: conformance of the finish validator on all the shared data, the parsers on
# 100,000 generated replies each (exit code 5, nothing collected, is a failure here too).
slow:
	$(TEST_PYTHON) -m pytest -m slow

# The tiers together hold every test exactly once, and none is empty.
tiers:
	$(TEST_PYTHON) tests/check_tiers.py "" '$(INTEGRATION)' slow

# The reST reader against older docutils releases than the newest that `install` takes:
# pyproject asks for docutils>=0.18, and docutils changed how nested state machines are
# built in 0.22 (a CI run once resolved 0.21 and every reST page failed). The wheels go
# into .ci/docutils/ (fetched once, like the browser) and are put before the installed
# docutils for the reST and ingest tests only (before any PYTHONPATH already set: a worktree's
# own src/, whose code is then the code tested).
DOCUTILS_OLD ?= 0.18.1 0.21.2
docutils-compat:
	@for v in $(DOCUTILS_OLD); do \
		dir=.ci/docutils/$$v; \
		if [ ! -d $$dir/docutils ]; then \
			$(PYTHON) -m pip download --quiet --disable-pip-version-check --no-deps \
				--dest .ci/docutils/wheels docutils==$$v && \
			$(PYTHON) -m zipfile -e .ci/docutils/wheels/docutils-$$v-*.whl $$dir || exit 1; \
		fi; \
		echo "reST tests against docutils $$v"; \
		PYTHONPATH=$(CURDIR)/$$dir$${PYTHONPATH:+:$$PYTHONPATH} $(TEST_PYTHON) -m pytest -q -p no:cacheprovider \
			tests/test_formats.py tests/test_ingest.py || exit 1; \
	done

# Install (the browser and the MCP Inspector too), then lint, type-check, check the tiers
# and run all three.
test: install browser inspector lint typecheck tiers unit docutils-compat integration slow

demo:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check . && sleuth ask "Who founded Acme Robotics?"
