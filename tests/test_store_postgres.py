"""The runs store on PostgreSQL: the real server at 127.0.0.1:5432 (trust auth, user
``postgres`` or ``root``, database ``test``; ``$SLEUTH_TEST_POSTGRES`` names another).

Every test gets a schema of its own, chosen through the URL's ``options`` parameter
(``?options=-csearch_path%3D<schema>``) exactly as a user would, and dropped afterwards.
`tests/test_store.py` runs all its store tests here too (`pg_schema`). PostgreSQL runs
on every machine and in CI: unreachable is a failure when ``$CI`` is set, and a skip
naming the reason otherwise.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from click.testing import CliRunner

import sleuth.store.schema
from sleuth.cli import cli, main
from sleuth.corpus import load_corpus
from sleuth.errors import UsageError
from sleuth.policies.offline import OfflinePolicy
from sleuth.runtime import run
from sleuth.service import KeyStore, ServiceConfig
from sleuth.service.config import Rate
from sleuth.state import Task
from sleuth.store import MIGRATIONS, RunStore
from sleuth.store.db import Database, StoreError, parse_target, redact_url, to_pyformat
from stored import run_json, runs_json

FOUNDER_Q = "Who founded Acme Robotics?"
CANDIDATES = (
    [os.environ["SLEUTH_TEST_POSTGRES"]]
    if os.environ.get("SLEUTH_TEST_POSTGRES")
    else [
        "postgresql://postgres@127.0.0.1:5432/test",
        "postgresql://root@127.0.0.1:5432/test",
    ]
)


# -- a schema per test ------------------------------------------------------------------


@functools.cache
def _probe() -> tuple[str | None, str]:
    """The first server URL that answers, or None and why none did (asked once)."""
    try:
        import psycopg
    except ImportError:
        return None, "psycopg is not installed (pip install -e '.[dev]')"
    reasons = []
    for url in CANDIDATES:
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=3) as conn:
                conn.execute("SELECT 1")
            return url, ""
        except psycopg.Error as exc:
            reasons.append(f"{redact_url(url)}: {' '.join(str(exc).split())}")
    return None, "; ".join(reasons)


def server_url() -> str:
    """The PostgreSQL server's URL; fails under CI, else skips, when there is none."""
    url, why = _probe()
    if url is not None:
        return url
    message = f"PostgreSQL is not reachable ({why})"
    if os.environ.get("CI"):
        pytest.fail(f"{message}; it runs on every machine and in CI", pytrace=False)
    pytest.skip(f"{message}; set CI=1 to make this a failure")


def with_query(url: str, **params: str) -> str:
    query = "&".join(f"{key}={quote(value, safe='')}" for key, value in params.items())
    return url + ("&" if "?" in url else "?") + query


