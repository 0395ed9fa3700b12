"""Shared test set-up: no network but loopback, and a private runs store per test."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_real_connect = socket.socket.connect


def _loopback_only(self: socket.socket, address: Any) -> Any:
    host = address[0] if isinstance(address, tuple) else None
    if host is not None:
        try:
            ok = host == "localhost" or ipaddress.ip_address(host).is_loopback
        except ValueError:
            ok = False
        if not ok:
            raise RuntimeError(f"tests may not reach the network: {address!r}")
    return _real_connect(self, address)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setattr(socket.socket, "connect", _loopback_only)
    monkeypatch.setenv("SLEUTH_HOME", str(tmp_path / "sleuth-home"))
    monkeypatch.delenv("SLEUTH_DEBUG", raising=False)
    # no defaults from the developer's environment or config files (sleuth.config)
    from sleuth.config import SERVE_VARIABLES, SETTINGS

    for variable, _ in SETTINGS.values():
        monkeypatch.delenv(variable, raising=False)
    for variable in SERVE_VARIABLES.values():
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("SLEUTH_CONFIG", "")
    # no traces sent to the developer's collector (sleuth.telemetry reads OTEL_*)
    for variable in [v for v in os.environ if v.startswith("OTEL_")]:
        monkeypatch.delenv(variable)
    yield


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "runs.db"


@pytest.fixture(params=["sqlite", "postgres"])
def target(request: pytest.FixtureRequest, db_path: Path) -> Iterator[str | Path]:
    """Where a runs store lives: a fresh SQLite file, or a fresh PostgreSQL schema (a URL;
    see `test_store_postgres.pg_schema`)."""
    if request.param == "sqlite":
        yield db_path
    else:
        from test_store_postgres import pg_schema

        with pg_schema() as url:
            yield url
