"""`sleuth serve` and `sleuth keys`: flags, start-up messages, keys shown once and stored
hashed, the install hint. Invoked through a group holding only these commands, so the
tests do not depend on how `sleuth.cli` registers them."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import types
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from sleuth import telemetry
from sleuth.cli import cli, main
from sleuth.cli_serve import COMMANDS, startup_lines, worker_app
from sleuth.errors import UsageError
from sleuth.service import Rate, ServiceConfig, require_server_extra
from sleuth.service.app import CONFIG_ENV
from sleuth.service.config import redact_url
from sleuth.sources import resolve_specs


@click.group()
def group() -> None:
    """The commands under test."""


for command in COMMANDS:
    group.add_command(command)


def invoke(*args: str | Path) -> Any:
    return CliRunner().invoke(group, [str(a) for a in args], catch_exceptions=True)


def test_keys_are_shown_once_and_stored_hashed(db_path: Path) -> None:
    created = invoke("keys", "create", "ci bot", "--db", db_path)
    assert created.exit_code == 0, created.output
    key = created.stdout.strip()
    assert key.startswith("sleuth_") and "\n" not in key
    assert "only time the key is shown" in created.stderr
    listed = invoke("keys", "list", "--db", db_path, "--json")
    (row,) = json.loads(listed.stdout)
    assert (row["name"], row["active"], row["revoked_at"]) == ("ci bot", True, None)
    assert key not in listed.stdout
    with sqlite3.connect(db_path) as db:
        assert key not in "\n".join(db.iterdump())
    revoked = invoke("keys", "revoke", row["id"], "--db", db_path)
    assert revoked.exit_code == 0 and revoked.stdout == f"revoked {row['id']} (ci bot)\n"
    again = invoke("keys", "revoke", row["id"], "--db", db_path)
    assert again.exit_code == 0 and "was already revoked" in again.stdout
    human = invoke("keys", "list", "--db", db_path)
    assert row["id"] in human.stdout and "revoked" in human.stdout and key not in human.stdout


def test_keys_usage_errors(db_path: Path) -> None:
    unknown = invoke("keys", "revoke", "key_nope", "--db", db_path)
    assert isinstance(unknown.exception, UsageError)
    assert "no API key 'key_nope'" in str(unknown.exception)
    blank = invoke("keys", "create", "  ", "--db", db_path)
    assert isinstance(blank.exception, UsageError)
    assert invoke("keys", "list", "--db", db_path).stdout == "no API keys\n"


def test_startup_lines_say_whether_auth_is_on(tmp_path: Path) -> None:
    store = tmp_path / "runs.db"
    open_lines = startup_lines(ServiceConfig(), 8000, 1, 0, store)
    assert open_lines[0].startswith("sleuth serve: http://127.0.0.1:8000 · runs in ")
    assert "per client address, in memory" in open_lines[1]
    assert open_lines[2].startswith("auth: OFF — a loopback address and no API keys")
    keyed = startup_lines(ServiceConfig(), 8000, 1, 2, store)
    assert keyed[2] == "auth: API key required (2 active key(s))" and "per key" in keyed[1]
    public = startup_lines(
        ServiceConfig(host="0.0.0.0", redis_url="redis://:pw@h:6379/0"), 80, 4, 0, store
    )
    assert "but no key exists yet" in public[2]
    assert "shared in Redis at redis://:***@h:6379/0" in public[1] and "pw" not in public[1]
    assert len(public) == 3  # Redis shares the buckets: no per-worker note
    workers = startup_lines(ServiceConfig(host="::1"), 9000, 3, 0, store)
    assert workers[0].startswith("sleuth serve: http://[::1]:9000")
    assert "each of the 3 workers keeps its own buckets" in workers[-1]


def test_serve_starts_uvicorn_with_the_app(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: calls.append((app, options)))
    result = invoke("serve", "--db", db_path, "--port", "0", "--rate", "5/10")
    assert result.exit_code == 0, result.output
    ((app, options),) = calls
    assert options == {
        "host": "127.0.0.1",
        "port": 0,
        "proxy_headers": False,
        "server_header": False,
    }
    assert app.state.service.config.rate == Rate(5, 10)
    assert "auth: OFF" in result.stderr
    assert db_path.exists()  # created and migrated before listening


def test_serve_with_workers_passes_the_config_to_each(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    from uvicorn import supervisors

    started: list[tuple[Any, list[socket.socket]]] = []

    class Recorded:  # uvicorn's process supervisor, recorded instead of started
        def __init__(self, config: Any, sockets: list[socket.socket]) -> None:
            started.append((config, sockets))

        def run(self) -> None:
            pass

    monkeypatch.setattr(supervisors, "Multiprocess", Recorded)
    monkeypatch.setenv(CONFIG_ENV, "")  # restored (unset) after the test
    result = invoke(
        "serve", "--db", db_path, "--workers", "2", "--host", "127.0.0.1", "--port", "0"
    )
    assert result.exit_code == 0, result.output
    ((shared, (sock,)),) = started
    try:
        assert shared.app == "sleuth.cli_serve:worker_app"
        assert shared.factory is True and shared.workers == 2
        # the workers' shared socket sends small responses at once (no delayed-ACK wait)
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        sock.close()
    config = ServiceConfig.from_json(os.environ[CONFIG_ENV])
    assert config == ServiceConfig(db=db_path, host="127.0.0.1", corpora=resolve_specs((), True))
    app = worker_app()
    assert app.state.service.config == config
    assert not telemetry.configured()  # no --otel, no OTEL_* variables: no traces


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rate", "fast"], "--rate must be N/SECONDS"),
        (["--rate", "0/60"], "N must be from 1"),
        (["--rate", "5/0"], "SECONDS must be from 1"),
        (["--redis", "redis://user:secret@127.0.0.1:1/0"], "cannot reach Redis at"),
        (["--redis", "http://127.0.0.1/"], "cannot reach Redis at"),
    ],
)
def test_serve_usage_errors(db_path: Path, args: list[str], message: str) -> None:
    result = invoke("serve", "--db", db_path, *args)
    assert isinstance(result.exception, UsageError), result.output
    assert message in str(result.exception)
    assert "secret" not in str(result.exception)


def test_a_missing_extra_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    with pytest.raises(UsageError, match=r"needs uvicorn, from the server extra: pip install"):
        require_server_extra()
    monkeypatch.setitem(sys.modules, "uvicorn", types.ModuleType("uvicorn"))
    monkeypatch.setitem(sys.modules, "redis", None)
    require_server_extra()  # redis only matters with --redis
    with pytest.raises(UsageError, match=r"needs redis"):
        require_server_extra(redis=True)


def test_config_and_rates() -> None:
    config = ServiceConfig(db=Path("/x/runs.db"), rate=Rate.parse(" 7 / 30 "), redis_url="r")
    assert ServiceConfig.from_json(config.to_json()) == config
    assert str(config.rate) == "7/30"
    assert redact_url("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"
    assert redact_url("rediss://u:p@h:1/2") == "rediss://u:***@h:1/2"


@pytest.mark.skipif(
    "serve" not in cli.commands, reason="sleuth.cli does not register serve and keys yet"
)
def test_registered_in_the_sleuth_command(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["keys", "create", "x", "--db", str(db_path)]) == 0
    assert capsys.readouterr().out.startswith("sleuth_")
    assert main(["keys", "revoke", "key_nope", "--db", str(db_path)]) == 2
    assert capsys.readouterr().err == (
        "sleuth: error: no API key 'key_nope' (see `sleuth keys list`)\n"
    )
    assert main(["serve", "--rate", "x", "--db", str(db_path)]) == 2
