"""The runs store: every run in SQLite (a file, the default) or PostgreSQL, written as it
goes.

One row per run when it starts, one row per step as soon as the step is done, and one
row for the result (or the error) when it ends. Each write commits, so a killed
process loses at most the step in flight.

A run without a result (or error) row is ``awaiting_approval`` while a side-effecting
call of it waits for a person (the ``approvals`` table), ``running`` while the process
running it holds its *lease*, and ``interrupted`` otherwise — it can then be claimed and
resumed (`claim`, `sleuth.resume`). A process owns the runs it starts, claims or
approves: their ``owner`` is its id (host, pid, a random token) and a heartbeat thread
pushes ``lease_until`` ahead every few seconds. A lease lapses when its owner stops
renewing it (the process died or hangs), at once when the owner is a dead process on
this host. Every statement goes through `sleuth.db.Database`, written
once for both dialects; nothing outside this module (and the API keys' table in
`sleuth.service.keys`) writes SQL.

The CLI and the service render runs from these rows, so what is printed and what is
stored never diverge.

Schema changes are a plain list of migration functions, `MIGRATIONS`, applied in order
and each once (the version is SQLite's ``PRAGMA user_version``, or PostgreSQL's
``sleuth_schema`` table; see `sleuth.db`). To change the schema, append a function and
never edit a released one; write portable SQL, run through ``db.script``:

    def _m6_something(db: Database) -> None:
        '''What the new tables are for.'''
        db.script(
            '''
            CREATE TABLE something (id {auto_id}, run_id TEXT NOT NULL REFERENCES runs(id));
            ALTER TABLE runs ADD COLUMN something_else TEXT
            '''
        )

    MIGRATIONS = [..., _m5_approvals_and_leases, _m6_something]

Inserts name their columns, so added columns (nullable, or with a ``DEFAULT``) break no
existing statement. Both backends run the same tests (``tests/test_store.py``).
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
import threading
import time
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from sleuth.db import Database, Migration, StoreError, parse_target
from sleuth.effects import PendingAction
from sleuth.result import Result
from sleuth.state import Observation, RunState, Step


def default_db_path() -> Path:
    """``$SLEUTH_HOME/runs.db``, else ``$XDG_DATA_HOME/sleuth/runs.db``, else
    ``~/.local/share/sleuth/runs.db``."""
    home = os.environ.get("SLEUTH_HOME")
    if home:
        return Path(home) / "runs.db"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "sleuth" / "runs.db"


def _m1_initial(db: Database) -> None:
    db.script(
        """
        CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            question TEXT NOT NULL,
            task_json TEXT NOT NULL,
            corpus TEXT NOT NULL,
            policy TEXT NOT NULL,
            budgets_json TEXT NOT NULL
        );
        CREATE TABLE steps (
            run_id TEXT NOT NULL REFERENCES runs(id),
            idx INTEGER NOT NULL,
            started_at TEXT NOT NULL,
            duration_ms DOUBLE PRECISION NOT NULL,
            thought TEXT NOT NULL,
            tool TEXT NOT NULL,
            args_json TEXT NOT NULL,
            observation TEXT NOT NULL,
            kind TEXT NOT NULL,
            error TEXT,
            data_json TEXT NOT NULL,
            raw_json TEXT,
            usage_json TEXT,
            PRIMARY KEY (run_id, idx)
        );
        CREATE TABLE results (
            run_id TEXT PRIMARY KEY REFERENCES runs(id),
            finished_at TEXT NOT NULL,
            status TEXT NOT NULL,
            reason TEXT,
            result_json TEXT,
            error TEXT
        );
        CREATE INDEX runs_created ON runs(created_at);
        """
    )


def _m2_model_calls(db: Database) -> None:
    """Each step keeps the model calls behind it: exact request and response bodies,
    attempts and errors (never API keys: those travel in headers, which are not kept)."""
    db.script("ALTER TABLE steps ADD COLUMN calls_json TEXT")


def _m3_evals(db: Database) -> None:
    """Eval runs and their cases, each case linked to the run that answered it."""
    db.script(
        """
        CREATE TABLE evals (
            id TEXT PRIMARY KEY,
            created_at TEXT NOT NULL,
            suite TEXT NOT NULL,
            policy TEXT NOT NULL,
            summary_json TEXT
        );
        CREATE TABLE eval_cases (
            eval_id TEXT NOT NULL REFERENCES evals(id),
            idx INTEGER NOT NULL,
            case_id TEXT NOT NULL,
            run_id TEXT,
            passed INTEGER NOT NULL,
            failure TEXT,
            record_json TEXT NOT NULL,
            PRIMARY KEY (eval_id, idx)
        );
        """
    )


def _m4_api_keys(db: Database) -> None:
    """API keys for `sleuth serve`: a name and the SHA-256 hash of each key, never the key."""
    db.script(
        """
        CREATE TABLE api_keys (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            key_sha256 TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            revoked_at TEXT
        );
        """
    )


def _m5_approvals_and_leases(db: Database) -> None:
    """Side-effecting calls waiting for (or decided by) a person, the outbox their
    effects write to (one item per idempotency key), and run leases."""
    db.script(
        """
        CREATE TABLE approvals (
            run_id TEXT NOT NULL REFERENCES runs(id),
            step INTEGER NOT NULL,
            tool TEXT NOT NULL,
            action_json TEXT NOT NULL,
            status TEXT NOT NULL,
            requested_at TEXT NOT NULL,
            decided_at TEXT,
            note TEXT,
            PRIMARY KEY (run_id, step)
        );
        CREATE TABLE outbox (
            item_key TEXT PRIMARY KEY,
            run_id TEXT NOT NULL REFERENCES runs(id),
            tool TEXT NOT NULL,
            payload_json TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX outbox_created ON outbox(created_at);
        ALTER TABLE runs ADD COLUMN owner TEXT;
        ALTER TABLE runs ADD COLUMN lease_until DOUBLE PRECISION
        """
    )


def _m6_approval_deciders(db: Database) -> None:
    """Who decided each approval (an API key id, or the CLI's user), for the record."""
    db.script("ALTER TABLE approvals ADD COLUMN decided_by TEXT")


def _m7_run_keys_and_builds(db: Database) -> None:
    """Who made each run (the API key's id; NULL for the CLI and open mode) and which
    build of its corpus it read; what each API key may do (admin: every run; corpora:
    the names it may ask about, NULL for all)."""
    db.script(
        """
        ALTER TABLE runs ADD COLUMN key_id TEXT;
        ALTER TABLE runs ADD COLUMN corpus_build TEXT;
        CREATE INDEX runs_key ON runs(key_id, created_at);
        ALTER TABLE api_keys ADD COLUMN admin INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE api_keys ADD COLUMN corpora_json TEXT
        """
    )


def _m8_trace_ids(db: Database) -> None:
    """The OpenTelemetry trace id of each run, when it was traced (`sleuth.telemetry`)."""
    db.script("ALTER TABLE runs ADD COLUMN trace_id TEXT")


#: The schema, one function per version: ``MIGRATIONS[n - 1]`` takes a database from
#: version n - 1 to n. Append only (see the module docstring).
MIGRATIONS: list[Migration] = [
    _m1_initial,
    _m2_model_calls,
    _m3_evals,
    _m4_api_keys,
    _m5_approvals_and_leases,
    _m6_approval_deciders,
    _m7_run_keys_and_builds,
    _m8_trace_ids,
]

log = logging.getLogger("sleuth")

#: Seconds a run's lease lasts; the heartbeat renews it every third of that.
LEASE_S = 30.0


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _json(value: Any) -> str:
    def default(obj: Any) -> Any:
        if isinstance(obj, BaseModel):
            return obj.model_dump(mode="json")
        return str(obj)

    return json.dumps(value, ensure_ascii=False, default=default)


class RunStore:
    """The runs store: a SQLite file (a path, the default) or a PostgreSQL database (a
    ``postgresql://`` URL). Safe to share between threads of one process, and between
    processes."""

    def __init__(self, path: str | Path | None = None) -> None:
        target = parse_target(path) if path is not None else default_db_path()
        self.db = Database(target)
        #: the SQLite file, or None on PostgreSQL
        self.path: Path | None = self.db.path
        #: how messages name the store: its path, or its URL without the password
        self.location = self.db.where
        try:
            self.db.migrate(MIGRATIONS)
        except BaseException:
            self.db.close()
            raise
        #: this store's id as the owner of the runs it runs (see the module docstring)
        self.owner = f"{_host_id()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.outbox = StoreOutbox(self.db)
        self._heartbeat = _Heartbeat(self.db, self.owner)

    def close(self) -> None:
        """Stop renewing leases and give up the runs this store still owns (a run left
        unfinished is ``interrupted`` at once), then close the database."""
        self._heartbeat.stop()
        try:
            self.db.execute(
                "UPDATE runs SET owner = NULL, lease_until = NULL WHERE owner = ?", (self.owner,)
            )
        except StoreError as exc:  # closing anyway; the leases lapse on their own
            log.warning("could not give up run leases: %s", exc)
        self.db.close()

    # -- writing, as the run goes ------------------------------------------------------

    def start_run(self, state: RunState, key_id: str | None = None) -> None:
        """The run's row; ``key_id`` is the API key that asked (None: the CLI, open mode)."""
        task = {
            "question": state.task.question,
            "require": list(state.task.require),
            "conflict_rule": state.task.conflict_rule,
            "publish": state.task.publish,
        }
        self.db.execute(
            "INSERT INTO runs (id, created_at, question, task_json, corpus, policy, "
            "budgets_json, owner, lease_until, key_id, corpus_build) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                state.run_id,
                _now(),
                state.task.question,
                _json(task),
                state.corpus,
                state.policy,
                _json(asdict(state.budgets)),
                self.owner,
                time.time() + LEASE_S,
                key_id,
                state.corpus_build,
            ),
        )
        self._heartbeat.keep(state.run_id)

    def append_step(self, run_id: str, step: Step) -> None:
        obs = step.observation
        with self.db.transaction():
            self._guard(run_id)
            self._insert_step(run_id, step, obs)

    def _insert_step(self, run_id: str, step: Step, obs: Observation) -> None:
        self.db.execute(
            "INSERT INTO steps (run_id, idx, started_at, duration_ms, thought, tool, args_json, "
            "observation, kind, error, data_json, raw_json, usage_json, calls_json) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                run_id,
                step.index,
                step.started_at,
                step.duration_ms,
                step.thought,
                step.tool,
                _json(step.args),
                obs.text,
                obs.kind,
                obs.error,
                _json(obs.data),
                None if step.raw is None else _json(step.raw),
                None if step.usage is None else _json(step.usage),
                _json(list(step.calls)) if step.calls else None,
            ),
        )

    def finish_run(self, result: Result) -> None:
        with self.db.transaction():
            self._guard(result.run_id)
            self.db.execute(
                "INSERT INTO results (run_id, finished_at, status, reason, result_json, error) "
                "VALUES (?, ?, ?, ?, ?, NULL)",
                (
                    result.run_id,
                    _now(),
                    result.status.value,
                    result.reason.value if result.reason else None,
                    result.model_dump_json(),
                ),
            )
            self._drop_lease(result.run_id)

    def fail_run(self, run_id: str, error: str) -> None:
        with self.db.transaction():
            self._guard(run_id)
            self.db.execute(
                "INSERT INTO results (run_id, finished_at, status, reason, result_json, error) "
                "VALUES (?, ?, 'error', NULL, NULL, ?)",
                (run_id, _now(), error),
            )
            self._drop_lease(run_id)

    def set_trace_id(self, run_id: str, trace_id: str) -> None:
        """Keep the run's OpenTelemetry trace id (32 hex digits), to find it in a backend."""
        self.db.execute("UPDATE runs SET trace_id = ? WHERE id = ?", (trace_id, run_id))

    def pause_run(self, pending: PendingAction) -> None:
        """Keep a side-effecting call for a person to decide; the run holds no lease
        while it waits (any process may take the decision and go on)."""
        with self.db.transaction():
            self._guard(pending.run_id)
            self.db.execute(
                "INSERT INTO approvals (run_id, step, tool, action_json, status, requested_at) "
                "VALUES (?, ?, ?, ?, 'pending', ?)",
                (
                    pending.run_id,
                    pending.step,
                    pending.tool,
                    _json(pending.to_json()),
                    pending.requested_at,
                ),
            )
            self._drop_lease(pending.run_id)

    def _drop_lease(self, run_id: str) -> None:
        self.db.execute("UPDATE runs SET owner = NULL, lease_until = NULL WHERE id = ?", (run_id,))
        self._heartbeat.forget(run_id)

    def _guard(self, run_id: str) -> None:
        """Inside a write's transaction: renew the run's lease, or raise `LeaseLost` if
        this store no longer owns the run (its lease lapsed and another process took it
        over), so two processes never both write one run."""
        changed = self.db.execute(
            "UPDATE runs SET lease_until = ? WHERE id = ? AND owner = ?",
            (time.time() + LEASE_S, run_id, self.owner),
        )
        if changed != 1:
            self._heartbeat.forget(run_id)
            raise LeaseLost(
                f"run {run_id} is no longer this process's to write: its lease lapsed and it "
                "was taken over (or released)"
            )

    # -- deciding, claiming ---------------------------------------------------------------

    def decide(
        self,
        run_id: str,
        approved: bool,
        note: str | None,
        step: int | None = None,
        by: str | None = None,
    ) -> dict[str, Any] | str:
        """A person's decision on the run's pending call, taken at most once: the decided
        approval (and this store now owns the run, to go on with it), or why not:
        ``unknown_run``, ``not_awaiting_approval``, ``already_decided``, or ``stale``
        (``step`` names another call than the one waiting). ``by`` says who decided (an
        API key's id, or the CLI's user), kept with the decision."""
        with self.db.transaction():
            run = self._locked_run(run_id)
            if run is None:
                return "unknown_run"
            approval = self.db.query_one(
                "SELECT * FROM approvals WHERE run_id = ? ORDER BY step DESC LIMIT 1", (run_id,)
            )
            ended = self.db.query_one("SELECT 1 AS x FROM results WHERE run_id = ?", (run_id,))
            if approval is None or (ended is not None and approval["status"] == "pending"):
                return "not_awaiting_approval"
            if step is not None and step != approval["step"]:
                return "stale"
            if approval["status"] != "pending":
                return "already_decided"
            status = "approved" if approved else "rejected"
            decided_at = _now()
            changed = self.db.execute(
                "UPDATE approvals SET status = ?, decided_at = ?, note = ?, decided_by = ? "
                "WHERE run_id = ? AND step = ? AND status = 'pending'",
                (status, decided_at, note, by, run_id, approval["step"]),
            )
            if changed != 1:  # pragma: no cover - the row is locked above
                return "already_decided"
            self._own(run_id)
        decided = {"status": status, "decided_at": decided_at, "note": note, "decided_by": by}
        return {**_approval_row(approval), **decided}

    def claim(self, run_id: str) -> bool:
        """Take an ``interrupted`` run to go on with it; False if it is not interrupted
        (ended, waiting for a person, or another process holds its lease)."""
        with self.db.transaction():
            run = self._locked_run(run_id)
            if run is None:
                return False
            ended = self.db.query_one("SELECT 1 AS x FROM results WHERE run_id = ?", (run_id,))
            if ended is not None or self._waiting(run_id):
                return False
            if _lease_alive(run["owner"], run["lease_until"]):
                return False
            self._own(run_id)
        return True

    def release(self, run_id: str) -> None:
        """Give up this store's lease on an unfinished run (it becomes ``interrupted``
        at once, for another process to claim)."""
        self._heartbeat.forget(run_id)
        self.db.execute(
            "UPDATE runs SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ?",
            (run_id, self.owner),
        )

    def _locked_run(self, run_id: str) -> dict[str, Any] | None:
        lock = " FOR UPDATE" if self.db.dialect == "postgresql" else ""
        return self.db.query_one(
            "SELECT id, owner, lease_until FROM runs WHERE id = ?" + lock, (run_id,)
        )

    def _waiting(self, run_id: str) -> bool:
        row = self.db.query_one(
            "SELECT 1 AS x FROM approvals WHERE run_id = ? AND status = 'pending'", (run_id,)
        )
        return row is not None

    def _own(self, run_id: str) -> None:
        self.db.execute(
            "UPDATE runs SET owner = ?, lease_until = ? WHERE id = ?",
            (self.owner, time.time() + LEASE_S, run_id),
        )
        self._heartbeat.keep(run_id)

    # -- reading ----------------------------------------------------------------------

    def list_runs(self, limit: int = 20, key_id: str | None = None) -> list[dict[str, Any]]:
        """The newest ``limit`` runs, one summary row each (only ``key_id``'s, if given)."""
        mine, args = ("WHERE r.key_id = ? ", (key_id,)) if key_id is not None else ("", ())
        rows = self.db.query(
            _RUN_ROWS + mine + "ORDER BY r.created_at DESC, r.id DESC LIMIT ?", (*args, limit)
        )
        return [_summary(row) for row in rows]

    def page_runs(
        self, limit: int, before: str | None = None, key_id: str | None = None
    ) -> list[dict[str, Any]] | None:
        """Up to ``limit`` runs, newest first, older than the run ``before`` (None if
        there is no such run), only ``key_id``'s when given (another key's run is no
        such run). Keyset paging: a page does not shift when new runs arrive."""
        if before is None:
            return self.list_runs(limit, key_id)
        mine, args = (" AND key_id = ?", (key_id,)) if key_id is not None else ("", ())
        anchor = self.db.query_one(
            "SELECT created_at, id FROM runs WHERE id = ?" + mine, (before, *args)
        )
        if anchor is None:
            return None
        rows = self.db.query(
            _RUN_ROWS
            + "WHERE (r.created_at < ? OR (r.created_at = ? AND r.id < ?))"
            + mine.replace("key_id", "r.key_id")
            + " ORDER BY r.created_at DESC, r.id DESC LIMIT ?",
            (anchor["created_at"], anchor["created_at"], anchor["id"], *args, limit),
        )
        return [_summary(row) for row in rows]

    def get_run(self, run_id: str) -> dict[str, Any] | None:
        """The run with its steps and result, as plain JSON-ready data. ``run_id`` may be
        a unique, case-sensitive prefix."""
        run_id = run_id.strip()
        if not run_id:
            return None
        matches = self.db.query(
            "SELECT * FROM runs WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT 2",
            (len(run_id), run_id),
        )
        if len(matches) != 1:
            return None
        run = matches[0]
        steps = self.db.query("SELECT * FROM steps WHERE run_id = ? ORDER BY idx", (run["id"],))
        end = self.db.query_one("SELECT * FROM results WHERE run_id = ?", (run["id"],))
        approval = self.db.query_one(
            "SELECT * FROM approvals WHERE run_id = ? ORDER BY step DESC LIMIT 1", (run["id"],)
        )
        waiting = approval is not None and approval["status"] == "pending"
        return {
            "id": run["id"],
            "created_at": run["created_at"],
            "question": run["question"],
            "task": json.loads(run["task_json"]),
            "corpus": run["corpus"],
            "policy": run["policy"],
            "corpus_build": run["corpus_build"],
            "key_id": run["key_id"],
            "budgets": json.loads(run["budgets_json"]),
            "status": _status(
                end["status"] if end else None, waiting, run["owner"], run["lease_until"]
            ),
            "error": end["error"] if end else None,
            "result": json.loads(end["result_json"]) if end and end["result_json"] else None,
            "steps": [_step_row(s) for s in steps],
            "approval": None if approval is None else _approval_row(approval),
            "trace_id": run["trace_id"],
        }


