"""The fast tier's guard: a test that starts a server or a process, or talks to PostgreSQL
or Redis, fails while it is in the fast tier, with a message naming the marker it needs.

`make tiers` checks that every test is in exactly one tier, but not that a test is in the
right one: an unmarked test that starts a real server lands in the fast tier and slows it
down unnoticed. The guard watches the whole process (threads included) from a fast-tier
test's setup to its teardown:

* a TCP (or any non-Unix) socket listening: ``server``;
* a process started (`subprocess.Popen`, `asyncio`'s subprocesses, `os.fork` as
  `multiprocessing` uses it): ``subprocess``;
* a connection to port 5432 or any `psycopg` connection: ``postgres``; to port 6379:
  ``redis``;
* besides, and in every tier, a connection to anything but loopback is refused.

What it catches raises `pytest.fail` where it happened (a `BaseException`, which no
``except Exception`` in the code under test swallows); caught in a thread of the test, or
swallowed after all, it fails the test's report. `tests/conftest.py` installs it for the
session (`install`, `uninstall`) and tells it which test runs (`TierGuard.test`); the
patches cost nothing per test.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import ipaddress
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import pytest

DATABASE_PORTS = {5432: "postgres", 6379: "redis"}


class TierGuard:
    """Which fast-tier test runs now (None: none, or a test of another tier), and what the
    patches caught it doing."""

    def __init__(self) -> None:
        self.test: str | None = None
        self.caught: list[str] = []

    def check(self, what: str, marker: str) -> None:
        if self.test is None:
            return
        message = (
            f"{self.test} {what}, but it is in the fast tier: mark it @pytest.mark.{marker} "
            "(or list its module in WHOLE_MODULES in tests/conftest.py)"
        )
        self.caught.append(message)
        pytest.fail(message, pytrace=False)

    def report(self, report: pytest.TestReport) -> None:
        """Fail a passing phase whose test was caught (in a thread, or swallowed)."""
        if not self.caught:
            return
        if report.passed:
            report.outcome = "failed"
            report.longrepr = "\n".join(self.caught)
        self.caught.clear()


GUARD = TierGuard()
_undo: list[Callable[[], None]] = []


def _patch(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    """``owner.name = make(owner.name)``, undone by `uninstall` (an inherited attribute
    is set on ``owner`` and deleted again)."""
    own = name in vars(owner)
    original = vars(owner)[name] if own else getattr(owner, name)
    setattr(owner, name, make(original))
    _undo.append(lambda: setattr(owner, name, original) if own else delattr(owner, name))


def _port(address: Any) -> int | None:
    return address[1] if isinstance(address, tuple) and len(address) >= 2 else None


def _checked_connect(connect: Callable[..., Any]) -> Callable[..., Any]:
    def checked(self: socket.socket, address: Any) -> Any:
        host = address[0] if isinstance(address, tuple) else None
        if host is not None:
            try:
                ok = host == "localhost" or ipaddress.ip_address(host).is_loopback
            except ValueError:
                ok = False
            if not ok:
                raise RuntimeError(f"tests may not reach the network: {address!r}")
        marker = DATABASE_PORTS.get(_port(address) or 0)
        if marker is not None and self.family != socket.AF_UNIX:
            GUARD.check(f"connects to {marker} at {address!r}", marker)
        return connect(self, address)

    return checked


def _checked_listen(listen: Callable[..., Any]) -> Callable[..., Any]:
    def checked(self: socket.socket, *backlog: int) -> Any:
        if self.family != socket.AF_UNIX:
            GUARD.check(f"starts a server (listens on {self.getsockname()!r})", "server")
        return listen(self, *backlog)

    return checked


def _checked_spawn(execute_child: Callable[..., Any]) -> Callable[..., Any]:
    def checked(self: subprocess.Popen[Any], args: Any, *rest: Any, **named: Any) -> Any:
        GUARD.check(f"starts a process ({_command(args)})", "subprocess")
        return execute_child(self, args, *rest, **named)

    return checked


def _checked_fork(fork: Callable[[], int]) -> Callable[[], int]:
    def checked() -> int:
        GUARD.check("forks a process (os.fork)", "subprocess")
        return fork()

    return checked


def _command(args: Any) -> str:
    words = [args] if isinstance(args, str | bytes | os.PathLike) else list(args)
    return " ".join(os.fsdecode(w) if isinstance(w, bytes | os.PathLike) else str(w) for w in words)


def _checked_pg(connect: Any) -> Any:
    function = connect.__func__

    def checked(cls: type, *args: Any, **named: Any) -> Any:
        GUARD.check("connects to PostgreSQL (psycopg)", "postgres")
        return function(cls, *args, **named)

    return classmethod(checked)


def _checked_call(function: Callable[..., Any]) -> Callable[..., Any]:
    def checked(*args: Any, **named: Any) -> Any:
        GUARD.check("connects to PostgreSQL (psycopg)", "postgres")
        return function(*args, **named)

    return checked


def _guard_psycopg(module: ModuleType) -> None:
    for name in ("Connection", "AsyncConnection"):
        _patch(getattr(module, name), "connect", _checked_pg)
    _patch(module, "connect", _checked_call)  # psycopg.connect is Connection.connect


class _OnImport(importlib.abc.MetaPathFinder):
    """Runs ``then(module)`` once module ``name`` (top level) has been imported: patching
    psycopg on import, since importing it up front would cost every run a third of a
    second."""

    def __init__(self, name: str, then: Callable[[ModuleType], None]) -> None:
        self.name, self.then = name, then

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return None
        execute, then = spec.loader.exec_module, self.then

        def exec_module(module: ModuleType) -> None:
            execute(module)
            then(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    """Patch the process for the session (`uninstall` undoes it)."""
    _patch(socket.socket, "connect", _checked_connect)
    _patch(socket.socket, "listen", _checked_listen)
    _patch(subprocess.Popen, "_execute_child", _checked_spawn)
    _patch(os, "fork", _checked_fork)
    if "psycopg" in sys.modules:
        _guard_psycopg(sys.modules["psycopg"])
    else:
        finder = _OnImport("psycopg", _guard_psycopg)
        sys.meta_path.insert(0, finder)
        _undo.append(lambda: sys.meta_path.remove(finder))


def uninstall() -> None:
    while _undo:
        _undo.pop()()


def fast(item: pytest.Item) -> bool:
    """Whether ``item`` is in the fast tier (neither integration nor slow)."""
    return not (item.get_closest_marker("integration") or item.get_closest_marker("slow"))
