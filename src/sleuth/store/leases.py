"""Run leases: a process owns the runs it starts, claims or approves. Their ``owner`` is
its id (`host_id`, pid, a random token) and a `Heartbeat` thread pushes ``lease_until``
ahead every few seconds. A lease lapses when its owner stops renewing it (the process
died or hangs), at once when the owner is a dead process on this host (`lease_alive`).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time

from sleuth.store.db import Database, StoreError

log = logging.getLogger("sleuth")

#: Seconds a run's lease lasts; the heartbeat renews it every third of that.
LEASE_S = 30.0


def lease_alive(owner: str | None, lease_until: float | None) -> bool:
    if owner is None or lease_until is None or lease_until < time.time():
        return False
    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host == host_id() and pid_text.isdigit():  # a process of this machine: ask it
        return process_alive(int(pid_text))
    return True


def host_id() -> str:
    """This machine's name, with its PID namespace where there is one (containers that
    share a host name do not share PIDs), so a PID is only checked where it means the
    same process."""
    try:
        namespace = os.stat("/proc/self/ns/pid").st_ino
    except OSError:
        return socket.gethostname()
    return f"{socket.gethostname()}/{namespace}"


class LeaseLost(StoreError):
    """This process no longer owns the run it tried to write (see `RunStore._guard`)."""


def process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except OSError:
        return True
    return True


class Heartbeat:
    """Renews the leases of the runs a store is running, every third of `LEASE_S`, from
    a daemon thread started with the store's first run. A run leaves the set when it
    ends, pauses or is released (each write renews its lease as well)."""

    def __init__(self, db: Database, owner: str) -> None:
        self.db, self.owner = db, owner
        self._runs: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def keep(self, run_id: str) -> None:
        with self._lock:
            self._runs.add(run_id)
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._beat, name="sleuth-lease", daemon=True)
                self._thread.start()

    def forget(self, run_id: str) -> None:
        with self._lock:
            self._runs.discard(run_id)

    def stop(self) -> None:
        self._stop.set()
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join()

    def _beat(self) -> None:
        failing = False
        while not self._stop.wait(LEASE_S / 3):
            with self._lock:
                runs = sorted(self._runs)
            if not runs:
                continue
            marks = ", ".join("?" * len(runs))
            try:
                self.db.execute(
                    f"UPDATE runs SET lease_until = ? WHERE owner = ? AND id IN ({marks})",
                    (time.time() + LEASE_S, self.owner, *runs),
                )
            except StoreError as exc:  # the next beat tries again; the lease may lapse
                if not failing:  # once per outage, not every beat
                    log.warning("could not renew run leases: %s", exc)
                failing = True
            else:
                if failing:
                    log.info("run leases renewed again")
                failing = False
