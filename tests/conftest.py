"""Shared test set-up: no network but loopback, a private runs store per test, and the tiers.

The tiers (`make unit`, `make integration`, `make slow`; `make tiers` checks that together
they hold every test once, and none is empty):

* fast, the default (``pytest``): everything not marked ``integration`` or ``slow``;
* ``integration``: real servers (``server``: the scripted model server, uvicorn, MCP over
  HTTP), ``browser``, ``postgres``, ``redis``, ``subprocess`` (the installed CLI in a
  process of its own) and other heavy tests. Each finer marker implies ``integration``
  (added here), so ``-m postgres`` picks out one kind;
* ``slow``: conformance and parser totality at scale.

Modules all of whose tests need one kind are listed in `WHOLE_MODULES` rather than marked
test by test; a run whose ``-m`` leaves out that kind does not even import them.

A fast-tier test that starts a server or a process, or uses PostgreSQL or Redis, fails,
and its message names the marker it needs (`tier_guard`).
"""

from __future__ import annotations

import gc
import importlib.util
import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression

import tier_guard
from tier_guard import GUARD

# the markers that put a test in the integration tier (declared in pyproject.toml)
INTEGRATION_KINDS = ("server", "browser", "postgres", "redis", "subprocess")

WHOLE_MODULES = {
    "test_browser.py": "browser",
    "test_index_postgres.py": "postgres",
    "test_store_postgres.py": "postgres",
    "test_service_redis.py": "redis",
    "test_service.py": "server",
    "test_service_access.py": "server",
    "test_service_approval.py": "server",
    "test_service_corpora.py": "server",
    "test_service_docs.py": "server",
    "test_service_fuzz.py": "server",
    "test_service_schema.py": "server",
    "test_model_server.py": "server",
    "test_mcp.py": "server",
    "test_mcp_http.py": "server",
    "test_mcp_inspector.py": "subprocess",
    "test_mcp_model.py": "subprocess",
    "test_ingest_bench.py": "integration",
    "test_model_bench.py": "integration",
    "test_search_bench.py": "integration",
}


def _selected(config: pytest.Config, marks: set[str]) -> bool:
    """Whether ``-m`` selects a test that has exactly these markers."""
    expression = config.getoption("markexpr")
    if not expression:
        return True
    return Expression.compile(expression).evaluate(lambda name, **_: name in marks)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    kind = WHOLE_MODULES.get(collection_path.name)
    if kind is None or collection_path.parent.name != "tests":
        return None
    return True if not _selected(config, {kind, "integration"}) else None


@pytest.hookimpl(tryfirst=True)  # before -m deselects by these markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        kind = WHOLE_MODULES.get(item.path.name)
        if kind is not None and kind != "integration":
            item.add_marker(kind)
        if kind is not None or any(item.get_closest_marker(k) for k in INTEGRATION_KINDS):
            item.add_marker("integration")


def pytest_configure(config: pytest.Config) -> None:
    tier_guard.install()  # fast-tier tests start no server or process, nor use a database
    # The cyclic garbage collector runs after 50,000 new objects rather than 700: a `make
    # unit` run spent about 1 s of CPU in 1,500 collections, 0.3 s in 16 this way (memory
    # is freed as before when the last reference goes; only cycles wait a little longer).
    gc.set_threshold(50_000, 50, 100)
    # schemathesis' pytest plugin takes a third of a second to load, for one module of
    # server tests (test_service_schema.py): pyproject's addopts leaves it out
    # (-p no:schemathesis), and it is loaded here when server tests may run (unless a run
    # without those addopts registered it from its entry point already).
    manager = config.pluginmanager
    if (
        _selected(config, {"server", "integration"})
        and not manager.has_plugin("schemathesis")
        and importlib.util.find_spec("schemathesis")
    ):
        manager.import_plugin("schemathesis.pytest.plugin")


def pytest_unconfigure(config: pytest.Config) -> None:
    tier_guard.uninstall()


def pytest_collection_finish(session: pytest.Session) -> None:
    # What collection made (the modules, the tests and their parameters) lives to the end:
    # out of the cyclic garbage collector's sight, its full passes skip it (a third fewer
    # objects to scan each time)
    gc.freeze()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    GUARD.test = item.nodeid if tier_guard.fast(item) else None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Iterator[pytest.TestReport]:
    report: pytest.TestReport = yield
    GUARD.report(report)
    if call.when == "teardown":
        GUARD.test = None
    return report


@pytest.fixture(scope="session")
def _folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Iterator[int]]]:
    """Where `tmp_path` makes its folders, and their numbers."""
    yield tmp_path_factory.mktemp("tests"), itertools.count()


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, _folders: tuple[Path, Iterator[int]]) -> Path:
    """pytest's ``tmp_path``, cheaper: a fresh empty folder named after the test
    (``tests0/<n>-<name>`` in the run's ``pytest-<n>`` folder), made by one ``mkdir``.
    pytest's own lists every earlier test's folder to number the next and links the newest
    of each name: about a second of a `make unit` run."""
    root, numbers = _folders
    name = re.sub(r"[^\w.-]", "_", request.node.name)[:30]
    path = root / f"{next(numbers)}-{name}"
    path.mkdir()
    return path


@pytest.fixture(scope="session")
def _homes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Iterator[Path]]:
    """Fresh, never used SLEUTH_HOME paths (not made: sleuth makes its home when it needs
    one), for tests that ask for no ``tmp_path``: a ``tmp_path`` for every test costs more
    than many a test (pytest lists every earlier test's folder to number the next)."""
    root = tmp_path_factory.mktemp("homes")
    yield (root / str(n) for n in itertools.count())


def _cleared() -> tuple[str, ...]:
    """The variables every test starts without: sleuth's settings (`sleuth.config`), so
    that no default comes from the developer's environment, and SLEUTH_DEBUG."""
    from sleuth.config import SERVE_VARIABLES, SETTINGS

    return ("SLEUTH_DEBUG", *(v for v, _ in SETTINGS.values()), *SERVE_VARIABLES.values())


_CLEARED: list[tuple[str, ...]] = []


@pytest.fixture(autouse=True)
def _isolated(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, _homes: Iterator[Path]
) -> None:
    if "tmp_path" in request.fixturenames:
        home = request.getfixturevalue("tmp_path") / "sleuth-home"
    else:
        home = next(_homes)
    monkeypatch.setenv("SLEUTH_HOME", str(home))
    monkeypatch.setenv("SLEUTH_CONFIG", "")  # no config files either (sleuth.config)
    if not _CLEARED:
        _CLEARED.append(_cleared())
    environ = os.environ
    for variable in _CLEARED[0]:
        if variable in environ:
            monkeypatch.delenv(variable)
    # no traces sent to the developer's collector (sleuth.telemetry reads OTEL_*)
    for variable in [v for v in environ if v.startswith("OTEL_")]:
        monkeypatch.delenv(variable)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "runs.db"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def target(request: pytest.FixtureRequest, db_path: Path) -> Iterator[str | Path]:
    """Where a runs store lives: a fresh SQLite file, or a fresh PostgreSQL schema (a URL;
    see `test_store_postgres.pg_schema`)."""
    if request.param == "sqlite":
        yield db_path
    else:
        from test_store_postgres import pg_schema

        with pg_schema() as url:
            yield url