def admin(sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run one statement on the server, outside any test schema."""
    import psycopg

    with psycopg.connect(server_url(), autocommit=True) as conn:
        cursor = conn.execute(sql, params or None)
        return cursor.fetchall() if cursor.description else []


@contextmanager
def pg_schema() -> Iterator[str]:
    """A URL whose connections work in a fresh schema of their own (dropped after)."""
    base = server_url()
    name = f"sleuth_test_{uuid.uuid4().hex[:16]}"
    admin(f'CREATE SCHEMA "{name}"')
    try:
        yield with_query(base, options=f"-csearch_path={name}")
    finally:
        admin(f"SET lock_timeout = '20s'; DROP SCHEMA IF EXISTS \"{name}\" CASCADE")


@pytest.fixture
def pg_url() -> Iterator[str]:
    with pg_schema() as url:
        yield url


def wait_until(check: Callable[[], bool], timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


# -- migrations -------------------------------------------------------------------------


def test_two_openers_of_a_fresh_schema_migrate_it_once(
    monkeypatch: pytest.MonkeyPatch, pg_url: str
) -> None:
    """A is inside the first migration when B opens the same fresh schema: B waits on
    the migration lock, then finds the schema migrated and migrates nothing."""
    calls: list[str] = []
    inside, release = threading.Event(), threading.Event()
    real = list(MIGRATIONS)

    def counted(number: int) -> Any:
        def migration(db: Database) -> None:
            calls.append(f"m{number}")
            if number == 1:
                inside.set()
                assert release.wait(60)
            real[number - 1](db)

        return migration

    monkeypatch.setattr(
        sleuth.store.schema, "MIGRATIONS", [counted(n) for n in range(1, len(real) + 1)]
    )
    b_name = f"sleuth-test-b-{uuid.uuid4().hex[:8]}"

    def b_waits() -> bool:
        (row,) = admin(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
            "WHERE a.application_name = %s AND l.locktype = 'advisory' AND NOT l.granted",
            b_name,
        )
        return bool(row[0] == 1)

    with ThreadPoolExecutor(max_workers=2) as pool:
        a = pool.submit(RunStore, pg_url)
        assert inside.wait(60)
        b = pool.submit(RunStore, with_query(pg_url, application_name=b_name))
        wait_until(b_waits)
        release.set()
        first, second = a.result(timeout=60), b.result(timeout=60)

    assert calls == [f"m{n}" for n in range(1, len(real) + 1)]  # each once, all by A
    assert first.db.version() == second.db.version() == len(real)
    result = run(Task(FOUNDER_Q), load_corpus("acme"), OfflinePolicy(), recorder=first)
    stored = run_json(second, result.run_id)
    assert stored is not None and stored["status"] == "ready_for_review"
    first.close()
    second.close()


OPEN_AND_WRITE = """
import sys
from sleuth.corpus import load_corpus
from sleuth.policies.offline import OfflinePolicy
from sleuth.runtime import run
from sleuth.state import Task
from sleuth.store import RunStore

print("ready", flush=True)
sys.stdin.readline()  # both processes have imported everything: open the store at once
store = RunStore(sys.argv[1])
print(run(Task("Who founded Acme Robotics?"), load_corpus("acme"), OfflinePolicy(),
          recorder=store).run_id)
"""


def schema_of(url: str) -> str:
    return url.rsplit("search_path%3D", 1)[1]


def test_two_processes_open_a_fresh_schema_at_once(pg_url: str) -> None:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN_AND_WRITE, pg_url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    outputs = [p.communicate("go\n", timeout=120) for p in procs]

    assert [p.returncode for p in procs] == [0, 0], [err for _, err in outputs]
    run_ids = [out.strip() for out, _ in outputs]
    store = RunStore(pg_url)
    assert {r["id"] for r in runs_json(store.list_runs())} == set(run_ids)
    assert store.db.version() == len(MIGRATIONS)
    assert store.db.query("SELECT version FROM sleuth_schema") == [{"version": len(MIGRATIONS)}]
    store.close()


# -- the connection ---------------------------------------------------------------------


def test_a_lost_connection_fails_one_call_then_reconnects(pg_url: str) -> None:
    name = f"sleuth-test-{uuid.uuid4().hex[:8]}"
    store = RunStore(with_query(pg_url, application_name=name))
    assert runs_json(store.list_runs()) == []

    def kill() -> None:
        admin(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
            name,
        )
        wait_until(
            lambda: not admin("SELECT 1 FROM pg_stat_activity WHERE application_name = %s", name)
        )

    kill()

    with pytest.raises(StoreError) as caught:
        runs_json(store.list_runs())
    assert "***" not in str(caught.value)  # no password here, and nothing masked
    assert (
        runs_json(store.list_runs()) == []
    )  # a new connection, no hidden retry of the failed call

    kill()
    with pytest.raises(StoreError), store.db.transaction():
        KeyStore(store).create("lost")
    with store.db.transaction():  # a transaction reconnects too
        KeyStore(store).create("kept")
    assert [k.name for k in KeyStore(store).list()] == ["kept"]
    store.close()


def test_text_with_nul_is_kept_with_a_replacement_character(pg_url: str) -> None:
    store = RunStore(pg_url)
    assert store.db.query_one("SELECT ? AS v", ("a\x00b",)) == {"v": "a\ufffdb"}
    store.close()


def test_errors_never_show_the_password(capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql://sleuth:s3cret-pw@127.0.0.1:1/runs"  # nothing listens on port 1

    with pytest.raises(StoreError) as caught:
        RunStore(url)
    assert "s3cret-pw" not in str(caught.value)
    assert "postgresql://sleuth:***@127.0.0.1:1/runs" in str(caught.value)

    for args in (["runs", "list"], ["keys", "list"], ["ask", FOUNDER_Q], ["eval", "list"]):
        assert main([*args, "--db", url]) == 2
        err = capsys.readouterr().err
        assert err.startswith("sleuth: error: cannot open the runs store postgresql://sleuth:***@")
        assert len(err.splitlines()) == 1 and "s3cret-pw" not in err


def test_a_missing_driver_is_one_line_with_the_install_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg → ImportError

    with pytest.raises(UsageError, match=r"pip install 'sleuth\[postgres\]'"):
        RunStore("postgresql://sleuth@127.0.0.1/runs")
    assert main(["runs", "list", "--db", "postgres://sleuth@127.0.0.1/runs"]) == 2
    assert capsys.readouterr().err == (
        "sleuth: error: a PostgreSQL runs store needs psycopg, from the postgres extra: "
        "pip install 'sleuth[postgres]'\n"
    )


def test_db_is_a_path_or_a_postgresql_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_target("runs.db") == Path("runs.db")
    assert parse_target("postgres://h/db") == "postgres://h/db"
    assert parse_target("POSTGRESQL://h/db") == "POSTGRESQL://h/db"
    with pytest.raises(UsageError, match="mysql:// databases are not supported"):
        parse_target("mysql://h/db")
    assert main(["runs", "list", "--db", "mysql://u:pw@h/db"]) == 2
    err = capsys.readouterr().err
    assert "mysql:// databases are not supported" in err and "pw" not in err


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("SELECT * FROM t WHERE a = ? AND b = ?", "SELECT * FROM t WHERE a = %s AND b = %s"),
        ("SELECT '50%' || ?", "SELECT '50%%' || %s"),
        ("SELECT 'why?', \"odd?\" FROM t -- what?\nWHERE x = ?", None),
        ("SELECT 'it''s ?' , ?", "SELECT 'it''s ?' , %s"),
        ("SELECT a % 2 FROM t", "SELECT a %% 2 FROM t"),
    ],
)
def test_placeholders_for_psycopg(sql: str, expected: str | None) -> None:
    if expected is None:
        expected = sql.replace("x = ?", "x = %s")
    assert to_pyformat(sql) == expected


def test_urls_are_redacted() -> None:
    assert redact_url("postgresql://u:pw@h:5432/db") == "postgresql://u:***@h:5432/db"
    assert redact_url("postgresql://h/db?password=pw&sslmode=require") == (
        "postgresql://h/db?password=***&sslmode=require"
    )
    assert redact_url("postgresql://u@h/db?options=-csearch_path%3Dx") == (
        "postgresql://u@h/db?options=-csearch_path%3Dx"
    )


def test_the_service_config_keeps_a_url_for_workers() -> None:
    config = ServiceConfig(db="postgresql://u:pw@127.0.0.1/db", rate=Rate.parse("5/10"))

    again = ServiceConfig.from_json(config.to_json())

    assert again == config and again.db == "postgresql://u:pw@127.0.0.1/db"
    assert ServiceConfig.from_json(ServiceConfig(db=Path("/x/runs.db")).to_json()).db == Path(
        "/x/runs.db"
    )


def test_serve_names_the_store_without_its_password(
    monkeypatch: pytest.MonkeyPatch, pg_url: str
) -> None:
    uvicorn = pytest.importorskip("uvicorn", reason="the server extra is not installed")
    from sleuth.cli_serve import COMMANDS

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.append(app))
    url = pg_url.replace("postgresql://postgres@", "postgresql://postgres:not-checked@", 1)
    url = url.replace("postgresql://root@", "postgresql://root:not-checked@", 1)
    serve = next(c for c in COMMANDS if c.name == "serve")

    result = CliRunner().invoke(serve, ["--db", url, "--port", "0"])

    assert result.exit_code == 0, result.output
    assert started and "not-checked" not in result.output
    assert "runs in postgresql://" in result.output and ":***@" in result.output


# -- the CLI and the service on PostgreSQL ----------------------------------------------


def test_cli_ask_then_runs_show(pg_url: str) -> None:
    runner = CliRunner()

    asked = runner.invoke(cli, ["ask", FOUNDER_Q, "--json", "--db", pg_url])
    assert asked.exit_code == 0, asked.output
    result = json.loads(asked.stdout)
    listed = runner.invoke(cli, ["runs", "list", "--json", "--db", pg_url])
    shown = runner.invoke(cli, ["runs", "show", result["run_id"][:-2], "--json", "--db", pg_url])
    human = runner.invoke(cli, ["runs", "show", result["run_id"], "--db", pg_url])

    assert result["status"] == "ready_for_review" and "Ada Ortiz" in result["answer"]
    assert [r["id"] for r in json.loads(listed.stdout)] == [result["run_id"]]
    assert shown.exit_code == 0, shown.output
    shown_run = json.loads(shown.stdout)
    assert shown_run["id"] == result["run_id"] and shown_run["result"] == result
    assert human.exit_code == 0 and "Ada Ortiz" in human.stdout
    store = RunStore(pg_url)  # the CLI printed the stored rows
    stored = run_json(store, result["run_id"])
    store.close()
    assert stored is not None
    assert {k: v for k, v in stored.items() if k != "steps"} == {
        k: v for k, v in shown_run.items() if k != "steps"
    }
    assert [s["tool"] for s in stored["steps"]] == [s["tool"] for s in shown_run["steps"]]


def test_cli_keys_and_evals(pg_url: str) -> None:
    runner = CliRunner()

    created = runner.invoke(cli, ["keys", "create", "ci", "--db", pg_url])
    listed = runner.invoke(cli, ["keys", "list", "--json", "--db", pg_url])
    evaluated = runner.invoke(cli, ["eval", "acme", "--json", "--db", pg_url])
    evals = runner.invoke(cli, ["eval", "list", "--json", "--db", pg_url])

    assert created.exit_code == 0, created.output
    assert [k["name"] for k in json.loads(listed.stdout)] == ["ci"]
    assert evaluated.exit_code == 0, evaluated.output
    record = json.loads(evaluated.stdout)
    assert record["summary"]["accuracy"] == 1.0
    (row,) = json.loads(evals.stdout)
    assert row["id"] == record["id"] and row["done"] == 1
    assert row["passed"] == row["cases"] == len(record["cases"])


def test_service_over_http(pg_url: str) -> None:
    httpx = pytest.importorskip("httpx2", reason="the test extra (httpx2) is not installed")
    pytest.importorskip("fastapi", reason="the server extra is not installed")
    from sleuth.service.app import create_app
    from sleuth.service.testing import LiveServer

    app = create_app(ServiceConfig(db=pg_url, rate=Rate.parse("1000/60")))
    with LiveServer(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        asked = client.post("/v1/ask", json={"question": FOUNDER_Q})
        listed = client.get("/v1/runs")
        run_id = asked.json()["run_id"]
        shown = client.get(f"/v1/runs/{run_id}")
        open_health = client.get("/healthz").json()

        store = RunStore(pg_url)  # `sleuth keys create` elsewhere: auth turns on
        _, key = KeyStore(store).create("ops", admin=True)  # sees the open-mode run
        store.close()
        refused = client.get("/v1/runs")
        allowed = client.get("/v1/runs", headers={"Authorization": f"Bearer {key}"})
        keyed_health = client.get("/healthz").json()

    assert asked.status_code == 200, asked.text
    assert asked.json()["status"] == "ready_for_review"
    assert [r["id"] for r in listed.json()["runs"]] == [run_id]
    assert shown.status_code == 200 and shown.json()["result"] == asked.json()
    assert open_health == {**open_health, "status": "ok", "auth": "open"}
    assert refused.status_code == 401
    assert allowed.status_code == 200 and allowed.json()["runs"][0]["id"] == run_id
    assert keyed_health["auth"] == "required"


def test_healthz_is_503_when_the_database_fails(pg_url: str) -> None:
    httpx = pytest.importorskip("httpx2", reason="the test extra (httpx2) is not installed")
    pytest.importorskip("fastapi", reason="the server extra is not installed")
    from sleuth.service.app import create_app
    from sleuth.service.testing import LiveServer

    schema = schema_of(pg_url)
    app = create_app(ServiceConfig(db=pg_url))
    with LiveServer(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        healthy = client.get("/healthz")
        admin(f'DROP SCHEMA "{schema}" CASCADE')  # the store's tables are gone
        broken = client.get("/healthz")

    assert healthy.status_code == 200
    assert broken.status_code == 503 and broken.json()["status"] == "unavailable"