# One summary row per run (`list_runs`, `page_runs`); a WHERE clause and ORDER BY follow.
_RUN_ROWS = (
    "SELECT r.id, r.created_at, r.question, r.corpus, r.policy, "
    "x.status AS ended, x.reason, r.owner, r.lease_until, "
    "(SELECT COUNT(*) FROM approvals a WHERE a.run_id = r.id AND a.status = 'pending') "
    "AS waiting, "
    "(SELECT COUNT(*) FROM steps s WHERE s.run_id = r.id) AS steps "
    "FROM runs r LEFT JOIN results x ON x.run_id = r.id "
)


def _summary(row: dict[str, Any]) -> dict[str, Any]:
    status = _status(row["ended"], bool(row["waiting"]), row["owner"], row["lease_until"])
    return {
        "id": row["id"],
        "created_at": row["created_at"],
        "question": row["question"],
        "corpus": row["corpus"],
        "policy": row["policy"],
        "status": status,
        "reason": row["reason"],
        "steps": row["steps"],
    }


def _status(ended: str | None, waiting: bool, owner: str | None, lease: float | None) -> str:
    """A run's status: its result's, else ``awaiting_approval``, ``running`` (its lease
    is alive) or ``interrupted``."""
    if ended is not None:
        return ended
    if waiting:
        return "awaiting_approval"
    return "running" if _lease_alive(owner, lease) else "interrupted"


