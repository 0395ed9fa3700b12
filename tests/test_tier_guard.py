"""The fast tier's guard (`tier_guard`, installed by `tests/conftest.py`): run on a suite of
small tests in a pytest of its own, it fails each unmarked test that starts a process or a
server, or reaches PostgreSQL or Redis, naming the marker it needs, before anything
starts; the same tests marked, and everything else, pass."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

HERE = Path(__file__).parent

SUITE = """
import asyncio, os, socket, subprocess, sys, threading
import pytest

def spawn(name):
    subprocess.run([sys.executable, "-c", f"open({name!r}, 'w').close()"], check=True)

def listen():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()

def reach(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        pass  # the guard let it through; whether the server is up does not matter here

def test_process():
    spawn("unmarked")

@pytest.mark.subprocess
def test_process_marked():
    spawn("marked")

def test_fork():
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)

def test_server():
    listen()

@pytest.mark.server
def test_server_marked():
    listen()

def test_server_in_a_thread():
    thread = threading.Thread(target=listen)
    thread.start()
    thread.join()

def test_process_swallowed():
    try:
        spawn("swallowed")
    except BaseException:
        pass

def test_postgres():
    reach(5432)

def test_psycopg():
    import psycopg
    psycopg.connect("postgresql://127.0.0.1:1/x", connect_timeout=1)

@pytest.mark.postgres
def test_postgres_marked():
    reach(5432)

def test_redis():
    reach(6379)

@pytest.mark.redis
def test_redis_marked():
    reach(6379)

@pytest.mark.slow
def test_slow():
    listen()

@pytest.mark.integration
def test_integration():
    listen()

def test_loopback_clients_unix_sockets_and_event_loops():
    reach(1)
    left, right = socket.socketpair()
    left.close(), right.close()
    asyncio.run(asyncio.sleep(0))

def test_the_network():
    with pytest.raises(RuntimeError, match="may not reach the network"):
        socket.create_connection(("192.0.2.1", 80), timeout=1)
"""

CAUGHT = {
    "test_process": ("starts a process", "subprocess"),
    "test_fork": ("forks a process", "subprocess"),
    "test_server": ("starts a server", "server"),
    "test_server_in_a_thread": ("starts a server", "server"),
    "test_process_swallowed": ("starts a process", "subprocess"),
    "test_postgres": ("connects to postgres", "postgres"),
    "test_psycopg": ("connects to PostgreSQL", "postgres"),
    "test_redis": ("connects to redis", "redis"),
}


@pytest.mark.subprocess
def test_unmarked_servers_processes_and_databases_fail_in_the_fast_tier(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    for helper in ("conftest.py", "tier_guard.py"):
        (tmp_path / helper).write_text((HERE / helper).read_text())
    (tmp_path / "test_suite.py").write_text(SUITE)
    project = tomllib.loads((HERE.parent / "pyproject.toml").read_text())
    markers = project["tool"]["pytest"]["ini_options"]["markers"]
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nmarkers =\n" + "".join(f"    {m}\n" for m in markers)
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--strict-markers",
            "-W",
            "ignore::pytest.PytestUnhandledThreadExceptionWarning",
            "--junitxml",
            "report.xml",
            "test_suite.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    outcomes: dict[str, str] = {}
    for case in ET.parse(tmp_path / "report.xml").iter("testcase"):
        problems = [p for p in case if p.tag in ("failure", "error")]
        text = " ".join((p.get("message") or "") + (p.text or "") for p in problems)
        outcomes[case.get("name", "")] = text if problems else "passed"

    for name, (what, marker) in CAUGHT.items():
        assert what in outcomes[name], (name, outcomes[name])
        assert f"mark it @pytest.mark.{marker}" in outcomes[name], (name, outcomes[name])
    passed = {name for name, outcome in outcomes.items() if outcome == "passed"}
    assert passed == set(outcomes) - set(CAUGHT)
    # stopped before the process started; the marked test's process ran
    assert not (tmp_path / "unmarked").exists() and not (tmp_path / "swallowed").exists()
    assert (tmp_path / "marked").exists()