def _lease_alive(owner: str | None, lease_until: float | None) -> bool:
    if owner is None or lease_until is None or lease_until < time.time():
        return False
    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host == _host_id() and pid_text.isdigit():  # a process of this machine: ask it
        return _process_alive(int(pid_text))
    return True


def _host_id() -> str:
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


def _process_alive(pid: int) -> bool:
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


def _approval_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "action": json.loads(row["action_json"]),
        "status": row["status"],
        "requested_at": row["requested_at"],
        "decided_at": row["decided_at"],
        "note": row["note"],
        "decided_by": row["decided_by"],
    }


class _Heartbeat:
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


class StoreOutbox:
    """The outbox in the runs store: published briefs, one per idempotency key."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def put(self, key: str, run_id: str, tool: str, payload: dict[str, Any]) -> dict[str, Any]:
        """Write ``payload`` under ``key`` unless an item has that key; the item either
        way (so applying an effect twice writes it once)."""
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO outbox (item_key, run_id, tool, payload_json, created_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (item_key) DO NOTHING",
                (key, run_id, tool, _json(payload), _now()),
            )
            row = self.db.query_one("SELECT * FROM outbox WHERE item_key = ?", (key,))
        assert row is not None
        return _outbox_item(row)

    def items(self, run_id: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Items, oldest first (of one run, if given)."""
        if run_id is None:
            rows = self.db.query(
                "SELECT * FROM outbox ORDER BY created_at, item_key LIMIT ?", (limit,)
            )
        else:
            rows = self.db.query(
                "SELECT * FROM outbox WHERE run_id = ? ORDER BY created_at, item_key LIMIT ?",
                (run_id, limit),
            )
        return [_outbox_item(row) for row in rows]


def _outbox_item(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "key": row["item_key"],
        "run_id": row["run_id"],
        "tool": row["tool"],
        "payload": json.loads(row["payload_json"]),
        "created_at": row["created_at"],
    }


def _step_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "index": row["idx"],
        "started_at": row["started_at"],
        "duration_ms": row["duration_ms"],
        "thought": row["thought"],
        "tool": row["tool"],
        "args": json.loads(row["args_json"]),
        "observation": row["observation"],
        "kind": row["kind"],
        "error": row["error"],
        "data": json.loads(row["data_json"]),
        "raw": json.loads(row["raw_json"]) if row["raw_json"] else None,
        "usage": json.loads(row["usage_json"]) if row["usage_json"] else None,
        "calls": json.loads(row["calls_json"]) if row["calls_json"] else [],
    }


class EvalStore:
    """Eval runs in the same store as the runs they link to."""

    def __init__(self, runs: RunStore) -> None:
        self.runs = runs

    def start(self, eval_id: str, suite: str, policy: str) -> None:
        self.runs.db.execute(
            "INSERT INTO evals (id, created_at, suite, policy, summary_json) "
            "VALUES (?, ?, ?, ?, NULL)",
            (eval_id, _now(), suite, policy),
        )

    def add_case(self, eval_id: str, index: int, record: dict[str, Any]) -> None:
        self.runs.db.execute(
            "INSERT INTO eval_cases (eval_id, idx, case_id, run_id, passed, failure, "
            "record_json) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                eval_id,
                index,
                record["case_id"],
                record.get("run_id"),
                int(record["passed"]),
                record.get("failure"),
                _json(record),
            ),
        )

    def finish(self, eval_id: str, summary: dict[str, Any]) -> None:
        self.runs.db.execute(
            "UPDATE evals SET summary_json = ? WHERE id = ?", (_json(summary), eval_id)
        )

    def get(self, eval_id: str) -> dict[str, Any] | None:
        eval_id = eval_id.strip()
        if not eval_id:
            return None
        rows = self.runs.db.query(
            "SELECT * FROM evals WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT 2",
            (len(eval_id), eval_id),
        )
        if len(rows) != 1:
            return None
        row = rows[0]
        cases = self.runs.db.query(
            "SELECT record_json FROM eval_cases WHERE eval_id = ? ORDER BY idx", (row["id"],)
        )
        return {
            "id": row["id"],
            "created_at": row["created_at"],
            "suite": row["suite"],
            "policy": row["policy"],
            "summary": json.loads(row["summary_json"]) if row["summary_json"] else None,
            "cases": [json.loads(c["record_json"]) for c in cases],
        }

    def list(self, limit: int = 20) -> list[dict[str, Any]]:
        return self.runs.db.query(
            "SELECT e.id, e.created_at, e.suite, e.policy,"
            " CASE WHEN e.summary_json IS NULL THEN 0 ELSE 1 END AS done,"
            " (SELECT COUNT(*) FROM eval_cases c WHERE c.eval_id = e.id) AS cases,"
            " (SELECT SUM(passed) FROM eval_cases c WHERE c.eval_id = e.id) AS passed "
            "FROM evals e ORDER BY e.created_at DESC, e.id DESC LIMIT ?",
            (limit,),
        )
